"""Where game packages live besides simcore/games/: the folders MEEPLESIM_GAME_PATH names.

A game brought as a folder nothing else names (a user's own, a test's toy game) is found by
listing the folder that holds it in MEEPLESIM_GAME_PATH (os.pathsep-separated, like PATH):
each package in such a folder is a game, imported as `simcore.games.<package>` (simcore.games
appends the folders to its `__path__`), so its relative imports of simcore (`from ...jit
import njit`) work as in a shipped game. Worker processes inherit the environment and find it
too. The kernel cache keys such a game by its sources like a shipped one
(simcore/kernel_sources.py reads the same folders).

Standard library only: simcore.games and the kernel cache's source scan both read it.
"""
from __future__ import annotations

import os
from pathlib import Path

ENV = "MEEPLESIM_GAME_PATH"


def folders(value: str | None = None) -> tuple[list[Path], list[str]]:
    """(the folders `value` names that exist, resolved, in order; the parts that are not
    folders). `value` defaults to the environment's MEEPLESIM_GAME_PATH; empty parts are
    skipped."""
    value = os.environ.get(ENV, "") if value is None else value
    good, bad = [], []
    for part in value.split(os.pathsep):
        if not part.strip():
            continue
        p = Path(part).expanduser()
        if p.is_dir():
            p = p.resolve()
            if p not in good:
                good.append(p)
        else:
            bad.append(part)
    return good, bad


def game_folder(package: str) -> Path | None:
    """The folder of game package `package` (its directory name) in the first MEEPLESIM_GAME_PATH
    folder holding it, or None."""
    for folder in folders()[0]:
        if (folder / package / "__init__.py").is_file():
            return folder / package
    return None


def owner(path: Path) -> tuple[Path, tuple] | None:
    """(the MEEPLESIM_GAME_PATH folder, the path's parts below it) of a source file in one of
    its game packages, or None."""
    path = Path(path)
    for folder in folders()[0]:
        if path.is_relative_to(folder):
            parts = path.relative_to(folder).parts
            if len(parts) >= 2 and (folder / parts[0] / "__init__.py").is_file():
                return folder, parts
    return None
