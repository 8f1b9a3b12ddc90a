"""The skill scale of Gnome Village (`skill`): a player of limited skill, from 0 (plays like
`random`) to 1 (plays like `greedy`, the strongest strategy that does not search: `lookahead`
plays greedy's values out on copies of the game, which a person's misjudgement of the options
does not model).

The error model is Hidden Village's (strategies/hidden_village/skill.py) on greedy's values:
at every decision greedy scores each legal option in points (greedy.option_value: what it
brings less its price, a coin kept worth `coin`), and a player of skill s takes option i with
probability proportional to exp(beta * (value_i - best)), beta = s / ((1 - s) * mistake). At
skill 0.5 an option `mistake` points worse than the best (1 by default: a coin) is taken
e^-1 = 0.37 times as often as the best. At 0 every legal option is equally likely, drawn as
`random` draws (the same policy stream, the same call), so skill 0 plays random's very games;
at 1 greedy's choice is taken without a draw, so skill 1 plays greedy's very games. Each seat
may have its own skill (`seat_0`..`seat_3`, -1 for `skill`): a decision is made with the
deciding seat's. With `--rivals same` the rivals play the scale at `rival_skill` (0.5 by
default, as the cake race's: a table of average players, so a curve over `skill` is one
player's against the same rivals; -1: every seat at `skill`, whose focal seat then wins about
its fair share at every skill). Other rivals (first, random, greedy) play their own strategy.

What it represents: misjudging close options often and clearly different ones seldom, at
every decision (buys, moves, placements, targets). What it does not: forgotten rules (every
skill plays legal moves only), a plan over several turns, learning during a game.

Importing this module compiles (or loads) its chooser and greedy's values, and binds it to its
id in the rules' chooser table (simcore.linked).
"""
from math import exp

from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village.config import as_config
from strategies.gnome_village.ids import GREEDY_PARAMS, SKILL
from simcore.games.gnome_village.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record
from simcore.policy import seat_skill
from simcore.rng import randint, uniform

from .greedy import option_value

GREEDY_PLAN = GREEDY_PARAMS["plan"]     # greedy's own lean (none): skill 1 plays its games
GREEDY_PLAN_UNTIL = GREEDY_PARAMS["plan_until"]
from .skill_params import P_COIN, P_MISTAKE, P_RIVAL_SKILL, P_SEAT_0, P_SKILL


@njit
def choose_skill(R, C, st, kind, n, params):
    """Option i with probability proportional to exp(beta * (greedy's value_i - best)); skill 0
    is random's draw, skill 1 greedy's choice (the first of the best values, as greedy takes).
    The values are computed again in each pass: the state has no room for them that no rule
    uses (st.spare holds the Architect's options while it asks)."""
    skill = seat_skill(params, st.ctl[S.H_SEAT], st.sc[S.S_FOCAL], P_SKILL, P_RIVAL_SKILL, P_SEAT_0)
    if skill <= 0.0:
        return randint(st.rng, K.STREAM_POLICY, n)
    p = st.ctl[S.H_SEAT]
    coin = params[P_COIN]
    best = -1e300
    bi = 0
    for i in range(n):
        v = option_value(R, C, st, p, kind, st.options[i], coin, GREEDY_PLAN, GREEDY_PLAN_UNTIL)
        if v > best:
            best = v
            bi = i
    if skill >= 1.0:
        return bi
    beta = skill / ((1.0 - skill) * params[P_MISTAKE])
    total = 0.0
    for i in range(n):
        total += exp(beta * (option_value(R, C, st, p, kind, st.options[i], coin, GREEDY_PLAN, GREEDY_PLAN_UNTIL) - best))
    u = uniform(st.rng, K.STREAM_POLICY) * total
    for i in range(n):
        u -= exp(beta * (option_value(R, C, st, p, kind, st.options[i], coin, GREEDY_PLAN, GREEDY_PLAN_UNTIL) - best))
        if u < 0.0:
            return i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """The skill scale as the rules call it (the records and the parameter vector by address)."""
    return choose_skill(as_record(rules, "GnomeVillageRules"), as_config(config),
                        as_record(state, "GnomeVillageState"), kind, n, params)


bind(CHOOSERS, SKILL, choose_exported, choose_skill)
