"""Games behind one interface, found by name (`--game hidden-village`).

Each game is a package under `simcore/games/` exposing `NAME` (its command-line name) and the
game interface (see the package docstrings). Packages are discovered, not listed: a new game
is a new folder here. A package's directory name is its NAME with `-` written `_`.
"""
import importlib
import pkgutil

from ..errors import UserError

DEFAULT_GAME = "hidden-village"


def _packages() -> dict:
    """NAME -> module path of every game package (directory `foo_bar` holds game `foo-bar`)."""
    return {info.name.replace("_", "-"): f"{__name__}.{info.name}"
            for info in pkgutil.iter_modules(__path__) if info.ispkg}


GAMES = _packages()


def game_names() -> list[str]:
    return sorted(GAMES)


def get_game(name: str):
    """The game module registered under `name`; a clear error for an unknown name."""
    if name not in GAMES:
        raise UserError(f"unknown game '{name}' (known: {', '.join(sorted(GAMES))})")
    mod = importlib.import_module(GAMES[name])
    if getattr(mod, "NAME", None) != name:
        raise UserError(f"game package {GAMES[name]} does not declare NAME = '{name}'")
    return mod


def has_options(mod) -> bool:
    """Whether a game declares its own options (`OPTIONS`: name -> (default, help)) beyond the
    player count, the rest of its configuration being data. Games without OPTIONS take the
    Hidden Village-style keyword options (level, die, hungry, too_late, finite_supply)."""
    return hasattr(mod, "OPTIONS")
