"""The Hobbit deck-builder's data (simcore/games/hobbit/data/*.toml) and its loader
(catalog.py): the shipped data load with the rulebook's counts, every knob's alternatives load,
every lever names a field, and bad data is one DataError line naming the file and the entry.
No kernel is imported here."""
from __future__ import annotations

import shutil
from types import SimpleNamespace

import numpy as np
import pytest

from simcore import assumptions as knobs_
from simcore import levers as levers_
from simcore.errors import DataError, UserError
from simcore.gamekit import read_toml
from simcore.games.hobbit import catalog as C
from simcore.games.hobbit import consts as K
from simcore.games.hobbit import tables as T

CAT = C.load_catalog()
R = CAT.rules


def _total(s):
    return int(R.card[R.card[:, T.C_SET] == s, T.C_COUNT].sum())


@pytest.mark.rule("HB-S03")
@pytest.mark.rule("HB-D04")
def test_the_rulebooks_counts():
    assert _total(K.SET_AUJ) == 112
    assert _total(K.SET_DOS) == 60
    assert _total(K.SET_HOARDING) == 5
    assert _total(K.SET_LOOT4) == 4
    assert _total(K.SET_RING) == 1
    assert _total(K.SET_LOOT1) >= R.k[T.K_LOOT1_UNDER] == 2
    assert _total(K.SET_LOOT2) >= R.k[T.K_LOOT2_UNDER] == 2
    assert 30 <= int((R.card[:, T.C_SET] == K.SET_AUJ).sum()) <= 40


@pytest.mark.rule("HB-S02")
@pytest.mark.rule("HB-C08")
def test_the_starting_cards_valor_and_corruption():
    def row(cid):
        return R.card[CAT.kind[cid]]
    assert row("courage")[T.C_COUNT] == 7 and row("despair")[T.C_COUNT] == 3
    assert row("courage")[T.C_SET] == row("despair")[T.C_SET] == K.SET_START
    c = CAT.kind["courage"]
    assert tuple(R.fx[c, 0]) == (K.TR_PLAY, K.OP_POWER, 1, 0)
    assert row("despair")[T.C_NFX] == 0
    v = row("valor")
    assert (v[T.C_COUNT], v[T.C_COST], v[T.C_VP]) == (16, 3, 1)
    assert tuple(R.fx[CAT.kind["valor"], 0]) == (K.TR_PLAY, K.OP_POWER, 2, 0)
    assert row("corruption")[T.C_VP] == -1 and row("corruption")[T.C_COUNT] == 15
    h = CAT.kind["hoarding"]
    assert R.card[h, T.C_TYPE] == K.T_CORRUPTION and R.card[h, T.C_VP] == -1
    assert tuple(R.fx[h, 0]) == (K.TR_END_GAME, K.OP_HOARDING, 1, 4)


def test_every_id_is_unique_and_the_tables_agree():
    assert len(set(CAT.cards)) == len(CAT.cards) == R.card.shape[0] == R.fx.shape[0]
    assert len(set(CAT.heroes)) == len(CAT.heroes) == R.hero.shape[0] == 15
    assert all(CAT.cards[CAT.kind[c]] == c for c in CAT.cards)
    assert len(CAT.card_names) == len(CAT.cards) and len(CAT.hero_names) == len(CAT.heroes)
    assert R.dos_deck.shape == (len(CAT.cards),)
    assert set(CAT.files) == set(C.FILES) and CAT.mix == "default" and CAT.without == ()


