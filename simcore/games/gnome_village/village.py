"""The village as arrays: placement legality and movement, kernels over one player's grid
(state.py describes a cell). Rule IDs refer to ../rules-checklist.md.

The readings of ambiguous passages are values of Rules.k, read at run time (no recompile):
how roads connect (K_ROAD_CONNECT, GV-V03) and what a blockade stops (K_BLOCKADE, GV-M02,
GV-V05). Every search works in st.queue and st.mark: kernels never allocate.
"""
from ...jit import njit
from . import consts as K
from . import state as S
from . import tables as T


@njit(inline="always")
def in_grid(r, c):
    return 0 <= r < K.GRID and 0 <= c < K.GRID


@njit(inline="always")
def opposite(side):
    return (side + 2) % K.N_SIDES


@njit(inline="always")
def turn(mask, quarter_turns):
    """A side mask turned clockwise by `quarter_turns` (GV-V06): north becomes east..."""
    q = quarter_turns % K.N_SIDES
    return ((mask << q) | (mask >> (K.N_SIDES - q))) & K.ALL_SIDES


@njit(inline="always")
def tile_box(st, p):
    """Rows r0..r1 and columns c0..c1 (inclusive) of a rectangle that holds every tile of player
    p's village: kernels that scan a village ask only its cells, in the same reading order.
    st.box[p] keeps the rectangle's distances from the grid's four edges (top, bottom, left,
    right), so a zeroed State (a hand-built village) means the whole grid; start_village makes
    it tight, every placement widens it (grow_box), a tile taken away leaves it as it is."""
    return (st.box[p, 0], K.GRID - 1 - st.box[p, 1], st.box[p, 2], K.GRID - 1 - st.box[p, 3])


@njit(inline="always")
def grow_box(st, p, r, c):
    """Widen player p's tile rectangle to hold cell (r, c)."""
    st.box[p, 0] = min(st.box[p, 0], r)
    st.box[p, 1] = min(st.box[p, 1], K.GRID - 1 - r)
    st.box[p, 2] = min(st.box[p, 2], c)
    st.box[p, 3] = min(st.box[p, 3], K.GRID - 1 - c)


@njit
def borders_road(st, p, r, c):
    """Does cell (r, c) of player p's village share an edge with a road tile (GV-V02)?"""
    for side in range(K.N_SIDES):
        rr, cc = r + K.DROW[side], c + K.DCOL[side]
        if in_grid(rr, cc) and st.kind[p, rr, cc] == K.T_ROAD:
            return True
    return False


@njit
def joins(rules, st, p, r, c, paths, side):
    """Does a road with `paths` at (r, c) connect to a road across `side` (GV-V03)? With the
    "path" reading both tiles need a path on the shared edge; with "edge", sharing it is enough."""
    rr, cc = r + K.DROW[side], c + K.DCOL[side]
    if not in_grid(rr, cc) or st.kind[p, rr, cc] != K.T_ROAD:
        return False
    if rules.k[T.K_ROAD_CONNECT] == K.CONNECT_EDGE:
        return True
    return (paths >> side) & 1 == 1 and (st.arg[p, rr, cc] >> opposite(side)) & 1 == 1


@njit
def blockade_faces(rules, block, side):
    """Does a road whose blockade is `block` (a side mask, 0 if none) border, across `side`,
    the cell there (GV-V05)? "tile": a blockade tile borders all four neighbours; "path": only
    the neighbour its blockaded path leads to."""
    if block == 0:
        return False
    if rules.k[T.K_BLOCKADE] == K.BLOCKADE_TILE:
        return True
    return (block >> side) & 1 == 1


@njit
def count_roads(st, p):
    n = 0
    for r in range(K.GRID):
        for c in range(K.GRID):
            if st.kind[p, r, c] == K.T_ROAD:
                n += 1
    return n


