"""The skill scale of the cake race (`skill`): a player of limited skill, from 0 (plays like
`random`) to 1 (plays like `adaptive`, the strongest cake race strategy).

The error model is Hidden Village's (strategies/hidden_village/skill.py) on adaptive's values:
at every decision a player of skill s takes option i with probability proportional to
exp(beta * (value_i - best)), where beta = s / ((1 - s) * mistake). The values are in cakes:
- at the cake (stay or leave), adaptive's own v_stay and v_leave (adaptive.stay_values: the
  cakes one more turn there and going home now are each expected to bring home); where
  adaptive leaves by rule (carrying max_k cakes, or no card left to come in the deck's pass),
  every skill above 0 leaves too;
- on a move or a flight from the cat, how much nearer the goal each end point is than the
  nearest one, `step` cakes a step (0.1: adaptive secures about 0.09 cakes per step walked). On the board as shipped the ways of a fork are always
  equally long, so these values tie: below skill 1 a player takes either way of a fork at even
  odds, adaptive (skill 1) the first listed.
At skill 0.5 an option `mistake` cakes worse than the best (1 by default: the median gap
between staying and leaving in adaptive's own decisions, 0.94 cakes at 2 players, 1.02 at 4)
is chosen e^-1 = 0.37 times as often as the best; at 0 every legal option is equally
likely (the random player, drawing from the same policy stream); at 1 adaptive's choice is
taken without a draw, so skill 1 plays adaptive's very games.

Seats: the run's strategy plays the focal seat; with `--rivals same` the rivals play this
scale too, at `rival_skill` (0.5 by default: a table of average players, so a curve over
`skill` is one player's against the same rivals; -1: every seat at `skill`). Other rivals
(first, random, threshold-K, adaptive) play their own strategy and ignore rival_skill.

What it represents: misjudging when to stop pushing one's luck at the cake, often when staying
and leaving look alike, seldom when one is clearly better, and walking either way of a fork.
What it does not: forgotten rules (every skill plays legal moves only), a player who learns
during a game, or reading the rivals beyond adaptive's "how far is the best one ahead".

Importing this module compiles (or loads) its chooser and binds it to its id in the cake
race's chooser table (simcore.linked).
"""
from math import exp

from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.config import as_config
from strategies.cake_race.ids import P_MISTAKE, P_RIVAL_SKILL, P_SKILL, P_STEP, SKILL
from simcore.games.cake_race.decide import CHOOSERS
from simcore.games.cake_race.rules import to_goal
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record
from simcore.policy import seat_skill
from simcore.rng import randint, uniform

from .adaptive import stay_values


@njit
def choose_skill(R, cfg, st, kind, n, params):
    """Option i with probability proportional to exp(beta * (value_i - best)), on adaptive's
    values in cakes; skill 0 is `random`'s draw, skill 1 adaptive's choice."""
    skill = seat_skill(params, st.sc[S.S_CUR], st.sc[S.S_FOCAL], P_SKILL, P_RIVAL_SKILL)
    if skill <= 0.0:
        return randint(st.rng, K.STREAM_POLICY, n)
    p = st.sc[S.S_CUR]
    if kind == K.D_STAY:                                 # option 0 stay, 1 leave
        ruled, v_stay, v_leave = stay_values(R, st, p, params)
        if ruled:
            return 1
        best_i = 1 if v_leave >= v_stay else 0           # adaptive's choice
        if skill >= 1.0:
            return best_i
        beta = skill / ((1.0 - skill) * params[P_MISTAKE])
        best = max(v_stay, v_leave)
        w_stay = exp(beta * (v_stay - best))
        w_leave = exp(beta * (v_leave - best))
        return 0 if uniform(st.rng, K.STREAM_POLICY) * (w_stay + w_leave) < w_stay else 1
    # a move or a flight: end points nearest the goal first (option 0 is adaptive's)
    if skill >= 1.0:
        return 0
    beta = skill / ((1.0 - skill) * params[P_MISTAKE])
    to_home = kind == K.D_FLEE or st.pl[p, S.P_CARRIED] > 0 or st.sc[S.S_CAKE_LEFT] == 0
    nearest = to_goal(R, st.options[0], to_home)
    total = 0.0
    for i in range(n):
        total += exp(-beta * params[P_STEP] * (to_goal(R, st.options[i], to_home) - nearest))
    u = uniform(st.rng, K.STREAM_POLICY) * total
    for i in range(n):
        u -= exp(-beta * params[P_STEP] * (to_goal(R, st.options[i], to_home) - nearest))
        if u < 0.0:
            return i
    return 0


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """The skill scale as the rules call it: the records by address, the seat's parameters by
    the address of their values."""
    return choose_skill(as_record(rules, "CakeRaceRules"), as_config(config),
                         as_record(state, "CakeRaceState"), kind, n, params)


bind(CHOOSERS, SKILL, choose_exported, choose_skill)
