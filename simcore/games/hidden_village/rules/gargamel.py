"""Gargamel's cards at the end of the round (HV-E02, HV-G02, HV-G03, HV-N18, HV-N19)."""
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .cards import cracoucass_attack
from .core import log, log_ability, lose_choice, objectives_changed
from .decide import decide
from .inventions import destroy_invention, discard_all_ideas, discard_crafted
from .query import inv_slot, stock_total


@njit
def destroy_house(st, h):
    """HV-G03: the roof is turned back upside down; the house must be built again."""
    st.house_built[h] = 0
    objectives_changed(st)
    log(st, K.EV_HOUSE_DESTROYED, h, st.house_roof[h], 0)


@njit
def choose_built_house(R, C, st, kind, first):
    """Offer every built house after the `first` options already in st.options; -1 if none.
    With the Sturdy Roof crafted no house can be destroyed, so none is offered."""
    k = first
    if inv_slot(R, st, K.OP_NO_HOUSE_DESTROY) < 0:
        for h in range(st.sc[S.S_N_HOUSES]):
            if st.house_built[h]:
                st.options[k] = h
                k += 1
    if k == 0:
        return -1
    return st.options[decide(R, C, st, kind, k)]


@njit
def apply_gargamel_effect(R, C, st, card, j):
    op = R.garg_eff[card, j, T.GE_OP]
    loc = R.garg_eff[card, j, T.GE_LOC]
    res = R.garg_eff[card, j, T.GE_RES]
    amount = R.garg_eff[card, j, T.GE_AMOUNT]
    if op == K.GE_LOSE_HALF:
        n = st.stock[res] // 2
        if n > 0:
            st.stock[res] -= n
            log(st, K.EV_LOSE, res, n, 0)
    elif op == K.GE_LOSE_OR_DESTROY:
        k = 0
        if stock_total(st) >= amount:
            st.options[0] = -1
            k = 1
        h = choose_built_house(R, C, st, K.D_FIT_OF_RAGE, k)
        if h >= 0:
            destroy_house(st, h)
        else:
            # chose to lose resources, or (HV-N18) too few resources and no house built:
            # lose as many as possible
            lose_choice(R, C, st, amount)
    elif op == K.GE_LOSE:
        lose_choice(R, C, st, amount)
    elif op == K.GE_DESTROY_HOUSE:
        h = choose_built_house(R, C, st, K.D_DESTROY_HOUSE, 0)
        if h >= 0:
            destroy_house(st, h)
        elif inv_slot(R, st, K.OP_NO_HOUSE_DESTROY) >= 0:
            log_ability(st, K.FROM_INVENTION, st.inv[S.I_CRAFTED, inv_slot(R, st, K.OP_NO_HOUSE_DESTROY)],
                        K.OP_NO_HOUSE_DESTROY)
    elif op == K.GE_CRACOUCASS:
        cracoucass_attack(R, C, st, st.sc[S.S_FIRST])
    elif op == K.GE_DISCARD_IDEAS:
        discard_all_ideas(st)
    elif op == K.GE_DESTROY_INVENTION:
        destroy_invention(R, C, st)
    elif op == K.GE_BLOCK_LOCATION:
        st.loc_mod[loc, S.LM_BLOCKED] = 1
    elif op == K.GE_DANGER_LOCATION:
        st.loc_mod[loc, S.LM_DANGER] = 1
    elif op == K.GE_EXTRA_COST:
        st.loc_mod[loc, S.LM_EXTRA + res] += amount


@njit
def reveal_gargamel(R, C, st):
    """HV-E02: reveal the top card; it covers the previous one (whose lasting effect ends).
    Immediate effects apply now; lasting ones hold through the next round; Too Late loses.
    Returns the card, or -1 if the deck was empty."""
    st.loc_mod[:, :] = 0
    if st.sc[S.S_GARG_N] == 0:
        st.sc[S.S_OUTCOME] = K.LOSS
        st.sc[S.S_LOSS] = K.LOSS_DECK_EMPTY
        log(st, K.EV_OUTCOME, K.LOSS, K.LOSS_DECK_EMPTY, 0)
        return -1
    st.sc[S.S_GARG_N] -= 1
    card = st.garg_deck[st.sc[S.S_GARG_N]]
    st.sc[S.S_GARG_TOP] = card
    st.garg_seen[card] = 1
    log(st, K.EV_GARGAMEL, card, 0, 0)
    slot = inv_slot(R, st, K.OP_REWIND)
    if slot >= 0 and R.garg[card, T.G_TIMING] != K.G_TOO_LATE and st.sc[S.S_GARG_N] > 0:
        # HV-N16: Rewind Spell puts the card at the bottom of the deck and reveals a new one,
        # which must be applied. Too Late cannot be rewound: revealing it loses the game
        # (HV-G02); with no other card left there is nothing new to reveal.
        st.options[0] = 0
        st.options[1] = 1
        if st.options[decide(R, C, st, K.D_REWIND, 2)] == 1:
            spell = st.inv[S.I_CRAFTED, slot]
            st.sc[S.S_N_INV_USED] += 1
            log_ability(st, K.FROM_INVENTION, spell, K.OP_REWIND)
            discard_crafted(R, C, st, slot, K.INV_OUT_SPENT)
            n = st.sc[S.S_GARG_N]
            for i in range(n, 0, -1):
                st.garg_deck[i] = st.garg_deck[i - 1]
            st.garg_deck[0] = card
            log(st, K.EV_REWIND, card, 0, 0)
            card = st.garg_deck[n]
            st.sc[S.S_GARG_TOP] = card
            st.garg_seen[card] = 1
            log(st, K.EV_GARGAMEL, card, 0, 0)
    if R.garg[card, T.G_TIMING] == K.G_TOO_LATE:
        st.sc[S.S_OUTCOME] = K.LOSS
        st.sc[S.S_LOSS] = K.LOSS_TOO_LATE
        log(st, K.EV_OUTCOME, K.LOSS, K.LOSS_TOO_LATE, 0)
        return card
    for j in range(K.MAX_G_EFFECTS):
        if R.garg_eff[card, j, T.GE_OP] != K.GE_NONE:
            apply_gargamel_effect(R, C, st, card, j)
    return card
