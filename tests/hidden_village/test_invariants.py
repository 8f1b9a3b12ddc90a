"""Invariants over many random games: meeples, cards, inventions and resources conserved;
nothing negative; every game ends; victory only with the three objectives; defeat only by
Too Late. Checked after every turn and at every end of round.

The default suite plays a reduced number of games per level and die; the slow tier
(`scripts/test --slow`) plays 20 000 per level and die.
"""
import numpy as np
import pytest

import strategies
from simcore import jit
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.config import make_config
from simcore.games.hidden_village.rules.core import objectives_met
from simcore.games.hidden_village.rules.setup import setup_game
from simcore.games.hidden_village.rules.decide import CHOOSERS, plan_turn
from simcore.games.hidden_village.rules.turn import begin_round, end_of_round, play_turn
from simcore.games.hidden_village.state import new_state
from simcore.harness import start_game
from simcore.linked import prepare_seats
from tests import invariant_count
from tests.conftest import seat_all

# numba's cache keyed by this file alone would keep stale copies of the rules it calls
WITH_THE_RULES = jit.njit_with("simcore.games.hidden_village.rules")

# violation codes returned by check_state
OK, MEEPLES, CARDS, CARD_DUPLICATE, INVENTIONS, NEGATIVE, SUPPLY, ROUNDS, WIN_WITHOUT, LOSS_REASON, \
    RESOURCES, HOUSES, CRAFTED_OPS = range(13)
NAMES = ["ok", "meeples not conserved", "Smurf cards not conserved", "a Smurf card in two places",
         "Invention cards not conserved", "a negative count", "stock above the supply",
         "more rounds than Gargamel cards", "victory without the three objectives",
         "a loss other than Too Late", "resources not conserved (stock != gains - costs - losses)",
         "more houses built than in play",
         "the inventions zone's op mask (S_CRAFTED_OPS) is not its crafted inventions' masks or-ed"]


@WITH_THE_RULES
def check_state(R, C, st, seen, flow):
    """0 if every invariant holds, else a violation code. flow[r] = gains - payments - losses
    of resource r summed from the game log."""
    placed = 0
    for a in range(K.N_ACTIONS):
        for s in range(K.MAX_SPACES):
            if st.occ[a, s] >= 0:
                placed += 1
    sc = st.sc
    for x in (sc[S.S_ESPLANADE], sc[S.S_NEST], sc[S.S_IDLE], st.stock[0], st.stock[1], st.stock[2],
              st.pile_n[0], st.pile_n[1], st.pile_n[2], st.pile_n[3], st.inv_n[0], st.inv_n[1],
              st.inv_n[2], sc[S.S_GARG_N]):
        if x < 0:
            return NEGATIVE
    on_inventions = sc[S.S_INV_ORPHANS]
    for i in range(st.inv_n[S.I_CRAFTED]):
        if st.inv_occ[i]:
            on_inventions += 1
    if sc[S.S_ESPLANADE] + sc[S.S_NEST] + sc[S.S_IDLE] + placed + on_inventions != sc[S.S_MEEPLES]:
        return MEEPLES
    if sc[S.S_MEEPLES] > R.setup[1]:
        return MEEPLES
    n_cards = R.smurf_kind.shape[0]
    seen[:] = 0
    total = sc[S.S_REMOVED]
    for pile in range(S.N_PILES):
        for i in range(st.pile_n[pile]):
            seen[st.piles[pile, i]] += 1
        total += st.pile_n[pile]
    for p in range(C.players):
        for i in range(st.hand_n[p]):
            seen[st.hand[p, i]] += 1
        total += st.hand_n[p]
    if sc[S.S_PLAYED] >= 0:
        seen[sc[S.S_PLAYED]] += 1
        total += 1
    if total != n_cards:
        return CARDS
    for c in range(n_cards):
        if seen[c] > 1:
            return CARD_DUPLICATE
    if st.inv_n[0] + st.inv_n[1] + st.inv_n[2] + sc[S.S_INV_DISCARD] != R.inv.shape[0]:
        return INVENTIONS
    if st.inv_n[S.I_CRAFTED] > R.setup[2]:
        return INVENTIONS
    ops = 0
    for i in range(st.inv_n[S.I_CRAFTED]):
        ops |= R.inv_ops[st.inv[S.I_CRAFTED, i]]
    if ops != sc[S.S_CRAFTED_OPS]:
        return CRAFTED_OPS
    if C.finite_supply:
        for r in range(K.N_RES):
            if st.stock[r] > R.setup[4]:
                return SUPPLY
    for r in range(K.N_RES):
        if st.stock[r] != flow[r]:
            return RESOURCES
    built = 0
    for h in range(sc[S.S_N_HOUSES]):
        built += st.house_built[h]
    if built > sc[S.S_N_HOUSES]:
        return HOUSES
    if sc[S.S_ROUND] > C.n_garg:
        return ROUNDS
    if sc[S.S_OUTCOME] == K.WIN and not objectives_met(st):
        return WIN_WITHOUT
    if sc[S.S_OUTCOME] == K.LOSS and sc[S.S_LOSS] != K.LOSS_TOO_LATE:
        return LOSS_REASON
    return OK


