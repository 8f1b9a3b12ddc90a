"""The Python API: the manual's "From Python" example runs as written, and the API's objects
say what they played."""
import pytest

from experiments import api
from simcore.errors import UserError
from tests.doc_examples import example


def test_the_manual_from_python_example_runs_and_draws_its_figure(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    import matplotlib
    matplotlib.use("Agg")
    code, where = example("from-python")
    exec(compile(code, f"{where} (From Python)", "exec"), {})
    out = capsys.readouterr().out
    assert "level=standard" in out and "won" in out
    png = tmp_path / "results" / "ladder" / "win-rate.png"
    assert png.stat().st_size > 10_000
    assert (tmp_path / "results" / "ladder" / "manifest.json").exists()


def test_read_results_has_a_boolean_won_column(tmp_path):
    d = tmp_path / "r"
    api.run(api.RunSpec(game="cake-race"), games=200, results=str(d))
    df = api.read_results(str(d))
    assert df["won"].dtype == bool and len(df) == 200
    assert (df["won"] == (df["outcome"] == 1)).all()


def test_a_spec_takes_the_game_s_defaults_and_says_what_it_played():
    r = api.resolve(api.RunSpec(game="cake-race"))
    played = r.played()
    assert played["players"] == 2 and played["strategy"] == "threshold"
    assert played["rivals"] == "same" and played["seat"] == "rotate"
    with pytest.raises(UserError, match="has no option 'level'"):
        api.resolve(api.RunSpec(game="cake-race", options={"level": "standard"}))
