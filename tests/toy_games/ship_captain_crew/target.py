"""`target`: rolls the cargo again when it is below the round's best score so far, or below
`target` while a player is still to play; keeps it otherwise."""
from ...harness import H_SEAT
from ...jit import cfunc, njit
from ...linked import CHOOSE_SIGNATURE, bind
from ...packed import as_record, word_tuple_view
from . import rules as R

P_TARGET = 0    # the cargo it keeps while a player is still to play (8: 2d6 averages 7)
as_config = word_tuple_view(R.Config)


@njit
def choose(Rules, C, st, kind, n, params):
    p = st.ctl[H_SEAT]
    cargo, later = st.score[p], st.live[p + 1:C.players].sum()
    return int(cargo < st.sc[R.S_BEST] or (later > 0 and cargo < params[P_TARGET]))


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    return choose(as_record(rules, "ShipCaptainCrewRules"), as_config(config),
                  as_record(state, "ShipCaptainCrewState"), kind, n, params)


bind(R.H.choosers, 10, choose_exported, choose)
