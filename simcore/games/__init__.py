"""Games behind one interface, found by name (`--game NAME`).

Each game is a package under `simcore/games/` whose `__init__.py` builds `GAME`, a
`simcore.gamekit.Game`: its options, defaults, result fields, built-in grids, summaries, report
descriptor, extra commands and the functions that load its data and play it. Its folder also
holds its data files (`data/*.toml`) and its rules checklist (`rules-checklist.md`). Packages
are discovered, not listed: a new game is a new folder here, and nothing outside it names the
game. A package's directory name is its command-line name with `-` written `_`.

A game may also live in a folder of its own: MEEPLESIM_GAME_PATH (os.pathsep-separated
folders, simcore/gamepath.py) adds each folder to this package's `__path__` at import, so
every package in it is a game imported as `simcore.games.<package>`, in this process and in
its workers (they inherit the environment). A folder that does not exist, or a package name
a shipped game (or an earlier folder) already has, is a UserError, one line, as soon as a
game is asked for. With the variable unset, the games are exactly the folders here.

A game whose results columns would collide (a result field named like one of its options or
like a column every results row has, simcore.gamekit.check_columns) is refused when it is
asked for, one line naming both.
"""
import importlib
import os
import pkgutil

from .. import gamepath
from ..errors import UserError
from ..gamekit import check_columns

DEFAULT_GAME = "hidden-village"
GAME_PATH_ENV = gamepath.ENV
_SHIPPED = tuple(__path__)          # simcore/games/ itself
_problem = None                     # what is wrong with MEEPLESIM_GAME_PATH, if anything


def _packages() -> dict:
    """NAME -> module path of every game package (directory `foo_bar` holds game `foo-bar`),
    the shipped ones first, then MEEPLESIM_GAME_PATH's folders in order."""
    global _problem
    found, where = {}, {}
    for folder in __path__:
        for info in pkgutil.iter_modules([folder]):
            if not info.ispkg:
                continue
            if info.name in where:
                _problem = _problem or (
                    f"{GAME_PATH_ENV}: game package '{info.name}' in {folder} is also in "
                    f"{where[info.name]} (rename one of them)")
                continue
            where[info.name] = folder
            found[info.name.replace("_", "-")] = f"{__name__}.{info.name}"
    return found


def refresh() -> dict:
    """Read MEEPLESIM_GAME_PATH again and rebuild `__path__` and GAMES (in place) from it: at
    import it is read once; a program (a test) that changes the variable calls this."""
    global _problem
    good, bad = gamepath.folders()
    _problem = (f"{GAME_PATH_ENV}: '{bad[0]}' is not a folder (give folders holding game "
                f"packages, separated by '{os.pathsep}')") if bad else None
    __path__[:] = [*_SHIPPED, *(str(f) for f in good if str(f) not in _SHIPPED)]
    GAMES.clear()
    GAMES.update(_packages())
    return GAMES


def _check_path() -> None:
    if _problem:
        raise UserError(_problem)


GAMES: dict = {}
refresh()


def game_names() -> list[str]:
    _check_path()
    return sorted(GAMES)


def get_game(name: str, check: bool = True):
    """The Game registered under `name` (simcore.gamekit.Game); a clear error for an unknown
    name, and (unless `check` is false: `check-game` reports it as one of its checks) for
    results columns that would collide."""
    _check_path()
    if not isinstance(name, str) or name not in GAMES:
        raise UserError(f"unknown game '{name}' (known: {', '.join(sorted(GAMES))})")
    game = getattr(importlib.import_module(GAMES[name]), "GAME", None)
    if game is None or game.name != name:
        raise UserError(f"game package {GAMES[name]} does not declare GAME with name '{name}'")
    if check:
        check_columns(game)
    return game


def all_games() -> list:
    return [get_game(n) for n in game_names()]
