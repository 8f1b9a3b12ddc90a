"""A results folder: a manifest and one Parquet file per finished chunk, one row per game.

    DIR/manifest.json            format, kind, identity (what every game depends on: game,
                                 seed, code version, fixed options), cells (cell id -> its
                                 definition, catalog hash and mix), created time
    DIR/chunks/<key>-<start>-<n>.parquet
                                 games start .. start + n - 1 of one cell (key: a hash of the
                                 cell id); columns: cell, game (the game index), the cell's
                                 constant columns (axes, mix), then the game's result fields

Every file is written to a temporary name in the same folder and renamed into place
(os.replace), so a file under its final name is always complete: an interrupted run loses
only the chunks it was playing. The chunks already there say which games are done; a rerun
plays only the others. One writer at a time (an advisory lock on DIR/.lock).
"""
from __future__ import annotations

import datetime as _dt
import fcntl
import hashlib
import json
import os
import re
import uuid
from pathlib import Path

import numpy as np

from .errors import UserError

FORMAT = "meeplesim-results-1"
_CHUNK_RE = re.compile(r"^([0-9a-f]{16})-(\d{12})-(\d+)\.parquet$")


def cell_key(cell_id: str) -> str:
    return hashlib.sha256(cell_id.encode()).hexdigest()[:16]


