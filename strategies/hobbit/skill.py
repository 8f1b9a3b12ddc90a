"""The skill scale of the Hobbit deck-builder (`skill`): a player of limited skill, from 0
(plays like `random`) to 1 (plays like `greedy`, the strongest strategy that does not search:
`lookahead` plays greedy's values out on copies of the game, which a person's misjudgement of
the options does not model).

The error model is Gnome Village's (strategies/gnome_village/skill.py) on greedy's values: at
every decision greedy values each legal option (values.fill_values, in points), and a player
of skill s takes option i with probability proportional to exp(beta * (value_i - best)),
beta = s / ((1 - s) * mistake). At skill 0.5 an option `mistake` points worse than the best is
taken e^-1 = 0.37 times as often as the best. At 0 every legal option is equally likely, drawn
as `random` draws (the same policy stream, the same call), so skill 0 plays random's very
games; at 1 greedy's choice is taken without a draw, so skill 1 plays greedy's very games. A
value greedy gives as a rule of its play (a fight in co-op, a defense: values.W_ALWAYS) is a
gap no skill below 1 ignores entirely but that is taken almost surely once skill > 0. Each seat
may have its own skill (`seat_0`..`seat_4`, -1 for `skill`); with `--rivals same` the rivals
play the scale at `rival_skill` (0.5 by default; -1: every seat at `skill`).

What it represents: misjudging close options often and clearly different ones seldom, at
every decision. What it does not: forgotten rules (every move is legal), a plan over several
turns, learning during a game.

Importing this module compiles (or loads) its chooser and greedy's values, and binds it to its
id in the rules' chooser table (simcore.linked).
"""
from math import exp

from simcore.games.hobbit import consts as K
from simcore.games.hobbit import state as S
from simcore.games.hobbit.config import as_config
from strategies.hobbit.ids import SKILL
from simcore.games.hobbit.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record
from simcore.policy import seat_skill
from simcore.rng import randint, uniform

from .skill_params import GREEDY_AT, P_MISTAKE, P_RIVAL_SKILL, P_SEAT_0, P_SKILL
from .values import best_index, fill_values, option_floats


@njit
def choose_skill(R, C, st, kind, n, params):
    """Option i with probability proportional to exp(beta * (greedy's value_i - best)); skill 0
    is random's draw, skill 1 greedy's choice (the first of the best values, as greedy takes)."""
    skill = seat_skill(params, st.ctl[S.H_SEAT], st.sc[S.S_FOCAL], P_SKILL, P_RIVAL_SKILL, P_SEAT_0)
    if skill <= 0.0:
        return randint(st.rng, K.STREAM_POLICY, n)
    out = option_floats()
    fill_values(R, C, st, st.ctl[S.H_SEAT], kind, n, params, GREEDY_AT, out)
    bi = best_index(out, n)
    if skill >= 1.0:
        return bi
    beta = skill / ((1.0 - skill) * params[P_MISTAKE])
    best = out[bi]
    total = 0.0
    for i in range(n):
        total += exp(beta * (out[i] - best))
    u = uniform(st.rng, K.STREAM_POLICY) * total
    for i in range(n):
        u -= exp(beta * (out[i] - best))
        if u < 0.0:
            return i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """The skill scale as the rules call it (the records and the parameter vector by address)."""
    return choose_skill(as_record(rules, "HobbitRules"), as_config(config),
                        as_record(state, "HobbitState"), kind, n, params)


bind(CHOOSERS, SKILL, choose_exported, choose_skill)
