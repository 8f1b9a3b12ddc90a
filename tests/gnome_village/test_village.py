"""The village as arrays: scenario tests of placement legality and movement on hand-built
villages (scenario.py draws them), the rulebook's correct and incorrect examples, and a
comparison of the kernels with a plain-Python reading of the same rules on random villages."""
import numpy as np
import pytest

from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village import village as V

from .scenario import CAT, cell, cells, draw, edge_connected, rules, village

R = CAT.rules
N, E, So, W = (1 << K.SIDE_N), (1 << K.SIDE_E), (1 << K.SIDE_S), (1 << K.SIDE_W)
READINGS = [(), ("road-connect=edge",), ("blockade=path",), ("road-connect=edge", "blockade=path")]
T_PATHS = int(R.road[CAT.roads.index("t-junction"), T.RD_PATHS])


# ------------------------------------------------------------------ the starting village
@pytest.mark.rule("GV-S03")
@pytest.mark.parametrize("assume", READINGS)
def test_starting_village_keeps_the_placement_rules(assume):
    r = rules(*assume)
    st = S.new_state()
    for p in range(K.MAX_PLAYERS):
        V.start_village(r, st, p)
        assert V.check_village(r, st, p) == S.LEGAL
        assert edge_connected(st.kind[p])
    assert (st.kind[0] == K.T_HOUSE).sum() == 2 and (st.kind[0] == K.T_ROAD).sum() == 5


@pytest.mark.rule("GV-S04")
def test_one_house_lights_on_with_the_gnome_free_to_move():
    st = S.new_state()
    V.start_village(R, st, 1)
    houses = np.argwhere(st.kind[1] == K.T_HOUSE)
    lights = sorted(int(st.arg[1, r, c]) for r, c in houses)
    assert lights == [0, 1]
    state, r, c, host = st.gnome[1, 0, :4]
    assert host == 1
    assert state == S.GS_ACTIVE and st.kind[1, r, c] == K.T_HOUSE and st.arg[1, r, c] == 1
    assert (st.gnome[1, 1:, S.GN_STATE] == S.GS_NONE).all()
    # the gnome can move on the first turn: a business bought anywhere in the village is in reach
    for i in range(V.building_places(R, st, 1, K.T_BUSINESS)):
        probe = st.copy()
        rr, cc = divmod(int(st.options[i]), K.GRID)
        V.place_building(probe, 1, rr, cc, K.T_BUSINESS, 0, 0)
        assert cells(probe, V.move_targets(R, probe, 1, 0)) == [(rr, cc)]


# ------------------------------------------------------------------ placement
@pytest.mark.rule("GV-V02")
def test_every_building_borders_a_road_buildings_may_border_each_other():
    ok = village(["h  Wc  B:police",
                  "X  X   X"])
    assert V.check_village(R, ok, 0) == S.LEGAL
    bad = village(["h  Wc  .",
                   "X  .   .",
                   ".  .   ."])
    assert V.check_village(R, bad, 0) == S.BAD_NO_ROAD            # the workshop touches only the house
    assert not V.can_place_building(R, ok, 0, 0, 3, K.T_HOUSE)     # (0, 3) borders no road
    assert V.can_place_building(R, ok, 0, 1, 3, K.T_HOUSE)         # (1, 3) borders the road (1, 2)
    assert not V.can_place_building(R, ok, 0, 0, 1, K.T_HOUSE)     # occupied
    n = V.building_places(R, ok, 0, K.T_HOUSE)
    assert cells(ok, n) == [(1, 3), (2, 0), (2, 1), (2, 2)]