def _write_atomic(path: Path, data: bytes):
    tmp = path.parent / f".tmp-{uuid.uuid4().hex}-{path.name}"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _diff(old, new, where=""):
    """The first field where two JSON-like values differ, as 'path: old -> new'."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in [*new, *(k for k in old if k not in new)]:     # in the order the caller lists them
            if old.get(k, "<absent>") != new.get(k, "<absent>"):
                return _diff(old.get(k, "<absent>"), new.get(k, "<absent>"), f"{where}.{k}" if where else k)
        return None
    if old != new:
        return f"{where}: {json.dumps(old)} in the folder, {json.dumps(new)} now"
    return None


class ResultsStore:
    """Open (creating if needed) a results folder for a kind of run and its identity.

    `identity` is a JSON-able dict of everything the games depend on besides the cell
    (game, seed, code version, fixed options); `cells` maps each cell id to its JSON-able
    definition. A folder made for another kind, identity or cell definition is refused; new
    cells (a value added to an axis) are added to the manifest.
    """

    def __init__(self, folder, kind: str, identity: dict, cells: dict, create: bool = True):
        self.dir = Path(folder)
        self.kind = kind
        if self.dir.exists() and not self.dir.is_dir():
            raise UserError(f"--results {folder}: not a folder")
        manifest = self.dir / "manifest.json"
        if self.dir.exists() and not manifest.exists() and any(self.dir.iterdir()):
            raise UserError(f"--results {folder}: the folder is not empty and holds no manifest.json "
                            f"(not a meeplesim results folder)")
        if not self.dir.exists():
            if not create:
                raise UserError(f"--results {folder}: no such folder")
            try:
                self.dir.mkdir(parents=True)
            except OSError as e:
                raise UserError(f"--results {folder}: cannot create the folder: {e.strerror}")
        if manifest.exists():
            self._read_manifest(manifest)      # refuse a broken manifest before touching the folder
        self._lock = open(self.dir / ".lock", "a")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock.close()
            self._lock = None
            raise UserError(f"--results {folder}: another meeplesim run is writing there")
        try:
            self._open(manifest, kind, identity, cells)
        except BaseException:
            self.close()
            raise

    def _open(self, manifest: Path, kind: str, identity: dict, cells: dict):
        if manifest.exists():
            self.manifest = self._read_manifest(manifest)
            self._check(kind, identity, cells)
        (self.dir / "chunks").mkdir(exist_ok=True)
        for tmp in (self.dir / "chunks").glob(".tmp-*"):
            tmp.unlink()          # left by an interrupted write: never a finished chunk
        if manifest.exists():
            added = {c: d for c, d in cells.items() if c not in self.manifest["cells"]}
            if added:
                self.manifest["cells"].update(added)
                self.manifest["cells"] = dict(sorted(self.manifest["cells"].items()))
                self._write_manifest()
        else:
            self.manifest = {
                "format": FORMAT, "kind": kind, "identity": identity,
                "cells": dict(sorted(cells.items())),
                "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            }
            self._write_manifest()

    def close(self):
        if self._lock:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -------------------------------------------------------------------------- manifest
    def _read_manifest(self, path: Path) -> dict:
        try:
            m = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise UserError(f"{path}: not a readable manifest ({e})")
        if not isinstance(m, dict) or m.get("format") != FORMAT:
            raise UserError(f"{path}: not a meeplesim results manifest (format {m.get('format') if isinstance(m, dict) else None!r})")
        return m

    def _write_manifest(self):
        _write_atomic(self.dir / "manifest.json",
                      (json.dumps(self.manifest, indent=1, sort_keys=False) + "\n").encode())

    def _check(self, kind, identity, cells):
        m = self.manifest
        if m["kind"] != kind:
            raise UserError(f"--results {self.dir}: holds the results of a '{m['kind']}', not of a "
                            f"'{kind}'; use another folder")
        d = _diff(m["identity"], identity)
        if d:
            raise UserError(f"--results {self.dir}: holds results of a different configuration "
                            f"({d}); use another folder")
        for c, definition in cells.items():
            if c in m["cells"]:
                d = _diff(m["cells"][c], definition)
                if d:
                    raise UserError(f"--results {self.dir}: cell '{c}' was played with a different "
                                    f"configuration ({d}); use another folder")

    # -------------------------------------------------------------------------- chunks
    def finished(self) -> dict:
        """cell key -> sorted list of (start, n) of its finished chunks."""
        out: dict = {}
        for p in (self.dir / "chunks").iterdir():
            m = _CHUNK_RE.match(p.name)
            if m:
                out.setdefault(m.group(1), []).append((int(m.group(2)), int(m.group(3))))
        for v in out.values():
            v.sort()
        return out

    def missing(self, cell_id: str, games: int, finished: dict | None = None) -> list[tuple[int, int]]:
        """The ranges (start, stop) of games 0 .. games - 1 of a cell with no finished chunk."""
        done = (finished if finished is not None else self.finished()).get(cell_key(cell_id), [])
        gaps = []
        pos = 0
        for start, n in done:
            if start > pos:
                gaps.append((pos, min(start, games)))
            pos = max(pos, start + n)
            if pos >= games:
                break
        if pos < games:
            gaps.append((pos, games))
        return [(a, b) for a, b in gaps if a < b]

    def write_chunk(self, cell_id: str, start: int, rows: np.ndarray, fields, constants: dict):
        """Write one finished chunk atomically: rows[i] is game start + i of the cell."""
        import pyarrow as pa
        import pyarrow.parquet as pq
        n = rows.shape[0]
        cols = {"cell": pa.DictionaryArray.from_arrays(np.zeros(n, np.int32), pa.array([cell_id])),
                "game": pa.array(np.arange(start, start + n, dtype=np.int64))}
        for name, value in constants.items():
            cols[name] = pa.DictionaryArray.from_arrays(np.zeros(n, np.int32), pa.array([value]))
        for j, name in enumerate(fields):
            cols[name] = pa.array(np.ascontiguousarray(rows[:, j]))
        table = pa.table(cols)
        path = self.dir / "chunks" / f"{cell_key(cell_id)}-{start:012d}-{n}.parquet"
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression="zstd")
        _write_atomic(path, sink.getvalue().to_pybytes())

    def read(self, cell_id: str, games: int | None = None, columns=None):
        """One cell's rows (games 0 .. games - 1, all finished games if None), in game order,
        as a pandas DataFrame."""
        return read_table(self.dir, cells=[cell_id], games=games, columns=columns)


def read_table(folder, cells=None, games: int | None = None, columns=None):
    """The games of a results folder as one DataFrame sorted by (cell, game): every cell, or
    the given ones; only games below `games` if given."""
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq
    folder = Path(folder)
    if not (folder / "manifest.json").exists():
        raise UserError(f"{folder}: not a results folder (no manifest.json)")
    keys = None if cells is None else {cell_key(c) for c in cells}
    parts = []
    want = None if columns is None else list(dict.fromkeys(["cell", "game", *columns]))
    for p in sorted((folder / "chunks").iterdir()):
        m = _CHUNK_RE.match(p.name)
        if not m or (keys is not None and m.group(1) not in keys):
            continue
        if games is not None and int(m.group(2)) >= games:
            continue
        t = pq.read_table(p, columns=want)
        t = t.set_column(t.schema.get_field_index("cell"), "cell", t.column("cell").cast(pa.string()))
        df = t.to_pandas()
        if games is not None:
            df = df[df["game"] < games]
        parts.append(df)
    if not parts:
        return pd.DataFrame(columns=want or ["cell", "game"])
    df = pd.concat(parts, ignore_index=True)
    return df.sort_values(["cell", "game"], kind="stable").reset_index(drop=True)