def test_every_effect_row_decodes_to_a_known_trigger_and_op():
    for c in range(R.card.shape[0]):
        n = R.card[c, T.C_NFX]
        for r in range(K.MAX_FX):
            trig, op = int(R.fx[c, r, T.FX_TRIG]), int(R.fx[c, r, T.FX_OP])
            if r < n:
                assert trig in K.TRIGGER_NAMES and op in K.OP_NAMES and op != K.OP_NONE, CAT.cards[c]
            else:
                assert trig == K.TR_NONE and op == K.OP_NONE
        assert R.card[c, T.C_DEFENSE] == int(any(R.fx[c, r, T.FX_TRIG] == K.TR_DEFENSE for r in range(n)))
    for h in range(R.hero.shape[0]):
        n = R.hero[h, T.HR_NFX]
        assert 1 <= n <= T.MAX_HERO_FX
        assert all(K.OP_NAMES[int(R.hfx[h, r, T.FX_OP])] in C.HERO_OPS for r in range(n))


def test_the_vocabulary_is_used_broadly():
    ops = {K.OP_NAMES[int(op)] for op in R.fx[:, :, T.FX_OP].ravel() if op}
    ops |= {K.OP_NAMES[int(op)] for op in R.hfx[:, :, T.FX_OP].ravel() if op}
    assert set(C.ARGS) <= ops          # every effect of docs/hobbit-effects.md appears
    trigs = {K.TRIGGER_NAMES[int(t)] for t in R.fx[:, :, T.FX_TRIG].ravel() if t}
    assert trigs == set(K.TRIGGERS)


@pytest.mark.rule("HB-K05")
@pytest.mark.rule("HB-K06")
@pytest.mark.rule("HB-K09")
def test_the_seeds_cards_carry_their_clarified_effects():
    def ops(cid):
        c = CAT.kind[cid]
        return [(K.TRIGGER_NAMES[int(R.fx[c, r, 0])], K.OP_NAMES[int(R.fx[c, r, 1])])
                for r in range(R.card[c, T.C_NFX])]
    assert ops("magic") == [("play", "draw-discard")] and R.card[CAT.kind["magic"], T.C_COUNT] == 3
    assert ("in-hand", "riddle") in ops("riddle-game") and ("play", "power") in ops("riddle-game")
    for cid, want in (("the-barge", "barge"), ("the-burglar", "burgle"), ("bolg", "bolg"),
                      ("durins-line-tapestry", "tapestry"), ("lake-town-ballista", "ballista"),
                      ("lake-town-guards", "guards"), ("river-barrels", "barrels"),
                      ("a-small-cup", "small-cup"), ("hide-and-seek", "hide-and-seek")):
        assert ("play", want) in ops(cid), cid
        assert R.card[CAT.kind[cid], T.C_SET] == K.SET_DOS
    assert ("ambush", "flames") in ops("escape-the-flames")
    assert ("attack", "fimbul") in ops("fimbul-the-hunter")
    assert ("gained", "send-off") in ops("a-warm-send-off") and R.card[CAT.kind["a-warm-send-off"], T.C_COUNT] >= 2
    for cid in ("orc-archer", "thranduil", "giant-spiders"):
        assert [o for o in ops(cid) if o[0] == "attack-or"].__len__() == 2
    for cid in ("re-lighting-the-forge", "master-of-lake-town"):
        assert ("end-game", "vp-per-stash") in ops(cid)
    assert R.card[CAT.kind["barrel-of-fun"], T.C_NFX] == 1
    assert tuple(R.fx[CAT.kind["barrel-of-fun"], 0]) == (K.TR_PLAY, K.OP_POWER, 2, 0)