@pytest.mark.rule("GV-V03")
def test_roads_connect_by_their_paths_or_by_any_shared_edge():
    st = village(["H   h",
                  "Te  X"])       # the T has no path east: its closed side faces the four-way
    assert V.check_village(R, st, 0) == S.BAD_ROADS_SPLIT
    assert V.check_village(rules("road-connect=edge"), st, 0) == S.LEGAL
    st = village(["H   h",
                  "Tn  X"])       # a path east meets the four-way's path west
    assert V.check_village(R, st, 0) == S.LEGAL
    # a new road must join one already there
    st = village(["H  .  .",
                  "X  .  ."])
    assert V.can_place_road(R, st, 0, 1, 1, K.ALL_SIDES, 0)
    assert not V.can_place_road(R, st, 0, 1, 2, K.ALL_SIDES, 0)              # joins nothing
    assert not V.can_place_road(R, st, 0, 1, 1, K.ALL_SIDES & ~W, 0)         # no path west
    assert V.can_place_road(rules("road-connect=edge"), st, 0, 1, 1, K.ALL_SIDES & ~W, 0)


@pytest.mark.rule("GV-V05")
def test_no_blockade_borders_a_business():
    facing = village(["h  B:police",
                      "X  X!n"])      # the blockade's path leads to the police
    away = village(["h  B:police",
                    "X  X!s"])        # the blockade's path leads away from it
    for reading in ((), ("blockade=path",)):
        assert V.check_village(rules(*reading), facing, 0) == S.BAD_BLOCKADE
    assert V.check_village(R, away, 0) == S.BAD_BLOCKADE                   # the tile borders it
    assert V.check_village(rules("blockade=path"), away, 0) == S.LEGAL
    # placing a business beside a blockade, or a blockade beside a business
    st = village(["h  .  .",
                  "X  X!s X"])
    assert V.can_place_building(R, st, 0, 0, 2, K.T_BUSINESS)             # borders only (1, 2)
    assert not V.can_place_building(R, st, 0, 0, 1, K.T_BUSINESS)
    assert V.can_place_building(rules("blockade=path"), st, 0, 0, 1, K.T_BUSINESS)
    assert V.can_place_building(R, st, 0, 0, 1, K.T_HOUSE)                # a house may
    st = village(["X  X  X",
                  "h  B:police  ."])
    for block, tile, path in ((W, False, False), (E, False, True), (N, False, True)):
        assert V.can_place_road(R, st, 0, 1, 2, K.ALL_SIDES, block) == tile
        assert V.can_place_road(rules("blockade=path"), st, 0, 1, 2, K.ALL_SIDES, block) == path
    assert V.can_place_road(R, st, 0, 1, 2, K.ALL_SIDES, 0)


