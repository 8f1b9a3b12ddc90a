"""The planner's team play, one decision at a time: a state is built, the planner is asked,
its answer is checked. And over whole games: at every placement the planner answers as it
does afresh, without the placement scores it kept from the turn's card decision."""
import numba
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.game import run_chunk
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.state import new_state
from simcore.linked import CHOOSE_SIGNATURE, PLUGIN_SLOT, bind, bound
from simcore.packed import as_record
from simcore.seats import param_row
from strategies.hidden_village.planner import (berries_for_next_house, best_placement_with,
                                                  choose_planner, memo_key, score_placements)
from simcore.games.hidden_village.rules.decide import CHOOSERS
from simcore.games.hidden_village.rules.query import enumerate_placements
from tests.conftest import make_game
from tests.hidden_village.scenario import layout, set_crafted, set_stock, through_the_table

PLANNER = strategies.get("planner")


def ask(g, strategy, kind, n):
    return int(g.st.options[through_the_table(g.R, g.C, g.st, kind, n, strategy.kernel_id, strategy.param_vector())])


def placement_turn(g, esplanade, occupied=()):
    """Player 1 is to place a meeple (no card in play) with `esplanade` meeples left."""
    g.st.sc[S.S_CUR] = 1
    g.st.sc[S.S_PLAYED] = -1
    g.st.sc[S.S_ESPLANADE] = esplanade
    for a, space in occupied:
        g.st.occ[a, space] = 0
    return enumerate_placements(g.R, g.st)


def test_the_planner_finishes_an_action_a_partner_opened(cat):
    g = make_game(cat, log=False)
    saw_upper = g.action("sawmill-upper")          # 2 spaces, 3 logs, safe
    set_stock(g, 0, 0, 0)
    n = placement_turn(g, esplanade=5, occupied=[(saw_upper, 0)])
    assert saw_upper in g.st.options[:n].tolist()
    assert ask(g, PLANNER, K.D_PLACE, n) == saw_upper


def test_the_planner_opens_no_action_its_meeples_cannot_finish(cat):
    """Two meeples left and one action already waiting for its second meeple: opening a
    second 2-space action would leave one of them half-filled at the round's end."""
    g = make_game(cat, log=False)
    bushes_upper = g.action("bushes-upper")
    set_stock(g, 0, 0, 0)
    n = placement_turn(g, esplanade=2, occupied=[(bushes_upper, 0)])
    choice = ask(g, PLANNER, K.D_PLACE, n)
    two_space_empty = [a for a in g.st.options[:n].tolist()
                       if a < K.N_ACTIONS and g.R.act[a, 1] == 2 and g.st.occ[a, 0] < 0]
    assert two_space_empty and choice not in two_space_empty


def test_the_planner_never_opens_an_action_with_the_last_meeple(cat):
    g = make_game(cat, log=False)
    set_stock(g, 2, 2, 2)
    n = placement_turn(g, esplanade=1)
    choice = ask(g, PLANNER, K.D_PLACE, n)
    assert g.R.act[choice, 1] == 1 or g.st.occ[choice, 0] >= 0


def test_the_planner_keeps_the_smurfberries_the_next_house_needs(cat):
    g = make_game(cat, log=False)
    card = int(g.st.inv[S.I_IDEAS, 0])
    cost = int(g.R.inv[card, 1])
    assert cost > 0
    set_stock(g, 0, 9, 9)
    need = berries_for_next_house(g.R, g.C, g.st)
    set_stock(g, need + cost - 1, 9, 9)   # crafting would leave the house one short
    g.st.sc[S.S_CUR] = 0
    g.st.options[0] = 0                   # pass
    g.st.options[1] = 1                   # craft ideas slot 0
    assert ask(g, PLANNER, K.D_BONUS, 2) == 0
    set_stock(g, need + cost, 9, 9)       # enough for both: the planner's values decide
    params = PLANNER.param_vector({"craft": 100})
    assert int(g.st.options[through_the_table(g.R, g.C, g.st, K.D_BONUS, 2, PLANNER.kernel_id, params)]) == 1


