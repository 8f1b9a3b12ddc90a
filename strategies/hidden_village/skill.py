"""The skill scale (`skill`): a team of people of limited skill, from 0 (plays like `random`) to
1 (plays like the planner).

The error model. At every decision the planner scores each legal option (planner.py); a
player of skill s takes option i with probability proportional to exp(beta * (score_i - best)),
where beta = s / ((1 - s) * mistake). So a player chooses well when the options differ a lot
and often errs between options of nearly equal worth; the higher the skill, the smaller the
gap that still fools them. At skill 0.5 an option `mistake` points worse than the best (2.0
by default: about a needed resource's worth on the planner's scale) is chosen e^-1 = 0.37
times as often as the best; at 0 every legal option is equally likely (the random team); at
1 the best is always taken (the planner). Each seat may have its own skill (`seat_1`..
`seat_5`, -1 for `skill`): a decision is made with the skill of the player whose turn it is.

What it represents: errors of judgement in proportion to how close the options look, and the
same planning (team commitments, the card chosen with its placement) done unevenly well. What
it does not: forgotten rules (a skill-0 team still only plays legal moves), overlooked card
abilities or a partner's open action as distinct blind spots, fatigue, learning over a game,
or table talk that lets a strong player correct a weak one.

Importing this module compiles (or loads) its chooser and the planner's, and binds it to its
id in the rules' chooser table (simcore.linked).
"""
from math import exp

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.inforce import as_config
from simcore.games.hidden_village.rules.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record
from simcore.policy import seat_skill
from simcore.rng import randint, uniform

from .params import P_MISTAKE, P_SEAT_1, P_SKILL, SKILL
from .planner import choose_planner


@njit
def choose_skill(R, C, st, kind, n, params):
    """Option i with probability proportional to exp(beta * (planner score_i - best))."""
    skill = seat_skill(params, st.sc[S.S_CUR], -1, P_SKILL, -1, P_SEAT_1)   # the player whose turn it is
    if skill <= 0.0:
        return randint(st.rng, K.STREAM_POLICY, n)
    best_i = choose_planner(R, C, st, kind, n, params)   # fills st.option_scores[:n]
    if skill >= 1.0:
        return best_i
    beta = skill / ((1.0 - skill) * params[P_MISTAKE])
    best = st.option_scores[best_i]
    total = 0.0
    for i in range(n):
        total += exp(beta * (st.option_scores[i] - best))
    u = uniform(st.rng, K.STREAM_POLICY) * total
    for i in range(n):
        u -= exp(beta * (st.option_scores[i] - best))
        if u < 0.0:
            return i
    return best_i


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """The skill scale as the rules call it (the records and the parameter vector by address)."""
    return choose_skill(as_record(rules, "HiddenVillageRules"), as_config(config),
                        as_record(state, "HiddenVillageState"), kind, n, params)


bind(CHOOSERS, SKILL, choose_exported, choose_skill)
