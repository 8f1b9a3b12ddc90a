"""The seats of a game: which strategy each plays, the answers they give, and the check that
every seat's strategy is there to be asked. Shared by every game's runner and `decide`.

  param_row        a strategy's parameters as the fixed-length row a seat holds
  assign_seats     a kernel: the focal seat plays one strategy, every other seat the rivals'
  check_bound      a seat's strategy id names a compiled strategy (UserError otherwise)
  checked_answer   a kernel: a strategy's answer is one of the legal options, or the game stops
                   with the answer kept in three words of the state (read by `illegal_answer`)
  illegal_answer   the IllegalOption naming those three words, raised by the runner
  listed_names     a list option (`a,b,c`, `a+b`, or a sequence) as its names
  seatable         the strategies a seat of a game may play, by name (the strategy registry's)

The seating options themselves (rivals, seat, seat_strategy) are simcore.seating's.
"""
from __future__ import annotations

import importlib

import numpy as np

from .errors import IllegalOption, UserError
from .jit import njit
from .linked import PLUGIN_SLOT, bound
from .policy import N_GENERIC, P_STRONG, PLUGIN, SKILL


def param_row(params, width: int) -> np.ndarray:
    """`params` as a float64 row of `width` (zero-padded; longer input is cut)."""
    row = np.zeros(width, np.float64)
    p = np.asarray(params, np.float64).ravel()[:width]
    row[: p.shape[0]] = p
    return row


@njit
def assign_seats(sid, par, focal, fsid, fpar, rsid, rpar):
    """Seat `focal` plays strategy fsid with parameters fpar, every other seat rsid, rpar
    (sid: int[seats], par: float64[seats, width], the state's arrays)."""
    for p in range(sid.shape[0]):
        is_focal = p == focal
        sid[p] = fsid if is_focal else rsid
        for j in range(par.shape[1]):
            par[p, j] = fpar[j] if is_focal else rpar[j]


def check_bound(choosers: str, game: str, sids, pars) -> None:
    """Every strategy id in `sids` beyond the generic ones has a kernel bound in the game's
    chooser table `choosers` (simcore.linked); for the generic skill scale, its strong
    strategy's (the id in its parameter row, `pars` the seats' rows); `game` names the game in
    the error."""
    for sid, row in zip(sids, pars):
        sid = int(row[P_STRONG]) if sid == SKILL else int(sid)
        if sid >= N_GENERIC and not bound(choosers, PLUGIN_SLOT if sid == PLUGIN else sid):
            raise UserError(f"strategy #{sid} has no kernel bound in {game}'s chooser table "
                            f"(strategies.get(NAME) loads a strategy's kernel)")


@njit(inline="always")
def checked_answer(words, at, kind, n, i):
    """`i` when it is one of n options; otherwise words[at:at + 3] = (kind, n, i) and the game
    stops (a ValueError the runner turns into `illegal_answer`)."""
    if i < 0 or i >= n:
        words[at] = kind
        words[at + 1] = n
        words[at + 2] = i
        raise ValueError("a strategy returned an index outside the legal options")
    return i


def illegal_answer(decisions, words, at: int) -> IllegalOption:
    """The error for the answer `checked_answer` kept in words[at:at + 3]; `decisions` names
    the game's decision kinds."""
    return IllegalOption(decisions[int(words[at])], int(words[at + 1]), int(words[at + 2]))


def listed_names(value) -> list[str]:
    """A list option (`lookahead,greedy`, `+` also between names, or a sequence of names) as
    its names, stripped."""
    text = value if isinstance(value, str) else ",".join(value)
    return [x.strip() for x in text.replace("+", ",").split(",")]


def seatable(game: str) -> dict:
    """The built-in strategies a seat of `game` may play, by name (strategies.seatable): the
    registry is reached by name at run time, so no rules module imports a strategy."""
    return importlib.import_module("strategies").seatable(game)
