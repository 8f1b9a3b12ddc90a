"""Levers: the data fields a design-mode tune (`meeplesim tune`) may move, each a whole number
with a range and a step (plain Python; knows no game).

A game declares its levers file through its `Game` (`levers = "data/levers.toml"`); a `--data`
folder holding a `levers.toml` replaces it. The file:

    [[lever]]
    id = "lost-smurfs"                 # kebab-case, unique
    what = "Lost Smurfs in the Dark Forest at the level"
    file = "levels.toml"               # the data file holding the field
    table = "level"                    # optional: the field is a key of each [[level]] entry ...
    per = "level"                      # ... whose id is a value of this game option: one lever
                                       #     per entry, "lost-smurfs@terrible", and a target for
                                       #     a level moves that level's own
    key = "lost_smurfs"                # the field (dotted for a nested table: "cake_supply.value";
                                       # a number indexes a list: "seat_coins.value.0")
    min = 1
    max = 20
    step = 1
    default_for = "seats"              # optional: the levers a seats target moves by default
    seat = 2                           # optional: a lever of one seat (1: the first player),
                                       #     which a tune with fewer players leaves alone

Without `table` the key is read from the file's top level (a dotted key reaches into its
tables). A lever's current value is what the data hold. `data_with(files, {lever: value})`
returns copies of the parsed data files with the values set; `write_data(folder, ...)` writes
them as a data folder the game's loader reads like any `--data` folder, so a candidate's rules
are files on disk beside its results (a tune is replayable with `run --data`).
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DataError, UserError
from .gamekit import read_toml

FILE_NAME = "levers.toml"
LEVER_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
KEYS = ("id", "what", "file", "table", "per", "key", "min", "max", "step", "default_for", "seat")
DEFAULT_FOR = ("seats",)     # a lever a kind of target moves when no --lever is given
REQUIRED = ("id", "what", "file", "key", "min", "max")


@dataclass(frozen=True)
class Lever:
    """One movable field: `id` is the declared id, with "@ENTRY" for a lever per entry."""
    id: str
    name: str                 # the declared id (without "@ENTRY")
    what: str
    file: str
    key: str
    lo: int
    hi: int
    step: int
    current: int              # the value the data hold
    table: str = ""
    entry: str = ""           # the entry's id, for a lever per entry
    per: str = ""             # the game option whose value names the entry
    default_for: str = ""     # "seats": moved by a seats target when no --lever is given
    seat: int = 0             # a lever of one seat (1: the first player): only with that many players

    @property
    def values(self) -> list:
        """Every value the lever may take: lo, lo + step, ..., up to hi."""
        return list(range(self.lo, self.hi + 1, self.step))

    def narrowed(self, lo: int, hi: int) -> Lever:
        """The same lever over [lo, hi] (a --lever ID=LO..HI range); UserError if it is empty
        or leaves the declared range."""
        where = f"--lever {self.id}={lo}..{hi}"
        if lo > hi:
            raise UserError(f"{where}: the range is empty (low above high)")
        if lo < self.lo or hi > self.hi:
            raise UserError(f"{where}: outside the lever's range {self.lo}..{self.hi} ({self.what})")
        return Lever(self.id, self.name, self.what, self.file, self.key, lo, hi, self.step,
                     self.current, self.table, self.entry, self.per, self.default_for, self.seat)

    def value_in(self, doc: dict) -> int:
        """The lever's value in a parsed copy of its data file."""
        if self.table:
            doc = next(e for e in doc[self.table] if str(e.get("id")) == self.entry)
        for part in self.key.split("."):
            doc = _step(doc, part)
        return doc

    def row(self) -> dict:
        """The lever as `tune --list-levers` shows it."""
        return {"id": self.id, "what": self.what, "field": self.field, "low": self.lo,
                "high": self.hi, "step": self.step, "current": self.current}

    @property
    def field(self) -> str:
        at = f"[[{self.table}]] '{self.entry}' " if self.table else ""
        return f"{self.file} {at}{self.key}"


@dataclass
class Levers:
    """A game's levers, expanded per entry, in file order."""
    path: Path
    levers: dict = field(default_factory=dict)    # id -> Lever

    def __iter__(self):
        return iter(self.levers.values())

    def __len__(self):
        return len(self.levers)

    def get(self, lever_id: str) -> Lever:
        if lever_id not in self.levers:
            import difflib
            near = difflib.get_close_matches(lever_id, list(self.levers), n=1)
            hint = f"did you mean '{near[0]}'? " if near else ""
            raise UserError(f"unknown lever '{lever_id}' ({hint}known: {', '.join(self.levers)}; "
                            f"`meeplesim tune --list-levers`)")
        return self.levers[lever_id]

    def named(self, name: str) -> list:
        """The levers declared as `name` (one per entry for a lever per entry)."""
        return [lv for lv in self if lv.name == name or lv.id == name]

    def for_entry(self, name: str, option: str, value) -> Lever | None:
        """The lever `name` of the entry named by option=value (a level's own), or the lever
        `name` itself when it is not per entry."""
        for lv in self.named(name):
            if not lv.per or (lv.per == option and lv.entry == value):
                return lv
        return None


