"""A results folder: a manifest and one Parquet file per finished chunk, one row per game.

    DIR/manifest.json            format, kind, identity (what every game depends on: game,
                                 seed, code version, fixed options), cells (cell id -> its
                                 definition, catalog hash and mix), created time
    DIR/chunks/<key>-<start>-<n>.parquet
                                 games start .. start + n - 1 of one cell (key: a hash of the
                                 cell id); columns: cell, game (the game index), the cell's
                                 constant columns (axes, mix), then the game's result fields

    DIR/quarantine/<file>        chunks found damaged, moved aside (never deleted)

Every file is written to a temporary name in the same folder and renamed into place
(os.replace), so a file under its final name is always complete: an interrupted run loses
only the chunks it was playing. The chunks already there say which games are done; a rerun
plays only the others. One writer at a time (an advisory lock on DIR/.lock).

Every chunk records what it must hold in its Parquet metadata (key `meeplesim`): its cell,
its first game, its game count and a SHA-256 of its columns. `check_chunk` checks all of it
(readable, the cell and range its name says, a cell of the manifest, game indices exactly
start .. start + n - 1, the checksum), and `health` checks a whole folder (bad chunks, chunks
duplicating games of another, games missing below the largest count a command asked for).
A writer (`ResultsStore`) moves every bad chunk into DIR/quarantine/ when it opens the folder,
so its games are replayed like any other missing game. A write that fails (a full or
read-only disk) removes its temporary file and raises a StorageError saying what was kept.
"""
from __future__ import annotations

import datetime as _dt
import fcntl
import hashlib
import json
import os
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .errors import UserError

FORMAT = "meeplesim-results-1"
META_KEY = b"meeplesim"
_CHUNK_RE = re.compile(r"^([0-9a-f]{16})-(\d{12})-(\d+)\.parquet$")


class StorageError(UserError):
    """A file of a results folder could not be written (a full or read-only disk...): says
    what, that the finished chunks are kept and how to resume. Exit code 1: not bad input.
    (Here, not in simcore.errors: that module is part of the kernels' cache key.)"""
    exit_code = 1

    def __init__(self, path, error: OSError, started: bool = True):
        self.path, self.error = str(path), error
        why = error.strerror or str(error)
        kept = ("the finished chunks are kept; free space (or make the folder writable, or move "
                "it to a disk with space) and run the same command again to resume"
                if started else "nothing was written; make the folder writable (or use a "
                "folder on a writable disk) and run the same command again")
        super().__init__(f"cannot write {path}: {why}; {kept}")


def cell_key(cell_id: str) -> str:
    return hashlib.sha256(cell_id.encode()).hexdigest()[:16]


def _write_file(path: Path, data: bytes):
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _write_atomic(path: Path, data: bytes):
    """Write to a temporary name, then rename: on any failure the temporary file is removed
    and the final name untouched (StorageError for an OSError)."""
    tmp = path.parent / f".tmp-{uuid.uuid4().hex}-{path.name}"
    try:
        _write_file(tmp, data)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        if isinstance(e, OSError):
            raise StorageError(path, e) from None
        raise


def write_json(path, obj):
    """A JSON file in a results folder beside its games (a calibration's playtests and fit),
    written atomically (StorageError for an OSError)."""
    _write_atomic(Path(path), (json.dumps(obj, indent=1) + "\n").encode())


def table_digest(table) -> str:
    """SHA-256 over a table's column names and values (not its metadata)."""
    h = hashlib.sha256()
    for name in table.column_names:
        col = table.column(name)
        h.update(name.encode() + b"\0")
        try:
            values = col.to_numpy()
        except Exception:
            values = None
        if values is None or values.dtype == object:
            h.update("\x1f".join(map(repr, col.to_pylist())).encode())
        else:
            h.update(str(values.dtype).encode() + np.ascontiguousarray(values).tobytes())
    return h.hexdigest()