@njit
def roads_connected(rules, st, p):
    """Are all of player p's road tiles connected to each other (GV-V03)? A search from one
    road along joining edges must reach them all."""
    total = count_roads(st, p)
    if total == 0:
        return True
    for i in range(K.N_CELLS):
        st.mark[i] = 0
    head = 0
    tail = 0
    for i in range(K.N_CELLS):
        if st.kind[p, i // K.GRID, i % K.GRID] == K.T_ROAD:
            st.queue[tail] = i
            tail += 1
            st.mark[i] = 1
            break
    while head < tail:
        i = st.queue[head]
        head += 1
        r, c = i // K.GRID, i % K.GRID
        for side in range(K.N_SIDES):
            if joins(rules, st, p, r, c, st.arg[p, r, c], side):
                j = (r + K.DROW[side]) * K.GRID + c + K.DCOL[side]
                if st.mark[j] == 0:
                    st.mark[j] = 1
                    st.queue[tail] = j
                    tail += 1
    return tail == total


@njit
def check_village(rules, st, p):
    """S.LEGAL if player p's village keeps every placement rule, else the first broken one in
    this order (S.BAD_*): every building borders a road (GV-V02), no blockade borders a
    business (GV-V05), all roads are connected (GV-V03)."""
    for r in range(K.GRID):
        for c in range(K.GRID):
            kind = st.kind[p, r, c]
            if kind == K.T_HOUSE or kind == K.T_WORKSHOP or kind == K.T_BUSINESS:
                if not borders_road(st, p, r, c):
                    return S.BAD_NO_ROAD
    for r in range(K.GRID):
        for c in range(K.GRID):
            if st.kind[p, r, c] == K.T_ROAD:
                block = st.flag[p, r, c]
                for side in range(K.N_SIDES):
                    rr, cc = r + K.DROW[side], c + K.DCOL[side]
                    if in_grid(rr, cc) and st.kind[p, rr, cc] == K.T_BUSINESS and blockade_faces(rules, block, side):
                        return S.BAD_BLOCKADE
    if not roads_connected(rules, st, p):
        return S.BAD_ROADS_SPLIT
    return S.LEGAL


@njit
def can_place_building(rules, st, p, r, c, kind):
    """May a House, Workshop or Business (`kind`) go on cell (r, c) of player p's village? The
    cell is empty and inside the grid (GV-V01), it borders a road (GV-V02), and a business is
    not bordered by a blockade (GV-V05)."""
    if not in_grid(r, c) or st.kind[p, r, c] != K.T_EMPTY:
        return False
    if not borders_road(st, p, r, c):
        return False
    if kind == K.T_BUSINESS:
        for side in range(K.N_SIDES):
            rr, cc = r + K.DROW[side], c + K.DCOL[side]
            if in_grid(rr, cc) and st.kind[p, rr, cc] == K.T_ROAD \
                    and blockade_faces(rules, st.flag[p, rr, cc], opposite(side)):
                return False
    return True


@njit
def can_place_road(rules, st, p, r, c, paths, block):
    """May a road with `paths` and blockade `block` (side masks, already turned) go on cell
    (r, c) of player p's village? The cell is empty and inside the grid (GV-V01); the road joins
    a road already there, so all roads stay connected (GV-V03; the first road of an empty village
    joins nothing); its blockade borders no business (GV-V05)."""
    return road_fits(rules, st, p, r, c, paths, block, count_roads(st, p) == 0)


@njit
def road_fits(rules, st, p, r, c, paths, block, alone):
    """can_place_road, told whether the village has no road yet (`alone`): road_places asks it
    for every cell and turn, and counting the roads each time was most of a game's time."""
    if not in_grid(r, c) or st.kind[p, r, c] != K.T_EMPTY:
        return False
    joined = False
    for side in range(K.N_SIDES):
        rr, cc = r + K.DROW[side], c + K.DCOL[side]
        if not in_grid(rr, cc):
            continue
        if st.kind[p, rr, cc] == K.T_BUSINESS and blockade_faces(rules, block, side):
            return False
        if joins(rules, st, p, r, c, paths, side):
            joined = True
    return joined or alone


@njit
def road_box(st, p):
    """The rows r0..r1 and columns c0..c1 (inclusive) of the smallest rectangle holding player
    p's road tiles, widened by one cell each way inside the grid: every cell that borders a road
    lies in it. (1, 0, 1, 0), an empty rectangle, if the village has no road."""
    b0, b1, d0, d1 = tile_box(st, p)
    r0, r1, c0, c1 = K.GRID, -1, K.GRID, -1
    for r in range(b0, b1 + 1):
        for c in range(d0, d1 + 1):
            if st.kind[p, r, c] == K.T_ROAD:
                r0 = min(r0, r)
                r1 = max(r1, r)
                c0 = min(c0, c)
                c1 = max(c1, c)
    if r1 < 0:
        return 1, 0, 1, 0
    return max(r0 - 1, 0), min(r1 + 1, K.GRID - 1), max(c0 - 1, 0), min(c1 + 1, K.GRID - 1)


@njit
def building_places(rules, st, p, kind):
    """The cells (r * GRID + c, ascending) where a building of `kind` may go, in st.options;
    returns how many. Only the cells beside the roads' rectangle can border a road (GV-V02)."""
    r0, r1, c0, c1 = road_box(st, p)
    n = 0
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if can_place_building(rules, st, p, r, c, kind):
                st.options[n] = r * K.GRID + c
                n += 1
    return n


@njit
def has_building_place(rules, st, p, kind):
    """Is there a cell where a building of `kind` may go? (st.options is left alone: a caller
    may be listing options there.)"""
    r0, r1, c0, c1 = road_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if can_place_building(rules, st, p, r, c, kind):
                return True
    return False


@njit
def road_places(rules, st, p, paths, block):
    """The placements of a road tile drawn with `paths` and `block` (as in Rules.road) in each
    of its 4 turns (GV-V06), as (r * GRID + c) * 4 + quarter turns in st.options, a turn that
    gives the same tile as a smaller one left out (a four-way without blockade has one);
    returns how many. A road must join one (GV-V03): only the cells beside the roads' rectangle
    are asked, every cell of an empty village."""
    kept = 0                        # the turns that give a tile no smaller turn gives, as bits
    for q in range(K.N_SIDES):
        same = False
        for q0 in range(q):
            if turn(paths, q0) == turn(paths, q) and turn(block, q0) == turn(block, q):
                same = True
        if not same:
            kept |= 1 << q
    r0, r1, c0, c1 = road_box(st, p)
    alone = r1 < r0
    if alone:
        r0, r1, c0, c1 = 0, K.GRID - 1, 0, K.GRID - 1
    n = 0
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] != K.T_EMPTY:
                continue
            for q in range(K.N_SIDES):
                if (kept >> q) & 1 and road_fits(rules, st, p, r, c, turn(paths, q), turn(block, q), alone):
                    st.options[n] = (r * K.GRID + c) * K.N_SIDES + q
                    n += 1
    return n


