"""Does `meeplesim calibrate` keep its word? Playtests drawn from the simulation itself at a
known skill (the `skill` strategy on seeds of their own), calibrated again and again:

- one skill made every row: how often the 95% skill interval holds the true skill (coverage),
  and how often the fit test rejects one skill at 5% (it should, about 5% of the time);
- two skills made different rows (every other row at the second): how often the test rejects.

Each repetition draws 2 to 4 of the configurations and 5 to 40 games a row; a row's games are
games of the table's own seed never used by another repetition. The calibration's curves are
played on their own seeds (`seeds`, taken in turn), so the curves' Monte Carlo error varies
between repetitions as it would between calibrations. `scripts/calibrate-coverage` prints the
numbers docs/calibrate.md records; tests/test_calibrate.py keeps a small version.
"""
from __future__ import annotations

import numpy as np

from simcore.stats import wilson_interval

from . import calibration as C
from .calibrate import Curves, _skill_spec
from .engine import make_cell
from .playing import Execution, folder_or_temporary, play_cells, run_identity
from .runs import RunSpec

ROWS = (2, 4)              # rows a repetition plays (inclusive)
GAMES_A_ROW = (5, 40)      # games a row (inclusive)
LEVEL = 0.05               # the fit test's level


def designs(configs: int, reps: int, rng) -> list:
    """Per repetition: [(configuration index, games)] for 2 to 4 distinct configurations."""
    out = []
    for _ in range(reps):
        r = int(rng.integers(ROWS[0], min(ROWS[1], configs) + 1))
        which = rng.choice(configs, size=r, replace=False)
        out.append([(int(c), int(rng.integers(GAMES_A_ROW[0], GAMES_A_ROW[1] + 1))) for c in which])
    return out


def table_games(spec: RunSpec, labels: list, skills: list, need: dict, ex: Execution) -> dict:
    """(configuration index, skill) -> the outcomes (1 won) of `need[...]` games of a table
    of that skill, on the spec's seed (the table's own)."""
    cells, key_of = [], {}
    for (c, s), n in need.items():
        cid = f"table-{c}-skill={s}"
        cells.append(make_cell(cid, _skill_spec(spec, s, labels[c]), {"skill": s}))
        key_of[cid] = (c, s)
    games = max(need.values())
    out = {}
    with folder_or_temporary(None, "coverage") as tmp:
        player, _, _, _ = play_cells(cells, [(c.id,) for c in cells], games, tmp, "coverage",
                                     run_identity(cells[0].run.game.name, spec.seed), ex)
        for cell in cells:
            rows = player.rows(cell.id, games)
            out[key_of[cell.id]] = rows[:, cell.result_fields.index("outcome")] == 1
    return out


