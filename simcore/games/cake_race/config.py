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
from ...policy import FIRST, RANDOM
from ...seats import param_row, seatable
from . import consts as K
from .state import MAX_PARAMS
from .tables import K_CAP

if TYPE_CHECKING:                   # the loader, for annotations only: kernels import this module
    from .catalog import Catalog

GAME = "cake-race"                  # the registry's name of the game

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
    """(the rivals' strategy id, threshold-K's K or 0): ids of the strategy registry's, by name."""
    text = str(text)
    if text == "same":
        return -1, 0
    if text == "first":
        return FIRST, 0
    if text == "random":
        return RANDOM, 0
    if text == "adaptive":
        return seatable(GAME)["adaptive"].kernel_id, 0
    m = re.fullmatch(r"threshold-(\d+)", text)
    if m:
        k = int(m.group(1))
        check_k(k, catalog, "rivals threshold-K")
        return seatable(GAME)["threshold"].kernel_id, k
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


def seat_strategies(cfg: Config, strategy_id: int, params) -> tuple[int, np.ndarray, int, np.ndarray]:
    """(focal id, focal params row, rivals' id, rivals' params row)."""
    fpar = param_row(params, MAX_PARAMS)
    if cfg.rival_sid < 0:
        return strategy_id, fpar, strategy_id, fpar
    if cfg.rival_k:                 # threshold-K: its K
        rpar = param_row([cfg.rival_k], MAX_PARAMS)
    else:                           # the registry's defaults (none for first and random)
        rival = [s for s in seatable(GAME).values() if s.kernel_id == cfg.rival_sid]
        rpar = param_row(list(rival[0].params.values()) if rival else [], MAX_PARAMS)
    return strategy_id, fpar, cfg.rival_sid, rpar


__all__ = ["OPTIONS", "Config", "Variant", "make_config", "seat_strategies", "seated",
           "as_config", "check_k"]