@njit
def place_road(st, p, r, c, paths, block, q):
    """Put a road (as drawn, turned q quarter turns clockwise) on cell (r, c)."""
    st.kind[p, r, c] = K.T_ROAD
    st.arg[p, r, c] = turn(paths, q)
    st.flag[p, r, c] = turn(block, q)
    grow_box(st, p, r, c)


@njit
def place_building(st, p, r, c, kind, arg, flag):
    """Put a House, Workshop or Business on cell (r, c) (state.py: what arg and flag hold)."""
    st.kind[p, r, c] = kind
    st.arg[p, r, c] = arg
    st.flag[p, r, c] = flag
    grow_box(st, p, r, c)


@njit
def passable(rules, st, p, r, c, side):
    """May a gnome step from cell (r, c) across `side` (GV-M01, GV-M02)? Onto any tile, orthogonally,
    but not past a blockade: with the "tile" reading, a blockade tile cannot be entered; with
    "path", the blockaded path's edge cannot be crossed, from either side. With the knob
    road-walk=path, a road tile is entered and left only across an edge its paths lead to."""
    rr, cc = r + K.DROW[side], c + K.DCOL[side]
    if not in_grid(rr, cc) or st.kind[p, rr, cc] == K.T_EMPTY:
        return False
    if rules.k[T.K_ROAD_WALK] == K.WALK_PATH and not walks(st, p, r, c, rr, cc, side):
        return False
    there = st.flag[p, rr, cc] if st.kind[p, rr, cc] == K.T_ROAD else 0
    here = st.flag[p, r, c] if st.kind[p, r, c] == K.T_ROAD else 0
    if rules.k[T.K_BLOCKADE] == K.BLOCKADE_TILE:
        return there == 0
    return (here >> side) & 1 == 0 and (there >> opposite(side)) & 1 == 0