@pytest.mark.rule("HB-S05")
@pytest.mark.rule("HB-K07")
@pytest.mark.rule("HB-E01")
def test_the_archenemies_orders_finals_and_types():
    def row(cid):
        return R.card[CAT.kind[cid]]
    assert [row(c)[T.C_ORDER] for c in ("the-trolls", "great-goblin", "azog")] == [0, 1, 2]
    assert row("azog")[T.C_VP] == 5 and row("azog")[T.C_ZERO_VP] == 0
    assert row("the-trolls")[T.C_ZERO_VP] == row("great-goblin")[T.C_ZERO_VP] == 1
    for s in (K.SET_SMAUG, K.SET_SMAUG_IMPOSSIBLE):
        rows = R.card[R.card[:, T.C_SET] == s]
        assert rows[:, T.C_FINAL].sum() == 1
        assert rows[rows[:, T.C_FINAL] == 1][0, T.C_ORDER] == 1
    for c in range(R.card.shape[0]):
        arch = R.card[c, T.C_TYPE] == K.T_ARCHENEMY
        assert R.card[c, T.C_AS_TYPE] == (K.T_ENEMY if arch else R.card[c, T.C_TYPE])
        if arch:
            trigs = {int(R.fx[c, r, 0]) for r in range(R.card[c, T.C_NFX])}
            assert trigs <= {K.TR_GROUP, K.TR_STACK}
            if not R.card[c, T.C_FINAL]:
                assert K.TR_GROUP in trigs, CAT.cards[c]
    ist = CAT.kind["impossible-smaug-the-terrible"]
    assert tuple(R.fx[ist, 0]) == (K.TR_STACK, K.OP_SCORCH, 6, 0)
    assert tuple(R.fx[CAT.kind["azog"], 0]) == (K.TR_STACK, K.OP_COST_UP, 1, K.T_ALLY)


@pytest.mark.rule("HB-H01")
@pytest.mark.rule("HB-H02")
@pytest.mark.rule("HB-H03")
def test_the_heroes():
    sets = {h: int(R.hero[i, T.HR_SET]) for i, h in enumerate(CAT.heroes)}
    assert sorted(h for h, s in sets.items() if s == 0) == sorted(
        ["balin", "bilbo", "thorin", "dwalin", "gandalf", "gloin", "oin"])
    assert sum(1 for s in sets.values() if s == 1) == 8

    def first(h):
        return tuple(R.hfx[CAT.heroes.index(h), 0])
    assert first("bombur") == (K.TR_NONE, K.OP_DRAW_MORE, 1, 0)
    assert first("tauriel")[1] == K.OP_AMBUSH_GUARD
    assert any(tuple(R.hfx[i, r, 1:]) == (K.OP_BIG_GAIN, 1, 6) for i in range(7) for r in range(3))
    assert first("kili") == (K.TR_NONE, K.OP_TOP_DECK, 0, K.T_ALLY)


def test_setup_values_and_their_columns():
    k = R.k
    assert (k[T.K_HAND], k[T.K_PATH], k[T.K_MAX_TURNS]) == (5, 5, 400)
    assert k[T.K_GROUP_WHEN] == K.GROUP_DUE and k[T.K_DEFENSE_AMBUSH] == 1 and k[T.K_LOCATIONS_STAY] == 1
    assert k[T.K_FIGHTS] == 0 and k[T.K_IMPOSSIBLE_AUJ] == 1
    assert (k[T.K_PLAY_AFTER_BUY], k[T.K_STACK_LIVE], k[T.K_SCORCH_SLOTS], k[T.K_SCORCH_AMBUSH],
            k[T.K_RING_AT]) == (1, K.STACK_TOP, 1, 0, K.RING_SHUFFLED)
    assert (k[T.K_AUJ_DECK], k[T.K_DOS_DECK]) == (112, 60)
    assert list(k[T.K_SEAT_VP_0:T.K_SEAT_VP_4 + 1]) == [0] * 5
    assert (k[T.K_DOS_RANDOM], k[T.K_DOS_MAX_COST], k[T.K_DOS_CORRUPTION], k[T.K_DOS_STASH]) == (6, 6, 1, 2)
    assert k[T.K_DOS_VALOR] == 2 == R.dos_deck[CAT.kind["valor"]]
    assert R.dos_deck[CAT.kind["courage"]] == 7 and R.dos_deck[CAT.kind["despair"]] == 3
    assert int(R.dos_deck.sum()) == 12


