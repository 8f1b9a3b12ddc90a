"""The report's section "Your table" (reports/table.py): a calibration's results folder keeps
its playtests and its fit (RESULTS/calibration.json), and `meeplesim report` on it shows the
fitted skill, the misfit sentence, the playtests on their curves and the tables of
`calibrate --json` (on the cake race, the cheapest game)."""
import json

import pandas as pd
import pytest

from experiments.calibrate import CALIBRATION_FILE
from experiments.cli import app
from experiments.reporting import build_report, load
from reports.build import Context, compute, make_figures
from simcore.games import get_game
from tests.clikit import cli

CAKE = ["--game", "cake-race", "--games", "200", "--points", "3", "--jobs", "1", "--seed", "5"]


@pytest.fixture(scope="module")
def calibrated(tmp_path_factory):
    """A calibration of two playtest rows into a results folder, and its --json object."""
    d = tmp_path_factory.mktemp("your-table")
    p = d / "our-table.csv"
    p.write_text("players,games,wins\n2,20,12\n3,10,3\n")
    res = d / "res"
    r = cli.invoke(app, ["calibrate", str(p), *CAKE, "--across", "players=4", "--results",
                         str(res), "--json"])
    assert r.exit_code == 0, r.output
    return res, json.loads(r.stdout)


def test_the_report_of_a_calibration_has_the_section_with_calibrates_numbers(calibrated, tmp_path):
    res, d = calibrated
    out = tmp_path / "report"
    r = cli.invoke(app, ["report", str(res), "--out", str(out)])
    assert r.exit_code == 0, r.output
    page = (out / "index.html").read_text()
    assert '<h2 id="your-table">Your table</h2>' in page
    assert f"skill <b>{d['skill']:.2f}</b> (95% interval {d['skill_low']:.2f} - " \
           f"{d['skill_high']:.2f})" in page
    assert f"p = {d['fit_p']:.3f}" in page
    kept = json.loads((res / CALIBRATION_FILE).read_text())
    assert kept["result"] == d
    assert kept["misfit_words"].split(" (")[0] in page
    rows = pd.read_csv(out / "tables" / "your_table_playtests.csv")
    assert rows["players"].tolist() == [r["players"] for r in d["rows"]]
    for col, key in (("games", "games"), ("wins", "wins"), ("fitted", "fitted"),
                     ("fitted_ci_low", "fitted_low"), ("fitted_ci_high", "fitted_high")):
        assert rows[col].tolist() == pytest.approx([r[key] for r in d["rows"]], rel=1e-12), col
    assert rows["win_rate"].tolist() == pytest.approx([12 / 20, 3 / 10])
    preds = pd.read_csv(out / "tables" / "your_table_predictions.csv")
    assert preds["players"].tolist() == [p["players"] for p in d["predictions"]] == [4]
    for col in ("win_rate", "ci_low", "ci_high"):
        assert preds[col].tolist() == pytest.approx([p[col] for p in d["predictions"]], rel=1e-12)
    assert (out / "figures" / "your_table.png").stat().st_size > 0
    assert "your_table.png" in page


def test_the_figure_draws_each_playtest_at_the_fitted_skill_with_its_wilson_interval(calibrated):
    res, d = calibrated
    df, sources = load([str(res)])
    rep = get_game("cake-race").report
    tables = compute(df, rep, Context(sources=sources))
    figs, _ = make_figures(tables, rep)
    ax = figs["your_table"].axes[0]
    bars = [c for c in ax.containers if type(c).__name__ == "ErrorbarContainer"]
    assert len(bars) == len(d["rows"]) == 2
    rows = tables["your_table_playtests"]
    for bar, (_, r) in zip(bars, rows.iterrows()):
        x, y = (v[0] for v in bar.lines[0].get_data())
        assert x == pytest.approx(d["skill"]) and y == pytest.approx(100 * r["win_rate"])
        seg = bar.lines[2][0].get_segments()[0]
        assert [p[1] for p in seg] == pytest.approx([100 * r["ci_low"], 100 * r["ci_high"]])
    # each playtest configuration's curve, from the folder's games: 3 skills
    assert len(tables["_your_table"][0]["points"]) == 2 * 3


def test_a_calibration_its_games_no_longer_support_gets_a_sentence_not_a_section(calibrated, tmp_path):
    res, _ = calibrated
    import shutil
    copy = tmp_path / "res"
    shutil.copytree(res, copy)
    kept = json.loads((copy / CALIBRATION_FILE).read_text())
    cell = next(iter(kept["wins"]))
    kept["wins"][cell] += 1
    (copy / CALIBRATION_FILE).write_text(json.dumps(kept))
    r = build_report([str(copy)], str(tmp_path / "out"))
    page = open(r["index"]).read()
    assert "made from other games than the folder holds now" in page
    assert "The table plays like" not in page
    assert not (tmp_path / "out" / "tables" / "your_table_playtests.csv").exists()


def test_an_unreadable_calibration_file_is_one_error_line(calibrated, tmp_path):
    res, _ = calibrated
    import shutil
    copy = tmp_path / "res"
    shutil.copytree(res, copy)
    (copy / CALIBRATION_FILE).write_text("{not json")
    r = cli.invoke(app, ["report", str(copy), "--out", str(tmp_path / "out")])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and "not a readable calibration" in lines[0], r.output
