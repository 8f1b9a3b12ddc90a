"""The balance report of results folders, for the command line and the Python API:
`build_report` reads the folders (the games, the manifests), refuses folders of different
games, loads the rules' assumptions in force through the game (each cell's data and catalog
options), and has `reports.build` write the report with the game's descriptor. Bad folders
are UserErrors naming the folder; only `build_report` writes, and only into `out`."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from simcore.errors import UserError


def load(folders: list):
    """(games table, [reports.build.Source]) of one or more results folders: one row per
    game, its result fields, its cell's configuration columns and `won` (outcome 1). With
    several folders the table gets a `results` column (the folder as given) so cells of
    different folders are never paired with each other."""
    import pandas as pd

    from reports.build import Source
    from simcore.store import health, read_table
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
        h = health(path, m)
        if not h.ok:
            what = []
            if h.bad:
                what.append(f"{len(h.bad)} damaged chunk{'s' if len(h.bad) > 1 else ''} ("
                            + "; ".join(f"{rel}: {why}" for rel, why in h.bad) + ")")
            if h.missing:
                what.append(f"{h.games_missing} games missing in "
                            + ", ".join(f"'{c}'" for c in h.missing))
            raise UserError(f"{folder}: " + " and ".join(what) + "; the report only reads: "
                            f"repair with `meeplesim verify {folder} --repair`")
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
        df.insert(df.columns.get_loc("outcome") + 1 if "outcome" in df.columns else len(df.columns),
                  "won", df["outcome"] == 1 if "outcome" in df.columns else False)
        parts.append(df)
        sources.append(Source(str(folder), m, _calibration(path)))
    return pd.concat(parts, ignore_index=True), sources


def _calibration(path: Path) -> dict | None:
    """The calibration a folder made by `meeplesim calibrate --results` keeps beside its games
    (experiments.calibrate.CALIBRATION_FILE), or None; a UserError naming the file when it
    cannot be read."""
    from .calibrate import CALIBRATION_FILE, CALIBRATION_FORMAT
    f = path / CALIBRATION_FILE
    if not f.exists():
        return None
    try:
        c = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise UserError(f"{f}: not a readable calibration ({e}); make it again with "
                        f"`meeplesim calibrate PLAYTESTS.csv ... --results {path}`")
    if not isinstance(c, dict) or c.get("format") != CALIBRATION_FORMAT:
        raise UserError(f"{f}: not a calibration of this version (format "
                        f"{c.get('format') if isinstance(c, dict) else None!r}, expected "
                        f"{CALIBRATION_FORMAT}); make it again with `meeplesim calibrate "
                        f"PLAYTESTS.csv ... --results {path}`")
    return c


def game_of(sources: list):
    """The one game the folders hold results of (simcore.gamekit.Game); a UserError naming
    each folder's game when they differ."""
    from simcore.games import DEFAULT_GAME, get_game
    names = [s.manifest.get("identity", {}).get("game") or DEFAULT_GAME for s in sources]
    if len(set(names)) > 1:
        raise UserError("cannot report results of different games together: "
                        + ", ".join(f"{s.path} ({n})" for s, n in zip(sources, names))
                        + "; make one report per game")
    game = get_game(names[0])
    if game.report is None:
        raise UserError(f"game '{game.name}' declares no report (Game.report is None)")
    return game


def assumptions(sources: list, game):
    """(assumed entries in force, notes, card id -> name) over every cell of the folders: the
    rules of each distinct (data, catalog options) the cells were played with are loaded once
    through the game; one that cannot be loaded (a data folder since moved) is a note, not an
    error. A cell's definition in the manifest holds every option as played; an empty text
    there is an option not given (a game's config keeps "" for it, e.g. no seat strategies)."""
    found, notes, names, done = [], [], {}, set()
    for src in sources:
        sens = src.manifest.get("kind") == "sensitivity"
        for cid, d in src.manifest.get("cells", {}).items():
            if sens and d.get("assume"):     # a sensitivity sweep's other rule sets: not in force
                continue
            try:
                given = {o.name: d[o.name] for o in game.options if d.get(o.name) not in (None, "")}
                options = game.catalog_options(game.resolve_options(given))
                key = (d.get("data"), json.dumps(options, sort_keys=True, default=str))
                if key in done:
                    continue
                done.add(key)
                cat = game.load_catalog(d.get("data"), **options)
            except UserError as e:
                notes.append(f"The rules of cell '{cid}' in {src.path} could not be loaded to list "
                             f"their assumptions: {e}")
                continue
            for a in getattr(cat, "assumptions", []):
                if tuple(a) not in found:
                    found.append(tuple(a))
            if game.report.cards is not None:
                for cid_, name in game.report.cards(cat).items():
                    names.setdefault(cid_, name)
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


def build_report(folders: list, out: str | None = None, title: str | None = None) -> dict:
    """The balance report of results folders of one game, written into `out` (default
    `<first folder>/report`; never among a folder's results): what `meeplesim report` and
    `api.report` do. Returns {"index": path, "tables": [paths], "figures": [paths], "games":
    games read, "assumptions": assumed rule values in force, "headline": DataFrame (may be
    empty), "headline_title": str, "answers": [sentences], "seconds": float}."""
    from reports.build import Context, build
    t0 = time.perf_counter()
    folders = [str(f) for f in folders]
    if not folders:
        raise UserError("give at least one results folder")
    df, sources = load(folders)           # only reads: every folder is checked first
    game = game_of(sources)
    out_dir = check_out(out or str(Path(folders[0]) / "report"), folders)
    found, notes, names = assumptions(sources, game)
    ctx = Context(title=title or f"Balance report: {game.title}", sources=sources,
                  assumptions=found, assumption_notes=notes, card_names=names)
    w = build(df, game.report, ctx, out_dir)
    return {"index": str(w["index"]), "tables": [str(p) for p in w["tables"].values()],
            "figures": [str(p) for p in w["figures"].values()], "games": len(df),
            "assumptions": len(found), "headline": w["headline"],
            "headline_title": w["headline_title"], "answers": list(w["answers"]),
            "seconds": time.perf_counter() - t0}
