"""The balance report of a Gnome Village results folder: a sweep of its smoke grid, then
`meeplesim report` writes the tables, the figures and a page whose answers speak of the seats,
the win rate and the game length."""
from typer.testing import CliRunner

from experiments.cli import app

runner = CliRunner()


def test_sweep_then_report(tmp_path):
    grid = tmp_path / "g.toml"
    grid.write_text('games = 60\nchunk = 30\nseed = 3\n[fixed]\ngame = "gnome-village"\n'
                    'strategy = "greedy"\n[axes]\nplayers = [2, 3]\nfamily = [false, true]\n')
    r = runner.invoke(app, ["sweep", str(grid), "--results", str(tmp_path / "r"), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["report", str(tmp_path / "r"), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "rep" / "index.html").is_file()
    assert "With 2 players, the focal seat playing greedy" in r.output
    assert "With 2 players and the children's variant, the focal seat" in r.output
    assert "Game length (3 players)" in r.output and "Game length (3 players, the children's variant)" in r.output
    assert (tmp_path / "rep" / "tables" / "family_delta.csv").is_file()
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Children&#x27;s variant vs the full game" in page
