"""Checks of a game's data file (plain Python, no kernels): every problem is a DataError
naming the file, the entry and the field, so the CLI prints one line a user can act on.

A game's loader reads a file with `DataFile(path)` and checks its tables with the methods
below; the messages are the same for every game.
"""
from __future__ import annotations

import difflib
from pathlib import Path

from .errors import DataError
from .gamekit import read_toml

# where a number comes from: the rulebook, a published review, or our assumption
SOURCES = ("rulebook", "review", "assumed")


class DataFile:
    """One data file's TOML (`data`) and the checks a loader makes on its tables."""

    def __init__(self, path: Path):
        self.path = path
        self.data = read_toml(path)

    def fail(self, entry, problem):
        raise DataError(self.path, entry, problem)

    def table(self, key, entry_kind, problems=None):
        """The [[key]] entries as (label, row). With `problems` (a list), an entry without an id
        or with a duplicate id is recorded there and skipped instead of raising."""
        def bad(entry, problem):
            if problems is None:
                self.fail(entry, problem)
            problems.append(DataError(self.path, entry, problem))

        rows = self.data.get(key)
        if rows is None:
            bad("", f"no [[{key}]] entries")
            return []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            bad(key, f"must be a list of [[{key}]] tables")
            return []
        seen = set()
        out = []
        for i, row in enumerate(rows):
            rid = row.get("id")
            label = f"{entry_kind} '{rid}'" if isinstance(rid, str) else f"{entry_kind} #{i + 1}"
            if not isinstance(rid, str) or not rid:
                bad(label, "missing 'id' (a non-empty string)")
                continue
            if rid in seen:
                bad(label, "duplicate id")
                continue
            seen.add(rid)
            out.append((label, row))
        return out

    def keys(self, label, row, required, optional=()):
        for k in row:
            if k not in required and k not in optional:
                self.fail(label, f"unknown key '{k}'")
        for k in required:
            if k not in row:
                self.fail(label, f"missing key '{k}'")

    def get(self, label, row, key, typ, default=None):
        v = row.get(key, default)
        if typ is int:
            if isinstance(v, bool) or not isinstance(v, int):
                self.fail(label, f"'{key}' must be a whole number, got {v!r}")
        elif typ is bool:
            if not isinstance(v, bool):
                self.fail(label, f"'{key}' must be true or false, got {v!r}")
        elif typ is str:
            if not isinstance(v, str):
                self.fail(label, f"'{key}' must be a string, got {v!r}")
        elif typ is dict:
            if not isinstance(v, dict):
                self.fail(label, f"'{key}' must be a table, got {v!r}")
        elif typ is list:
            if not isinstance(v, list):
                self.fail(label, f"'{key}' must be a list, got {v!r}")
        return v

    def count(self, label, row, key, lo=0, hi=127, default=None):
        v = self.get(label, row, key, int, default)
        if v < lo:
            self.fail(label, f"'{key}' must be at least {lo}, got {v}")
        if v > hi:
            self.fail(label, f"'{key}' must be at most {hi}, got {v}")
        return v

    def choice(self, label, row, key, options, what):
        v = self.get(label, row, key, str)
        if v not in options:
            where = "" if key == what else f" in '{key}'"
            near = difflib.get_close_matches(v, options, n=1)
            hint = f"did you mean '{near[0]}'? " if near else ""
            self.fail(label, f"unknown {what} '{v}'{where} ({hint}known: {', '.join(options)})")
        return v

    def source(self, label, row, key="source"):
        return self.choice(label, row, key, SOURCES, "source")
