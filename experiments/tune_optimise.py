"""Several levers (experiments.tune): a maintained optimiser over the squared miss of the
targets, sum over the targets of (win rate - goal)^2 (a seats target: over its seats; a heroes
target: their mean over its heroes; a rounds target: ((mean rounds - goal) / goal)^2), on
paired seeds.

1. The corners of the levers' box and the data's own point (when the box holds it) are played
   first and told to the optimiser: if the win rate is monotone in each lever, the corners hold its extremes, and a
   target every corner misses on one side is out of reach.
2. `trials` points asked of the optimiser (optuna's TPE sampler by default; nevergrad's NGOpt
   with --optimiser nevergrad): the first third played at `games` games, the next at twice
   that, the last at four times (a candidate asked again reuses its games).
3. The four best points played on to `refine` games (paired); from the best of them, a
   pattern search on the whole-number grid: every point one step away (diagonals too) played
   at `refine` games, moving to the best while it beats the centre.
4. The point found and its neighbours (one step along each lever) re-tested with it on a second set of seeds the
   search never played (root seed + 2 x FRESH_SEED): the one with the smallest miss there is
   the proposal. Its confirmation (experiments.tune) plays a third set (root seed + FRESH_SEED),
   so the interval reported was not used to choose it.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from simcore.errors import UserError

from .engine import win_stats
from .tune_bench import Bench, Target, words

TOP = 4                      # the best points played on to `refine` games
LOCAL_MOVES = 8              # moves of the pattern search from the best of them
SENTINEL = 10.0              # the miss told for a point the data refuse (every real miss is < 4)


@dataclass
class Optimised:
    """One problem's search: targets sharing levers, the points played, the proposal."""
    targets: list            # Target
    levers: list             # simcore.levers.Lever
    point: dict = field(default_factory=dict)     # Lever -> value: the proposal
    reachable: bool = True
    why: str = ""
    played: dict = field(default_factory=dict)    # (target key, values) -> (games, wins), search seeds
    retest: dict = field(default_factory=dict)    # values -> miss on the re-test seeds
    means: dict = field(default_factory=dict)     # (target key, values) -> mean rounds (rounds targets)
    notes: list = field(default_factory=list)
    games: int = 0
    optimiser: str = "optuna"

    def tried(self, t: Target) -> list:
        """(the point in words, games, what it gave: the win rate, or the mean rounds of a
        rounds target) of every point played for target t."""
        return [(words(dict(zip(self.levers, v))), n, self.means.get((k, v), w / n))
                for (k, v), (n, w) in sorted(self.played.items()) if k == t.key]


