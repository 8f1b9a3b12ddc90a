"""Gnome Village's data files: the loader reads them into the Rules record, every number
checked against the rulebook's totals, every gap an assumption, and every knob of
data/assumptions.toml patches them into rules the loader accepts."""
import re
import shutil
from types import SimpleNamespace

import numpy as np
import pytest

from simcore.harness import start_game
from simcore import assumptions as knobs_
from simcore.errors import DataError, UserError
from simcore.games.gnome_village import catalog as C
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import tables as T

CAT = C.load_catalog()
R = CAT.rules


def biz(name):
    return R.biz[CAT.businesses.index(name)]


@pytest.mark.rule("GV-S01")
def test_components_of_the_box():
    assert R.k[T.K_WORKSHOPS] == 5 and R.k[T.K_HOUSES] == 20
    assert R.k[T.K_GNOMES] == 20 and R.k[T.K_COINS] == 40
    assert R.k[T.K_PRODUCTS] * K.N_WORKSHOPS == 8          # 8 tokens, 2 per colour (assumed split)
    assert R.road[:, T.RD_COUNT].sum() == 45
    base = R.biz[R.biz[:, T.BZ_EXPANSION] == 0, T.BZ_COUNT].sum()
    assert base == 24
    assert R.forest[:, T.FC_COUNT].sum() == 39


@pytest.mark.rule("GV-S02")
def test_starting_kit_is_2_houses_3_four_ways_2_t_junctions_and_4_coins():
    kinds, args = R.start[T.ST_KIND], R.start[T.ST_ARG]
    assert (kinds == K.T_HOUSE).sum() == 2
    roads = args[kinds == K.T_ROAD]
    assert sorted(bin(int(a)).count("1") for a in roads) == [3, 3, 4, 4, 4]
    assert R.k[T.K_START_COINS] == 4
    start = dict(zip(CAT.roads, R.road[:, T.RD_START]))
    assert start == {"four-way": 3, "t-junction": 2, "four-way-blockade": 0, "t-junction-blockade": 0}


@pytest.mark.rule("GV-S05")
def test_supply_by_player_count():
    assert [tuple(R.supply[n]) for n in (2, 3, 4)] == [(10, 3), (15, 4), (20, 5)]
    assert R.k[T.K_START_FROM_SUPPLY] == 1                # assumed: starting houses come out of it
    extra = C.load_catalog(assume=["start-houses=extra"]).rules
    assert extra.k[T.K_START_FROM_SUPPLY] == 0


@pytest.mark.rule("GV-F10")
def test_forest_deck_mix():
    by_kind = {name: 0 for name in K.FOREST_KINDS}
    names = {v: k for k, v in K.FOREST_KINDS.items()}
    for row in R.forest:
        by_kind[names[int(row[T.FC_KIND])]] += int(row[T.FC_COUNT])
    assert by_kind == {"activate": 14, "removal": 4, "coins": 10, "roads": 6, "angry-gnome": 5}
    group = R.forest[R.forest[:, T.FC_GROUP] == 1]
    assert group[:, T.FC_COUNT].sum() == 4
    # every card gives 1 coin but Gnome Coins, worth 1 or 2
    plain = R.forest[R.forest[:, T.FC_KIND] != K.F_COINS]
    assert set(plain[:, T.FC_COINS]) == {1}
    coins = R.forest[R.forest[:, T.FC_KIND] == K.F_COINS]
    assert sorted(set(coins[:, T.FC_COINS])) == [1, 2]
    for kid in ("fewer-removals", "more-angry"):
        alt = C.load_catalog(assume=[f"forest-mix={kid}"]).rules
        assert alt.forest[:, T.FC_COUNT].sum() == 39


@pytest.mark.rule("GV-V04")
def test_road_tiles_four_ways_t_junctions_and_blockades():
    rows = dict(zip(CAT.roads, R.road))
    assert rows["four-way"][T.RD_PATHS] == K.ALL_SIDES and rows["four-way"][T.RD_BLOCK] == 0
    assert rows["t-junction"][T.RD_PATHS] == 0b1110      # e, s, w
    assert rows["four-way-blockade"][T.RD_BLOCK] == 1 << K.SIDE_N
    assert rows["t-junction-blockade"][T.RD_BLOCK] == 1 << K.SIDE_S
    blocked = R.road[R.road[:, T.RD_BLOCK] != 0, T.RD_COUNT].sum()
    assert blocked == 10
    for alt, n in (("5", 5), ("15", 15)):
        r = C.load_catalog(assume=[f"road-mix={alt}"]).rules
        assert r.road[r.road[:, T.RD_BLOCK] != 0, T.RD_COUNT].sum() == n
        assert r.road[:, T.RD_COUNT].sum() == 45