def check_chunk(path: Path, cells_by_key: dict | None = None) -> str | None:
    """None if the chunk file is sound, else what is wrong with it, in words.
    `cells_by_key` (cell key -> cell id) are the manifest's cells."""
    import pyarrow.parquet as pq
    m = _CHUNK_RE.match(path.name)
    if not m:
        return "not a chunk file name"
    key, start, n = m.group(1), int(m.group(2)), int(m.group(3))
    try:
        t = pq.read_table(path)
    except Exception as e:
        size = path.stat().st_size if path.exists() else 0
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        return f"unreadable ({size} bytes: {first})"
    raw = (t.schema.metadata or {}).get(META_KEY)
    if raw is None:
        return "no checksum recorded (not written by this version of meeplesim)"
    try:
        info = json.loads(raw)
        cell, m_start, m_n, digest = info["cell"], int(info["start"]), int(info["n"]), info["sha256"]
    except (ValueError, KeyError, TypeError):
        return "its metadata is damaged"
    if cell_key(cell) != key:
        return f"holds cell '{cell}', not the cell its name says"
    if cells_by_key is not None and key not in cells_by_key:
        return f"holds cell '{cell}', which the manifest does not list"
    if (m_start, m_n) != (start, n):
        return f"holds games {m_start}..{m_start + m_n - 1}, not the {start}..{start + n - 1} its name says"
    if t.num_rows != n:
        return f"holds {t.num_rows} rows, not {n}"
    if "game" not in t.column_names or "cell" not in t.column_names:
        return "has no game or cell column"
    games = t.column("game").to_numpy()
    if not np.array_equal(games, np.arange(start, start + n)):
        dup = n - len(np.unique(games))
        return (f"game indices are not {start}..{start + n - 1}"
                + (f" ({dup} duplicated)" if dup else ""))
    if set(t.column("cell").to_pylist()) != {cell}:
        return f"rows of another cell than '{cell}'"
    if table_digest(t.replace_schema_metadata(None)) != digest:
        return "checksum mismatch (its values changed since it was written)"
    return None


@dataclass
class Health:
    """What `health` found in a results folder."""
    folder: Path
    checked: int = 0                        # chunk files checked
    bad: list = field(default_factory=list)     # (path relative to the folder, what is wrong)
    good: dict = field(default_factory=dict)    # cell key -> sorted (start, n) of sound chunks
    missing: dict = field(default_factory=dict)  # cell id -> [(start, stop)] of games missing
    targets: dict = field(default_factory=dict)  # cell id -> games the folder should hold

    @property
    def games_missing(self) -> int:
        return sum(b - a for gaps in self.missing.values() for a, b in gaps)

    @property
    def ok(self) -> bool:
        return not self.bad and not self.missing

    def words(self) -> str:
        """One line: chunks checked, bad ones, games missing."""
        return (f"{self.checked} chunk{'s' if self.checked != 1 else ''} checked, "
                f"{len(self.bad)} bad, {self.games_missing} game{'s' if self.games_missing != 1 else ''} missing")


def _gaps(done: list, games: int) -> list[tuple[int, int]]:
    """Ranges (start, stop) of games 0 .. games - 1 no (start, n) of `done` (sorted) holds."""
    gaps, pos = [], 0
    for start, n in done:
        if start > pos:
            gaps.append((pos, min(start, games)))
        pos = max(pos, start + n)
        if pos >= games:
            break
    if pos < games:
        gaps.append((pos, games))
    return [(a, b) for a, b in gaps if a < b]


def health(folder, manifest: dict | None = None) -> Health:
    """Check every chunk of a results folder (reads only). A chunk holding games another
    sound chunk of its cell already holds is bad (its games would count twice). Games
    missing: below the largest game count a command asked of each cell (the manifest's
    `games`), or below the end of its last chunk."""
    folder = Path(folder)
    if manifest is None:
        manifest = read_manifest(folder / "manifest.json")
    cells = manifest.get("cells", {})
    by_key = {cell_key(c): c for c in cells}
    h = Health(folder)
    chunks = folder / "chunks"
    ranges: dict = {}
    if chunks.is_dir():
        for p in sorted(chunks.iterdir()):
            if p.name.startswith(".tmp-") or not p.is_file():
                continue
            h.checked += 1
            why = check_chunk(p, by_key)
            if why:
                h.bad.append((f"chunks/{p.name}", why))
                continue
            m = _CHUNK_RE.match(p.name)
            ranges.setdefault(m.group(1), []).append((int(m.group(2)), int(m.group(3)), p.name))
    for key, rs in ranges.items():
        rs.sort(key=lambda r: (r[0], -r[1]))
        pos, last, keep = 0, None, []
        for start, n, name in rs:
            if start < pos:
                h.bad.append((f"chunks/{name}", f"holds games {start}..{start + n - 1}, which "
                                                f"chunks/{last} already holds (duplicated)"))
                continue
            keep.append((start, n))
            pos, last = start + n, name
        h.good[key] = keep
    h.bad.sort()
    wanted = manifest.get("games", {})
    for cid in cells:
        done = h.good.get(cell_key(cid), [])
        end = max([s + n for s, n in done], default=0)
        target = max(int(wanted.get(cid, 0)), end)
        h.targets[cid] = target
        gaps = _gaps(done, target)
        if gaps:
            h.missing[cid] = gaps
    return h