def test_every_assumed_entry_is_listed():
    files = {f for f, _, _ in CAT.assumptions}
    assert files == {"cards.toml", "heroes.toml", "setup.toml"}
    entries = {e for _, e, _ in CAT.assumptions}
    assert {"card 'valor'", "hero 'legolas'", "max_turns", "dos_start"} <= entries
    assert "card 'courage'" not in entries      # a review fact


def test_without_takes_dos_cards_out_and_names_the_mix():
    cat = C.load_catalog(without=("the-barge", "bolg"))
    assert cat.rules.card[cat.kind["the-barge"], T.C_COUNT] == 0
    assert cat.rules.card[cat.kind["bolg"], T.C_COUNT] == 0
    assert cat.mix == "without:bolg+the-barge" and cat.without == ("bolg", "the-barge")
    assert cat.digest != CAT.digest
    for bad in ("nope", "magic"):          # unknown, and an AUJ card
        with pytest.raises(UserError, match=f"unknown DoS card '{bad}' \\(use the-barge"):
            C.load_catalog(without=(bad,))


def test_the_data_summary_is_two_lines():
    s = C.data_summary(CAT)
    assert len(s.splitlines()) == 2 and "auj 40/112" in s and "dos 32/60" in s and "15 heroes" in s


def test_every_knob_validates_against_the_loader():
    """What `meeplesim assumptions validate --game hobbit` checks once the game is registered:
    each alternative and the all-pessimistic and all-optimistic sets load."""
    knobs, lines = knobs_.validate_for(SimpleNamespace(load_catalog=C.load_catalog), C.KNOBS_FILE)
    assert lines == []
    assert {k.id for k in knobs} == {"group-ambush", "play-after-buy", "stack-ongoing",
                                     "scorch-slots", "scorch-ambush", "one-ring",
                                     "defense-ambush", "locations", "fights",
                                     "impossible-auj", "valor", "corruption-vp", "archenemy-costs",
                                     "smaug-costs", "magic", "hoarding", "dos-start", "auj-costs",
                                     "courage"}
    checklist = (C.DATA_DIR.parent / "rules-checklist.md").read_text()
    for k in knobs:
        assert k.rules and all(f"- {r} " in checklist for r in k.rules), k.id
    for k in knobs:
        for a in k.alternatives:
            cat = C.load_catalog(assume=[f"{k.id}={a.id}"])
            assert cat.assume == (f"{k.id}={a.id}",) and cat.digest != CAT.digest
            assert any(e == f"knob '{k.id}'" for _, e, _ in cat.assumptions)


def test_knobs_change_the_packed_values():
    r = C.load_catalog(assume=["group-ambush=every-turn", "fights=one-per-turn", "valor=cost-4",
                               "magic=misprint", "dos-start=weaker"]).rules
    assert r.k[T.K_GROUP_WHEN] == K.GROUP_EVERY_TURN and r.k[T.K_FIGHTS] == 1
    assert r.card[CAT.kind["valor"], T.C_COST] == 4
    assert tuple(r.fx[CAT.kind["magic"], 0]) == (K.TR_PLAY, K.OP_DRAW, 2, 0)
    assert r.k[T.K_DOS_VALOR] == 1 and r.k[T.K_DOS_CORRUPTION] == 2
    r = C.load_catalog(assume=["auj-costs=minus-1", "archenemy-costs=plus-2"]).rules
    auj = R.card[:, T.C_SET] == K.SET_AUJ
    assert (r.card[auj, T.C_COST] == np.maximum(R.card[auj, T.C_COST] - 1, 1)).all()
    assert r.card[CAT.kind["azog"], T.C_COST] == R.card[CAT.kind["azog"], T.C_COST] + 2


