"""Checks of a game's data file (plain Python, no kernels): every problem is a DataError
naming the file, the entry and the field, so the CLI prints one line a user can act on.

A game's loader reads a file with `DataFile(path)`, declares each table's keys as a schema
(`{"id": Field(str), "cost": Field(int), "source": SOURCE, "note": Field(str, False)}`) and
checks every table against it with `check`: unknown keys (naming the known ones), missing keys,
value types and the `source` vocabulary. What only the game knows (a value's range, a name that
must exist on the board) it checks next with `count`, `choice` and `fail`, so the messages are
worded the same in every game.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import NamedTuple

from .errors import DataError
from .gamekit import read_toml

# where a number comes from: the rulebook, a published review, or our assumption
SOURCES = ("rulebook", "review", "assumed")


class Field(NamedTuple):
    """One key of a table: its value's type (str, int, bool, list or dict), whether the key
    must be there, and for a word from a fixed vocabulary the words and what they are called
    in messages ("source")."""
    type: type
    required: bool = True
    vocabulary: tuple = ()
    what: str = ""


SOURCE = Field(str, vocabulary=SOURCES, what="source")   # where the table's numbers come from
_TYPE_NAMES = {int: "a whole number", bool: "true or false", str: "a string", dict: "a table",
               list: "a list"}


class DataFile:
    """One data file's TOML (`data`) and the checks a loader makes on its tables."""

    def __init__(self, path: Path):
        self.path = path
        self.data = read_toml(path)

    def fail(self, entry, problem):
        raise DataError(self.path, entry, problem)

    def check(self, label, row, schema: dict) -> dict:
        """`row` (the table named `label` in messages) against `schema` ({key: Field}): no
        unknown key, every required key, each value of its type, each word of its vocabulary.
        Keys are checked in the schema's order, so declare them in the order a reader meets
        them."""
        for k in row:
            if k not in schema:
                self.fail(label, f"unknown key '{k}' (known: {', '.join(schema)})")
        for k, spec in schema.items():
            if spec.required and k not in row:
                self.fail(label, f"missing key '{k}'")
        for k, spec in schema.items():
            if k in row:
                self.get(label, row, k, spec.type)
                if spec.vocabulary:
                    self.choice(label, row, k, spec.vocabulary, spec.what)
        return row

    def top_keys(self, known):
        """The file's top-level keys are all `known` ones."""
        for k in self.data:
            if k not in known:
                self.fail("", f"unknown key '{k}' (known: {', '.join(known)})")

    def section(self, key) -> dict:
        """The file's [key] table."""
        t = self.data.get(key)
        if not isinstance(t, dict):
            self.fail(key, f"missing [{key}] table")
        return t

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

    def get(self, label, row, key, typ, default=None):
        """row[key] (or `default`), which must be of type `typ`."""
        v = row.get(key, default)
        # bool is an int in Python, not in a data file: `cost = true` is a mistake
        ok = isinstance(v, typ) and not (typ is int and isinstance(v, bool))
        if not ok:
            self.fail(label, f"'{key}' must be {_TYPE_NAMES[typ]}, got {v!r}")
        return v

    def count(self, label, row, key, lo=0, hi=127, default=None):
        """row[key], a whole number from `lo` to `hi`."""
        v = self.get(label, row, key, int, default)
        if v < lo:
            self.fail(label, f"'{key}' must be at least {lo}, got {v}")
        if v > hi:
            self.fail(label, f"'{key}' must be at most {hi}, got {v}")
        return v

    def choice(self, label, row, key, options, what):
        """row[key], one of the words `options` (called `what` in messages)."""
        v = self.get(label, row, key, str)
        if v not in options:
            where = "" if key == what else f" in '{key}'"
            near = difflib.get_close_matches(v, options, n=1)
            hint = f"did you mean '{near[0]}'? " if near else ""
            self.fail(label, f"unknown {what} '{v}'{where} ({hint}known: {', '.join(options)})")
        return v

    def source(self, label, row, key="source"):
        """row[key], a word of the source vocabulary."""
        return self.choice(label, row, key, SOURCES, "source")
