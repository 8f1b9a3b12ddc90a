"""A new game's folder that plays at once (`meeplesim new-game NAME`), written from the templates
in simcore/templates/competitive/: plain text with `${placeholders}` (string.Template), never
imported, so no kernel cache key reads them. The game they make is the smallest competitive
game of docs/adding-a-game.md under the new name: its package, its Layout names, its rule IDs'
prefix, its data file and its title; its comments say what to change.

Plain Python, standard library only but for simcore.games (the names already taken).
"""
from __future__ import annotations

import keyword
import os
import re
import shutil
import tempfile
from pathlib import Path
from string import Template
from typing import NamedTuple

from .errors import UserError

TEMPLATES = Path(__file__).parent / "templates" / "competitive"
# template -> the file it becomes in the game's folder ({package}, {data} filled in)
FILES = {
    "__init__.py.tmpl": "__init__.py",
    "consts.py.tmpl": "consts.py",
    "rules.py.tmpl": "rules.py",
    "data.toml.tmpl": "data/{data}",
    "rules-checklist.md.tmpl": "rules-checklist.md",
    "test.py.tmpl": "tests/test_{package}.py",
    "pytest.ini.tmpl": "tests/pytest.ini",
}
NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
RULE_ID = re.compile(r"^- ([A-Z]{2,})-[A-Z]\d+\b", re.M)


class Scaffold(NamedTuple):
    name: str           # the command-line name (--game NAME)
    package: str        # its folder's name
    folder: Path        # the game's folder, written
    files: list         # its files, relative to the folder


def _game_folders() -> list[Path]:
    """Every game's folder: simcore/games/'s and MEEPLESIM_GAME_PATH's."""
    from . import games
    return [p for d in games.__path__ for p in sorted(Path(d).iterdir())
            if (p / "__init__.py").is_file()]


def check_name(name: str) -> tuple[str, str]:
    """(the game's name, its package's) for NAME, refused (UserError) unless it is a package
    name (lower-case letters and digits, words joined by - or _) no game has."""
    if not isinstance(name, str) or not NAME.fullmatch(name) or \
            keyword.iskeyword(name.replace("-", "_")):
        raise UserError(f"new-game: '{name}' is not a game name: lower-case letters and digits, "
                        f"starting with a letter, words joined by '-' or '_' (e.g. dragon-dice), "
                        f"not a Python keyword")
    package = name.replace("-", "_")
    for folder in _game_folders():
        if folder.name == package:
            raise UserError(f"new-game: '{package.replace('_', '-')}' is a game already ({folder}): pick another "
                            f"name")
    return package.replace("_", "-"), package


def rule_prefix(name: str, taken: set) -> str:
    """Rule IDs' prefix: the initials of the name's words (the first two letters of a one-word
    name), longer while another game's checklist uses it."""
    parts = re.split(r"[-_]", name)
    letters = "".join(c for c in name if c.isalpha()).upper()
    prefix = "".join(w[0] for w in parts if w[0].isalpha()).upper()
    prefix = prefix if len(prefix) >= 2 else letters[:2]
    extra = iter(letters[len(prefix):] + "GAME")
    while len(prefix) < 2 or prefix in taken:
        prefix += next(extra, "X")
    return prefix


def words(name: str, package: str) -> dict:
    """The templates' placeholders for the game `name`."""
    taken = set()
    for folder in _game_folders():
        checklist = folder / "rules-checklist.md"
        if checklist.is_file():
            taken.update(RULE_ID.findall(checklist.read_text(encoding="utf-8")))
    parts = package.split("_")
    return {"name": name, "package": package, "camel": "".join(w.capitalize() for w in parts),
            "title": " ".join(parts).capitalize(), "prefix": rule_prefix(name, taken),
            "data": f"{package}.toml"}


def new_game(name: str, where: str | Path = ".") -> Scaffold:
    """Write the game `name`'s folder in the folder `where` (which must exist; the game's must
    not): all of it or, on any problem, nothing."""
    name, package = check_name(name)
    where = Path(where)
    if not where.is_dir():
        raise UserError(f"new-game: --dir {where}: not a folder")
    target = where / package
    if target.exists():
        raise UserError(f"new-game: {target} already exists: pick another name or folder")
    values = words(name, package)
    files = []
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{package}-", dir=where))
    except OSError as e:
        raise UserError(f"new-game: --dir {where}: cannot write there ({e.strerror})") from None
    try:
        for template, out in FILES.items():
            rel = out.format(**values)
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(Template((TEMPLATES / template).read_text(encoding="utf-8"))
                            .substitute(values), encoding="utf-8")
            files.append(rel)
        os.rename(staging, target)
    except OSError as e:
        raise UserError(f"new-game: cannot write {target} ({e.strerror})") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return Scaffold(name, package, target.resolve(), files)