def optimise(bench: Bench, targets: list, levers: list, games: int, max_games: int,
             confirm_games: int, optimiser: str = "optuna", trials: int = 0) -> Optimised:
    out = Optimised(list(targets), list(levers), optimiser=optimiser)
    trials = trials or 20 + 30 * len(levers)
    refine = min(max_games, 8 * games)
    opt = _make(optimiser, levers, bench.spec.seed, trials)
    refused: set = set()

    def miss(values, n, seeds="search"):
        point = dict(zip(levers, values))
        total = 0.0
        for t in targets:
            c = bench.cell(t, point, seeds=seeds)
            if t.seats:                      # every seat's win rate against the fair share
                per = bench.seat_wins(c, n, t.players)
                w = sum(x for _, x in per)
                total += sum((x / max(m, 1) - t.win_rate) ** 2 for m, x in per)
            elif t.heroes:                   # every hero's win share against the fair share
                per = bench.hero_wins(c, n, len(t.heroes))
                w = bench.wins(c, n)
                miss2 = [(x / m - t.win_rate) ** 2 for m, x in per if m]
                total += sum(miss2) / max(len(miss2), 1)
            elif t.rounds:                   # the game's length, relative to the goal
                mean, _ = bench.rounds(c, n)
                w = bench.wins(c, n)
                total += ((mean - t.win_rate) / t.win_rate) ** 2
                if seeds == "search":
                    out.means[(t.key, values)] = mean
            else:
                w = bench.wins(c, n)
                total += (w / n - t.win_rate) ** 2
            if seeds == "search":
                out.played[(t.key, values)] = (n, w)
        return total

    def evaluate(values, n):
        if values in refused:
            return SENTINEL
        try:
            return miss(values, n)
        except UserError as e:               # a combination the data refuse
            refused.add(values)
            out.notes.append(f"{words(dict(zip(levers, values)))}: refused by the data: {e}")
            return SENTINEL

    best = {}
    corners = list(itertools.product(*[(lv.lo, lv.hi) for lv in levers])) if len(levers) <= 3 else []
    now = tuple(lv.current for lv in levers)
    inside = all(v in lv.values for lv, v in zip(levers, now))    # the data's point, if in the box
    for values in dict.fromkeys(corners + ([now] if inside else [])):
        best[values] = evaluate(values, games)
        opt.add(values, best[values])
    for i in range(trials):
        n = games * 2 ** min(2, 3 * i // trials)
        handle, values = opt.ask()
        m = evaluate(values, n)
        opt.tell(handle, m)
        best[values] = m
        top = min(best, key=best.get)
        bench.say(f"{', '.join(t.key for t in targets)}: best so far {words(dict(zip(levers, top)))} "
                  f"(miss {best[top] ** 0.5:.1%}); {bench.played:,} games")
    # the best few played on, then the best one's neighbours re-tested on seeds of their own
    finalists = sorted((v for v in best if v not in refused), key=best.get)[:TOP]
    if not finalists:
        raise UserError("no point of the levers' ranges can be played: " + "; ".join(out.notes[:3]))
    refined = {v: miss(v, refine) for v in finalists}
    centre = _local(levers, min(refined, key=refined.get), refined, refused,
                    lambda v: evaluate(v, refine), bench, targets)
    around = [centre]
    for k, lv in enumerate(levers):
        for d in (-lv.step, lv.step):
            v = centre[k] + d
            if lv.lo <= v <= lv.hi:
                around.append(centre[:k] + (v,) + centre[k + 1:])
    for values in around:
        if values in refused:
            continue
        point = dict(zip(levers, values))
        try:
            out.retest[values] = miss(values, confirm_games, seeds="retest")
        except UserError as e:
            out.notes.append(f"{words(point)}: refused by the data: {e}")
    chosen = min(out.retest, key=out.retest.get)
    out.point = dict(zip(levers, chosen))
    _reach(out, corners)
    return out


def _local(levers, centre, known: dict, refused: set, evaluate, bench, targets):
    """A pattern search from `centre` at the refine game count: every point one step away
    along any of the levers (diagonals too) is played, and the search moves to the best while
    it beats the centre (at most LOCAL_MOVES moves). An optimiser samples a lever's whole
    range; the last steps toward a target are on a grid of whole numbers, where the nearest
    points are what decides."""
    for _ in range(LOCAL_MOVES):
        ring = []
        for d in itertools.product(*[(-lv.step, 0, lv.step) for lv in levers]):
            v = tuple(c + x for c, x in zip(centre, d))
            if any(d) and all(lv.lo <= x <= lv.hi for lv, x in zip(levers, v)) and v not in refused:
                ring.append(v)
        for v in ring:
            if v not in known:
                known[v] = evaluate(v)
        best = min(ring, key=known.get, default=centre)
        bench.say(f"{', '.join(t.key for t in targets)}: nearest so far "
                  f"{words(dict(zip(levers, centre)))} (miss {known[centre] ** 0.5:.1%}); "
                  f"{bench.played:,} games")
        if known[best] >= known[centre]:
            break
        centre = best
    return centre


def _reach(out: Optimised, corners: list):
    """A target that every corner of the box misses on one side, beyond its interval, is out
    of reach (for a win rate monotone in each lever, the corners bound it)."""
    why = []
    for t in out.targets:
        if not t.searched_alone:              # said by the confirmation (seats, rounds)
            continue
        sides = set()
        for v in corners:
            if (t.key, v) not in out.played:
                continue
            n, w = out.played[(t.key, v)]
            s = win_stats(w, n)
            sides.add(1 if s["ci_low"] > t.win_rate else -1 if s["ci_high"] < t.win_rate else 0)
        if corners and sides in ({1}, {-1}):
            rates = [out.played[(t.key, v)][1] / out.played[(t.key, v)][0] for v in corners
                     if (t.key, v) in out.played]
            why.append(f"{t.key}: no point of {', '.join(f'{lv.id}={lv.lo}..{lv.hi}' for lv in out.levers)} "
                       f"reaches {t.win_rate:.1%} (the corners give {min(rates):.1%} to {max(rates):.1%}); "
                       f"the closest found is {words(out.point)}")
    if why:
        out.reachable, out.why = False, "; ".join(why)


# ----------------------------------------------------------------------------- the optimisers
def _make(name: str, levers: list, seed: int, budget: int):
    if name == "optuna":
        return _Optuna(levers, seed)
    return _Nevergrad(levers, seed, budget)


class _Optuna:
    """optuna's TPE sampler, asked and told one point at a time (integer distributions with
    the levers' steps)."""

    def __init__(self, levers, seed):
        import optuna
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self.optuna = optuna
        self.ids = [lv.id for lv in levers]
        self.dist = {lv.id: optuna.distributions.IntDistribution(lv.lo, lv.hi, step=lv.step)
                     for lv in levers}
        self.study = optuna.create_study(sampler=optuna.samplers.TPESampler(seed=seed))

    def ask(self):
        trial = self.study.ask(self.dist)
        return trial, tuple(trial.params[i] for i in self.ids)

    def tell(self, trial, value):
        self.study.tell(trial, value)

    def add(self, values, value):
        self.study.add_trial(self.optuna.trial.create_trial(
            params=dict(zip(self.ids, values)), distributions=self.dist, value=value))


class _Nevergrad:
    """nevergrad's NGOpt over ordered choices (TransitionChoice: one per lever)."""

    def __init__(self, levers, seed, budget):
        try:
            import nevergrad as ng
        except ImportError:
            raise UserError("--optimiser nevergrad needs the nevergrad package (pip install "
                            "nevergrad); the default, optuna, comes with meeplesim") from None
        import numpy as np
        param = ng.p.Instrumentation(*[ng.p.TransitionChoice(lv.values) for lv in levers])
        param.random_state = np.random.RandomState(seed)
        self.opt = ng.optimizers.NGOpt(parametrization=param, budget=budget + 2 ** len(levers) + 1)

    def ask(self):
        c = self.opt.ask()
        return c, tuple(int(x) for x in c.args)

    def tell(self, c, value):
        self.opt.tell(c, value)

    def add(self, values, value):
        self.opt.tell(self.opt.parametrization.spawn_child(new_value=(tuple(values), {})), value)