def test_every_lever_names_a_whole_number_field_in_range(tmp_path):
    data = {name: read_toml(p) for name, p in ((n, C.DATA_DIR / n) for n in CAT.files)}
    lv = levers_.load(C.DATA_DIR / "levers.toml", data)
    assert [x.id for x in lv] == ["dos-deck", "auj-deck", "hand", "seat-1-vp", "seat-2-vp",
                                  "seat-3-vp", "seat-4-vp", "seat-5-vp"] + HERO_LEVERS
    for x in lv:
        assert x.lo <= x.current <= x.hi and x.current in x.values, x.id
    assert [x.seat for x in lv if x.default_for == "seats"] == [1, 2, 3, 4, 5]
    # a lever's extreme values load
    for x in lv:
        for value in (x.lo, x.hi):
            changed = levers_.data_with(data, {x: value})
            assert changed[x.file] != data[x.file] or value == x.current
            if x.file == "heroes.toml":
                C.load_catalog(levers_.write_data(tmp_path / f"{x.id}={value}", None, changed, x.id))


# the heroes' numbers, in heroes.toml's order (Kili's top-deck has none)
HERO_LEVERS = ["balin-power", "bilbo-draw", "thorin-power", "thorin-defeat", "dwalin-power",
               "gandalf-draw", "gandalf-cost", "gloin-power", "oin-power", "bombur-draw",
               "tauriel-power", "legolas-draw", "bard-discount", "beorn-defeat", "fili-power",
               "fili-draw", "bofur-stash"]


def test_each_hero_lever_moves_the_number_of_its_own_heros_ability(tmp_path):
    data = {n: read_toml(C.DATA_DIR / n) for n in CAT.files}
    lv = levers_.load(C.DATA_DIR / "levers.toml", data)
    for lever_id in HERO_LEVERS:
        x = lv.get(lever_id)
        hero = lever_id.split("-")[0]
        changed = levers_.data_with(data, {x: x.current + 1 if x.current < x.hi else x.current - 1})
        r = C.load_catalog(levers_.write_data(tmp_path / lever_id, None, changed, lever_id)).rules
        moved = [(i, row) for i in range(r.hero.shape[0]) for row in range(T.MAX_HERO_FX)
                 if tuple(r.hfx[i, row]) != tuple(R.hfx[i, row])]
        assert len(moved) == 1 and CAT.heroes[moved[0][0]] == hero, lever_id


def test_a_levers_value_written_as_a_data_folder_loads(tmp_path):
    data = {n: read_toml(C.DATA_DIR / n) for n in CAT.files}
    lv = levers_.load(C.DATA_DIR / "levers.toml", data)
    changed = levers_.data_with(data, {lv.get("dos-deck"): 30, lv.get("seat-2-vp"): 3})
    folder = levers_.write_data(tmp_path / "cand", None, changed, "dos-deck=30")
    r = C.load_catalog(folder).rules
    assert r.k[T.K_DOS_DECK] == 30 and r.k[T.K_SEAT_VP_1] == 3


# ----------------------------------------------------------------------------- bad data
def _copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(C.DATA_DIR, d)
    return d


