"""Games behind one interface, found by name (`--game NAME`).

Each game is a package under `simcore/games/` whose `__init__.py` builds `GAME`, a
`simcore.gamekit.Game`: its options, defaults, result fields, built-in grids, summaries, report
descriptor, extra commands and the functions that load its data and play it. Its folder also
holds its data files (`data/*.toml`) and its rules checklist (`rules-checklist.md`). Packages
are discovered, not listed: a new game is a new folder here, and nothing outside it names the
game. A package's directory name is its command-line name with `-` written `_`.
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
    """The Game registered under `name` (simcore.gamekit.Game); a clear error for an unknown
    name."""
    if not isinstance(name, str) or name not in GAMES:
        raise UserError(f"unknown game '{name}' (known: {', '.join(sorted(GAMES))})")
    game = getattr(importlib.import_module(GAMES[name]), "GAME", None)
    if game is None or game.name != name:
        raise UserError(f"game package {GAMES[name]} does not declare GAME with name '{name}'")
    return game


def all_games() -> list:
    return [get_game(n) for n in game_names()]