def load(path, data_files: dict) -> Levers:
    """The levers of a file against the game's parsed data files ({file name: dict}): the
    first problem raises DataError naming the file and the lever."""
    path = Path(path)
    raw = read_toml(path)
    for k in raw:
        if k != "lever":
            raise DataError(path, "", f"unknown key '{k}' (known: lever)")
    rows = raw.get("lever")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise DataError(path, "", "no [[lever]] entries")
    out = Levers(path)
    seen = set()
    for i, row in enumerate(rows):
        lid = row.get("id")
        label = f"lever '{lid}'" if isinstance(lid, str) and lid else f"lever #{i + 1}"
        _check_row(path, label, row)
        if lid in seen:
            raise DataError(path, label, "duplicate id")
        seen.add(lid)
        for lv in _expand(path, label, row, data_files):
            out.levers[lv.id] = lv
    return out


def _check_row(path, label, row):
    for k in row:
        if k not in KEYS:
            raise DataError(path, label, f"unknown key '{k}' (known: {', '.join(KEYS)})")
    for k in REQUIRED:
        if k not in row:
            raise DataError(path, label, f"missing '{k}'")
    if not isinstance(row["id"], str) or not LEVER_ID.fullmatch(row["id"]):
        raise DataError(path, label, "'id' must be kebab-case, like 'lost-smurfs'")
    for k in ("what", "file", "key"):
        if not isinstance(row[k], str) or not row[k].strip():
            raise DataError(path, label, f"'{k}' must be a non-empty string")
    for k in ("min", "max", "step", "seat"):
        v = row.get(k, 1)
        if isinstance(v, bool) or not isinstance(v, int):
            raise DataError(path, label, f"'{k}' must be a whole number, got {v!r}")
    if row.get("step", 1) < 1:
        raise DataError(path, label, "'step' must be at least 1")
    if row["min"] > row["max"]:
        raise DataError(path, label, f"'min' ({row['min']}) is above 'max' ({row['max']})")
    if row.get("default_for", "seats") not in DEFAULT_FOR:
        raise DataError(path, label, f"'default_for' must be one of {', '.join(DEFAULT_FOR)}")
    if ("per" in row) != ("table" in row):
        raise DataError(path, label, "'table' and 'per' go together (one lever per entry of the "
                                     "table, named by a game option)")


def _expand(path, label, row, data_files) -> list:
    name = row["file"]
    if name not in data_files:
        raise DataError(path, label, f"no data file '{name}' (known: {', '.join(sorted(data_files))})")
    doc = data_files[name]
    common = dict(name=row["id"], what=row["what"].strip(), file=name, key=row["key"],
                  lo=row["min"], hi=row["max"], step=row.get("step", 1),
                  default_for=row.get("default_for", ""), seat=row.get("seat", 0))
    if "table" not in row:
        return [Lever(id=row["id"], current=_current(path, label, doc, row["key"], name), **common)]
    entries = doc.get(row["table"])
    if not isinstance(entries, list) or not entries:
        raise DataError(path, label, f"{name} has no [[{row['table']}]] entries")
    out = []
    for e in entries:
        eid = e.get("id")
        out.append(Lever(id=f"{row['id']}@{eid}", current=_current(path, f"{label} at '{eid}'", e,
                                                                   row["key"], name),
                         table=row["table"], entry=str(eid), per=row["per"], **common))
    return out


def _step(v, part):
    """One part of a dotted key: a table's key, or a list's index (a whole number)."""
    if isinstance(v, dict) and part in v:
        return v[part]
    if isinstance(v, list) and part.isdigit() and int(part) < len(v):
        return v[int(part)]
    raise KeyError(part)


def _current(path, label, doc, key, name) -> int:
    v = doc
    for part in key.split("."):
        try:
            v = _step(v, part)
        except KeyError:
            raise DataError(path, label, f"{name} has no key '{key}'") from None
    if isinstance(v, bool) or not isinstance(v, int):
        raise DataError(path, label, f"{name} '{key}' is {v!r}, not a whole number")
    return v


def data_with(data_files: dict, values: dict) -> dict:
    """Copies of the data files ({file name: dict}) that the values change, with each lever
    (Lever -> whole number) set: {file name: dict}, only the files changed."""
    out: dict = {}
    for lv, value in values.items():
        doc = out.setdefault(lv.file, copy.deepcopy(data_files[lv.file]))
        if lv.table:
            doc = next(e for e in doc[lv.table] if str(e.get("id")) == lv.entry)
        *parents, last = lv.key.split(".")
        for part in parents:
            doc = _step(doc, part)
        doc[int(last) if isinstance(doc, list) else last] = int(value)
    return out


def write_data(folder, base_dir, changed: dict, header: str) -> Path:
    """A data folder: the files of `base_dir` (the user's --data folder, or None), then the
    changed files ({file name: dict}) written over them as TOML headed by `header` (a comment
    saying what was set). Returns the folder."""
    import shutil

    import tomli_w
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if base_dir is not None:
        for p in sorted(Path(base_dir).glob("*.toml")):
            if p.name not in changed:
                shutil.copyfile(p, folder / p.name)
    for name, doc in changed.items():
        body = tomli_w.dumps(doc)
        text = "".join(f"# {line}\n" for line in header.splitlines()) + "\n" + body
        target = folder / name
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            tmp = target.with_suffix(".toml.tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(target)
    return folder
