"""One Gnome Village configuration: players, the focal seat, what the other seats play, and
the variants (the children's variant, the mini-expansion).

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too), "first", "random" or "greedy". The outcome of a game is the focal seat's.

With `seat_strategy` (`--seat-strategy lookahead,greedy,greedy`: one name per seat, the first
player's first) each seat plays its own strategy, whatever the focal seat: the result rows stay
the focal seat's (with every seat's points), so `--seat 0` gives seat 0's strategy's record,
and a rotating focal seat gives each seat's (the summary's win rate by seat). The run's
strategy then seats nobody unless named: a seat playing it gets the run's parameters, the
others their strategy's defaults.
"""
from __future__ import annotations

from typing import NamedTuple

from ...errors import UserError
from ...gamekit import Option, parse_seat
from ...packed import register_word_tuple, word_tuple_view
from ...policy import FIRST, N_GENERIC, PLUGIN, RANDOM
from ...seats import param_row, parse_seat_strategies
from ...seats import seat_rows as shared_seat_rows
from .state import MAX_PARAMS

# Gnome Village's own strategies: their ids (slots in the rules' chooser table, decide.CHOOSERS)
# and parameters. Their kernels live in strategies/gnome_village/, which registers them under
# these ids; the game names them only because the `rivals` option can seat them.
GREEDY = 10
GREEDY_PARAMS = {"coin": 1.0,     # what a coin kept is worth, in points (GV-E02: 1 point each)
                 "plan": 0.0,     # lean to workshops (> 0) or businesses (< 0), points; 0: none
                 "plan_until": 2.0}   # the lean stops once the village holds this many tiles of
                                      # the favoured kind (no effect while plan is 0)
LOOKAHEAD = 11    # strategies/gnome_village/lookahead.py: its parameters are declared there
SKILL = 12        # strategies/gnome_village/skill.py
OWN = (GREEDY, LOOKAHEAD, SKILL)
# the names a seat may play (`seat_strategy`), and the default parameters of the game's own
# strategies: strategies/gnome_village/ adds its strategies' defaults when it registers them
SEAT_NAMES = {"first": FIRST, "random": RANDOM, "greedy": GREEDY, "lookahead": LOOKAHEAD,
              "skill": SKILL}
DEFAULT_PARAMS: dict = {"greedy": list(GREEDY_PARAMS.values())}


def set_seat_defaults(name: str, values) -> None:
    """A strategy of strategies/gnome_village/ gives its default parameters, for the seats
    `seat_strategy` gives it (read in Python only, never by a kernel)."""
    DEFAULT_PARAMS[name] = [float(x) for x in values]


NO_SEAT = -1        # Config.sid_q: seat q plays as `rivals` and the focal seat say

OPTIONS = (
    Option("rivals", "str", "same", "What the other seats play: same (the run's strategy), first, "
           "random or greedy.", choices=("same", "first", "random", "greedy")),
    Option("seat", "str", "rotate", "The focal seat (0 = the first player) or rotate "
           "(game i: seat i mod players)."),
    Option("seat_strategy", "str", None, "One strategy per seat, the first player's first, "
           "comma-separated (e.g. lookahead,greedy,greedy): each seat plays its own, the focal "
           "seat still gives the result rows; not given: the run's strategy and rivals."),
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
    sid_0: int = NO_SEAT    # seat_strategy: each seat's strategy id, NO_SEAT when not given
    sid_1: int = NO_SEAT
    sid_2: int = NO_SEAT
    sid_3: int = NO_SEAT


# in a kernel: the Config whose values start at an int64 pointer (a chooser's `config` argument)
as_config = word_tuple_view(Config)


class Variant(NamedTuple):
    players: int
    rivals: str
    seat: str
    family: bool
    expansion: bool
    seat_strategy: str = ""     # "" when not given


RIVALS = {"same": -1, "first": FIRST, "random": RANDOM, "greedy": GREEDY}


def seated(variant: Variant) -> tuple:
    """The strategies the rivals or the seats play, by name (their kernels must be loaded too)."""
    if variant.seat_strategy:
        return tuple(dict.fromkeys(variant.seat_strategy.split(",")))
    return () if variant.rivals == "same" else (variant.rivals,)


def make_config(catalog, players: int = 3, rivals: str = "same", seat="rotate", family: bool = False,
                expansion: bool = False, log: bool = False,
                seat_strategy=None) -> tuple[Config, Variant]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise UserError(f"players must be 2 to 4, got {players}")
    if rivals not in RIVALS:
        raise UserError(f"unknown rivals '{rivals}' (use {', '.join(RIVALS)})")
    s = parse_seat(seat, players)
    names = parse_seat_strategies(seat_strategy, players, rivals, SEAT_NAMES)
    sids = [SEAT_NAMES[x] for x in names] + [NO_SEAT] * (4 - len(names))
    cfg = Config(players=players, seat=s, rival_sid=RIVALS[rivals], family=int(bool(family)),
                 expansion=int(bool(expansion)), log_on=int(log),
                 sid_0=sids[0], sid_1=sids[1], sid_2=sids[2], sid_3=sids[3])
    return cfg, Variant(players, rivals, "rotate" if s < 0 else str(s), bool(family), bool(expansion),
                        ",".join(names))


def check_strategy(catalog, strategy_id: int, params) -> None:
    """A strategy Gnome Village can play (UserError otherwise)."""
    if strategy_id >= N_GENERIC and strategy_id not in (*OWN, PLUGIN):
        raise UserError(f"strategy #{strategy_id} does not play Gnome Village")


def seat_strategies(cfg: Config, strategy_id: int, params) -> tuple:
    """(focal id, focal params row, rivals' id, rivals' params row)."""
    fpar = param_row(params, MAX_PARAMS)
    if cfg.rival_sid < 0:
        return strategy_id, fpar, strategy_id, fpar
    rpar = param_row(list(GREEDY_PARAMS.values()) if cfg.rival_sid == GREEDY else [], MAX_PARAMS)
    return strategy_id, fpar, cfg.rival_sid, rpar


def seat_rows(cfg: Config, strategy_id: int, params) -> tuple | None:
    """With seat_strategy: (ids, parameter rows), one per seat; None without (seats.seat_rows)."""
    return shared_seat_rows([cfg.sid_0, cfg.sid_1, cfg.sid_2, cfg.sid_3], NO_SEAT, strategy_id,
                            params, SEAT_NAMES, DEFAULT_PARAMS, MAX_PARAMS)
