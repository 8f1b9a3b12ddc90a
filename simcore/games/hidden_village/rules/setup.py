"""Setting up a game (HV-S01..S11, HV-D01): every field of the State is reset here."""
from ....jit import njit
from ....rng import randint, shuffle
from .. import consts as K
from .. import state as S
from .. import tables as T
from .core import log
from .inventions import reveal_ideas


@njit
def reset_state(R, C, st):
    st.sc[:] = 0
    st.scratch[:] = 0
    st.ctl[S.N_H:] = 0     # the game's own control words (the harness's: simcore.harness.start_game)
    st.sc[S.S_FIRST] = C.first_player
    st.sc[S.S_CUR] = C.first_player
    st.sc[S.S_OUTCOME] = K.RUNNING
    st.sc[S.S_ESPLANADE] = R.setup[T.SU_MEEPLES]
    st.sc[S.S_MEEPLES] = R.setup[T.SU_MEEPLES]
    st.sc[S.S_PLAYED] = -1
    st.sc[S.S_GARG_TOP] = -1
    st.sc[S.S_N_HOUSES] = C.n_houses
    st.sc[S.S_N_CAKES] = C.n_cakes
    st.sc[S.S_DIE] = -1
    st.sc[S.S_FACE] = -1
    st.stock[:] = 0
    st.occ[:, :] = -1
    st.loc_mod[:, :] = 0
    st.pile_n[:] = 0
    st.hand_n[:] = 0
    st.inv_n[:] = 0
    st.house_built[:] = 0
    st.cake_done[:] = 0
    st.inv_occ[:] = 0
    st.inv_used[:] = 0


@njit
def setup_game(R, C, st, game_index):
    """Set up game `game_index` (its streams seeded: simcore.harness.start_game): every shuffle
    draws from the setup stream. Returns the focal seat, 0: every seat plays the team's
    strategy."""
    reset_state(R, C, st)
    rs = K.STREAM_SETUP
    # HV-S02: each house gets a roof drawn at random
    n_roofs = R.roof_cost.shape[0]
    for i in range(n_roofs):
        st.house_roof[i] = i
    shuffle(st.house_roof, n_roofs, st.rng, rs)
    for h in range(C.n_houses):
        log(st, K.EV_SETUP_HOUSE, h, st.house_roof[h], 0)
    # HV-S03: shuffle the Cake cards; the first n are revealed
    for i in range(R.cake.shape[0]):
        st.cake[i] = i
    shuffle(st.cake, R.cake.shape[0], st.rng, rs)
    for i in range(C.n_cakes):
        log(st, K.EV_SETUP_CAKE, st.cake[i], 0, 0)
    # HV-S04: shuffle the Invention deck and reveal the ideas
    ni = R.inv.shape[0]
    for i in range(ni):
        st.inv[S.I_DECK, i] = i
    st.inv_n[S.I_DECK] = ni
    shuffle(st.inv[S.I_DECK], ni, st.rng, rs)
    reveal_ideas(st, R.setup[T.SU_IDEAS_AT_SETUP])
    # HV-S07 (assumed): n - 1 shuffled effect cards above Too Late, or Too Late shuffled into
    # the bottom k cards. Index 0 is the bottom of the deck.
    ng = R.garg.shape[0]
    k = 1
    too_late = 0
    for c in range(ng):
        if R.garg[c, T.G_TIMING] == K.G_TOO_LATE:
            too_late = c
        else:
            st.garg_deck[k] = c
            k += 1
    shuffle(st.garg_deck[1:], k - 1, st.rng, rs)
    # the deck is the bottom slot plus the first n - 1 shuffled effect cards above it
    st.garg_deck[0] = too_late
    if C.too_late_k > 1:
        j = randint(st.rng, rs, C.too_late_k)
        st.garg_deck[0] = st.garg_deck[j]
        st.garg_deck[j] = too_late
    st.sc[S.S_GARG_N] = C.n_garg
    st.garg_seen[:] = 0
    # HV-S08: the Dark Forest takes n lost Smurfs of a shuffle; the rest form the additional pile
    ns = R.smurf_kind.shape[0]
    nl = 0
    for c in range(ns):
        if R.smurf_kind[c] != K.KIND_STARTING:
            st.piles[S.P_FOREST, nl] = c
            nl += 1
    shuffle(st.piles[S.P_FOREST], nl, st.rng, rs)
    for i in range(C.n_lost, nl):
        st.piles[S.P_EXTRA, i - C.n_lost] = st.piles[S.P_FOREST, i]
    st.pile_n[S.P_EXTRA] = nl - C.n_lost
    st.pile_n[S.P_FOREST] = C.n_lost
    # HV-S09: deal the starting Smurfs; the rest form the Smurf deck
    n_start = 0
    for c in range(ns):
        if R.smurf_kind[c] == K.KIND_STARTING:
            st.piles[S.P_DECK, n_start] = c
            n_start += 1
    shuffle(st.piles[S.P_DECK], n_start, st.rng, rs)
    st.pile_n[S.P_DECK] = n_start
    for p in range(C.players):
        for _ in range(C.hand_size):
            st.pile_n[S.P_DECK] -= 1
            card = st.piles[S.P_DECK, st.pile_n[S.P_DECK]]
            st.hand[p, st.hand_n[p]] = card
            st.hand_n[p] += 1
            log(st, K.EV_DEAL, card, p, 0)
    log(st, K.EV_FIRST_PLAYER, st.sc[S.S_FIRST], 0, 0)
    return 0
