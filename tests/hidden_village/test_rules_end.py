"""Scenario tests for the End of the game rules (HV-G01..G04) of The Smurfs: Hidden Village."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.game import record_result
from simcore.games.hidden_village.rules.core import check_progress, objectives_met
from simcore.games.hidden_village.rules.gargamel import reveal_gargamel
from simcore.games.hidden_village.rules.locations import place_meeple, rescue
from simcore.games.hidden_village.rules.query import placement_legal
from simcore.games.hidden_village.rules.turn import end_of_round
from tests.conftest import make_game

LOCATIONS = ["dark-forest", "stream", "sawmill", "bushes", "river", "workshop", "shelter",
             "construction-site"]


def new_game(cat, **kw):
    """A set-up game with Azrael parked at the Stream (no Azrael die in these scenarios)."""
    g = make_game(cat, **kw)
    g.set_sc("AZRAEL", LOCATIONS.index("stream"))
    g.clear_events()
    return g


def place(g, action, p=0):
    g.set_sc("CUR", p)
    place_meeple(g.R, g.C, g.st, g.action(action), p)


def set_objectives(g, forest_left=0, unbuilt=(), cakes_left=()):
    """Leave `forest_left` lost Smurfs in the Dark Forest, build every house but `unbuilt`,
    prepare every cake but `cakes_left` (whose cards get a prerequisite not met: 6 stones)."""
    g.st.pile_n[S.P_FOREST] = forest_left
    n_houses = g.sc("N_HOUSES")
    g.st.house_built[:] = 0
    g.st.house_built[:n_houses] = 1
    for h in unbuilt:
        g.st.house_built[h] = 0
    n_cakes = g.sc("N_CAKES")
    g.st.cake_done[:] = 0
    g.st.cake_done[:n_cakes] = 1
    for i in cakes_left:
        g.st.cake_done[i] = 0
        g.st.cake[i] = g.cake_card("stone-bread")       # 6 stones in the stock


def outcome(g):
    return g.sc("OUTCOME"), g.sc("LOSS")


def too_late(g):
    return g.gargamel("too-late")


# ------------------------------------------------------------------ HV-G01 victory
@pytest.mark.rule("HV-G01")
def test_victory_the_moment_the_last_house_is_built(cat):
    g = new_game(cat)
    set_objectives(g, unbuilt=[5])
    g.st.stock[:] = [10, 10, 10]
    place(g, "construction-site-upper", 1)
    assert outcome(g) == (K.WIN, K.LOSS_NONE)
    assert g.st.house_built[:6].tolist() == [1] * 6
    assert g.sc("ESPLANADE") == 7                     # mid-round, mid-turn: no need to finish
    assert [e[3:5] for e in g.events(K.EV_OUTCOME)] == [(K.WIN, 0)]
    assert int(g.st.decisions[K.D_RELOCATE]) == 0      # the game ended before the relocation


@pytest.mark.rule("HV-G01")
def test_victory_the_moment_the_last_lost_smurf_is_rescued(cat):
    g = new_game(cat)
    set_objectives(g, forest_left=1)
    last = int(g.st.piles[S.P_FOREST, 0])
    g.st.stock[:] = [1, 0, 0]
    g.st.occ[g.action("dark-forest-lower"), 0] = 0
    place(g, "dark-forest-lower", 2)
    assert outcome(g) == (K.WIN, K.LOSS_NONE)
    assert int(g.st.pile_n[S.P_FOREST]) == 0
    assert int(g.st.hand[2, g.st.hand_n[2] - 1]) == last


@pytest.mark.rule("HV-G01")
def test_victory_the_moment_the_last_cake_is_prepared(cat):
    g = new_game(cat)
    set_objectives(g)
    g.st.cake[1] = g.cake_card("smurfberry-pie")        # 10 resources in the stock
    g.st.cake_done[1] = 0
    g.st.stock[:] = [3, 2, 2]
    g.st.occ[g.action("sawmill-upper"), 0] = 0
    place(g, "sawmill-upper", 1)                         # +3 logs: 10 in the stock
    assert g.st.cake_done[:2].tolist() == [1, 1]
    assert outcome(g) == (K.WIN, K.LOSS_NONE)
    kinds = [e[0] for e in g.events()]
    assert kinds.index(K.EV_CAKE) < kinds.index(K.EV_OUTCOME)


@pytest.mark.rule("HV-G01")
@pytest.mark.parametrize("missing", ["forest", "house", "cake"])
def test_no_victory_while_one_objective_is_missing(cat, missing):
    g = new_game(cat)
    set_objectives(g, forest_left=1 if missing == "forest" else 0,
                   unbuilt=[2] if missing == "house" else [],
                   cakes_left=[0] if missing == "cake" else [])
    assert not objectives_met(g.st)
    check_progress(g.R, g.st)
    assert outcome(g) == (K.RUNNING, K.LOSS_NONE)
    assert g.events(K.EV_OUTCOME) == []


@pytest.mark.rule("HV-G01")
def test_all_three_objectives_together_win(cat):
    g = new_game(cat, level="complex")
    set_objectives(g)
    assert g.sc("N_HOUSES") == 7 and g.sc("N_CAKES") == 3
    assert objectives_met(g.st)
    check_progress(g.R, g.st)
    assert outcome(g) == (K.WIN, K.LOSS_NONE)


@pytest.mark.rule("HV-G01")
def test_houses_beyond_the_level_do_not_count(cat):
    """At Standard only the 6 houses in play are objectives; the 2 unused roofs are boxed."""
    g = new_game(cat)
    set_objectives(g)
    assert g.st.house_built.tolist() == [1] * 6 + [0, 0]
    assert objectives_met(g.st)


# ------------------------------------------------------------------ HV-G02 defeat
@pytest.mark.rule("HV-G02", "HV-S07")
@pytest.mark.parametrize("level, n", [("standard", 10), ("complex", 11)])
def test_too_late_ends_the_game_when_the_deck_bottom_is_revealed(cat, level, n):
    g = new_game(cat, level=level, seed=2)
    for i in range(n - 1):
        card = reveal_gargamel(g.R, g.C, g.st)
        assert card != too_late(g)
        assert outcome(g) == (K.RUNNING, K.LOSS_NONE), i
    card = reveal_gargamel(g.R, g.C, g.st)
    assert card == too_late(g)
    assert outcome(g) == (K.LOSS, K.LOSS_TOO_LATE)
    assert g.sc("GARG_TOP") == too_late(g) and g.sc("GARG_N") == 0
    assert g.events(K.EV_OUTCOME)[-1][3:5] == (K.LOSS, K.LOSS_TOO_LATE)


@pytest.mark.rule("HV-G02")
def test_too_late_at_end_of_round_stops_the_round_steps(cat):
    g = new_game(cat)
    g.st.garg_deck[g.sc("GARG_N") - 1] = too_late(g)
    g.set_sc("ESPLANADE", 0)
    g.st.occ[g.action("river-lower"), 0] = 0
    azrael, first = g.sc("AZRAEL"), g.sc("FIRST")
    end_of_round(g.R, g.C, g.st)
    assert outcome(g) == (K.LOSS, K.LOSS_TOO_LATE)
    assert g.sc("AZRAEL") == azrael and g.sc("FIRST") == first   # no more steps after it
    assert g.events(K.EV_FIRST_PLAYER) == [] and g.events(K.EV_AZRAEL) == []


@pytest.mark.rule("HV-G02")
def test_too_late_loses_even_with_objectives_nearly_met(cat):
    g = new_game(cat)
    set_objectives(g, unbuilt=[0])
    g.st.garg_deck[g.sc("GARG_N") - 1] = too_late(g)
    reveal_gargamel(g.R, g.C, g.st)
    assert outcome(g) == (K.LOSS, K.LOSS_TOO_LATE)
    # the game is over: completing the objectives afterwards changes nothing
    g.st.house_built[0] = 1
    check_progress(g.R, g.st)
    assert outcome(g) == (K.LOSS, K.LOSS_TOO_LATE)


@pytest.mark.rule("HV-G02")
def test_too_late_bottom_3_loses_at_round_8_9_or_10(cat):
    rounds = Counter()
    for i in range(60):
        g = make_game(cat, too_late="bottom-3", seed=7, game_index=i, log=False)
        n = 0
        while g.sc("OUTCOME") == K.RUNNING:
            reveal_gargamel(g.R, g.C, g.st)
            n += 1
        assert outcome(g) == (K.LOSS, K.LOSS_TOO_LATE)
        rounds[n] += 1
    assert set(rounds) == {8, 9, 10}


# ------------------------------------------------------------------ HV-G03 destroyed houses
@pytest.mark.rule("HV-G03")
def test_wrecking_spell_unbuilds_the_chosen_house(cat):
    g = new_game(cat)
    set_objectives(g, forest_left=1)
    roofs = g.st.house_roof[:6].tolist()
    g.st.garg_deck[g.sc("GARG_N") - 1] = g.gargamel("wrecking-spell")
    g.script(3)                                          # built houses 0..5 offered: house 3
    reveal_gargamel(g.R, g.C, g.st)
    assert g.st.house_built[:6].tolist() == [1, 1, 1, 0, 1, 1]
    assert g.st.house_roof[:6].tolist() == roofs         # same roof, turned back upside down
    assert [e[3:5] for e in g.events(K.EV_HOUSE_DESTROYED)] == [(3, roofs[3])]
    assert not objectives_met(g.st)


@pytest.mark.rule("HV-G03")
def test_fit_of_rage_may_destroy_a_house_instead_of_resources(cat):
    g = new_game(cat)
    g.st.house_built[[1, 4]] = 1
    g.st.stock[:] = [5, 5, 5]
    g.st.garg_deck[g.sc("GARG_N") - 1] = g.gargamel("fit-of-rage")
    g.script(2)                                          # options: lose 3, house 1, house 4
    reveal_gargamel(g.R, g.C, g.st)
    assert g.st.options[:3].tolist() == [-1, 1, 4]
    assert g.st.house_built[:6].tolist() == [0, 1, 0, 0, 0, 0]
    assert g.st.stock.tolist() == [5, 5, 5]


@pytest.mark.rule("HV-G03", "HV-G01")
def test_a_destroyed_house_must_be_rebuilt_before_victory(cat):
    g = new_game(cat)
    set_objectives(g, forest_left=1, unbuilt=[3])        # house 3 was destroyed by Gargamel
    g.st.stock[:] = [1, 0, 0]
    g.st.occ[g.action("dark-forest-lower"), 0] = 0
    place(g, "dark-forest-lower", 1)                     # the last lost Smurf is rescued ...
    assert int(g.st.pile_n[S.P_FOREST]) == 0
    assert outcome(g) == (K.RUNNING, K.LOSS_NONE)        # ... but the village lacks a house
    roof = [int(x) for x in g.R.roof_cost[g.st.house_roof[3]]]
    g.st.stock[:] = roof
    assert placement_legal(g.R, g.st, g.action("construction-site-upper"))
    place(g, "construction-site-upper", 2)               # the only unbuilt house: forced
    assert g.st.house_built[3] == 1
    assert g.st.stock.tolist() == [0, 0, 0]              # its roof was paid again
    assert outcome(g) == (K.WIN, K.LOSS_NONE)


# ------------------------------------------------------------------ HV-G04 additional pile
@pytest.mark.rule("HV-G04")
def test_the_additional_pile_left_over_does_not_block_victory(cat):
    g = new_game(cat)
    assert int(g.st.pile_n[S.P_EXTRA]) == 10
    set_objectives(g)
    assert int(g.st.pile_n[S.P_EXTRA]) == 10
    assert objectives_met(g.st)
    check_progress(g.R, g.st)
    assert outcome(g) == (K.WIN, K.LOSS_NONE)
    row = np.zeros(K.N_RESULT_FIELDS, np.int32)
    record_result(g.R, g.C, g.st, row)
    assert row[K.R_FOREST_LEFT] == 0 and row[K.R_OUTCOME] == K.WIN


@pytest.mark.rule("HV-G04")
def test_emptying_the_forest_wins_with_the_additional_pile_untouched(cat):
    g = new_game(cat, level="complex")                   # 14 in the forest, 6 in the pile
    set_objectives(g, forest_left=1)
    extra = [int(c) for c in g.st.piles[S.P_EXTRA, :6]]
    g.force_dice(g.die_face(K.DIE_WHITE, "destroy-invention"))   # no invention: no effect
    place(g, "dark-forest-upper", 0)
    assert outcome(g) == (K.WIN, K.LOSS_NONE)
    assert [int(c) for c in g.st.piles[S.P_EXTRA, : g.st.pile_n[S.P_EXTRA]]] == extra


@pytest.mark.rule("HV-G04")
def test_rescues_from_the_additional_pile_do_not_replace_the_forest(cat):
    """With the forest empty, taking lost Smurfs from the additional pile changes nothing
    for the objective; and a forest card left over is never offset by the pile."""
    g = new_game(cat)
    set_objectives(g, unbuilt=[0])                       # forest done, one house missing
    g.script(1)                                          # options: decline, draw
    rescue(g.R, g.C, g.st, 0)
    assert int(g.st.pile_n[S.P_EXTRA]) == 9
    assert g.sc("RESCUES_ROUND") == 0                    # not a Dark Forest rescue
    assert outcome(g) == (K.RUNNING, K.LOSS_NONE)
    h = make_game(cat, log=False)
    set_objectives(h, forest_left=1)
    h.st.pile_n[S.P_EXTRA] = 0
    assert not objectives_met(h.st)
