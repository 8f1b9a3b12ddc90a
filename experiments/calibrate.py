"""`meeplesim calibrate`: a real table's playtests placed on the game's skill scale (the `skill`
strategy's `skill`, 0 to 1), and that table's win rate predicted at every level and die.

Every configuration the playtests name, and every one predicted (the game's ladder, crossed with
--across), is played at each skill of the curve's grid on the same seeds (experiments/api.py
`curve`'s machinery), into a results folder if given (resumable); experiments/calibration.py
does the statistics. A competitive game's skill is its focal seat's (the `seat` option, a
column of the playtests or the command line's), its rivals as the options give them.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from simcore.errors import UserError
from simcore.stats import wilson_interval

from . import calibration as C
from .engine import make_cell
from .playing import Execution, play_cells, run_identity
from .playtests import PLAYERS, read_playtests
from .runs import RunSpec, check_games, resolve
from .scale import ladder_axes, skill_base

# games per configuration and skill, measured (docs/calibrate.md, Hidden Village): with 220
# playtest games the predictions' 95% intervals are 13.1, 10.8, 9.4 and 8.6 points wide on
# average at 250, 500, 1 000 and 2 000 games; past 1 000 the time doubles for under a point
DEFAULT_GAMES = 1000
DEFAULT_POINTS = 11
MISFIT_ROWS = 3          # the rows that disagree most, in the text
# a row's share of the deviance the misfit sentence names: the chi-square's 95% point at one
# degree of freedom (a row this far off on its own; below it, only the worst row is named)
ROW_MISFIT = 3.841
# what a results folder keeps of its calibration besides the games: the playtests and the fit
# (the report's section "Your table" reads it: experiments/reporting.py)
CALIBRATION_FILE = "calibration.json"
CALIBRATION_FORMAT = 1


class Curves:
    """Configurations (labels: options by name, players) each played at every skill of the
    grid on the spec's seed: the cells of one configuration at every skill, and of two
    labels that resolve to one configuration, are shared."""

    def __init__(self, spec: RunSpec, skills: list):
        self.spec, self.skills = spec, skills
        self.cells: dict = {}          # cell id -> Cell
        self.wins: dict = {}           # cell id -> wins, once played
        self.games = 0

    def add(self, labels: dict) -> list:
        """The cell ids of a configuration, one per skill (UserError: the game refuses it)."""
        ids = []
        for s in self.skills:
            r = resolve(_skill_spec(self.spec, s, labels))
            cid = _cell_id(r, s)
            if cid not in self.cells:
                self.cells[cid] = make_cell(cid, r, {**labels, "skill": s})
            ids.append(cid)
        return ids

    def play(self, games: int, results: str | None, ex: Execution, kind: str = "calibrate") -> int:
        """Play every cell to `games` games (resumable into `results`): the games played now."""
        cells = list(self.cells.values())
        player, _, _, _ = play_cells(cells, [(c.id,) for c in cells], games, results, kind,
                                     run_identity(cells[0].run.game.name, self.spec.seed), ex)
        self.wins = {cid: player.stats(cid, games)[1] for cid in self.cells}
        self.games = games
        return player.played

    def beta(self, configs: list, fine) -> tuple:
        """(a, b) of configurations (lists of cell ids) on the fine grid (calibration.py)."""
        w = [[self.wins[c] for c in ids] for ids in configs]
        return C.beta_on_grid(w, [[self.games] * len(ids) for ids in configs], self.skills, fine)


@dataclass
class CalibrateResult:
    game: object               # simcore.gamekit.Game
    playtests: object          # experiments.playtests.Playtests
    skills: list               # the skills simulated
    fit: object                # calibration.Fit
    rows: list                 # per playtest configuration: labels, games, wins, observed CI, fitted
    predictions: list          # per predicted configuration: labels, win_rate, ci_low, ci_high
    games: int                 # games per configuration and skill
    games_simulated: int       # games the calibration rests on (played now or before)
    played: int                # games played by this call
    notes: list
    seed: int
    results: str | None = None
    band_games: int | None = None   # games a rule set of the knob band (None: no band)
    band_played: int = 0            # the band's games played by this call

    def to_dict(self) -> dict:
        """The `calibrate --json` object."""
        keep = ("games", "wins", "fitted", "fitted_low", "fitted_high")
        f = self.fit
        return {"game": self.game.name, "skill": f.skill, "skill_low": f.low, "skill_high": f.high,
                "fit_p": f.fit_p, "games_simulated": self.games_simulated,
                "rows": [{**r["labels"], **{k: r[k] for k in keep}} for r in self.rows],
                "predictions": [{**p["labels"], "win_rate": p["win_rate"], "ci_low": p["ci_low"],
                                 "ci_high": p["ci_high"],
                                 **{k: p[k] for k in ("band_low", "band_high") if k in p}}
                                for p in self.predictions]}

    def record(self, row_cells: list, pred_cells: list, wins: dict) -> dict:
        """What RESULTS/calibration.json keeps: the playtests (pooled a configuration, with their
        rows in the file), the `--json` object, each row's observed rate, Wilson interval and
        share of the deviance, the misfit sentence, and the cells each row and prediction rests
        on (one per skill) with the wins read from the first `games` games of each: a report
        checks the folder still holds those games."""
        pt = self.playtests
        return {"format": CALIBRATION_FORMAT, "seed": self.seed, "games": self.games,
                "skills": self.skills,
                "playtests": {"file": pt.path, "columns": pt.columns,
                              "tests": [{"options": t.options, "games": t.games, "wins": t.wins,
                                         "rows": t.rows} for t in pt.tests]},
                "result": self.to_dict(),
                "rows": [{"win_rate": r["win_rate"], "ci_low": r["ci_low"],
                          "ci_high": r["ci_high"], "misfit": r["deviance"], "cells": ids}
                         for r, ids in zip(self.rows, row_cells)],
                "prediction_cells": pred_cells,
                "wins": {cid: int(wins[cid]) for ids in [*row_cells, *pred_cells] for cid in ids},
                "misfit_words": self.misfit_words(), "notes": self.notes}

    def misfits(self) -> list:
        """The rows that disagree most with one skill (largest share of the deviance first)."""
        order = np.argsort(-np.asarray([r["deviance"] for r in self.rows]), kind="stable")
        return [self.rows[i] for i in order[:MISFIT_ROWS]]

    def misfit_words(self) -> str:
        """In words: does one skill explain every row, and which configuration does the table
        find harder, or easier, than the model of people predicts."""
        f = self.fit
        if f.fit_p is None:
            return "One configuration played: nothing to test the fit against."
        worst = [r for r in self.misfits() if r["deviance"] > 0]
        if not worst:
            return (f"One skill explains every row exactly (fit p = {f.fit_p:.2f}).")
        if f.fit_p >= 0.05:
            r = worst[0]
            return (f"One skill explains every row (fit p = {f.fit_p:.2f}); the row furthest from "
                    f"it, {label_words(r['labels'])}, won {pct(r['win_rate'])} where the fit "
                    f"predicts {pct(r['fitted'])}, within the playtests' chance.")
        parts = []
        for r in [r for r in worst if r["deviance"] >= ROW_MISFIT] or worst[:1]:
            how = "harder" if r["win_rate"] < r["fitted"] else "easier"
            parts.append(f"{label_words(r['labels'])} {how} than the skill scale predicts "
                         f"(won {r['wins']} of {r['games']}, {pct(r['win_rate'])}, where skill "
                         f"{f.skill:.2f} predicts {pct(r['fitted'])})")
        return (f"One skill does not explain every row (fit p = {f.fit_p:.3f}): the table finds "
                + "; and ".join(parts) + ".")


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def label_words(labels: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in labels.items()) or "the configuration given"


def _skill_spec(spec: RunSpec, skill: float, labels: dict) -> RunSpec:
    opts = {k: v for k, v in labels.items() if k != PLAYERS}
    players = labels.get(PLAYERS, spec.players)
    return spec.but(options=opts, players=players, params={**spec.params, "skill": skill})


def _cell_id(r, skill: float) -> str:
    """A resolved configuration's cell id: every option as played (the game's variant and the
    catalog options given), so that a row and a prediction of one configuration, however
    each was written, are one cell, played once."""
    from .grid import cell_id
    given = {k: v for k, v in r.game.catalog_options(r.options).items() if v not in (None, (), "")}
    return cell_id({**r.variant._asdict(), **given, "skill": skill})


def _row_error(path: str, test, spec: RunSpec, error: UserError) -> UserError:
    """A configuration the game refuses, named by its first row and, when one column alone is
    refused, that column."""
    for k, v in test.options.items():
        try:
            make_cell("check", _skill_spec(spec, 0.5, {k: v}))
        except UserError as e:
            return UserError(f"{path}: row {test.rows[0]}, column {k}: {e}")
    return UserError(f"{path}: row {test.rows[0]}: {error}")


def prediction_labels(spec: RunSpec, base, across: dict, notes: list) -> list:
    """The configurations predicted: the game's ladder (every level and die; the options given
    keep the cells that match) crossed with --across, as labels."""
    from .sensitivity import _settings
    axes_list = ladder_axes(base, spec, notes)
    if "assume" in across:
        raise UserError("--across assume: calibrate predicts under the rules in force; "
                        "give --assume for another reading")
    settings = _settings(spec, across, base.game) if across else [("", {}, spec)]
    out = []
    for (_, a_axes, a_spec), l_axes in itertools.product(settings, axes_list):
        labels = {**l_axes, **{k: a_spec.players if k == PLAYERS else a_spec.options[k]
                               for k in a_axes}}
        # the player count is named (it is what a game without levels is predicted at)
        labels.setdefault(PLAYERS, spec.players or base.players)
        out.append(labels)
    return out


def knob_band(spec: RunSpec, skill: float, preds: list, games: int, samples: int,
              results: str | None, ex: Execution) -> int:
    """Add band_low and band_high to each prediction: the envelope of its win rate over the
    knobs' readings (`meeplesim sensitivity`: every single alternative, `samples` rule sets of
    many knobs at once, all pessimistic and all optimistic; `games` games each, on the same
    seeds) for a team of the calibrated `skill`; into `results` if given (resumable). The
    games played now."""
    from .sensitivity import sensitivity
    labels = [p["labels"] for p in preds]
    values: dict = {}
    for lb in labels:
        for k, v in lb.items():
            values.setdefault(k, [])
            if v not in values[k]:
                values[k].append(v)
    fixed = {k: v[0] for k, v in values.items() if len(v) == 1}
    across = {k: v for k, v in values.items() if len(v) > 1}
    at = spec.but(params={**spec.params, "skill": round(skill, 3)},
                  players=fixed.pop(PLAYERS, spec.players), options=fixed)
    r = sensitivity(at, across, games, samples, 0, results, ex)
    env = {tuple(s["axes"][k] for k in across): s["analysis"]["envelope"] for s in r.settings}
    for p in preds:
        e = env.get(tuple(p["labels"][k] for k in across), {})
        p["band_low"], p["band_high"] = e.get("envelope_low"), e.get("envelope_high")
    return r.played


def calibrate(playtests: str, spec: RunSpec, across: dict | None = None,
              games: int = DEFAULT_GAMES, points: int = DEFAULT_POINTS, results: str | None = None,
              execution: Execution | None = None, boot: int = C.BOOT,
              band_games: int | None = None, band_samples: int = 16) -> CalibrateResult:
    """Place the table of `playtests` (a CSV file: experiments/playtests.py) on the skill scale
    of the spec's game and predict its win rate at every level and die (and --across); with
    `band_games`, beside each prediction the band of the knobs at the calibrated skill
    (`knob_band`, into RESULTS/band with a results folder)."""
    ex = execution or Execution()
    check_games(games)
    if points < 3:
        raise UserError(f"--points must be at least 3, got {points}")
    if band_games is not None:
        check_games(band_games)
        if spec.options.get("assume"):
            raise UserError("--band varies the knobs itself: leave --assume out")
        if band_samples < 0:
            raise UserError(f"--band-samples must be at least 0, got {band_samples}")
    across = dict(across or {})
    if "strategy" in across:
        raise UserError("--across strategy: calibrate places the table on the `skill` strategy's "
                        "scale")
    spec, base = skill_base(spec)
    if base.game.ladder is not None:
        laddered = {k for axes in base.game.ladder(base.catalog)[0] for k in axes}
        for k in sorted(laddered & set(across)):
            raise UserError(f"--across {k}: every {k} of the ladder is predicted already (give "
                            f"--{k.replace('_', '-')} to predict one)")
    pt = read_playtests(playtests, base.game, given=spec.options, players_given=spec.players is not None)
    skills = [round(i / (points - 1), 6) for i in range(points)]
    notes: list = []
    curves = Curves(spec, skills)
    row_ids = []
    for t in pt.tests:
        try:
            row_ids.append(curves.add(t.options))
        except UserError as e:
            raise _row_error(pt.path, t, spec, e) from None
    preds_at = []
    for labels in prediction_labels(spec, base, across, notes):
        try:
            preds_at.append((labels, curves.add(labels)))
        except UserError as e:       # a combination the other options forbid
            notes.append(f"{label_words(labels)}: not predicted: {e}")
    played = curves.play(games, results, ex)
    fine = C.fine_grid(skills)
    a, b = curves.beta(row_ids, fine)
    k = np.array([t.wins for t in pt.tests])
    n = np.array([t.games for t in pt.tests])
    f = C.fit(k, n, a, b, fine, boot=boot, seed=spec.seed)
    rows = []
    for i, t in enumerate(pt.tests):
        lo, hi = wilson_interval(t.wins, t.games)
        m, flo, fhi = C.predict(a[i], b[i], f.post)
        rows.append({"labels": dict(t.options), "games": t.games, "wins": t.wins,
                     "win_rate": t.wins / t.games, "ci_low": lo, "ci_high": hi, "fitted": m,
                     "fitted_low": flo, "fitted_high": fhi, "deviance": float(f.row_deviance[i]),
                     "rows": list(t.rows)})
    preds = []
    for labels, ids in preds_at:
        pa, pb = curves.beta([ids], fine)
        m, lo, hi = C.predict(pa[0], pb[0], f.post)
        preds.append({"labels": labels, "win_rate": m, "ci_low": lo, "ci_high": hi})
    band_played = 0
    if band_games is not None and base.game.assumptions and preds:
        import os
        band_played = knob_band(spec, f.skill, preds, band_games, band_samples,
                                None if results is None else os.path.join(results, "band"), ex)
    elif band_games is not None:
        notes.append(f"game '{base.game.name}' declares no knobs: no band")
    c = CalibrateResult(base.game, pt, skills, f, rows, preds, games, games * len(curves.cells),
                        played, notes, spec.seed, results, band_games, band_played)
    if results is not None:
        import os
        from simcore.store import write_json
        write_json(os.path.join(results, CALIBRATION_FILE),
                   c.record(row_ids, [ids for _, ids in preds_at], curves.wins))
    return c