@pytest.mark.parametrize("file, old, new, entry, message", [
    # an unknown effect word, an unknown trigger, an unknown type, a type word where B needs a type
    ("cards.toml", '"play barge"', '"play barj"', "card 'the-barge'", "unknown effect 'barj' (did you mean 'barge'?"),
    ("cards.toml", '"play barge"', '"plya barge"', "card 'the-barge'", "unknown trigger 'plya'"),
    ("cards.toml", 'type = "enemy"', 'type = "villain"', "card 'goblin-scout'", "unknown type 'villain'"),
    ("cards.toml", '"ongoing first-power 1 ally"', '"ongoing first-power 1 2"', "card 'the-shire'",
     "'first-power' B (a type) must be a card type"),
    ("cards.toml", '"ongoing first-power 1 ally"', '"ongoing first-power 1 allies"', "card 'the-shire'",
     "must be a card type"),
    ("cards.toml", '"play power 2", "ambush discard 1"', '"play power ally", "ambush discard 1"', "card 'warg'",
     "'power' A must be a whole number, not a type ('ally')"),
    ("cards.toml", '"play ballista 2"', '"play ballista"', "card 'lake-town-ballista'", "'ballista' takes 1 argument"),
    ("cards.toml", '"play ballista 2"', '"play ballista 2", "play power 1", "play draw 1", "play destroy 1", "play stash 1"',
     "card 'lake-town-ballista'", f"at most {K.MAX_FX} effect rows"),
    ("cards.toml", '"play draw 1", "play stash 1"', '"play draw 1", "stack scorch 0"', "card 'the-thrush'",
     "only an archenemy has stack rows"),
    ("cards.toml", '"group discard 1"', '"play discard 1"', "card 'the-trolls'", "an archenemy's rows are"),
    ("cards.toml", '"attack-or discard 1", "attack-or corrupt 1"]', '"attack-or discard 1", "attack corrupt 1"]',
     "card 'orc-archer'", "at least two attack-or rows"),
    # a wrong AUJ total, the other rulebook counts
    ("cards.toml", 'count = 6\ncost = 2\nvp = 0\neffects = ["play power 1", "ambush discard 1"]',
     'count = 7\ncost = 2\nvp = 0\neffects = ["play power 1", "ambush discard 1"]', "set 'auj'",
     "its cards must number 112 (HB-S03"),
    ("cards.toml", 'set = "hoarding"\ncount = 5', 'set = "hoarding"\ncount = 4', "set 'hoarding'",
     "its cards must number 5 (HB-D03"),
    ("cards.toml", 'set = "loot4"\ncount = 1', 'set = "loot4"\ncount = 2', "set 'loot4'", "must number 4"),
    ("cards.toml", 'set = "dos"\ncount = 2\ncost = 4', 'set = "dos"\ncount = 3\ncost = 4', "set 'dos'",
     "must number 60 (HB-D04"),
    # an archenemy without order, orders and finals
    ("cards.toml", 'set = "arch-auj"\norder = 0\n', 'set = "arch-auj"\n', "card 'the-trolls'", "an archenemy needs 'order'"),
    ("cards.toml", 'set = "arch-auj"\norder = 2\n', 'set = "arch-auj"\norder = 1\n', "set 'arch-auj'",
     "orders must be 0 to 2, each once"),
    ("cards.toml", 'order = 1\nfinal = true\ncount = 1\ncost = 14', 'order = 1\ncount = 1\ncost = 14', "set 'smaug'",
     "exactly one archenemy is final"),
    ("cards.toml", 'set = "auj"\ncount = 4\ncost = 2\nvp = 0\neffects = ["play draw 1"]',
     'set = "auj"\norder = 1\ncount = 4\ncost = 2\nvp = 0\neffects = ["play draw 1"]', "card 'lindir'",
     "only an archenemy has 'order'"),
    # numbers out of range, a type that does not fit its set, unknown keys, duplicate ids
    ("cards.toml", 'count = 16\ncost = 3', 'count = 16\ncost = -3', "card 'valor'", "'cost' must be at least 0"),
    ("cards.toml", '"play power 1", "ambush discard 1"', '"play power 99", "ambush discard 1"', "card 'goblin-scout'",
     "'power' A must be 0 to 20, got 99"),
    ("cards.toml", 'id = "valor"\nname = "Valor"\ntype = "valor"', 'id = "valor"\nname = "Valor"\ntype = "ally"',
     "card 'valor'", "a card of the set 'valor' is of type valor"),
    ("cards.toml", 'id = "valor"\n', 'id = "valor"\ncolour = "red"\n', "card 'valor'", "unknown key 'colour'"),
    ("cards.toml", 'id = "ori"', 'id = "lindir"', "card 'lindir'", "duplicate id"),
    ("cards.toml", 'source = "review"', 'source = "film"', "card 'courage'", "unknown source 'film'"),
    # heroes
    ("heroes.toml", '["draw-more", 1]', '["draw-mor", 1]', "hero 'bombur'", "unknown effect 'draw-mor'"),
    ("heroes.toml", '["draw-more", 1]', '["play", "draw-more", 1]', "hero 'bombur'", "have no trigger ('play')"),
    ("heroes.toml", '["draw-more", 1]', '"power 1"', "hero 'bombur'", "'power' is not one of these effects"),
    ("heroes.toml", '["draw-more", 1]', '["draw-more", 1.5]', "hero 'bombur'", "an ability is a non-empty string"),
    ("heroes.toml", '["top-deck", "ally"]', '["top-deck", "wizard"]', "hero 'kili'", "must be a card type"),
    ("heroes.toml", '["stash-start", 2]', '["stash-start", "ally"]', "hero 'bofur'", "must be a whole number"),
    ("heroes.toml", 'set = "dos"\nabilities = [["draw-more", 1]]', 'set = "bofa"\nabilities = [["draw-more", 1]]',
     "hero 'bombur'", "unknown hero set 'bofa'"),
    # bad setup values
    ("setup.toml", "value = 5                       # HB-T09", "value = 0                       # HB-T09", "hand",
     "'value' must be at least 1"),
    ("setup.toml", 'value = "due"', 'value = "sometimes"', "group_when", "unknown group-ambush reading 'sometimes'"),
    ("setup.toml", "value = 60 ", "value = 61 ", "dos_deck", "'value' must be at most 60"),
    ("setup.toml", "value = 112 ", "value = 0 ", "auj_deck", "'value' must be at least 1"),
    ("setup.toml", "value = true                    # HB-C07", "value = 1                    # HB-C07",
     "defense_ambush", "'value' must be true or false"),
    ("setup.toml", "value = [0, 0, 0, 0, 0]", "value = [0, 0, 0, 0]", "seat_vp", "must be 5 whole numbers"),
    ("setup.toml", "valor = 2 }", "valor = 2, smaug-the-terrible = 1 }", "dos_start", "names cards of the start, valor and auj sets"),
    ("setup.toml", "valor = 2 }", "valour = 2 }", "dos_start", "unknown card 'valour'"),
    ("setup.toml", "valor = 2 }", "valor = 4 }", "dos_start", "'cards.valor' must be at most 3"),
    ("setup.toml", "random_auj = 6", "random_auj = 30", "dos_start", "AUJ cards each are more than"),
    ("setup.toml", "[fights]\nvalue = 0", "[fight]\nvalue = 0", "", "unknown key 'fight'"),
])
def test_bad_data_is_one_error_naming_the_file_and_the_entry(tmp_path, file, old, new, entry, message):
    d = _copy(tmp_path)
    p = d / file
    text = p.read_text()
    assert old in text, old
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        C.load_catalog(d)
    line = str(e.value)
    assert "\n" not in line
    assert line.startswith(f"{p}: {entry}: " if entry else f"{p}: "), line
    assert message in line, line


def test_a_data_folder_replaces_only_the_files_it_holds(tmp_path):
    (tmp_path / "setup.toml").write_text((C.DATA_DIR / "setup.toml").read_text().replace(
        "value = 400 ", "value = 300 "))
    cat = C.load_catalog(tmp_path)
    assert cat.rules.k[T.K_MAX_TURNS] == 300
    assert cat.files["setup.toml"] == str(tmp_path / "setup.toml")
    assert cat.files["cards.toml"] == str(C.DATA_DIR / "cards.toml")
    assert cat.digest != CAT.digest
    with pytest.raises(UserError, match="not a folder"):
        C.load_catalog(tmp_path / "nope")


def test_a_bad_knob_is_one_user_error():
    with pytest.raises(UserError, match="unknown knob 'valour'"):
        C.load_catalog(assume=["valour=cost-4"])
    with pytest.raises(UserError, match="has no alternative 'cost-5'"):
        C.load_catalog(assume=["valor=cost-5"])
