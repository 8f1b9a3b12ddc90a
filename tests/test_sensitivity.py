"""The sensitivity analysis (issue 18, items 3-4): the design, the pairing by game index, the
Benjamini-Hochberg marks, the envelope, the `--json` fields, the command's error lines, and a
report built from a small sensitivity folder. Tiny game counts: the machinery, not the game."""
from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from reports import sensitivity as S
from simcore import stats
from simcore import assumptions as A
from simcore.games import get_game

runner = CliRunner()
HV = get_game("hidden-village")


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


# ----------------------------------------------------------------------------- the design
def test_design_holds_default_singles_sample_and_extremes():
    knobs = A.load(HV.knobs_file())
    d = A.design(knobs, 64, 1)
    kinds = Counter(r.kind for r in d)
    assert kinds["default"] == 1 and d[0].choice == {}
    assert kinds["single"] == sum(len(k.alternatives) for k in knobs)
    assert kinds["sample"] == 64 and kinds["pessimistic"] == kinds["optimistic"] == 1
    assert len({r.name for r in d}) == len(d)
    assert A.design(knobs, 64, 1) == d                   # the same seed, the same rule sets
    # a Latin hypercube: each reading of a knob is played in samples / readings of the sets
    k = knobs.get("wardrobe")                              # default + 1 alternative
    picks = Counter(r.choice.get(k.id, "default") for r in d if r.kind == "sample")
    assert picks == {"default": 32, "single-use": 32}
    many = [len(r.choice) for r in d if r.kind == "sample"]
    assert min(many) > 5                                   # many knobs at once


# ----------------------------------------------------------------------------- the analysis
def games(rules, kind, assume, idx, won):
    return pd.DataFrame({"cell": f"rules={rules}", "game": idx, "setting": "all", "rules": rules,
                         "rule_kind": kind, "assume": assume, "won": np.asarray(won, bool)})


def test_rule_sets_pair_with_the_default_by_game_index():
    # the other rule set's games come in another order and one more game: pairs by index
    d = games("default", "default", "none", [0, 1, 2, 3], [1, 1, 0, 1])
    o = games("k=a", "single", "k=a", [4, 3, 2, 1, 0], [1, 0, 1, 0, 0])
    a = S.analyse(pd.concat([d, o]))
    r = a["rule_sets"].set_index("rules").loc["k=a"]
    # game by game over 0..3: other [0, 0, 1, 0] - default [1, 1, 0, 1] = [-1, -1, 1, -1]
    assert r["diff"] == pytest.approx(-0.5)
    x = np.array([-1, -1, 1, -1.0])
    h = 1.959963984540054 * x.std(ddof=1) / 2
    assert r["diff_ci_low"] == pytest.approx(-0.5 - h) and r["diff_ci_high"] == pytest.approx(-0.5 + h)
    k = a["knobs"].iloc[0]
    assert (k["knob"], k["alternative"]) == ("k", "a")


def test_fdr_marks_are_benjamini_hochberg():
    p = [0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216]
    # BH at 5%: the largest i with p(i) <= 0.05 i / 10 is i = 2
    assert stats.fdr_marks(p).tolist() == [True, True] + [False] * 8
    # 3 of 10 clear 0.05 alone; the correction keeps 2
    assert sum(x < 0.05 for x in p) == 5 and stats.fdr_marks(p).sum() == 2
    assert stats.p_value(0.0, -0.1, 0.1) == pytest.approx(1.0)
    assert stats.p_value(0.1, 0.0, 0.2) == pytest.approx(0.05, abs=1e-4)


def test_the_envelope_includes_the_default_and_the_extremes():
    rng = np.random.default_rng(3)
    idx = np.arange(200)
    parts = [games("default", "default", "none", idx, rng.random(200) < 0.5)]
    for name, kind, p in (("k=a", "single", 0.4), ("j=b", "single", 0.6), ("sample-1", "sample", 0.3),
                          ("pessimistic", "pessimistic", 0.05), ("optimistic", "optimistic", 0.95)):
        parts.append(games(name, kind, "k=a" if kind != "single" else name, idx, rng.random(200) < p))
    e = S.analyse(pd.concat(parts))["envelope"]
    rates = [e["default"], e["pessimistic"], e["optimistic"], e["single_low"], e["single_high"],
             e["sample_low"], e["sample_high"]]
    assert e["envelope_low"] == min(rates) == e["pessimistic"]
    assert e["envelope_high"] == max(rates) == e["optimistic"]
    assert e["rule_sets"] == 6 and e["single_count"] == 2 and e["sample_count"] == 1


