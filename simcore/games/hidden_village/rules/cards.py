"""Smurf cards: drawing, reshuffling, discarding, the Cracoucass and the Smurf hunt,
relocation (HV-T02, HV-T05, HV-C01..C04, HV-X01, HV-Y01)."""
from ....jit import njit
from ....rng import shuffle
from .. import consts as K
from .. import state as S
from .core import log, log_ability
from .decide import decide
from .query import inv_slot


@njit
def push(st, pile, card):
    st.piles[pile, st.pile_n[pile]] = card
    st.pile_n[pile] += 1


@njit
def pop(st, pile):
    st.pile_n[pile] -= 1
    return st.piles[pile, st.pile_n[pile]]


@njit
def reshuffle(st):
    """Shuffle the discard pile into a new Smurf deck (HV-T05)."""
    n = st.pile_n[S.P_DISCARD]
    for i in range(n):
        push(st, S.P_DECK, st.piles[S.P_DISCARD, i])
    st.pile_n[S.P_DISCARD] = 0
    shuffle(st.piles[S.P_DECK], st.pile_n[S.P_DECK], st.rng, K.STREAM_SHUFFLE)
    log(st, K.EV_RESHUFFLE, n, 0, 0)


@njit
def draw_from_deck(st):
    """Top card of the Smurf deck, reshuffling the discard pile if the deck is empty; -1 if none."""
    if st.pile_n[S.P_DECK] == 0:
        if st.pile_n[S.P_DISCARD] == 0:
            return -1
        reshuffle(st)
    return pop(st, S.P_DECK)


@njit
def add_to_hand(st, p, card):
    st.hand[p, st.hand_n[p]] = card
    st.hand_n[p] += 1


@njit
def take_from_hand(st, p, slot):
    """Remove and return the card in hand slot `slot` of player p (order is not kept)."""
    card = st.hand[p, slot]
    last = st.hand_n[p] - 1
    st.hand[p, slot] = st.hand[p, last]
    st.hand_n[p] = last
    return card


@njit
def draw_lost_smurf(st, p):
    """HV-C01: the top lost Smurf of the Dark Forest into p's hand, else one of the additional
    pile. Returns 1 (Dark Forest), 2 (additional pile) or 0 (none left)."""
    if st.pile_n[S.P_FOREST] > 0:
        card = pop(st, S.P_FOREST)
        src = 1
    elif st.pile_n[S.P_EXTRA] > 0:
        card = pop(st, S.P_EXTRA)
        src = 2
    else:
        return 0
    add_to_hand(st, p, card)
    log(st, K.EV_DRAW, card, src, 0)
    return src


@njit
def refill_hand(C, st, p):
    """HV-T05: only with an empty hand, draw up to the starting hand size."""
    if st.hand_n[p] != 0:
        return
    while st.hand_n[p] < C.hand_size:
        card = draw_from_deck(st)
        if card < 0:
            return
        add_to_hand(st, p, card)
        log(st, K.EV_DRAW, card, 0, 0)


@njit
def is_positive(R, card):
    return R.smurf_kind[card] != K.KIND_STARTING


@njit
def cracoucass_attack(R, C, st, roller):
    """HV-X01: a meeple from the esplanade to the nest (if any), then the roller picks a player
    who discards a positive Smurf if any player holds one, else a starting Smurf."""
    st.sc[S.S_N_ATTACKS] += 1
    if st.sc[S.S_ESPLANADE] > 0:
        st.sc[S.S_ESPLANADE] -= 1
        st.sc[S.S_NEST] += 1
        log(st, K.EV_KIDNAP, 1, 0, 0)
    else:
        log(st, K.EV_KIDNAP, 0, 0, 0)
    scarer = inv_slot(R, st, K.OP_NO_CRACOUCASS_DISCARD)
    if scarer >= 0:
        log_ability(st, K.FROM_INVENTION, st.inv[S.I_CRAFTED, scarer], K.OP_NO_CRACOUCASS_DISCARD)
        return
    any_positive = False
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            if is_positive(R, st.hand[p, s]):
                any_positive = True
    k = 0
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            if is_positive(R, st.hand[p, s]) == any_positive:
                st.options[k] = p * K.CARD_SLOTS + s
                k += 1
    if k == 0:
        return
    opt = st.options[decide(R, C, st, K.D_CRACOUCASS_DISCARD, k)]
    p = opt // K.CARD_SLOTS
    card = take_from_hand(st, p, opt % K.CARD_SLOTS)
    push(st, S.P_DISCARD, card)
    log(st, K.EV_DISCARD, card, p, K.DISCARD_CRACOUCASS)


@njit
def smurf_hunt(R, C, st, roller):
    """HV-Y01: the roller discards 1 positive Smurf from hand, if they have one."""
    k = 0
    for s in range(st.hand_n[roller]):
        if is_positive(R, st.hand[roller, s]):
            st.options[k] = s
            k += 1
    if k == 0:
        log(st, K.EV_NOTHING, K.NOTHING_TO_HUNT, 0, 0)
        return
    slot = st.options[decide(R, C, st, K.D_HUNT_DISCARD, k)]
    card = take_from_hand(st, roller, slot)
    push(st, S.P_DISCARD, card)
    log(st, K.EV_DISCARD, card, roller, K.DISCARD_HUNT)


@njit
def relocate(R, C, st, optional):
    """HV-C03: remove one Smurf card from the game, from any hand or the discard pile.
    Optional after building a house (HV-L11): option -1 then means 'relocate nobody'."""
    k = 0
    if optional:
        st.options[k] = -1
        k += 1
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            st.options[k] = st.hand[p, s]
            k += 1
    for i in range(st.pile_n[S.P_DISCARD]):
        st.options[k] = st.piles[S.P_DISCARD, i]
        k += 1
    if k == 0 or (optional and k == 1):
        log(st, K.EV_NOTHING, K.NOTHING_EFFECT, 0, 0)
        return
    card = st.options[decide(R, C, st, K.D_RELOCATE, k)]
    if card < 0:
        return
    for p in range(C.players):
        for s in range(st.hand_n[p]):
            if st.hand[p, s] == card:
                take_from_hand(st, p, s)
                st.sc[S.S_REMOVED] += 1
                log(st, K.EV_RELOCATE, card, p, 0)
                return
    for i in range(st.pile_n[S.P_DISCARD]):
        if st.piles[S.P_DISCARD, i] == card:
            last = st.pile_n[S.P_DISCARD] - 1
            st.piles[S.P_DISCARD, i] = st.piles[S.P_DISCARD, last]
            st.pile_n[S.P_DISCARD] = last
            st.sc[S.S_REMOVED] += 1
            log(st, K.EV_RELOCATE, card, -1, 0)
            return
