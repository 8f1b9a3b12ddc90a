"""One Gnome Village configuration: players, the focal seat, what the other seats play, and
the variants (the children's variant, the mini-expansion).

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too), "first", "random" or "greedy". The outcome of a game is the focal seat's.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...errors import UserError
from ...gamekit import Option
from ...packed import register_word_tuple, word_tuple_view
from ...policy import FIRST, N_GENERIC, PLUGIN, RANDOM
from .state import MAX_PARAMS

# Gnome Village's own strategies: their ids (slots in the rules' chooser table, decide.CHOOSERS)
# and parameters. Their kernels live in strategies/gnome_village/, which registers them under
# these ids; the game names them only because the `rivals` option can seat them.
GREEDY = 10
GREEDY_PARAMS = {"coin": 1.0}     # what a coin kept is worth, in points (GV-E02: 1 point each)
LOOKAHEAD = 11    # strategies/gnome_village/lookahead.py: its parameters are declared there
SKILL = 12        # strategies/gnome_village/skill.py
OWN = (GREEDY, LOOKAHEAD, SKILL)

OPTIONS = (
    Option("rivals", "str", "same", "What the other seats play: same (the run's strategy), first, "
           "random or greedy.", choices=("same", "first", "random", "greedy")),
    Option("seat", "str", "rotate", "The focal seat (0 = the first player) or rotate "
           "(game i: seat i mod players)."),
    Option("family", "bool", False, "The children's variant: every player plays with one gnome "
           "less, the game ending at 4 gnomes (rulebook tip, GV-X01)."),
    Option("expansion", "bool", False, "The mini-expansion: Construction site, Prison and "
           "Swimming pool shuffled in with the businesses (GV-X02)."),
    Option("without", "list", (), "Business types taken out of the supply (businesses.toml ids, "
           "e.g. police+thief): a business's impact, compared on the same seeds.", catalog=True),
)


@register_word_tuple
class Config(NamedTuple):
    """The seating and variants of one configuration as plain ints. Kernels (and strategies)
    receive it as the address of its values (simcore.packed word tuple)."""
    players: int        # 2..4
    seat: int           # focal seat, -1 = rotate
    rival_sid: int      # -1 = the run's strategy
    family: int         # 1: the children's variant (GV-X01)
    expansion: int      # 1: the mini-expansion (GV-X02)
    log_on: int


# in a kernel: the Config whose values start at an int64 pointer (a chooser's `config` argument)
as_config = word_tuple_view(Config)


class Variant(NamedTuple):
    players: int
    rivals: str
    seat: str
    family: bool
    expansion: bool


RIVALS = {"same": -1, "first": FIRST, "random": RANDOM, "greedy": GREEDY}


def seated(variant: Variant) -> tuple:
    """The strategies the rivals play, by name (their kernels must be loaded too)."""
    return () if variant.rivals == "same" else (variant.rivals,)


def make_config(catalog, players: int = 3, rivals: str = "same", seat="rotate", family: bool = False,
                expansion: bool = False, log: bool = False) -> tuple[Config, Variant]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise UserError(f"players must be 2 to 4, got {players}")
    if rivals not in RIVALS:
        raise UserError(f"unknown rivals '{rivals}' (use {', '.join(RIVALS)})")
    if str(seat) == "rotate":
        s = -1
    else:
        try:
            s = int(seat)
        except (TypeError, ValueError):
            s = -2
        if not 0 <= s < players:
            raise UserError(f"seat must be rotate or 0 to {players - 1}, got '{seat}'")
    cfg = Config(players=players, seat=s, rival_sid=RIVALS[rivals], family=int(bool(family)),
                 expansion=int(bool(expansion)), log_on=int(log))
    return cfg, Variant(players, rivals, "rotate" if s < 0 else str(s), bool(family), bool(expansion))


def check_strategy(catalog, strategy_id: int, params) -> None:
    """A strategy Gnome Village can play (UserError otherwise)."""
    if strategy_id >= N_GENERIC and strategy_id not in (*OWN, PLUGIN):
        raise UserError(f"strategy #{strategy_id} does not play Gnome Village")


def param_row(params) -> np.ndarray:
    row = np.zeros(MAX_PARAMS, np.float64)
    p = np.asarray(params, np.float64).ravel()[:MAX_PARAMS]
    row[: p.shape[0]] = p
    return row


def seat_strategies(cfg: Config, strategy_id: int, params) -> tuple:
    """(focal id, focal params row, rivals' id, rivals' params row)."""
    fpar = param_row(params)
    if cfg.rival_sid < 0:
        return strategy_id, fpar, strategy_id, fpar
    rpar = param_row(list(GREEDY_PARAMS.values()) if cfg.rival_sid == GREEDY else [])
    return strategy_id, fpar, cfg.rival_sid, rpar
