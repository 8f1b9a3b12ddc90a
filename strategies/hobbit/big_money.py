"""The `big-money` strategy of the Hobbit deck-builder, the deck-builders' baseline: it plays
every card of its hand in order, fights the archenemy whenever it can, else buys the
costliest card it affords (a Path card or the top Valor), else ends its turn. Where a card
choice is optional it destroys, Stashes, gives up or discards a Despair or a Corruption if it
holds one (else none); it discards its cheapest card; it always avoids an Attack or an Ambush
with a Defense card; every other decision takes the first option. No parameters.

Importing this module compiles (or loads) its chooser and binds it to its id in the rules'
chooser table (simcore.linked).
"""
from simcore.games.hobbit import consts as K
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit.config import as_config
from strategies.hobbit.ids import BIG_MONEY
from simcore.games.hobbit.decide import CHOOSERS
from simcore.games.hobbit.zones import effective_cost
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record


@njit
def is_junk(R, c):
    """A Despair or a Corruption: what big-money gets rid of."""
    typ = R.card[c, T.C_TYPE]
    return typ == K.T_DESPAIR or typ == K.T_CORRUPTION


@njit
def choose_big_money(R, C, st, kind, n, params):
    p = st.ctl[S.H_SEAT]
    if kind == K.D_BUY:
        best, bi = -1, n - 1                      # the last option is OPT_END
        for i in range(n):
            o = st.options[i]
            if o == K.OPT_FIGHT:
                return i
            if o != K.OPT_END:
                cost = effective_cost(R, st, p, st.optcard[i])
                if cost > best:
                    best, bi = cost, i
        return bi
    if kind == K.D_CARD:
        ask = st.sc[S.S_ASK]
        optional = st.options[n - 1] == K.NONE
        if optional:
            if ask == K.ASK_DESTROY or ask == K.ASK_STASH or ask == K.ASK_HOARD or \
                    ask == K.ASK_TAURIEL:
                for i in range(n - 1):
                    if is_junk(R, st.optcard[i]):
                        return i
            return n - 1
        if ask == K.ASK_DISCARD:
            bi = 0
            for i in range(1, n):
                if R.card[st.optcard[i], T.C_COST] < R.card[st.optcard[bi], T.C_COST]:
                    bi = i
            return bi
        return 0
    return 0     # D_PLAY: the first card (never NONE); D_DEFEND: a Defense card (NONE is last)


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """big-money as the rules call it: the records and the parameter vector by address."""
    return choose_big_money(as_record(rules, "HobbitRules"), as_config(config),
                            as_record(state, "HobbitState"), kind, n, params)


bind(CHOOSERS, BIG_MONEY, choose_exported, choose_big_money)
