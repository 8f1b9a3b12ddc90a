"""simcore.store: atomic chunks, resume without loss or double counting, refusing another config."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from simcore.store import ResultsStore, read_table

cli = CliRunner()

GRID = """
name = "kill-test"
games = 3000
seed = 4
chunk = 100
[fixed]
strategy = "random"
[axes]
die = ["white", "red"]
"""


def _sweep(grid, folder, *extra):
    return cli.invoke(app, ["sweep", str(grid), "--results", str(folder), "--json", *extra])


def _one_error_line(r):
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2, r.output
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def test_manifest_records_config_seed_code_version_catalog_hash_and_time(tmp_path):
    r = cli.invoke(app, ["run", "--games", "50", "--chunk", "20", "--results", str(tmp_path / "r"), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    m = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert m["kind"] == "run" and m["identity"]["seed"] == 1 and "+" in m["identity"]["code"]
    cell = m["cells"]["run"]
    assert cell["level"] == "standard" and cell["mix"] == "default" and len(cell["catalog"]) == 16
    assert m["created"].endswith("+00:00")
    names = sorted(p.name for p in (tmp_path / "r" / "chunks").iterdir())
    assert len(names) == 3 and names[0].endswith("-000000000000-20.parquet")
    t = read_table(tmp_path / "r")
    assert list(t["game"]) == list(range(50))
    assert {"cell", "game", "outcome", "rounds", "loss_reason", "forest_left", "houses_left", "cakes_left",
            "dangerous_actions", "cracoucass_attacks", "rescues", "crafted", "mix", "level", "die"} <= set(t.columns)


def test_rerun_resumes_plays_only_missing_chunks_and_gives_the_same_table(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text(GRID.replace("3000", "300"))
    full = _sweep(grid, tmp_path / "full")
    assert full.exit_code == 0, full.output
    # a partial folder: drop some chunks, leave a half-written temp file, then rerun
    part = tmp_path / "part"
    assert _sweep(grid, part).exit_code == 0
    chunks = sorted((part / "chunks").glob("*.parquet"))
    kept = {p: p.stat().st_mtime_ns for p in chunks[::2]}
    for p in chunks[1::2]:
        p.unlink()
    (part / "chunks" / ".tmp-deadbeef-x.parquet").write_bytes(b"half")
    again = _sweep(grid, part)
    assert again.exit_code == 0, again.output
    assert again.output == full.output
    assert all(p.stat().st_mtime_ns == t for p, t in kept.items())      # finished chunks skipped
    assert not list((part / "chunks").glob(".tmp-*"))
    assert read_table(part).equals(read_table(tmp_path / "full"))


def test_a_different_config_into_the_same_folder_is_refused_and_nothing_changes(tmp_path):
    folder = tmp_path / "r"
    assert cli.invoke(app, ["run", "--games", "40", "--chunk", "20", "--results", str(folder)]).exit_code == 0
    before = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    for args, words in ((["--seed", "2"], "seed: 1 in the folder, 2 now"),
                        (["--die", "red"], "die: \"white\" in the folder, \"red\" now"),
                        (["--without", "beta-smurf"], "without")):
        line = _one_error_line(cli.invoke(app, ["run", "--games", "40", "--results", str(folder), *args]))
        assert str(folder) in line and words in line and "use another folder" in line
    line = _one_error_line(_sweep("smoke", folder))
    assert "holds the results of a 'run', not of a 'sweep'" in line
    after = {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert before == after


def test_foreign_or_unreadable_results_folders_are_refused(tmp_path):
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    line = _one_error_line(_sweep("smoke", foreign))
    assert "not a meeplesim results folder" in line and str(foreign) in line
    assert (foreign / "notes.txt").read_text() == "mine" and len(list(foreign.iterdir())) == 1
    afile = tmp_path / "file"
    afile.write_text("x")
    assert "not a folder" in _one_error_line(_sweep("smoke", afile))
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "manifest.json").write_text("{nope")
    assert "not a readable manifest" in _one_error_line(_sweep("smoke", bad))


def test_a_second_writer_is_refused_while_the_folder_is_locked(tmp_path):
    with ResultsStore(tmp_path / "r", "run", {"a": 1}, {"c": {}}):
        with pytest.raises(Exception, match="another meeplesim run is writing there"):
            ResultsStore(tmp_path / "r", "run", {"a": 1}, {"c": {}})


def test_sigkill_mid_sweep_then_rerun_gives_the_uninterrupted_table(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text(GRID)
    total = 2 * 3000 // 100
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "experiments.cli", "sweep", str(grid), "--results", str(tmp_path / "k"),
           "--jobs", "2"]
    chunks = tmp_path / "k" / "chunks"
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline and len(list(chunks.glob("*.parquet")) if chunks.exists() else []) < 3:
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGKILL)       # the parent and its loky workers
    finally:
        proc.wait()
    n_at_kill = len(list(chunks.glob("*.parquet")))
    assert 3 <= n_at_kill < total, f"the kill came too late to test anything ({n_at_kill} chunks)"
    assert proc.returncode == -signal.SIGKILL
    resumed = _sweep(grid, tmp_path / "k", "--jobs", "2")
    assert resumed.exit_code == 0, resumed.output
    clean = _sweep(grid, tmp_path / "clean", "--jobs", "2")
    assert resumed.output == clean.output
    a, b = read_table(tmp_path / "k"), read_table(tmp_path / "clean")
    assert len(a) == 2 * 3000 and not a.duplicated(["cell", "game"]).any()
    assert a.equals(b)
