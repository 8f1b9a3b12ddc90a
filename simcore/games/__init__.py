"""Games behind one interface, found by name (`--game hidden-village`).

Each game is a package under `simcore/games/` exposing `GAME` (see `simcore.games.base`).
"""
import importlib

from ..errors import UserError

GAMES = {
    "hidden-village": "simcore.games.hidden_village",
}
DEFAULT_GAME = "hidden-village"


def get_game(name: str):
    """The game module registered under `name`; a clear error for an unknown name."""
    if name not in GAMES:
        raise UserError(f"unknown game '{name}' (known: {', '.join(sorted(GAMES))})")
    return importlib.import_module(GAMES[name])