@pytest.mark.rule("GV-B01")
def test_twelve_business_kinds_two_each():
    base = [n for n, row in zip(CAT.businesses, R.biz) if not row[T.BZ_EXPANSION]]
    assert len(base) == 12
    assert all(biz(n)[T.BZ_COUNT] == 2 for n in base)
    assert biz("hat")[T.BZ_HAT] == 1 and biz("hat")[T.BZ_ACTION] == K.A_NONE
    assert biz("restaurant")[T.BZ_POINTS] == 1
    actions = {int(biz(n)[T.BZ_ACTION]) for n in base}
    assert actions == set(range(K.A_NONE, K.A_AIRPORT + 1))


@pytest.mark.rule("GV-B02")
def test_earn_values_and_their_knob():
    assert biz("police")[T.BZ_EARN] == 1 and biz("restaurant")[T.BZ_EARN] == 2 and biz("hat")[T.BZ_EARN] == 2
    r1 = C.load_catalog(assume=["business-earn=all-1"]).rules
    assert set(r1.biz[:, T.BZ_EARN]) == {1}
    r2 = C.load_catalog(assume=["business-earn=all-2"]).rules
    assert set(r2.biz[:, T.BZ_EARN]) == {2}


@pytest.mark.rule("GV-X02")
def test_mini_expansion_adds_four_businesses():
    extra = {n: int(row[T.BZ_COUNT]) for n, row in zip(CAT.businesses, R.biz) if row[T.BZ_EXPANSION]}
    assert extra == {"construction-site": 2, "prison": 1, "swimming-pool": 1}


def test_readings_in_force_and_their_knobs():
    assert R.k[T.K_ROAD_CONNECT] == K.CONNECT_PATH and R.k[T.K_BLOCKADE] == K.BLOCKADE_TILE
    assert R.k[T.K_COST_PRODUCT] == 2 and R.k[T.K_RESHUFFLE] == 1
    r = C.load_catalog(assume=["road-connect=edge", "blockade=path", "product-price=3",
                               "forest-reshuffle=no-reshuffle"]).rules
    assert r.k[T.K_ROAD_CONNECT] == K.CONNECT_EDGE and r.k[T.K_BLOCKADE] == K.BLOCKADE_PATH
    assert r.k[T.K_COST_PRODUCT] == 3 and r.k[T.K_RESHUFFLE] == 0


def test_every_knob_validates_against_the_loader():
    """What `meeplesim assumptions validate --game gnome-village` checks, once the game is
    registered: each alternative and the all-pessimistic and all-optimistic sets load."""
    knobs, lines = knobs_.validate_for(SimpleNamespace(load_catalog=C.load_catalog), C.KNOBS_FILE)
    assert lines == []
    assert {k.id for k in knobs} == {"road-connect", "blockade", "product-price", "business-earn",
                                     "forest-mix", "road-mix", "forest-reshuffle", "start-houses",
                                     "home-house", "architect", "advisor", "doctor", "business-used",
                                     "road-walk", "group-activate", "house-substitute"}