@WITH_THE_RULES
def resource_flow(st, flow):
    """Fold the new events of the log into flow[] and clear the log (keeps the buffer small)."""
    for i in range(st.ctl[S.H_EV_N]):
        kind = st.events[i, 0]
        r = st.events[i, 3]
        n = st.events[i, 4]
        if kind == K.EV_GAIN:
            flow[r] += n
        elif kind == K.EV_PAY or kind == K.EV_LOSE:
            flow[r] -= n
        elif kind == K.EV_CRAFT:  # a: invention, b: Smurfberries paid
            flow[K.BERRY] -= n
    st.ctl[S.H_EV_N] = 0


@WITH_THE_RULES
def play_checked(R, C, st, seed, start, n, out):
    """Play games start..start+n-1 turn by turn, the seats as st's (a rollout plans each turn
    first, as the rules' round does), checking invariants after every turn and end of round.
    out[i] = (violation code, outcome, rounds)."""
    seen = np.zeros(R.smurf_kind.shape[0], np.int32)
    flow = np.zeros(K.N_RES, np.int64)
    for g in range(n):
        start_game(C, st, seed, start + g)
        setup_game(R, C, st, start + g)
        flow[:] = 0
        resource_flow(st, flow)
        code = check_state(R, C, st, seen, flow)
        while code == OK and st.sc[S.S_OUTCOME] == K.RUNNING:
            p = begin_round(st)
            while code == OK and st.sc[S.S_ESPLANADE] > 0 and st.sc[S.S_OUTCOME] == K.RUNNING:
                plan_turn(R, C, st, p)
                play_turn(R, C, st, p)
                resource_flow(st, flow)
                code = check_state(R, C, st, seen, flow)
                p = (p + 1) % C.players
            if code == OK and st.sc[S.S_OUTCOME] == K.RUNNING:
                end_of_round(R, C, st)
                resource_flow(st, flow)
                code = check_state(R, C, st, seen, flow)
            if st.sc[S.S_ROUND] > 1000:
                code = ROUNDS
        out[g, 0] = code
        out[g, 1] = st.sc[S.S_OUTCOME]
        out[g, 2] = st.sc[S.S_ROUND]


CONFIGS = [(level, die) for level in ("standard", "complex", "terrible") for die in ("white", "red")] + \
          [("smurfnightmarish", "red")]


def play_config(cat, level, die, games, players=3, finite_supply=False, seed=2026,
                strategy="random", hungry=None):
    """Play `games` games of one configuration with every invariant checked after every turn
    and end of round: rows of (violation code, outcome, rounds)."""
    C, _ = make_config(cat, level=level, die=die, hungry=hungry, players=players,
                       finite_supply=finite_supply, log=True)
    st = new_state(cat.rules, event_capacity=4096)
    out = np.zeros((games, 3), np.int64)
    s = strategies.get(strategy)
    seat_all(st, s.kernel_id, s.param_vector())
    prepare_seats(CHOOSERS, st.sid[:1], st.par[:1])   # a rollout's base bound, as a run binds it
    play_checked(cat.rules, C, st, seed, 0, games, out)
    invariant_count.add(games, (out[:, 0] != OK).sum() + (out[:, 1] == K.RUNNING).sum())
    return out


def run_checked(cat, level, die, games, players=3, finite_supply=False, seed=2026,
                strategy="random", hungry=None):
    out = play_config(cat, level, die, games, players, finite_supply, seed, strategy, hungry)
    bad = out[out[:, 0] != OK]
    assert len(bad) == 0, f"{level}/{die}: {len(bad)} games broke an invariant, first: {NAMES[bad[0, 0]]}"
    assert (out[:, 1] != K.RUNNING).all(), "every game ends"
    return out


@pytest.mark.parametrize("level,die", CONFIGS)
@pytest.mark.rule("HV-G01")
@pytest.mark.rule("HV-G02")
def test_invariants_hold_over_random_games(cat, level, die):
    out = run_checked(cat, level, die, games=150)
    n_garg = cat.levels[level]["gargamel_cards"]
    assert out[:, 2].max() <= n_garg


@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_invariants_hold_for_every_player_count(cat, players):
    run_checked(cat, "standard", "white", games=100, players=players)


@pytest.mark.parametrize("strategy", ["greedy", "planner"])
@pytest.mark.parametrize("level,die", [("standard", "white"), ("terrible", "red")])
def test_invariants_hold_when_teams_build_and_win(cat, strategy, level, die):
    """Strategies that build, bake and win reach states random play never does."""
    out = run_checked(cat, level, die, games=150, strategy=strategy)
    assert (out[:, 1] == K.WIN).any()


def test_invariants_hold_with_finite_supply(cat):
    run_checked(cat, "complex", "red", games=150, finite_supply=True)


@pytest.mark.slow
@pytest.mark.parametrize("level,die", CONFIGS)
def test_invariants_hold_over_20000_games(cat, level, die):
    run_checked(cat, level, die, games=20000)
