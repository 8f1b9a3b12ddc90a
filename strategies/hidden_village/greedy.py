"""The `greedy` strategy: the option of the highest score by heuristics.py's scores.

Importing this module compiles (or loads from the kernel cache) greedy's chooser and binds it
to its id in the rules' chooser table (simcore.linked): only a run that uses greedy pays for
its compile.
"""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.rules.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record

from .needs import cache_requirements, res_value
from .values import card_value
from .placement import place_context, place_score
from .heuristics import ILLEGAL, bonus_score, full_penalty, relocate_score, score
from .params import GREEDY


def greedy_choice(R, C, st, kind, n, params):
    """The option of the highest score (ties: the first). The frequent decisions are scored in
    loops of their own, their kind dispatched once rather than per option through `score`."""
    cache_requirements(R, C, st)
    best = ILLEGAL
    bi = 0
    if kind == K.D_PLACE:
        pc = place_context(R, C, st, params)
        for i in range(n):
            s = place_score(R, C, st, params, pc, st.options[i])
            if s > best:
                best = s
                bi = i
    elif kind == K.D_BONUS:
        berry = res_value(R, C, st, params, K.BERRY)
        full = full_penalty(R, C, st, params)
        for i in range(n):
            s = bonus_score(R, C, st, params, st.options[i], berry, full)
            if s > best:
                best = s
                bi = i
    elif kind == K.D_PLAY_CARD:
        p = st.sc[S.S_CUR]
        for i in range(n):
            s = card_value(R, C, st, params, st.hand[p, st.options[i]])
            if s > best:
                best = s
                bi = i
    elif kind == K.D_RELOCATE:
        for i in range(n):
            s = relocate_score(R, C, st, params, st.options[i])
            if s > best:
                best = s
                bi = i
    else:
        for i in range(n):
            s = score(R, C, st, kind, st.options[i], params)
            if s > best:
                best = s
                bi = i
    return bi


# the kernel Python and tests call; the exported chooser types the same body in (one call fewer
# per decision: that call's last two arguments went through the stack, and its reload of them
# stalled on their stores, 1.5% of a greedy game's samples; greedy +0.5% to +1.7% in lockstep)
choose_greedy = njit(greedy_choice)
_choose_typed_in = njit(inline="always")(greedy_choice)


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """greedy as the rules call it: the records and the parameter vector by address (`params[i]`
    on the pointer: one machine word on every call between its kernels, where an array is
    seven; greedy measured +10% games/s)."""
    return _choose_typed_in(as_record(rules, "HiddenVillageRules"), as_config(config),
                            as_record(state, "HiddenVillageState"), kind, n, params)


bind(CHOOSERS, GREEDY, choose_exported, choose_greedy)