def coverage(spec: RunSpec, labels: list, true_skills: list, split: tuple, reps: int = 200,
             games: int = 1000, points: int = 11, seeds: tuple = (1, 2), table_seed: int = 1000,
             rng_seed: int = 0, boot: int = C.BOOT, execution: Execution | None = None) -> dict:
    """The coverage and rejection rates (see the module's words): `labels` the configurations
    (options by name), `true_skills` the one-skill scenarios, `split` the two skills of the
    two-skill scenario; the curves `games` games a skill at `points` skills on each of `seeds`."""
    ex = execution or Execution()
    spec = spec if spec.strategy else spec.but(strategy="skill")
    skills = [round(i / (points - 1), 6) for i in range(points)]
    fine = C.fine_grid(skills)
    betas = []
    for sd in seeds:
        curves = Curves(spec.but(seed=sd), skills)
        ids = [curves.add(lb) for lb in labels]
        curves.play(games, None, ex)
        betas.append(curves.beta(ids, fine))
    rng = np.random.default_rng(rng_seed)
    scenarios = [(f"one skill {s:g}", [s]) for s in true_skills] + \
                [(f"two skills {split[0]:g} and {split[1]:g}", list(split))]
    plans = {name: designs(len(labels), reps, rng) for name, _ in scenarios}
    need: dict = {}
    for name, sk in scenarios:          # every row's games, from the table's own games
        for d in plans[name]:
            for i, (c, n) in enumerate(d):
                key = (c, sk[i % len(sk)])
                need[key] = need.get(key, 0) + n
    outcomes = table_games(spec.but(seed=table_seed), labels, skills, need, ex)
    used = {key: 0 for key in need}
    out = {"reps": reps, "games": games, "points": points, "seeds": list(seeds),
           "configurations": labels, "scenarios": []}
    for name, sk in scenarios:
        covered = rejected = rejected_chi2 = 0
        widths = []
        for r, d in enumerate(plans[name]):
            k, n, rows = [], [], []
            for i, (c, g) in enumerate(d):
                key = (c, sk[i % len(sk)])
                k.append(int(outcomes[key][used[key]:used[key] + g].sum()))
                n.append(g)
                used[key] += g
                rows.append(c)
            a, b = betas[r % len(betas)]
            f = C.fit(k, n, a[rows], b[rows], fine, boot=boot, seed=r)
            if len(sk) == 1:
                covered += f.low <= sk[0] <= f.high
                widths.append(f.high - f.low)
            rejected += f.fit_p < LEVEL
            rejected_chi2 += f.chi2_p < LEVEL
        row = {"scenario": name, "rejected": rejected / reps,
               "rejected_ci": wilson_interval(rejected, reps),
               "rejected_chi2": rejected_chi2 / reps}
        if len(sk) == 1:
            row.update(coverage=covered / reps, coverage_ci=wilson_interval(covered, reps),
                       mean_width=float(np.mean(widths)))
        out["scenarios"].append(row)
    return out


def lines(result: dict) -> list[str]:
    """The numbers in words, one scenario a line."""
    out = [f"{result['reps']} repetitions a scenario, 2-4 rows of 5-40 games; curves of "
           f"{result['games']} games at {result['points']} skills, seeds {result['seeds']}"]
    for s in result["scenarios"]:
        lo, hi = s["rejected_ci"]
        line = f"{s['scenario']}: "
        if "coverage" in s:
            clo, chi = s["coverage_ci"]
            line += (f"95% interval covers {s['coverage']:.1%} ({clo:.1%}-{chi:.1%}), mean width "
                     f"{s['mean_width']:.2f}; ")
        line += (f"fit test rejects {s['rejected']:.1%} ({lo:.1%}-{hi:.1%}; the chi-square "
                 f"approximation would reject {s['rejected_chi2']:.1%})")
        out.append(line)
    return out


def main(argv=None):
    """scripts/calibrate-coverage: the numbers of docs/calibrate.md (the default game's ladder
    by default; a game without levels: its default options at 2, 3 and 4 players)."""
    import argparse
    import json

    from simcore.games import DEFAULT_GAME

    from .scale import ladder_axes, skill_base
    ap = argparse.ArgumentParser(prog="scripts/calibrate-coverage",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default=DEFAULT_GAME, help="the game (default: %(default)s)")
    ap.add_argument("--reps", type=int, default=200, help="calibrations a scenario (%(default)s)")
    ap.add_argument("--games", type=int, default=1000,
                    help="the calibration curves' games a skill (%(default)s)")
    ap.add_argument("--points", type=int, default=11, help="skills simulated (%(default)s)")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (all cores)")
    ap.add_argument("--json", action="store_true", help="one JSON object")
    a = ap.parse_args(argv)
    spec, base = skill_base(RunSpec(game=a.game))
    labels = ladder_axes(base, spec, []) if base.game.ladder else \
        [{"players": p} for p in (2, 3, 4)]
    r = coverage(spec, labels, [0.25, 0.5, 0.75], (0.25, 0.75), reps=a.reps, games=a.games,
                 points=a.points, execution=Execution(jobs=a.jobs))
    print(json.dumps(r) if a.json else "\n".join(lines(r)))


if __name__ == "__main__":
    main()