@njit(inline="always")
def walks(st, p, r, c, rr, cc, side):
    """Does a path lead across `side` from (r, c) to (rr, cc) on each of them that is a road
    (GV-M01, knob road-walk=path)?"""
    if st.kind[p, r, c] == K.T_ROAD and (st.arg[p, r, c] >> side) & 1 == 0:
        return False
    return st.kind[p, rr, cc] != K.T_ROAD or (st.arg[p, rr, cc] >> opposite(side)) & 1 == 1


@njit
def reach(rules, st, p, r0, c0):
    """Mark in st.mark every cell of player p's village a gnome on (r0, c0) can reach
    (GV-M01, GV-M02); returns how many (the start included). `passable` written out, with the
    blockade's and road-walk's readings read once: the move phase asks this for every gnome of every turn."""
    for i in range(K.N_CELLS):
        st.mark[i] = 0
    tile_rule = rules.k[T.K_BLOCKADE] == K.BLOCKADE_TILE
    path_walk = rules.k[T.K_ROAD_WALK] == K.WALK_PATH
    start = r0 * K.GRID + c0
    st.mark[start] = 1
    st.queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        i = st.queue[head]
        head += 1
        r, c = i // K.GRID, i % K.GRID
        here = st.flag[p, r, c] if st.kind[p, r, c] == K.T_ROAD else 0
        for side in range(K.N_SIDES):
            rr, cc = r + K.DROW[side], c + K.DCOL[side]
            if not in_grid(rr, cc):
                continue
            j = rr * K.GRID + cc
            if st.mark[j] != 0:
                continue
            kind = st.kind[p, rr, cc]
            if kind == K.T_EMPTY:
                continue
            if path_walk and not walks(st, p, r, c, rr, cc, side):
                continue
            there = st.flag[p, rr, cc] if kind == K.T_ROAD else 0
            if tile_rule:
                if there != 0:
                    continue
            elif (here >> side) & 1 != 0 or (there >> opposite(side)) & 1 != 0:
                continue
            st.mark[j] = 1
            st.queue[tail] = j
            tail += 1
    return tail


@njit
def gnome_at(st, p, host, r, c):
    """The index of player p's gnome standing (active or resting) on (r, c) of `host`'s
    village, -1 if none."""
    for g in range(K.MAX_GNOMES):
        s = st.gnome[p, g, S.GN_STATE]
        if (s == S.GS_ACTIVE or s == S.GS_RESTING) and st.gnome[p, g, S.GN_HOST] == host \
                and st.gnome[p, g, S.GN_ROW] == r and st.gnome[p, g, S.GN_COL] == c:
            return g
    return -1


@njit
def own_gnome_on(st, p, r, c):
    """The index of player p's gnome standing on (r, c) of their own village, -1 if none."""
    return gnome_at(st, p, p, r, c)