@pytest.mark.rule("GV-S01")
def test_validate_checks_every_alternative_against_the_boxs_totals(tmp_path):
    """The former start-houses=extra (the full stack, the starting houses on top: 28 houses at
    4 players) is refused by `assumptions validate`; the knob's alternative now takes the
    stack down to what the box's 20 houses leave, and every alternative loads."""
    flag = 'patch = [{ file = "tiles.toml", set = { start_houses_from_supply = { value = false, source = "assumed" } } }'
    text = C.KNOBS_FILE.read_text()
    now = re.search(re.escape(flag) + r",\n[^\n]*supply = [^\n]*\]\n", text).group(0)
    (tmp_path / "knobs.toml").write_text(text.replace(now, flag + "]\n"))
    _, lines = knobs_.validate_for(SimpleNamespace(load_catalog=C.load_catalog), tmp_path / "knobs.toml")
    assert lines and all("more than the 20 houses of the box" in line for line in lines)
    assert any("knob 'start-houses' alternative 'extra'" in line for line in lines)
    from simcore.games.gnome_village import state as S
    from simcore.games.gnome_village.config import make_config
    from simcore.games.gnome_village.turn import setup_game
    cat = C.load_catalog(assume=["start-houses=extra"])
    for players in (2, 3, 4):
        cfg, _ = make_config(cat, players=players)
        st = S.new_state(cat.rules, 1)
        start_game(cfg, st, 1, 0)
        setup_game(cat.rules, cfg, st, 0)
        assert st.sc[S.S_HOUSES] + players * 2 == {2: 14, 3: 20, 4: 20}[players]


def test_every_assumed_table_is_listed():
    files = {f for f, _, _ in CAT.assumptions}
    assert files == {"tiles.toml", "roads.toml", "businesses.toml", "forest.toml", "setup.toml"}
    entries = {e for _, e, _ in CAT.assumptions}
    assert {"road 'four-way'", "business 'police'", "Forest card 'removal'", "road_connect",
            "blockade", "start_village", "cost_product"} <= entries


def _copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(C.DATA_DIR, d)
    return d


@pytest.mark.parametrize("file, old, new, message", [
    ("forest.toml", "count = 5\n", "count = 6\n", "the Forest cards must number 39"),
    ("roads.toml", "count = 20\n", "count = 21\n", "the road tiles must number 45"),
    ("roads.toml", 'blockade = "n"', 'blockade = "q"', "unknown side 'q'"),
    ("businesses.toml", 'action = "thief"', 'action = "theif"', "did you mean 'thief'?"),
    ("setup.toml", '"Tw X X X Te"', '"Tw X X . Te"', "not the starting kit"),
    ("setup.toml", '". H . h ."', '". H . H ."', "exactly one house is Lights On"),
    ("setup.toml", 'value = "path"', 'value = "paths"', "unknown road connect 'paths'"),
    ("tiles.toml", "houses = { 2 = 10,", "houses = { 2 = 3,", "2 players take 4 starting houses out of 3"),
    # GV-S01: never more than the box holds (every knob's alternative too)
    ("tiles.toml", "count = 20 ", "count = 21 ", "'count' is 21, more than the box's 20"),
    ("tiles.toml", "coins = 40 ", "coins = 41 ", "'coins' is 41, more than the box's 40"),
    ("tiles.toml", "per_workshop = 2 ", "per_workshop = 3 ", "are 12, more than the box's 8"),
    ("tiles.toml", "value = true ", "value = false", "3 players: a stack of 15 houses and 6 starting houses"),
])
def test_bad_data_is_refused_with_one_clear_line(tmp_path, file, old, new, message):
    d = _copy(tmp_path)
    p = d / file
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        C.load_catalog(d)
    assert message in str(e.value) and file in str(e.value)


def test_a_missing_data_folder_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="not a folder"):
        C.load_catalog(tmp_path / "nope")


def test_without_takes_business_types_out_of_the_supply():
    from simcore.games.gnome_village import state as S
    from simcore.games.gnome_village.config import make_config
    from simcore.games.gnome_village.turn import setup_game
    cat = C.load_catalog(without=["thief", "police"])
    assert cat.mix == "without=police+thief" and cat.digest != CAT.digest
    rows = dict(zip(cat.businesses, cat.rules.biz[:, T.BZ_COUNT]))
    assert rows["police"] == rows["thief"] == 0 and rows["chapel"] == 2
    cfg, _ = make_config(cat, players=3)
    st = S.new_state(cat.rules, 1)
    for i in range(20):
        start_game(cfg, st, 1, i)
        setup_game(cat.rules, cfg, st, i)
        assert st.sc[S.S_BIZ_TOTAL] == 20
        dealt = set(st.bizs[:st.sc[S.S_BIZ_N]]) | set(st.faceup[:2])
        assert not dealt & {cat.businesses.index("police"), cat.businesses.index("thief")}
    with pytest.raises(UserError, match="unknown business 'thieves'"):
        C.load_catalog(without=["thieves"])
