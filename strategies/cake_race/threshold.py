"""The `threshold` strategy: walk the shortest way, leave the cake once carrying k cakes.

Importing this module compiles (or loads from the kernel cache) its chooser and binds it to its
id in the cake race's chooser table (simcore.linked): only a run that seats it pays for it.
"""
from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.config import as_config
from strategies.cake_race.ids import THRESHOLD
from simcore.games.cake_race.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record


@njit
def leave_threshold(R, st, p, par):
    """Leave the cake once carrying at least k cakes."""
    return 1 if st.pl[p, S.P_CARRIED] >= par[0] else 0


@njit
def choose_threshold(R, cfg, st, kind, n, params):
    """Moves take option 0 (the nearest to the goal); at the cake, leave at k cakes. The
    deciding seat is the one whose turn it is."""
    if kind == K.D_STAY:
        return leave_threshold(R, st, st.sc[S.S_CUR], params)
    return 0


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """threshold as the rules call it: the records by address, the seat's parameters by
    the address of their values."""
    return choose_threshold(as_record(rules, "CakeRaceRules"), as_config(config),
                         as_record(state, "CakeRaceState"), kind, n, params)


bind(CHOOSERS, THRESHOLD, choose_exported, choose_threshold)
