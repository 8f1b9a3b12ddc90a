"""Reading results folders for `meeplesim report`: the games, the manifests, and the rules'
assumptions in force (loaded from each cell's data, cards and mix). Bad folders are UserErrors
naming the folder; nothing here writes."""
from __future__ import annotations

import json
import os
from pathlib import Path

from simcore.errors import UserError


def load(folders: list):
    """(games table, [reports.build.Source]) of one or more results folders. With several
    folders the table gets a `results` column (the folder as given) so cells of different
    folders are never paired with each other."""
    import pandas as pd

    from reports.build import Source
    from simcore.store import read_table
    parts, sources = [], []
    seen = set()
    for folder in folders:
        path = Path(folder)
        if not path.exists():
            raise UserError(f"{folder}: no such results folder")
        if not path.is_dir():
            raise UserError(f"{folder}: not a folder")
        key = path.resolve()
        if key in seen:
            raise UserError(f"{folder}: given twice")
        seen.add(key)
        manifest = path / "manifest.json"
        if not manifest.exists():
            what = "empty" if not any(path.iterdir()) else "not a meeplesim results folder"
            raise UserError(f"{folder}: {what} (no manifest.json); make one with "
                            f"`meeplesim sweep ... --results {folder}`")
        try:
            m = json.loads(manifest.read_text())
        except (OSError, ValueError) as e:
            raise UserError(f"{manifest}: not a readable manifest ({e})")
        if not isinstance(m, dict) or "cells" not in m:
            raise UserError(f"{manifest}: not a meeplesim results manifest")
        if not (path / "chunks").is_dir():
            raise UserError(f"{folder}: holds no games yet (no chunks folder)")
        try:
            df = read_table(path)
        except OSError as e:
            raise UserError(f"{folder}: cannot read the results: {e}")
        except Exception as e:          # a damaged Parquet file
            raise UserError(f"{folder}: cannot read the results: {type(e).__name__}: {e}")
        if df.empty:
            raise UserError(f"{folder}: holds no games yet (no finished chunk)")
        if len(folders) > 1:
            df.insert(0, "results", str(folder))
        parts.append(df)
        sources.append(Source(str(folder), m))
    return pd.concat(parts, ignore_index=True), sources


def assumptions(sources: list):
    """(assumed entries in force, notes, card id -> name) over every cell of the folders:
    each distinct (game, data, cards, mix) is loaded once; one that cannot be loaded (a data
    folder since moved) is a note, not an error."""
    from simcore.games import get_game
    found, notes, names, done = [], [], {}, set()
    for src in sources:
        for cid, d in src.manifest.get("cells", {}).items():
            key = (d.get("game", "hidden-village"), d.get("data"), d.get("cards"),
                   tuple(d.get("without") or ()))
            if key in done:
                continue
            done.add(key)
            try:
                mod = get_game(key[0])
                cat = mod.load_catalog(key[1], cards=key[2], without=key[3])
            except UserError as e:
                notes.append(f"The rules of cell '{cid}' in {src.path} could not be loaded to list "
                             f"their assumptions: {e}")
                continue
            for a in getattr(cat, "assumptions", []):
                if tuple(a) not in found:
                    found.append(tuple(a))
            for rows in (cat.smurfs, cat.inventions, cat.cakes, cat.gargamel):
                for r in rows:
                    names.setdefault(r["id"], r["name"])
    return found, notes, names


def check_out(out: str, folders: list) -> Path:
    """The report folder, created and checked writable; never a results folder's own files."""
    p = Path(out)
    for f in folders:
        r = Path(f).resolve()
        if p.resolve() == r or r / "chunks" in [p.resolve(), *p.resolve().parents]:
            raise UserError(f"--out {out}: would write among the results of {f}; choose another "
                            f"folder (e.g. {Path(f) / 'report'})")
    if p.exists() and not p.is_dir():
        raise UserError(f"--out {out}: exists and is not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
        probe = p / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise UserError(f"--out {out}: cannot write there: {e.strerror or e}")
    return p
