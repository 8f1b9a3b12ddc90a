"""Invariants of the Hobbit deck-builder checked after every turn of many random games (HB-Z01):
every card in exactly one zone, the box's counts conserved, no negative Power or zone count, and
each game ending by one of its two conditions (HB-E01, HB-E02), or by the turn cap
(HB-E04) where random players let the Path stand still (a rule-playing strategy never reaches
it: tests/hobbit/test_strategies.py). A few thousand games per
configuration in the default suite; 20 000 at each of 2-5 players in every mode in the slow
tier (`scripts/test --slow`)."""
import numpy as np
import pytest

from simcore.harness import start_game
from simcore.games.hobbit import consts as K
from simcore.games.hobbit import game as G
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit import turn as TU
from simcore.games.hobbit.config import make_config
from simcore import jit
from simcore.policy import RANDOM
from tests import invariant_count
from tests.hobbit.scenario import CAT

WITH_THE_RULES = jit.njit_with("simcore.games.hobbit.turn")

BAD_CENSUS, BAD_POWER, BAD_ZONE, BAD_END = 1, 2, 3, 4


@WITH_THE_RULES
def _tally(st, counts):
    counts[:] = 0
    for p in range(K.MAX_PLAYERS):
        for z in range(K.N_PLAYER_ZONES):
            if st.zn[p, z] < 0:
                return BAD_ZONE
            for i in range(st.zn[p, z]):
                counts[st.z[p, z, i]] += 1
    for i in range(st.sc[S.S_MAIN_N]):
        counts[st.main[i]] += 1
    for i in range(st.sc[S.S_VALOR_N]):
        counts[st.valor[i]] += 1
    for i in range(st.sc[S.S_CORR_N]):
        counts[st.corr[i]] += 1
    for i in range(st.sc[S.S_ARCH_N]):
        counts[st.arch[i]] += 1
    for i in range(st.sc[S.S_DESTROYED_AUJ_N]):
        counts[st.destroyed_auj[i]] += 1
    for i in range(st.sc[S.S_DESTROYED_DOS_N]):
        counts[st.destroyed_dos[i]] += 1
    for i in range(st.sc[S.S_REMOVED_N]):
        counts[st.removed[i]] += 1
    for i in range(st.sc[S.S_BOX_N]):
        counts[st.box[i]] += 1
    for s in range(K.MAX_PATH):
        if st.path[s] >= 0:
            counts[st.path[s]] += 1
    return 0


@WITH_THE_RULES
def _check(R, st, counts):
    bad = _tally(st, counts)
    if bad:
        return bad
    for k in range(R.card.shape[0]):
        want = R.card[k, T.C_COUNT] * (K.MAX_PLAYERS if R.card[k, T.C_SET] == K.SET_START else 1)
        if counts[k] != want:
            return BAD_CENSUS
    if st.sc[S.S_POWER] < 0:
        return BAD_POWER
    return 0


@WITH_THE_RULES
def _checked_games(R, C, st, seed, n, counts, bad):
    """Play n games turn by turn, checking after every step of every turn; bad[g] is the
    first violation of game g (0: none)."""
    for g in range(n):
        start_game(C, st, seed, g)
        G.setup_game(R, C, st, g)
        st.sid[:] = RANDOM
        b = _check(R, st, counts)
        players = st.sc[S.S_PLAYERS]
        cur = 0
        while b == 0 and st.sc[S.S_END] == 0:
            if cur == 0:
                st.sc[S.S_ROUND] += 1
            st.sc[S.S_TURN] += 1
            st.sc[S.S_CUR] = cur
            TU.start_turn(R, C, st, cur)
            b = _check(R, st, counts)
            TU.play_hand(R, C, st, cur)
            b = b or _check(R, st, counts)
            if st.sc[S.S_END] == 0:
                TU.rest_of_turn(R, C, st, cur, st.sc[S.S_DRAWN])   # buys, and what they draw
                b = b or _check(R, st, counts)
            if st.sc[S.S_END] == 0:
                TU.end_turn(R, C, st, cur)
                b = b or _check(R, st, counts)
            if st.sc[S.S_TURN] >= R.k[T.K_MAX_TURNS]:
                st.sc[S.S_END] = K.END_CUT
                break
            cur = (cur + 1) % players
        if b == 0 and st.sc[S.S_END] != K.END_SMAUG and st.sc[S.S_END] != K.END_PATH and \
                st.sc[S.S_END] != K.END_CUT:
            b = BAD_END
        bad[g] = b


def _run(players, mode, start, games, seed=11):
    cfg, _ = make_config(CAT, players=players, mode=mode, start=start)
    st = S.new_state(CAT.rules, event_capacity=1)
    counts = np.zeros(CAT.rules.card.shape[0], np.int64)
    bad = np.zeros(games, np.int64)
    _checked_games(CAT.rules, cfg, st, seed, games, counts, bad)
    invariant_count.add(games, int((bad > 0).sum()))
    return bad


CASES = [(p, m, "auj") for p in (2, 3, 4, 5) for m in K.MODES] + [(p, "normal", "dos") for p in (2, 5)]


@pytest.mark.rule("HB-Z01")
@pytest.mark.parametrize("players,mode,start", CASES)
def test_random_games_keep_every_card_in_one_zone_and_end_by_a_rule(players, mode, start):
    bad = _run(players, mode, start, 400)
    assert not bad.any(), f"games {np.flatnonzero(bad)[:5].tolist()} broke invariant {bad[bad > 0][:5].tolist()}"


@pytest.mark.slow
@pytest.mark.rule("HB-Z01")
@pytest.mark.parametrize("players,mode", [(p, m) for p in (2, 3, 4, 5) for m in K.MODES])
def test_twenty_thousand_random_games_keep_the_invariants(players, mode):
    bad = _run(players, mode, "auj", 20000, seed=29)
    assert not bad.any(), f"{int((bad > 0).sum())} games broke an invariant: first {np.flatnonzero(bad)[:5].tolist()}"