@njit
def visitor_on(st, host, r, c):
    """Is another player's gnome standing on (r, c) of `host`'s village (flown in by the
    Airport: the tile is not free for its owner until it leaves, GV-A10)?"""
    for q in range(K.MAX_PLAYERS):
        if q != host and gnome_at(st, q, host, r, c) >= 0:
            return True
    return False


@njit
def move_targets(rules, st, p, g):
    """Where player p's gnome g may end its move (GV-M03, GV-M04): a Workshop or Business tile
    it can reach, with no other gnome of its colour, nor a visitor (GV-A10), its own tile left
    out (staying is not a move). The cells (r * GRID + c, ascending) in st.options; returns how
    many."""
    r0, c0 = st.gnome[p, g, S.GN_ROW], st.gnome[p, g, S.GN_COL]
    reach(rules, st, p, r0, c0)
    for q in range(K.MAX_PLAYERS):          # a tile with a gnome of p's or a visitor on it
        for h in range(K.MAX_GNOMES):
            s = st.gnome[q, h, S.GN_STATE]
            if (s == S.GS_ACTIVE or s == S.GS_RESTING) and st.gnome[q, h, S.GN_HOST] == p:
                st.mark[st.gnome[q, h, S.GN_ROW] * K.GRID + st.gnome[q, h, S.GN_COL]] = 0
    st.mark[r0 * K.GRID + c0] = 0           # staying is not a move
    b0, b1, d0, d1 = tile_box(st, p)        # a gnome reaches tiles only
    n = 0
    for r in range(b0, b1 + 1):
        for c in range(d0, d1 + 1):
            if st.mark[r * K.GRID + c] != 0:
                kind = st.kind[p, r, c]
                if kind == K.T_WORKSHOP or kind == K.T_BUSINESS:
                    st.options[n] = r * K.GRID + c
                    n += 1
    return n


@njit
def move_gnome(st, p, g, r, c):
    """Player p's gnome g ends its move on (r, c): the house it leaves keeps its light on
    (GV-M05); an inactive Workshop it ends on flips active (GV-W01)."""
    st.gnome[p, g, S.GN_ROW] = r
    st.gnome[p, g, S.GN_COL] = c
    if st.kind[p, r, c] == K.T_WORKSHOP:
        st.flag[p, r, c] = 1


@njit
def start_village(rules, st, p):
    """Build player p's starting village (GV-S03: data/setup.toml's layout, which keeps the
    placement rules) and stand their first gnome on its Lights On house, free to move on the
    first turn (GV-S04); the other gnomes are still in the supply."""
    for r in range(K.GRID):
        for c in range(K.GRID):
            st.kind[p, r, c] = rules.start[T.ST_KIND, r, c]
            st.arg[p, r, c] = rules.start[T.ST_ARG, r, c]
            st.flag[p, r, c] = rules.start[T.ST_BLOCK, r, c]
    st.box[p, 0] = K.GRID                   # the tight rectangle of the layout's tiles
    st.box[p, 1] = K.GRID
    st.box[p, 2] = K.GRID
    st.box[p, 3] = K.GRID
    for r in range(K.GRID):
        for c in range(K.GRID):
            if st.kind[p, r, c] != K.T_EMPTY:
                grow_box(st, p, r, c)
    if st.box[p, 0] == K.GRID:              # no tile: the whole grid
        for i in range(4):
            st.box[p, i] = 0
    for g in range(K.MAX_GNOMES):
        for f in range(S.N_GN):
            st.gnome[p, g, f] = 0
        st.gnome[p, g, S.GN_HOST] = p
    for r in range(K.GRID):
        for c in range(K.GRID):
            if st.kind[p, r, c] == K.T_HOUSE and st.arg[p, r, c] == 1:
                st.gnome[p, 0, S.GN_STATE] = S.GS_ACTIVE
                st.gnome[p, 0, S.GN_BORN] = 0
                st.gnome[p, 0, S.GN_ROW] = r
                st.gnome[p, 0, S.GN_COL] = c
                st.gnome[p, 0, S.GN_HOME] = r * K.GRID + c
                return