@pytest.mark.rule("GV-V06")
def test_a_road_is_placed_in_any_of_its_four_turns():
    assert V.turn(N, 1) == E and V.turn(N, 3) == W and V.turn(W, 1) == N
    assert V.turn(T_PATHS, 1) == (So | W | N) and V.turn(T_PATHS, 4) == T_PATHS
    st = village(["H  .",
                  "X  ."])
    n = V.road_places(R, st, 0, T_PATHS, 0)
    got = sorted((divmod(int(o) // 4, K.GRID), int(o) % 4) for o in st.options[:n])
    # east of the four-way the T needs a path west (turns 0, 1, 2); below it, a path north (1, 2, 3)
    assert got == [((1, 1), 0), ((1, 1), 1), ((1, 1), 2), ((2, 0), 1), ((2, 0), 2), ((2, 0), 3)]
    n = V.road_places(R, st, 0, K.ALL_SIDES, 0)         # a plain four-way: one turn per cell
    assert sorted(int(o) for o in st.options[:n]) == [cell(1, 1) * 4, cell(2, 0) * 4]
    n = V.road_places(R, st, 0, K.ALL_SIDES, N)         # a four-way with a blockade: 4 turns
    assert n == 8
    o = int(st.options[0])
    V.place_road(st, 0, *divmod(o // 4, K.GRID), K.ALL_SIDES, N, o % 4)
    r, c = divmod(o // 4, K.GRID)
    assert st.kind[0, r, c] == K.T_ROAD and st.flag[0, r, c] == V.turn(N, o % 4)


@pytest.mark.rule("GV-V07")
def test_the_rulebooks_correct_and_incorrect_examples():
    correct = village(["h  B:doctor  WC",
                       "X  X         Tn"])
    assert V.check_village(R, correct, 0) == S.LEGAL
    # "There is no continuous Road tile bordering the House and Doctor tiles": they border
    # only a road cut off from the rest of the village's roads
    incorrect = village(["H  .  .  h  B:doctor",
                         "X  X  .  X  X"])
    assert V.check_village(R, incorrect, 0) == S.BAD_ROADS_SPLIT
    # it cannot be built: the cut-off road joins no road ...
    st = village(["H  .  .  .",
                  "X  X  .  ."])
    assert not V.can_place_road(R, st, 0, 1, 3, K.ALL_SIDES, 0)
    # ... and a road in the gap makes the drawing legal
    V.place_road(incorrect, 0, 1, 2, K.ALL_SIDES, 0, 0)
    assert V.check_village(R, incorrect, 0) == S.LEGAL


@pytest.mark.rule("GV-V01")
def test_the_village_is_a_bounded_grid_grown_from_its_tiles():
    st = village(["H  X"], at=(K.GRID - 1, K.GRID - 2))      # the grid's bottom-right corner
    n = V.road_places(R, st, 0, K.ALL_SIDES, 0)
    assert cells_of_roads(st, n) == [(K.GRID - 2, K.GRID - 1)]   # nothing beyond the grid
    assert not V.can_place_building(R, st, 0, K.GRID, K.GRID - 1, K.T_HOUSE)
    # random legal placements keep one legal, edge-connected village (fuzz in the kernels' order)
    rng = np.random.default_rng(20)
    for _ in range(6):
        st = S.new_state()
        V.start_village(R, st, 0)
        for _ in range(40):
            place_at_random(R, st, rng)
            assert V.check_village(R, st, 0) == S.LEGAL
            assert edge_connected(st.kind[0])


def cells_of_roads(st, n):
    return sorted({divmod(int(o) // 4, K.GRID) for o in st.options[:n]})


def place_at_random(r, st, rng):
    """One random legal placement: a road of a random kind (as drawn from the stack), or a
    building of a random kind. Returns False if it fits nowhere."""
    if rng.random() < 0.5:
        kind = int(rng.integers(r.road.shape[0]))
        paths, block = int(r.road[kind, T.RD_PATHS]), int(r.road[kind, T.RD_BLOCK])
        n = V.road_places(r, st, 0, paths, block)
        if n == 0:
            return False
        o = int(st.options[rng.integers(n)])
        V.place_road(st, 0, *divmod(o // 4, K.GRID), paths, block, o % 4)
        return True
    kind = int(rng.choice([K.T_HOUSE, K.T_WORKSHOP, K.T_BUSINESS]))
    n = V.building_places(r, st, 0, kind)
    if n == 0:
        return False
    rr, cc = divmod(int(st.options[rng.integers(n)]), K.GRID)
    arg = int(rng.integers(K.N_WORKSHOPS)) if kind == K.T_WORKSHOP else (
        int(rng.integers(r.biz.shape[0])) if kind == K.T_BUSINESS else 0)
    V.place_building(st, 0, rr, cc, kind, arg, 0)
    return True


# ------------------------------------------------------------------ movement
@pytest.mark.rule("GV-M01")
def test_a_gnome_moves_any_distance_through_tiles_orthogonally():
    st = village(["H@  Wc  h   B:thief",
                  "X   X   X   X"])
    assert V.check_village(R, st, 0) == S.LEGAL
    assert V.reach(R, st, 0, 0, 0) == 8                      # every tile, through houses and roads
    n = V.move_targets(R, st, 0, 0)
    assert cells(st, n) == [(0, 1), (0, 3)]
    st = village(["H@  .",
                  ".   B:thief"])                            # only a corner in common
    assert V.reach(R, st, 0, 0, 0) == 1 and V.move_targets(R, st, 0, 0) == 0
    st = village(["H@  X  .  Wc"])                           # a hole in the village stops it
    assert V.move_targets(R, st, 0, 0) == 0


@pytest.mark.rule("GV-M02")
def test_a_gnome_cannot_pass_a_blockade():
    north = village(["H@  .    .  Wc",
                     "X   X!n  X  X"])         # the blockade is on the path north, off the way
    east = village(["H@  .    .  Wc",
                    "X   X!e  X  X"])          # the blockade is on the path east, across the way
    path = rules("blockade=path")
    assert V.move_targets(R, north, 0, 0) == 0             # "tile": the blockade tile is closed
    assert V.move_targets(R, east, 0, 0) == 0
    assert cells(north, V.move_targets(path, north, 0, 0)) == [(0, 3)]   # "path": through the tile
    assert V.move_targets(path, east, 0, 0) == 0                         # not across its edge
    # a blockade's edge is closed from both sides
    back = village(["Wc  .    .  H@",
                    "X   X!e  X  X"])
    assert V.move_targets(path, back, 0, 0) == 0
    back_w = village(["Wc  .    .  H@",
                      "X   X!w  X  X"])
    assert V.move_targets(path, back_w, 0, 0) == 0
    assert cells(back, V.move_targets(path, village(["Wc  .    .  H@",
                                                      "X   X!s  X  X"]), 0, 0)) == [(0, 0)]


@pytest.mark.rule("GV-M03")
def test_a_move_ends_on_a_workshop_or_business():
    st = village(["H@  h  H",
                  "X   X  X"])
    assert V.reach(R, st, 0, 0, 0) == 6 and V.move_targets(R, st, 0, 0) == 0
    V.place_building(st, 0, 2, 1, K.T_BUSINESS, CAT.businesses.index("police"), 0)
    assert cells(st, V.move_targets(R, st, 0, 0)) == [(2, 1)]


@pytest.mark.rule("GV-M04")
def test_one_gnome_of_a_colour_per_workshop_or_business():
    st = village(["H@  WC@  B:thief",
                  "X   X    X"])
    assert cells(st, V.move_targets(R, st, 0, 0)) == [(0, 2)]      # not the workshop: gnome 1 is there
    assert cells(st, V.move_targets(R, st, 0, 1)) == [(0, 2)]      # not its own tile: staying is no move
    # another player's gnome in another village does not count
    draw(st, 1, ["H@  WC@  B:thief",
                 "X   X    X"])
    st.gnome[0, 1] = 0
    assert cells(st, V.move_targets(R, st, 0, 0)) == [(0, 1), (0, 2)]


@pytest.mark.rule("GV-M05")
def test_the_light_stays_on_when_the_gnome_leaves():
    st = village(["H@  B:thief",
                  "X   X"])
    V.move_gnome(st, 0, 0, 0, 1)
    assert st.arg[0, 0, 0] == 1 and tuple(st.gnome[0, 0, 1:3]) == (0, 1)


@pytest.mark.rule("GV-W01")
def test_a_gnome_ending_on_an_inactive_workshop_activates_it():
    st = village(["H@  Wc  WP",
                  "X   X   X"])
    assert st.flag[0, 0, 1] == 0
    V.move_gnome(st, 0, 0, 0, 1)
    assert st.flag[0, 0, 1] == 1
    V.move_gnome(st, 0, 0, 0, 2)
    assert st.flag[0, 0, 2] == 1 and st.flag[0, 0, 1] == 1        # it stays active when the gnome leaves


# ------------------------------------------------------------------ kernels against a plain reading
def ref_legal(r, kind, arg, flag):
    """Plain Python: the placement rules, read as in the checklist (GV-V02, GV-V03, GV-V05)."""
    edge = r.k[T.K_ROAD_CONNECT] == K.CONNECT_EDGE
    tile = r.k[T.K_BLOCKADE] == K.BLOCKADE_TILE

    def nb(rr, cc):
        for s in range(4):
            a, b = rr + K.DROW[s], cc + K.DCOL[s]
            if 0 <= a < K.GRID and 0 <= b < K.GRID:
                yield s, a, b

    roads = [tuple(x) for x in np.argwhere(kind == K.T_ROAD)]
    for rr, cc in np.argwhere(kind >= K.T_HOUSE):
        if not any(kind[a, b] == K.T_ROAD for _, a, b in nb(rr, cc)):
            return S.BAD_NO_ROAD
    for rr, cc in roads:
        for s, a, b in nb(rr, cc):
            if kind[a, b] == K.T_BUSINESS and flag[rr, cc] and (tile or flag[rr, cc] >> s & 1):
                return S.BAD_BLOCKADE
    if roads:
        seen, todo = {roads[0]}, [roads[0]]
        while todo:
            rr, cc = todo.pop()
            for s, a, b in nb(rr, cc):
                if kind[a, b] == K.T_ROAD and (a, b) not in seen and (
                        edge or (arg[rr, cc] >> s & 1 and arg[a, b] >> ((s + 2) % 4) & 1)):
                    seen.add((a, b))
                    todo.append((a, b))
        if len(seen) != len(roads):
            return S.BAD_ROADS_SPLIT
    return S.LEGAL


def ref_reach(r, kind, flag, start):
    tile = r.k[T.K_BLOCKADE] == K.BLOCKADE_TILE
    seen, todo = {start}, [start]
    while todo:
        rr, cc = todo.pop()
        for s in range(4):
            a, b = rr + K.DROW[s], cc + K.DCOL[s]
            if not (0 <= a < K.GRID and 0 <= b < K.GRID) or kind[a, b] == K.T_EMPTY or (a, b) in seen:
                continue
            here = flag[rr, cc] if kind[rr, cc] == K.T_ROAD else 0
            there = flag[a, b] if kind[a, b] == K.T_ROAD else 0
            if tile and there:
                continue
            if not tile and (here >> s & 1 or there >> ((s + 2) % 4) & 1):
                continue
            seen.add((a, b))
            todo.append((a, b))
    return seen


@pytest.mark.parametrize("assume", READINGS)
def test_kernels_agree_with_a_plain_reading_on_random_villages(assume):
    """Random 6 x 6 patches of tiles (legal or not) in the middle of the grid: check_village and
    reach give what the plain-Python reading gives."""
    r = rules(*assume)
    rng = np.random.default_rng(7)
    st = S.new_state()
    verdicts = set()
    for _ in range(300):
        st.kind[0] = st.arg[0] = st.flag[0] = 0
        patch = (slice(3, 9), slice(3, 9))
        kind = rng.choice([0, 1, 1, 1, 2, 3, 4], size=(6, 6))
        st.kind[0][patch] = kind
        is_road = st.kind[0] == K.T_ROAD
        st.arg[0][is_road] = rng.choice([15, 7, 11, 13, 14], size=int(is_road.sum()))
        st.flag[0][is_road] = rng.choice([0, 0, 0, 1, 2, 4, 8], size=int(is_road.sum())) & st.arg[0][is_road]
        got = V.check_village(r, st, 0)
        assert got == ref_legal(r, st.kind[0], st.arg[0], st.flag[0])
        verdicts.add(int(got))
        tiles = np.argwhere(st.kind[0] != 0)
        start = tuple(int(x) for x in tiles[rng.integers(len(tiles))])
        n = V.reach(r, st, 0, *start)
        want = ref_reach(r, st.kind[0], st.flag[0], start)
        assert n == len(want)
        assert {divmod(i, K.GRID) for i in np.nonzero(st.mark)[0]} == want
    assert len(verdicts) >= 2          # the comparison saw more than one verdict
