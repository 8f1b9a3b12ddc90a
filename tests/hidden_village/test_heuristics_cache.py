"""Greedy counts what the objectives require once per decision (needs.cache_requirements),
and keeps the count until a rule changes a house or a cake: over positions of real games, the
one-pass count must equal a plain count from the rules data, the cached answers must equal the
uncached ones, a count kept between decisions must equal a recount, and the starting cards
left must be counted right."""
import numpy as np

import strategies
from simcore.games.hidden_village import consts as K
from strategies.hidden_village import needs as N
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.turn import begin_round, end_of_round, play_turn
from simcore.games.hidden_village.state import new_state
from tests.conftest import seat_all, set_up


def counted_by_hand(R, C, st):
    """What the unbuilt houses and unprepared stock cakes require of each resource, the kinds
    of the unprepared cakes, and the starting cards in hands and discard, counted plainly."""
    req = [0, 0, 0]
    for h in range(st.sc[S.S_N_HOUSES]):
        if not st.house_built[h]:
            for r in range(K.N_RES):
                req[r] += int(R.roof_cost[st.house_roof[h], r])
    kinds = set()
    for i in range(st.sc[S.S_N_CAKES]):
        if st.cake_done[i]:
            continue
        c = st.cake[i]
        kind, n = int(R.cake[c, T.CAKE_REQ]), int(R.cake[c, T.CAKE_N])
        kinds.add(kind)
        for r in range(K.N_RES):
            if kind == K.CAKE_STOCK_EACH or (kind == K.CAKE_STOCK_OF and R.cake[c, T.CAKE_RES] == r):
                req[r] = max(req[r], n)
            elif kind == K.CAKE_STOCK_TOTAL:
                req[r] = max(req[r], (n + 2) // 3)
    cards = [st.hand[p, s] for p in range(C.players) for s in range(st.hand_n[p])]
    cards += list(st.piles[S.P_DISCARD, :st.pile_n[S.P_DISCARD]])
    starting = sum(1 for c in cards if R.smurf_kind[c] == K.KIND_STARTING)
    return req, kinds, starting


def positions(cat, level, die, games, seed, strategy="random"):
    """The state after every turn of `games` games played by `strategy`."""
    C, _ = make_config(cat, level=level, die=die, players=3)
    s = strategies.get(strategy)
    st = new_state(cat.rules, event_capacity=1)
    seat_all(st, s.kernel_id, s.param_vector())
    for g in range(games):
        set_up(cat.rules, C, st, seed, g)
        while st.sc[S.S_OUTCOME] == K.RUNNING:
            p = begin_round(st)
            while st.sc[S.S_ESPLANADE] > 0 and st.sc[S.S_OUTCOME] == K.RUNNING:
                play_turn(cat.rules, C, st, p)
                yield C, st
                p = (p + 1) % C.players
            if st.sc[S.S_OUTCOME] == K.RUNNING:
                end_of_round(cat.rules, C, st)


def test_greedys_counts_equal_a_plain_count_over_played_games(cat):
    R = cat.rules
    checked = 0
    seen_kinds = set()
    seen_starting = set()
    for level, die in (("standard", "white"), ("smurfnightmarish", "red")):
        for C, st in positions(cat, level, die, games=6, seed=7):
            req, kinds, starting = counted_by_hand(R, C, st)
            got = N.objectives(R, C, st)
            assert list(got.units) == req
            assert {k for k in range(len(K.CAKE_REQUIRES)) if (got.cakes_open >> k) & 1} == kinds
            st.scratch[S.X_REQ_VER] = 0   # no counts kept: the plain answers count
            plain = ([N.need(R, C, st, r) for r in range(K.N_RES)],
                     [N.cake_open(R, C, st, k) for k in range(len(K.CAKE_REQUIRES))])
            N.cache_requirements(R, C, st)
            cached = ([N.need(R, C, st, r) for r in range(K.N_RES)],
                      [N.cake_open(R, C, st, k) for k in range(len(K.CAKE_REQUIRES))])
            assert cached == plain
            assert plain[0] == [req[r] - st.stock[r] for r in range(K.N_RES)]
            assert N.starting_cards_left(R, C, st) == starting
            assert N.starting_cards_left(R, C, st, 1) == min(starting, 1)
            seen_starting.add(starting > 0)
            seen_kinds |= kinds
            checked += 1
    assert checked > 200
    assert len(seen_kinds) >= 3   # the decks dealt cakes of several kinds
    assert seen_starting == {True}
    last = st.copy()   # none left: empty hands and discard pile
    last.hand_n[:] = 0
    last.pile_n[S.P_DISCARD] = 0
    assert N.starting_cards_left(R, C, last) == 0 and N.starting_cards_left(R, C, last, 1) == 0


def test_counts_kept_between_greedys_decisions_equal_a_recount_after_every_turn(cat):
    """The counts are kept from one decision to the next until a rule builds or destroys a
    house or prepares a cake (each bumps S_OBJ_VER): after every turn of greedy games, in
    which houses are built, cakes prepared and houses destroyed by Gargamel, counts marked
    current must equal a plain recount."""
    R = cat.rules
    current = stale = destroyed = 0
    for level, die in (("standard", "white"), ("smurfnightmarish", "red")):
        built_before = 0
        for C, st in positions(cat, level, die, games=10, seed=11, strategy="greedy"):
            built = int(st.house_built[:st.sc[S.S_N_HOUSES]].sum())
            destroyed += built < built_before
            built_before = built
            if st.scratch[S.X_REQ_VER] != st.sc[S.S_OBJ_VER] + 1:
                stale += 1
                continue
            req, kinds, _ = counted_by_hand(R, C, st)
            assert [int(st.scratch[S.X_REQ_0 + r]) for r in range(K.N_RES)] == req
            assert {k for k in range(len(K.CAKE_REQUIRES)) if (st.scratch[S.X_CAKES_OPEN] >> k) & 1} == kinds
            current += 1
    assert current > 300 and stale > 0 and destroyed > 0