def test_card_impact_marks_what_survives_fdr():
    from reports import tables as T
    from simcore.games import get_game as g
    rep = g("hidden-village").report
    base = {"level": "terrible", "die": "white", "hungry": True, "players": 3, "strategy": "greedy",
            "too_late": "bottom", "finite_supply": False, "assume": "none"}
    rng = np.random.default_rng(1)
    n = 400
    full = rng.random(n) < 0.6

    def mix(name, won):
        return pd.DataFrame({"cell": f"without={name}", "game": range(n), **base,
                             "mix": "default" if name == "none" else f"default-without-{name}",
                             "outcome": np.where(won, 1, 2), "rounds": 5, "loss_reason": 1,
                             "forest_left": 0, "houses_left": 0, "cakes_left": 0})
    parts = [mix("none", full), mix("big", full & (rng.random(n) < 0.5))]
    parts += [mix(f"c{i}", full ^ (rng.random(n) < 0.02)) for i in range(10)]
    t = T.card_impact(pd.concat(parts, ignore_index=True), rep)
    assert {"p_value", "fdr"} <= set(t.columns)
    assert t.set_index("removed").at["big", "fdr"]
    assert t["fdr"].sum() <= ((t["diff_ci_low"] > 0) | (t["diff_ci_high"] < 0)).sum()


# ----------------------------------------------------------------------------- the command
@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A tiny sensitivity sweep at two levels (random team: fast), played once."""
    path = tmp_path_factory.mktemp("sens") / "results"
    r = invoke("sensitivity", "--strategy", "random", "--across", "level=standard,complex",
               "--games", 40, "--chunk", 40, "--samples", 3, "--interactions", 2, "--jobs", 1,
               "--results", path, "--json")
    assert r.exit_code == 0, r.output
    return path, [json.loads(x) for x in r.stdout.splitlines()]


def test_json_gives_the_exact_fields(folder):
    _, out = folder
    assert len(out) == 2 and [o["level"] for o in out] == ["standard", "complex"]
    for o in out:
        assert {"knobs", "envelope_low", "envelope_high", "rule_sets"} <= set(o)
        for k in o["knobs"]:
            assert {"id", "alternative", "diff", "diff_ci_low", "diff_ci_high"} <= set(k)
        kinds = Counter(r["kind"] for r in o["rule_sets"])
        assert kinds["default"] == 1 and kinds["sample"] == 3 and kinds["pessimistic"] == 1
        assert kinds["pair"] == 1                        # the two largest single effects, together
        rates = [r["win_rate"] for r in o["rule_sets"] if r["kind"] != "pair"]
        assert o["envelope_low"] == pytest.approx(min(rates))
        assert o["envelope_high"] == pytest.approx(max(rates))


def test_rerun_resumes_from_the_folder(folder):
    path, out = folder
    r = invoke("sensitivity", "--strategy", "random", "--across", "level=standard,complex",
               "--games", 40, "--chunk", 40, "--samples", 3, "--interactions", 2, "--jobs", 1,
               "--results", path)
    assert r.exit_code == 0, r.output
    assert "0 games played" in r.stdout and "FDR" in r.stdout and "envelope" in r.stdout


@pytest.mark.parametrize("args, words", [
    (["--level", "nope"], "unknown level"),
    (["--assume", "wardrobe=single-use"], "varies the knobs itself"),
    (["--across", "colour=red"], "--across colour: unknown option"),
    (["--across", "level"], "expected NAME=V1,V2"),
    (["--samples", "-1"], "--samples must be at least 0"),
    (["--interactions", "1"], "--interactions must be 0"),
])
def test_bad_input_is_one_line(args, words):
    r = invoke("sensitivity", "--games", 10, *args)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], r.output
    assert "Traceback" not in r.output


def test_report_shows_the_band_and_the_section(folder, tmp_path):
    path, _ = folder
    r = invoke("report", path, "--out", tmp_path / "report")
    assert r.exit_code == 0, r.output
    page = (tmp_path / "report" / "index.html").read_text()
    assert "How much the unknowns matter" in page and "Robust conclusions" in page
    assert "across plausible rules" in page and "most sensitive to" in page
    assert "sensitivity_envelope.png" in page and "sensitivity_tornado-1" in page
    # the headline: the band beside the win rate
    assert "random: across plausible rules" in r.stdout
    assert (tmp_path / "report" / "tables" / "sensitivity_knobs.csv").exists()
