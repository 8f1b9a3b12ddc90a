"""One cake race configuration: players, the focal seat, and what the rivals play.

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too), "first", "random", "threshold-K" or "adaptive". The outcome of a game is the focal seat's.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ...errors import UserError
from ...gamekit import Option, parse_seat
from ...packed import register_word_tuple, word_tuple_view
from ...policy import FIRST, N_GENERIC, PLUGIN, RANDOM
from ...seats import param_row
from . import consts as K
from .state import MAX_PARAMS
from .tables import K_CAP

if TYPE_CHECKING:                   # the loader, for annotations only: kernels import this module
    from .catalog import Catalog

# The cake race's own strategies: their ids (their slots in the rules' chooser table,
# decide.CHOOSERS) and parameter vectors (name -> default, in order). Their kernels live in
# strategies/cake_race/, which registers them under these ids; the game names them only
# because the `rivals` option can seat them (and check_strategy checks their parameters).
THRESHOLD = 10
ADAPTIVE = 11
SKILL = 12
THRESHOLD_PARAMS = {"k": 5.0}

# (name, default, what it weighs): adaptive's parameters, then the skill scale's (which reads
# adaptive's valuation, so its vector begins with adaptive's)
ADAPTIVE_TABLE = [
    ("max_k", 10.0, "the most cakes carried before leaving the cake, whatever the odds"),
    ("catch_risk", 0.6, "the assumed chance that a chase ends in a catch"),
    ("lead_weight", 1.0, "how much being behind the best rival (in cakes) pushes to stay"),
]
ADAPTIVE_PARAMS = {name: default for name, default, _ in ADAPTIVE_TABLE}
SKILL_TABLE = ADAPTIVE_TABLE + [
    ("skill", 0.5, "0 plays like random, 1 like adaptive; between, a softmax over adaptive's "
                   "values of the options"),
    ("mistake", 1.0, "the value gap, in cakes, a skill-0.5 player overlooks: an option that "
                     "much worse than the best is chosen e^-1 times as often (1: the median gap "
                     "between staying and leaving in adaptive's own decisions)"),
    ("step", 0.1, "the worth in cakes of a step nearer the goal, to weigh moves on the cakes' "
                  "scale (adaptive secures about 0.09 cakes per step walked, 2 players)"),
    ("rival_skill", 0.5, "the rivals' skill when they play the skill scale too (--rivals same): "
                         "a table of average players; -1: the focal seat's `skill`"),
]
SKILL_PARAMS = {name: default for name, default, _ in SKILL_TABLE}
PARAM_HELP = {name: text for name, _, text in SKILL_TABLE}
# a parameter's index in the skill scale's vector (adaptive's are its first three)
P_MAX_K, P_CATCH_RISK, P_LEAD_WEIGHT, P_SKILL, P_MISTAKE, P_STEP, P_RIVAL_SKILL = range(7)
assert list(SKILL_PARAMS) == ["max_k", "catch_risk", "lead_weight", "skill", "mistake", "step",
                              "rival_skill"]

OPTIONS = (
    Option("rivals", "str", "same", "What the other seats play: same (the run's strategy), first, "
           "random, threshold-K (e.g. threshold-5) or adaptive."),
    Option("seat", "str", "rotate", "The focal seat (0 = the youngest, who starts) or rotate "
           "(game i: seat i mod players)."),
    # rule choices the rulebook leaves open (data/setup.toml; default: the data's value)
    Option("hat_spent", "bool", None, "A hat shown to a cat is spent, back under the deck "
           "(--hat-spent), or kept for later cats (--no-hat-spent). Default: setup.toml's.",
           catalog=True),
    Option("caught_loses", "str", None, "What a caught Smurf loses: all its unsafe cakes, or "
           "roll (it keeps a die roll's worth, as with Gargamel). Default: setup.toml's.",
           choices=tuple(K.CAUGHT_NAMES), catalog=True),
    Option("chase_first", "str", None, "Who rolls first in a chase: smurf or cat. Default: "
           "setup.toml's.", choices=tuple(K.CHASE_FIRST_NAMES), catalog=True),
    Option("exact_home", "bool", None, "A start is reached only with an exact roll "
           "(--exact-home). Default: setup.toml's.", catalog=True),
)


@register_word_tuple
class Config(NamedTuple):
    """The seating of one configuration as plain ints. Kernels (and the strategies) receive it
    as the address of its values (simcore.packed word tuple). The rule choices in force are
    not here but in the Rules (`R.k`: catalog options)."""
    players: int        # 1..4 (CR-S01)
    seat: int           # focal seat, -1 = rotate
    rival_sid: int      # -1 = the run's strategy
    rival_k: int        # threshold-K's K
    log_on: int


# in a kernel: the Config whose values start at an int64 pointer (a chooser's `config` argument)
as_config = word_tuple_view(Config)


class Variant(NamedTuple):
    players: int
    rivals: str
    seat: str


def parse_rivals(text: str, catalog: Catalog) -> tuple[int, int]:
    text = str(text)
    if text == "same":
        return -1, 0
    if text == "first":
        return FIRST, 0
    if text == "random":
        return RANDOM, 0
    if text == "adaptive":
        return ADAPTIVE, 0
    m = re.fullmatch(r"threshold-(\d+)", text)
    if m:
        k = int(m.group(1))
        check_k(k, catalog, "rivals threshold-K")
        return THRESHOLD, k
    raise UserError(f"unknown rivals '{text}' (use same, first, random, threshold-K or adaptive)")


def seated(variant: Variant) -> tuple:
    """The strategies the rivals play, by name (their kernels must be loaded too)."""
    rivals = str(variant.rivals)
    if rivals == "same":
        return ()
    return ("threshold",) if rivals.startswith("threshold-") else (rivals,)


def check_k(k, catalog: Catalog, what: str = "threshold k") -> None:
    cap = int(catalog.rules.k[K_CAP])
    if k != int(k) or not 1 <= k <= cap:
        raise UserError(f"{what} must be a whole number from 1 to the carry cap {cap}, got {k:g}")


def make_config(catalog: Catalog, players: int = 2, rivals: str = "same", seat="rotate",
                log: bool = False) -> tuple[Config, Variant]:
    maxp = catalog.setup["max_players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= maxp:
        raise UserError(f"players must be 1 to {maxp}, got {players}")
    rsid, rk = parse_rivals(rivals, catalog)
    s = parse_seat(seat, players)
    cfg = Config(players=players, seat=s, rival_sid=rsid, rival_k=rk, log_on=int(log))
    return cfg, Variant(players, str(rivals), "rotate" if s < 0 else str(s))


def check_strategy(catalog: Catalog, strategy_id: int, params) -> None:
    """A strategy the cake race can play with these parameters (UserError otherwise)."""
    params = np.asarray(params, np.float64).ravel()
    if strategy_id == THRESHOLD:
        check_k(float(params[0]), catalog)
    elif strategy_id == ADAPTIVE:
        check_adaptive(catalog, params)
    elif strategy_id == SKILL:
        check_adaptive(catalog, params)
        if not 0.0 <= params[P_SKILL] <= 1.0:
            raise UserError(f"skill must be from 0 to 1, got {params[P_SKILL]:g}")
        if not (0.0 <= params[P_RIVAL_SKILL] <= 1.0 or params[P_RIVAL_SKILL] == -1.0):
            raise UserError(f"skill rival_skill must be from 0 to 1 (or -1), got "
                            f"{params[P_RIVAL_SKILL]:g}")
        if not params[P_MISTAKE] > 0:
            raise UserError(f"skill mistake must be above 0, got {params[P_MISTAKE]:g}")
        if not params[P_STEP] >= 0:
            raise UserError(f"skill step must be at least 0, got {params[P_STEP]:g}")
    elif strategy_id >= N_GENERIC and strategy_id != PLUGIN:
        raise UserError(f"strategy #{strategy_id} does not play the cake race")


def check_adaptive(catalog: Catalog, params: np.ndarray) -> None:
    """adaptive's parameters (the first three of the skill scale's too)."""
    check_k(float(params[0]), catalog, "adaptive max_k")
    if not 0.0 <= params[1] <= 1.0:
        raise UserError(f"adaptive catch_risk must be between 0 and 1, got {params[1]:g}")
    if params[2] < 0:
        raise UserError(f"adaptive lead_weight must be at least 0, got {params[2]:g}")


def seat_strategies(cfg: Config, strategy_id: int, params) -> tuple[int, np.ndarray, int, np.ndarray]:
    """(focal id, focal params row, rivals' id, rivals' params row)."""
    fpar = param_row(params, MAX_PARAMS)
    if cfg.rival_sid < 0:
        return strategy_id, fpar, strategy_id, fpar
    if cfg.rival_sid == THRESHOLD:
        rpar = param_row([cfg.rival_k], MAX_PARAMS)
    elif cfg.rival_sid == ADAPTIVE:
        rpar = param_row(list(ADAPTIVE_PARAMS.values()), MAX_PARAMS)
    else:
        rpar = param_row([], MAX_PARAMS)
    return strategy_id, fpar, cfg.rival_sid, rpar


__all__ = ["OPTIONS", "Config", "Variant", "make_config", "check_strategy", "seat_strategies", "seated",
           "as_config", "THRESHOLD", "ADAPTIVE", "SKILL", "THRESHOLD_PARAMS", "ADAPTIVE_PARAMS",
           "SKILL_PARAMS", "PARAM_HELP"]