def read_manifest(path: Path) -> dict:
    try:
        m = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise UserError(f"{Path(path).parent}: not a results folder (no manifest.json)") from None
    except (OSError, ValueError) as e:
        raise UserError(f"{path}: not a readable manifest ({e})")
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        raise UserError(f"{path}: not a meeplesim results manifest (format {m.get('format') if isinstance(m, dict) else None!r})")
    return m


def quarantine(folder: Path, rel: str) -> str:
    """Move a damaged file of the folder into DIR/quarantine/ (never delete it); its new
    path relative to the folder."""
    src = folder / rel
    dest_dir = folder / "quarantine"
    dest_dir.mkdir(exist_ok=True)
    dest = dest_dir / src.name
    i = 1
    while dest.exists():
        dest = dest_dir / f"{src.name}.{i}"
        i += 1
    os.replace(src, dest)
    return str(dest.relative_to(folder))


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
        self.quarantined: list = []       # (file moved into quarantine/, what was wrong)
        self._lock = None
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
        try:
            self._lock = open(self.dir / ".lock", "a")
        except OSError as e:
            raise StorageError(self.dir / ".lock", e, started=False) from None
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
        try:
            (self.dir / "chunks").mkdir(exist_ok=True)
            for tmp in [*(self.dir / "chunks").glob(".tmp-*"), *self.dir.glob(".tmp-*")]:
                tmp.unlink()          # left by an interrupted write: never a finished chunk
        except OSError as e:
            raise StorageError(self.dir / "chunks", e) from None
        if manifest.exists():
            self._heal()
        if manifest.exists():
            self.add_cells(cells)
        else:
            self.manifest = {
                "format": FORMAT, "kind": kind, "identity": identity,
                "cells": dict(sorted(cells.items())),
                "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            }
            self._write_manifest()

    def add_cells(self, cells: dict):
        """Declare more cells ({id: definition}) in the manifest, as opening the folder with
        them would (a cell already there must have the same definition)."""
        self._check(self.kind, self.manifest["identity"], cells)
        added = {c: d for c, d in cells.items() if c not in self.manifest["cells"]}
        if added:
            self.manifest["cells"].update(added)
            self.manifest["cells"] = dict(sorted(self.manifest["cells"].items()))
            self._write_manifest()

    def _heal(self):
        """Move every bad chunk into quarantine/: its games are then missing, and replayed."""
        found = health(self.dir, self.manifest)
        for rel, why in found.bad:
            try:
                where = quarantine(self.dir, rel)
            except OSError as e:
                raise StorageError(self.dir / "quarantine", e) from None
            self.quarantined.append((rel, where, why))

    def notes(self) -> list[str]:
        """One line per chunk moved into quarantine."""
        return [f"{self.dir / rel}: {why}; moved to {self.dir / where}, its games replayed"
                for rel, where, why in self.quarantined]

    def want(self, targets: dict):
        """Record the game count asked of each cell (the largest yet): `health` counts the
        games below it that no chunk holds as missing."""
        games = self.manifest.setdefault("games", {})
        changed = False
        for cid, n in targets.items():
            if n > games.get(cid, 0):
                games[cid] = int(n)
                changed = True
        if changed:
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
        return read_manifest(path)

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
        return _gaps(done, games)

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
        meta = {"cell": cell_id, "start": int(start), "n": int(n), "sha256": table_digest(table)}
        table = table.replace_schema_metadata({META_KEY: json.dumps(meta).encode()})
        path = self.dir / "chunks" / f"{cell_key(cell_id)}-{start:012d}-{n}.parquet"
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink, compression="zstd")
        _write_atomic(path, sink.getvalue().to_pybytes())

    def iter_rows(self, cell_id: str, games: int, fields):
        """(start, int32[k, len(fields)]) of each chunk of a cell holding games below `games`,
        in game order, cut at `games`: one chunk in memory at a time. UserError if a game is
        missing."""
        import pyarrow.parquet as pq
        key = cell_key(cell_id)
        pos = 0
        for start, n in self.finished().get(key, []):
            if start >= games:
                break
            if start != pos:
                raise UserError(f"cell '{cell_id}': games {pos}..{start - 1} are missing from {self.dir}")
            t = pq.read_table(self.dir / "chunks" / f"{key}-{start:012d}-{n}.parquet",
                              columns=list(fields))
            rows = np.empty((t.num_rows, len(fields)), np.int32)
            for j, name in enumerate(fields):
                rows[:, j] = t.column(name).to_numpy()
            del t
            k = min(n, games - start)
            yield start, rows[:k]
            pos = start + k
        if pos < games:
            raise UserError(f"cell '{cell_id}': expected {games} games, found {pos} in {self.dir}")

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
