"""Every chunk checked: damaged chunks are quarantined and replayed, `verify` reports (and
repairs) a folder's health, `report` refuses a damaged folder."""
import shutil

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from simcore.store import ResultsStore, read_table

cli = CliRunner()

GRID = """
name = "health"
games = 300
seed = 3
chunk = 100
[fixed]
strategy = "random"
[axes]
die = ["white", "red"]
"""


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """A finished sweep (and its output) that every test copies and damages."""
    d = tmp_path_factory.mktemp("clean")
    (d / "g.toml").write_text(GRID)
    r = cli.invoke(app, ["sweep", str(d / "g.toml"), "--results", str(d / "r"), "--json", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    return d / "g.toml", d / "r", r.stdout


def _damage(chunk, how):
    if how == "truncate":
        chunk.write_bytes(chunk.read_bytes()[: chunk.stat().st_size // 2])
    elif how == "zero":
        chunk.write_bytes(bytes(chunk.stat().st_size))
    elif how == "delete":
        chunk.unlink()
    elif how == "flip":                       # one byte of the data changed, still a Parquet file
        b = bytearray(chunk.read_bytes())
        b[len(b) // 3] ^= 0xFF
        chunk.write_bytes(bytes(b))
    elif how == "renamed":                    # a chunk under another chunk's name
        others = sorted(p for p in chunk.parent.glob("*.parquet") if p != chunk)
        shutil.copyfile(others[0], chunk)


@pytest.mark.parametrize("how", ["truncate", "zero", "delete", "flip", "renamed"])
def test_a_damaged_chunk_is_reported_quarantined_and_replayed(clean, tmp_path, how):
    grid, folder, out = clean
    work = tmp_path / "r"
    shutil.copytree(folder, work)
    chunk = sorted((work / "chunks").glob("*.parquet"))[2]
    name = chunk.name
    original = chunk.read_bytes()
    _damage(chunk, how)
    v = cli.invoke(app, ["verify", str(work)])
    assert v.exit_code == 1, v.output
    if how == "delete":
        assert "100 games missing" in v.stdout
    else:
        assert f"bad chunks/{name}" in v.stdout and "1 bad" in v.stdout
    rep = cli.invoke(app, ["report", str(work), "--out", str(tmp_path / "rep")])
    lines = rep.output.strip().splitlines()
    assert rep.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), rep.output
    assert f"meeplesim verify {work} --repair" in lines[0]
    if how != "delete":
        assert name in lines[0]
    again = cli.invoke(app, ["sweep", str(grid), "--results", str(work), "--json", "--jobs", "1"])
    assert again.exit_code == 0, again.output
    assert again.stdout == out
    if how != "delete":
        note = [l for l in again.stderr.splitlines() if name in l]
        assert len(note) == 1 and note[0].startswith("note: ") and "quarantine" in note[0]
        assert (work / "quarantine" / name).exists()
        assert (work / "quarantine" / name).read_bytes() != original or how == "renamed"
    assert read_table(work).equals(read_table(folder))
    assert cli.invoke(app, ["verify", str(work)]).exit_code == 0


def test_verify_repair_replays_what_is_missing_and_leaves_a_clean_folder(clean, tmp_path):
    grid, folder, out = clean
    work = tmp_path / "r"
    shutil.copytree(folder, work)
    chunks = sorted((work / "chunks").glob("*.parquet"))
    _damage(chunks[0], "truncate")
    _damage(chunks[4], "delete")
    r = cli.invoke(app, ["verify", str(work), "--repair", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert "1 bad, 200 games missing" in r.stdout and "replayed 200 games" in r.stdout
    assert r.stdout.strip().splitlines()[-1].endswith("6 chunks checked, 0 bad, 0 games missing")
    assert (work / "quarantine" / chunks[0].name).exists()
    assert read_table(work).equals(read_table(folder))


def test_a_chunk_duplicating_games_of_another_is_never_used(clean, tmp_path):
    grid, folder, out = clean
    work = tmp_path / "r"
    shutil.copytree(folder, work)
    t = read_table(work)
    cell = t["cell"].iloc[0]
    import numpy as np
    from simcore.games import get_game
    fields = get_game("hidden-village").result_fields
    rows = t[t["cell"] == cell][list(fields)].to_numpy(np.int32)[:50]
    consts = {k: t[k].iloc[0] for k in t.columns if k not in ("cell", "game", *fields)}
    import json
    m = json.loads((work / "manifest.json").read_text())
    with ResultsStore(work, m["kind"], m["identity"], m["cells"]) as s:
        s.write_chunk(cell, 0, rows, fields, consts)      # games 0..49 a second time
    v = cli.invoke(app, ["verify", str(work)])
    assert v.exit_code == 1 and "(duplicated)" in v.stdout, v.output
    again = cli.invoke(app, ["sweep", str(grid), "--results", str(work), "--json", "--jobs", "1"])
    assert again.exit_code == 0 and again.stdout == out, again.output
    assert read_table(work).equals(read_table(folder))


def test_verify_of_a_non_folder_is_one_error_line(tmp_path):
    r = cli.invoke(app, ["verify", str(tmp_path / "nope")])
    assert r.exit_code == 2 and r.output.startswith("error: ") and len(r.output.splitlines()) == 1


@pytest.mark.parametrize("game", ["hidden-village", "cake-race", "gnome-village"])
def test_every_game_s_folder_is_repaired_and_its_assumptions_listed(tmp_path, game):
    """A folder's cells are rebuilt from their manifest definitions for a repair and for the
    report's list of assumed rule values, whatever the game: a game's config keeps "" for an
    option not given (Gnome Village's seat strategies), which is not a value to parse."""
    from experiments.reporting import assumptions, load
    from simcore.games import get_game
    grid = tmp_path / "g.toml"
    grid.write_text(f'games = 60\nchunk = 30\nseed = 2\n[fixed]\ngame = "{game}"\n'
                    f'strategy = "random"\n[axes]\nplayers = [2, 3]\n')
    folder, work = tmp_path / "r", tmp_path / "w"
    r = cli.invoke(app, ["sweep", str(grid), "--results", str(folder), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    shutil.copytree(folder, work)
    _damage(sorted((work / "chunks").glob("*.parquet"))[1], "truncate")
    fixed = cli.invoke(app, ["verify", str(work), "--repair", "--jobs", "1"])
    assert fixed.exit_code == 0, fixed.output
    assert "replayed 30 games" in fixed.stdout
    assert read_table(work).equals(read_table(folder))
    _, sources = load([str(folder)])
    found, notes, _ = assumptions(sources, get_game(game))
    assert notes == []
    assert found == [tuple(a) for a in get_game(game).load_catalog(None).assumptions]