def test_the_planner_values_a_card_with_the_best_placement_it_allows(cat):
    """With a partner's meeple waiting on the Sawmill, a card that forbids the Sawmill
    (Dreamy Smurf) is worth that placement less than a card with no placement limit."""
    g = make_game(cat, log=False)
    saw_upper = g.action("sawmill-upper")
    set_stock(g, 0, 0, 0)
    placement_turn(g, esplanade=5, occupied=[(saw_upper, 0)])
    params = PLANNER.param_vector()
    limits = (K.OP_FORBID_LOCATIONS, K.OP_LAZY, K.OP_BABY, K.OP_VAIN, K.OP_NO_DANGEROUS,
              K.OP_ONE_SPACE_ONLY, K.OP_AVOID_AZRAEL, K.OP_DISCOUNT, K.OP_BUILD_DISCOUNT,
              K.OP_EXTRA_COST, K.OP_NO_INVENTIONS)
    free = [c for c in range(len(cat.smurfs)) if not any(g.R.smurf_op[c, op, K.OPV_ON] for op in limits)]
    dreamy = g.card("dreamy-smurf")
    assert free and (g.R.smurf_op[dreamy, K.OP_FORBID_LOCATIONS, K.OPV_MASK] >> 2) & 1
    score_placements(g.R, g.C, g.st, params)
    best = g.st.scores[: K.N_ACTIONS].max()
    assert g.st.scores[saw_upper] == best
    assert best_placement_with(g.R, g.C, g.st, params, free[0]) == best
    assert best_placement_with(g.R, g.C, g.st, params, dreamy) < best


def scored_then_changed(g, params, change):
    """The planner's placement scores (score_placements) and memo key before and after
    `change(g)`: (scores before, key before, scores after, key after)."""
    score_placements(g.R, g.C, g.st, params)
    before, key = g.st.scores[: K.N_ACTIONS].copy(), int(g.st.scratch[S.X_MEMO])
    change(g)
    after_key = int(memo_key(g.R, g.C, g.st))
    score_placements(g.R, g.C, g.st, params)
    return before, key, g.st.scores[: K.N_ACTIONS].copy(), after_key


def test_the_memo_key_changes_when_the_card_played_was_the_last_one_a_smurf_hunt_takes(cat):
    """The dice's harm counts a Smurf hunt only while the player holds a card it would take
    (one that is not a starting Smurf): with Storm the only such card in the hand, playing it
    changes the scores of the dangerous actions (and of Azrael's location) between the card
    decision and the placement, and so must the memo's key (the planner once placed on the
    Workshop with the memo and at the Stream without it, after a Storm)."""
    g = make_game(cat, level="smurfnightmarish", die="red", log=False)
    starting = [c for c in range(len(cat.smurfs)) if g.R.smurf_kind[c] == K.KIND_STARTING][:2]
    storm = g.card("storm")
    assert g.R.smurf_kind[storm] != K.KIND_STARTING
    layout(g, hands={0: [storm] + starting})
    g.st.sc[S.S_CUR] = 0
    set_stock(g, 3, 3, 3)
    before, key, after, after_key = scored_then_changed(
        g, PLANNER.param_vector(), lambda g: layout(g, hands={0: starting}, played=storm))
    assert after_key != key
    changed = {a for a in range(K.N_ACTIONS) if after[a] != before[a]}
    harmed = {a for a in range(K.N_ACTIONS)
              if g.R.act[a, T.A_DANGER] or g.st.loc_mod[g.R.act[a, T.A_LOC], S.LM_DANGER]
              or g.R.act[a, T.A_LOC] == g.st.sc[S.S_AZRAEL]}
    assert changed and changed <= harmed


def test_the_memo_key_changes_when_the_card_played_forbids_the_inventions(cat):
    """Under Beta Smurf no invention acts (HV-N01): a Storage Barn no longer softens a
    shortage, so the dangerous actions' scores change after the card is played, and so must
    the memo's key."""
    g = make_game(cat, level="smurfnightmarish", die="red", log=False)
    set_crafted(g, [g.invention("storage-barn")])
    set_stock(g, 3, 3, 3)
    g.st.sc[S.S_CUR] = 0
    layout(g, played=g.card("beta-smurf"))   # played: its ability comes next (rules/turn.py)

    def forbid(g):
        g.st.sc[S.S_NO_INV] = 1

    before, key, after, after_key = scored_then_changed(g, PLANNER.param_vector(), forbid)
    assert after_key != key
    assert any(after[a] != before[a] for a in range(K.N_ACTIONS))


# What the checking chooser below writes in st.trace (the rollout's trace of a replayed turn,
# free in a game the rollout does not play), one row each:
CHECKED = 0   # (placements asked, placements answered from the memo, -)
DIFFER = 1    # (placements whose chosen option differs, placements whose scores differ, -)
FIRST = 2     # the first difference (the first of a chosen option, if any): (round, turn, card)
OPTIONS = 3   # ... and (1 if the chosen option differs, the game's option, the fresh option)


