"""One Gnome Village configuration: players, the focal seat, what the other seats play, and
the variants (the children's variant, the mini-expansion).

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too) or any strategy of the game, by its name in the strategy registry (simcore.seating). The
outcome of a game is the focal seat's.

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
from ...gamekit import Option
from ...packed import word_tuple_view
from ...seating import SEATING, config_class, registry_check, seated, seating  # noqa: F401
from . import consts as K

GAME_NAME = "gnome-village"

OPTIONS = (
    *SEATING,         # rivals, seat, seat_strategy (simcore.seating)
    Option("family", "bool", False, "The children's variant: every player plays with one gnome "
           "less, the game ending at 4 gnomes (rulebook tip, GV-X01)."),
    Option("expansion", "bool", False, "The mini-expansion: Construction site, Prison and "
           "Swimming pool shuffled in with the businesses (GV-X02)."),
    Option("without", "list", (), "Business types taken out of the supply (businesses.toml ids, "
           "e.g. police+thief): a business's impact, compared on the same seeds.", catalog=True),
)

# The seating and variants of one configuration as plain ints: players, family (1: the
# children's variant, GV-X01), expansion (1: the mini-expansion, GV-X02), and the seating words
# (simcore.seating: focal seat, rivals' strategy id, each seat's). Kernels (and strategies)
# receive it as the address of its values (simcore.packed word tuple).
Config = config_class(__name__, {"players": None, "family": 0, "expansion": 0}, K.MAX_PLAYERS)

# in a kernel: the Config whose values start at an int64 pointer (a chooser's `config` argument)
as_config = word_tuple_view(Config)


class Variant(NamedTuple):
    players: int
    rivals: str
    seat: str
    family: bool
    expansion: bool
    seat_strategy: str = ""     # "" when not given


def make_config(catalog, players: int = 3, rivals: str = "same", seat="rotate", family: bool = False,
                expansion: bool = False, log: bool = False,
                seat_strategy=None) -> tuple[Config, Variant]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise UserError(f"players must be 2 to 4, got {players}")
    s = seating(GAME_NAME, players, K.MAX_PLAYERS, rivals, seat, seat_strategy)
    cfg = Config(players=players, family=int(bool(family)), expansion=int(bool(expansion)),
                 log_on=int(log), **s.words)
    return cfg, Variant(players, s.rivals, s.seat, bool(family), bool(expansion), s.seat_strategy)


# a strategy Gnome Village can play: a generic one, a plug-in, or one the registry has for it
check_strategy = registry_check(GAME_NAME, "Gnome Village")