def checking_chooser():
    """The planner as the game asks it, and at every placement asked again afresh on the same
    state with its memo key spoilt (the placement scores of the card decision unread, as on a
    copy of the state whose card decision was not put to the planner: a rollout's replay): the
    chosen option and every option's score must be the same. Returns the id it is bound to."""
    @numba.cfunc(CHOOSE_SIGNATURE)
    def choose_checked(rules, config, state, kind, n, params):
        R = as_record(rules, "HiddenVillageRules")
        C = as_config(config)
        st = as_record(state, "HiddenVillageState")
        i = choose_planner(R, C, st, kind, n, params)
        if kind != K.D_PLACE:
            return i
        game = np.empty(n)
        for k in range(n):
            game[k] = st.option_scores[k]
        kept = st.scratch[S.X_MEMO]
        key = memo_key(R, C, st)
        t = st.trace
        t[CHECKED, 0] += 1
        if kept == key:
            t[CHECKED, 1] += 1
        st.scratch[S.X_MEMO] = key + 1   # no memo
        j = choose_planner(R, C, st, kind, n, params)
        st.scratch[S.X_MEMO] = kept
        scores_differ = False
        for k in range(n):
            if st.option_scores[k] != game[k]:
                scores_differ = True
            st.option_scores[k] = game[k]   # the game's, as it left them
        if j != i:
            t[DIFFER, 0] += 1
        if scores_differ:
            t[DIFFER, 1] += 1
        if (j != i and t[OPTIONS, 0] == 0) or (scores_differ and t[DIFFER, 1] == 1 and t[DIFFER, 0] == 0):
            t[FIRST, 0] = st.sc[S.S_ROUND]
            t[FIRST, 1] = st.sc[S.S_TURN]
            t[FIRST, 2] = st.sc[S.S_PLAYED]
            t[OPTIONS, 0] = 1 if j != i else 0
            t[OPTIONS, 1] = st.options[i]
            t[OPTIONS, 2] = st.options[j]
        return i

    sid = PLUGIN_SLOT - 1   # an id no strategy of the game has
    assert not bound(CHOOSERS, sid)
    bind(CHOOSERS, sid, choose_checked, None)
    return sid


def option_name(cat, option):
    if option < K.N_ACTIONS:
        return cat.actions[option]["id"]
    return f"the invention in crafted slot {option - K.N_ACTIONS}"


@pytest.fixture(scope="module")
def checked_planner():
    return checking_chooser()


@pytest.mark.parametrize("level, die, players, seed, games", [
    ("smurfnightmarish", "red", 3, 11, 600),   # the games the memo once got wrong (game 35 ...)
    ("terrible", "white", 4, 7, 300),
])
def test_the_planner_places_as_it_does_without_its_memo_in_every_placement(
        cat, checked_planner, level, die, players, seed, games):
    """The planner keeps the placement scores of a turn's card decision (planner.memo_key) and
    reads them at the turn's placement: at every placement of these games its answer and
    every option's score equal the planner's answer computed afresh."""
    C, _ = make_config(cat, level=level, die=die, players=players)
    sids = np.full(2, checked_planner, np.int64)          # every seat (the chunk loop's table)
    pars = np.repeat(param_row(PLANNER.param_vector(), S.MAX_PARAMS)[None], 2, axis=0)
    st = new_state(cat.rules, event_capacity=1)
    out = np.zeros((1, K.N_RESULT_FIELDS), np.int32)
    totals = np.zeros((2, 3), np.int64)
    choice_games, score_games = [], []
    for g in range(games):
        st.trace[:, :] = 0
        run_chunk(cat.rules, C, st, 0, sids, pars, seed, g, out)
        totals += st.trace[CHECKED:DIFFER + 1]
        if st.trace[DIFFER, 1]:
            r, t, card = st.trace[FIRST]
            chose, in_game, fresh = st.trace[OPTIONS]
            where = (f"game {g}, round {r} turn {t} after {cat.card_name(card) if card >= 0 else 'no card'}: "
                     f"{option_name(cat, in_game)} in the game, {option_name(cat, fresh)} afresh")
            (choice_games if chose else score_games).append(where)
    (placements, from_memo, _), (choices, scores, _) = totals
    assert placements > 20 * games and from_memo > placements // 10   # the memo is exercised
    assert not choice_games and not scores, (
        f"{len(choice_games)} of {games} games place differently ({choices} placements), "
        f"{len(choice_games) + len(score_games)} games score differently ({scores} of "
        f"{from_memo} placements answered from the memo):\n" + "\n".join((choice_games + score_games)[:10]))
