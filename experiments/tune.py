"""Design mode (`meeplesim tune`, `api.tune`): the lever values (simcore.levers) that bring a
win rate to a target, with the proposal's interval on fresh seeds and its band over the
assumption knobs. Knows no game: the targets name the game's difficulty option's values
(Game.headline_options[0], e.g. Hidden Village's levels) or `win` (the run's own setting), and
the levers come from the game's levers file.

The search, for each target and its one lever, on paired seeds (every candidate value plays
games 0, 1, 2, ... of the same root seed, so two values are compared game by game):
1. the direction: the lever's two ends are played until their paired difference's interval
   leaves 0 (looks doubling from `games` up to `max_games`); a target outside what the two
   ends give is unreachable, and the closer end is proposed;
2. a noisy bisection: the value halfway between two values known to lie on either side of the
   target is played until its win rate's interval leaves the target (the same looks), and
   the half that holds the target is kept; a value whose interval still holds the target at
   `max_games` is the answer;
3. the last two neighbours: the one nearer the target, at their common game count.
Every look's interval is widened by the Bonferroni split of `simcore.stats.sequential_z` over
the looks of one value, as `--until-halfwidth` does. The search assumes the win rate moves
one way along the lever's range (it measures which way); `exhaustive=True` plays every value
of the range instead (the check of the search: the value nearest the target).

Then the proposal is replayed on fresh seeds (`confirm_games` games, root seed + FRESH_SEED)
for its 95% interval, and, when the game has knobs, a sensitivity analysis at the proposal
gives the band of its win rate over the assumptions (experiments.sensitivity's envelope).

Every candidate's rules are a data folder of the results folder (`rules/<lever>=<value>/`,
simcore.levers.write_data) and every game played goes into the results folder like any sweep's,
so a stopped tune continues where it stopped and `run --data` replays a candidate.
"""
from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path

from simcore.errors import UserError
from simcore.stats import Z95, look_schedule, paired_from_counts, sequential_z

from .engine import win_stats
from .playing import Execution, folder_or_temporary, run_identity
from .runs import RunSpec, check_games
from .tune_bench import FRESH_SEED, Bench, Target, words  # noqa: F401 (FRESH_SEED: api users)

WIN = "win"                  # the target key of the run's own setting (no level named)
SEATS = "seats"              # the target of every seat's win rate at the fair share
HEROES = "heroes"            # the target of every hero's win share at the fair share
HEROES_WITHIN = 0.05         # a hero's share is met within this of the fair share (5 points)
ROUNDS = "rounds"            # the target of the game's mean length
DEFAULT_GAMES = 500          # the first look of a candidate
DEFAULT_MAX_GAMES = 16_000   # a candidate's last look
DEFAULT_CONFIRM = 10_000     # games of the proposal on fresh seeds
DEFAULT_BAND_GAMES = 1_000   # games per rule set of the band (0: no band)
BAND_SAMPLES = 8             # rule sets of many knobs at once in the band's design
OPTIMISERS = ("optuna", "nevergrad")   # several levers: experiments.tune_optimise


@dataclass
class Searched:
    """One target's search over one lever: the values played and what each gave."""
    target: Target
    lever: object            # simcore.levers.Lever
    proposal: int
    reachable: bool
    why: str = ""
    played: dict = field(default_factory=dict)    # value -> (games, wins) on the search's seeds
    direction: int = 0       # +1: the win rate rises with the lever, -1: falls, 0: not measured apart
    notes: list = field(default_factory=list)     # e.g. the win rate is not monotone along the lever
    games: int = 0           # games the search played (the confirmation and the band apart)

    # what every search gives the answer (tune_optimise.Optimised gives the same)
    @property
    def targets(self) -> list:
        return [self.target]

    @property
    def levers(self) -> list:
        return [self.lever]

    @property
    def point(self) -> dict:
        return {self.lever: self.proposal}

    def tried(self, t: Target) -> list:
        """(the point in words, games, win rate) of every value played for target t."""
        return [(str(v), n, w / n) for v, (n, w) in sorted(self.played.items())]

    @property
    def optimiser(self) -> str:
        return "noisy bisection"


@dataclass
class TuneResult:
    game: str
    strategy: str
    params: dict
    searches: list           # Searched (one target, one lever) or tune_optimise.Optimised
    rows: list               # per target: key, target, win_rate, ci_low, ci_high, met, band_low, band_high
    games_spent: int
    seconds: float
    results: str | None
    exhaustive: bool = False
    calibration: object = None   # a calibrated tune's experiments.calibrate.CalibrateResult
    ends: list = field(default_factory=list)   # its proposals replayed at the skill interval's ends

    @property
    def reachable(self) -> bool:
        return all(s.reachable for s in self.searches)

    def to_dict(self) -> dict:
        """The `tune --json` object (a contract other tools read)."""
        out = {"game": self.game, "strategy": self.strategy, "params": self.params,
               "proposal": {lv.id: v for s in self.searches for lv, v in s.point.items()},
               "current": {lv.id: lv.current for s in self.searches for lv in s.levers},
               "rows": self.rows, "games_spent": self.games_spent, "reachable": self.reachable}
        if not self.reachable:
            out["why"] = "; ".join(s.why for s in self.searches if not s.reachable)
        if self.calibration is not None:
            f = self.calibration.fit
            out["calibrated"] = {"playtests": self.calibration.playtests.path, "skill": f.skill,
                                 "skill_low": f.low, "skill_high": f.high, "fit_p": f.fit_p,
                                 "tuned_at": self.params.get("skill"), "ends": self.ends}
        return out


# ----------------------------------------------------------------------------- input
def _fair(item: str, key: str, value: str, seen: set, what: str) -> None:
    """A fair-share target (seats=fair, heroes=fair), given once: `what` at 1 / players."""
    if value.strip() != "fair":
        raise UserError(f"--target {item}: a {key} target is {key}=fair (every {what} at "
                        f"1 / players)")
    if key in seen:
        raise UserError(f"--target: '{key}' given twice")
    seen.add(key)


def parse_targets(items, game, catalog, players: int = 0) -> list:
    """--target KEY=P (repeatable) -> [Target]: KEY a value of the game's difficulty option
    (a level) or `win`, P a win rate strictly between 0 and 1; `seats=fair` (a game whose
    result rows carry the focal seat): every seat's win rate at the fair share, 1 / players;
    `heroes=fair` (a game whose result rows carry each seat's hero and the winner, and whose
    catalog lists its heroes): every hero's win share at the fair share, 1 / players;
    `rounds=N`: the mean number of rounds a game lasts."""
    out, seen = [], set()
    option = game.headline_options[0] if game.ladder is not None and game.headline_options else ""
    known = _levels(game, catalog) if option else []
    for item in items or ():
        key, sep, value = str(item).partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"--target {item!r}: expected KEY=WIN_RATE (e.g. terrible=0.5, or win=0.5)")
        if key == SEATS:
            if "seat" not in game.result_fields:
                raise UserError(f"--target {item}: game '{game.name}' has no seats to balance (its "
                                f"players win or lose together)")
            _fair(item, key, value, seen, "seat's win rate")
            out.append(Target(SEATS, 1 / players, players=players))
            continue
        if key == HEROES:
            heroes = tuple(getattr(catalog, "heroes", None) or ())
            if not heroes or not {"winner", "hero_0"} <= set(game.result_fields):
                raise UserError(f"--target {item}: game '{game.name}' deals no heroes to balance")
            _fair(item, key, value, seen, "hero's win share")
            out.append(Target(HEROES, 1 / players, players=players, heroes=heroes))
            continue
        if key == ROUNDS:
            if "rounds" not in game.result_fields:
                raise UserError(f"--target {item}: game '{game.name}' does not count rounds")
            try:
                goal = float(value)
            except ValueError:
                raise UserError(f"--target {item}: the rounds must be a number, got {value.strip()!r}") from None
            if not goal > 0:
                raise UserError(f"--target {item}: a game lasts more than 0 rounds, got {goal:g}")
            if key in seen:
                raise UserError(f"--target: '{key}' given twice")
            seen.add(key)
            out.append(Target(ROUNDS, goal))
            continue
        try:
            p = float(value)
        except ValueError:
            raise UserError(f"--target {item}: the win rate must be a number, got {value.strip()!r}") from None
        if not 0 < p < 1:
            raise UserError(f"--target {item}: a win rate is between 0 and 1 (exclusive), got {p:g}")
        if key in seen:
            raise UserError(f"--target: '{key}' given twice")
        seen.add(key)
        if key == WIN:
            out.append(Target(WIN, p))
        elif not option:
            raise UserError(f"--target {item}: game '{game.name}' has no difficulty levels; its "
                            f"target is win=P (the win rate of the setting given)")
        elif key not in known:
            raise UserError(f"--target {item}: unknown {option} '{key}' (known: {', '.join(known)})")
        else:
            out.append(Target(key, p, option))
    if not out:
        raise UserError("no target: give one or more --target KEY=WIN_RATE (e.g. terrible=0.5)")
    return out


def targets_file(path) -> tuple:
    """A targets file: ([KEY=P items], {strategy, players, params} given there). The file:
        strategy = "skill"          # optional, as --strategy
        players = 4                 # optional
        params = { skill = 0.5 }    # optional, as --param
        [target]
        standard = 0.85
        complex = 0.65
    """
    from simcore.errors import DataError
    from simcore.gamekit import read_toml
    p = Path(path)
    if not p.is_file():
        raise UserError(f"--targets {path}: file not found")
    raw = read_toml(p)
    for k in raw:
        if k not in ("target", "strategy", "players", "params"):
            raise DataError(p, "", f"unknown key '{k}' (known: target, strategy, players, params)")
    t = raw.get("target")
    if not isinstance(t, dict) or not t:
        raise DataError(p, "", "no [target] table of KEY = WIN_RATE")
    items = []
    for k, v in t.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise DataError(p, f"target '{k}'", f"the win rate must be a number, got {v!r}")
        items.append(f"{k}={v}")
    more = {k: raw[k] for k in ("strategy", "players", "params") if k in raw}
    if "params" in more and not isinstance(more["params"], dict):
        raise DataError(p, "params", "a table of NAME = VALUE")
    return items, more


def _levels(game, catalog) -> list:
    cells, _ = game.ladder(catalog)
    key = game.headline_options[0]
    return list(dict.fromkeys(str(c[key]) for c in cells if key in c)) or \
        [str(r.get(key)) for r in (game.levels(catalog) if game.levels else [])]


def game_levers(game, data=None):
    """The game's levers (simcore.levers.Levers) against its data (a --data folder's)."""
    from simcore import levers as L
    from simcore.gamekit import read_toml
    path = game.levers_file(data)
    if path is None:
        raise UserError(f"game '{game.name}' declares no levers (Game.levers): nothing to tune")
    catalog = game.load_catalog(data)
    files = {name: read_toml(Path(f)) for name, f in catalog.files.items()}
    return L.load(path, files), files


def parse_lever(item: str, levers) -> tuple:
    """--lever ID or ID=LO..HI -> (id or declared name, (lo, hi) or None)."""
    name, sep, rng = str(item).partition("=")
    name = name.strip()
    if not levers.named(name):
        levers.get(name)                     # the one-line error naming the known levers
    if not sep:
        return name, None
    lo, dots, hi = rng.partition("..")
    try:
        if not dots:
            raise ValueError
        return name, (int(lo), int(hi))
    except ValueError:
        raise UserError(f"--lever {item}: expected ID=LOW..HIGH with whole numbers (e.g. "
                        f"{name}=2..6)") from None


def choose_levers(targets, lever_items, levers) -> list:
    """The problems of a tune: ([Target], [Lever]) each, the targets that share a lever in
    one problem. Each target takes the levers given that fit it (a lever declared per entry
    moves the target's own entry), else the first lever of the file that fits it."""
    given = [parse_lever(x, levers) for x in lever_items or ()]
    per_target = []
    for t in targets:
        fits = []
        own = [(lv.name, None) for lv in levers if lv.default_for == (SEATS if t.seats else "")]
        for name, rng in (given or own):
            lv = _fit(levers, name, t)
            if lv is not None and t.seats and lv.seat > t.players:
                continue                  # a seat this many players do not have
            if lv is not None:
                fits.append(lv.narrowed(*rng) if rng else lv)
                if not given and not t.seats:
                    break                 # the game's own choice: its first lever that fits
        if not fits:
            names = ", ".join(n for n, _ in given) or "any lever"
            raise UserError(f"target {t.key}: {names} cannot move it (`meeplesim tune --list-levers`)")
        per_target.append((t, fits))
    problems: list = []                   # targets joined by a lever they share
    for t, fits in per_target:
        ids = {lv.id for lv in fits}
        joined = [p for p in problems if ids & {lv.id for lv in p[1]}]
        ts, ls = [t], list(fits)
        for p in joined:
            problems.remove(p)
            ts = p[0] + ts
            ls = p[1] + [lv for lv in ls if lv.id not in {x.id for x in p[1]}]
        problems.append((ts, ls))
    return problems


def _fit(levers, name, t):
    if "@" in name:
        lv = levers.get(name)
        return lv if (not lv.per or (lv.per == t.option and lv.entry == t.key)) else None
    return levers.for_entry(name, t.option, t.key)


# ----------------------------------------------------------------------------- search
def search(bench: Bench, t: Target, lv, games: int, max_games: int) -> Searched:
    """One target's noisy bisection over its lever (see the module's docstring), with a note
    when the values played contradict the direction measured."""
    looks = look_schedule(games, max_games)
    out = _bisect(bench, t, lv, looks)
    note = monotone_note(out, sequential_z(len(looks)))
    if note:
        out.notes.append(note)
    return out


def _bisect(bench: Bench, t: Target, lv, looks: list) -> Searched:
    z = sequential_z(len(looks))
    vals = lv.values
    out = Searched(t, lv, lv.current, True)

    def side(i):
        """+1 / -1: value i's win rate is above / below the target; 0: its interval still
        holds the target at the last look."""
        c = bench.cell(t, {lv: vals[i]})
        for n in looks:
            w = bench.wins(c, n)
            out.played[vals[i]] = (n, w)
            best = min(out.played, key=lambda v: abs(rate(v) - t.win_rate))
            bench.say(f"{t.key}: nearest so far {lv.id}={best} ({rate(best):.1%}); "
                      f"{bench.played:,} games")
            b = _beyond(n, w, t.win_rate, z)
            if b:
                return b
        return 0

    def rate(v):
        n, w = out.played[v]
        return w / n

    if len(vals) == 1:
        side(0)
        out.proposal = vals[0]
        return out
    # 1. the direction, from the two ends' paired difference
    lo, hi = bench.cell(t, {lv: vals[0]}), bench.cell(t, {lv: vals[-1]})
    for n in looks:
        player = bench.play([(hi.id, lo.id)], n)
        d = paired_from_counts(*player.pair(hi.id, lo.id, n), z)
        out.played[vals[0]] = (n, player.stats(lo.id, n)[1])
        out.played[vals[-1]] = (n, player.stats(hi.id, n)[1])
        if d["diff_ci_low"] > 0 or d["diff_ci_high"] < 0:
            out.direction = 1 if d["diff"] > 0 else -1
            break
    ends = sorted((vals[0], vals[-1]), key=lambda v: abs(rate(v) - t.win_rate))
    if out.direction == 0:
        out.proposal, out.reachable = ends[0], False
        beyond = {_beyond(*out.played[v], t.win_rate, z) for v in (vals[0], vals[-1])}
        if beyond in ({1}, {-1}):
            out.why = _unreached(t, lv, rate, ends[0])
        else:
            out.why = (f"{t.key}: {lv.id} over {vals[0]}..{vals[-1]} does not move the win rate "
                       f"measurably ({rate(vals[0]):.1%} and {rate(vals[-1]):.1%} over {looks[-1]} "
                       f"paired games)")
        return out
    s_lo, s_hi = side(0), side(len(vals) - 1)
    if s_lo == 0 or s_hi == 0:
        out.proposal = vals[0] if s_lo == 0 else vals[-1]
        if s_lo == 0 and s_hi == 0:
            out.proposal = ends[0]
        return out
    if s_lo == s_hi:
        out.proposal, out.reachable = ends[0], False
        out.why = _unreached(t, lv, rate, ends[0])
        return out
    # 2. the bisection: a and b lie on either side of the target
    a, b, s_a = 0, len(vals) - 1, s_lo
    while b - a > 1:
        m = (a + b) // 2
        s = side(m)
        if s == 0:
            out.proposal = vals[m]
            return out
        if s == s_a:
            a = m
        else:
            b = m
    # 3. the two neighbours: the nearer, once their paired nearness is known (or at the last look)
    above, below = (vals[a], vals[b]) if s_a > 0 else (vals[b], vals[a])
    ca, cb = bench.cell(t, {lv: above}), bench.cell(t, {lv: below})
    start = max(out.played[above][0], out.played[below][0])
    for n in [x for x in looks if x >= start]:
        player = bench.play([(ca.id, cb.id)], n)
        d = nearness(*player.pair(ca.id, cb.id, n), t.win_rate, z)
        out.played[above] = (n, player.stats(ca.id, n)[1])
        out.played[below] = (n, player.stats(cb.id, n)[1])
        if abs(d["diff"]) > d["halfwidth"]:
            break
    out.proposal = below if d["diff"] > 0 else above
    return out


def _beyond(n: int, wins: int, target: float, z: float) -> int:
    """+1 / -1: the interval of `wins` of `n` lies above / below the target; 0: it holds it."""
    s = win_stats(wins, n, z)
    return 1 if s["ci_low"] > target else -1 if s["ci_high"] < target else 0


def _unreached(t: Target, lv, rate, closest) -> str:
    vals = lv.values
    return (f"{t.key}: no value of {lv.id} in {vals[0]}..{vals[-1]} reaches {t.win_rate:.1%} "
            f"(the win rate goes from {rate(vals[0]):.1%} to {rate(vals[-1]):.1%}); the closest is {closest}")


def nearness(n11: int, n10: int, n01: int, n00: int, target: float, z: float) -> dict:
    """How much nearer the target the value below it is than the value above it, from their
    joint win counts on paired games (a: above, b: below): |p_a - t| - |p_b - t| =
    p_a + p_b - 2t, with the half-width of its normal interval (the per-game sum of the two
    outcomes, 0, 1 or 2, has its variance from the same counts). Positive: the value below
    is nearer."""
    import math
    n = n11 + n10 + n01 + n00
    mean = (2 * n11 + n10 + n01) / n
    var = (4 * n11 + n10 + n01) / n - mean * mean
    return {"diff": mean - 2 * target, "halfwidth": z * math.sqrt(max(var, 0.0) / n)}


def monotone_note(s: Searched, z: float) -> str:
    """A note when two values played contradict the measured direction beyond their intervals
    (the bisection's answer may then be one of several values that give the target)."""
    if not s.direction:
        return ""
    vals = sorted(s.played)
    ci = {v: win_stats(w, n, z) for v, (n, w) in ((v, s.played[v]) for v in vals)}
    for i, a in enumerate(vals):
        for b in vals[i + 1:]:
            lo_b, hi_b, lo_a, hi_a = ci[b]["ci_low"], ci[b]["ci_high"], ci[a]["ci_low"], ci[a]["ci_high"]
            if (s.direction < 0 and lo_b > hi_a) or (s.direction > 0 and hi_b < lo_a):
                return (f"{s.target.key}: the win rate is not monotone along {s.lever.id} "
                        f"({a}: {ci[a]['win_rate']:.1%}, {b}: {ci[b]['win_rate']:.1%}, against the "
                        f"direction of the range's ends): other values may give the target too; "
                        f"--exhaustive plays them all, a narrower --lever range avoids the turn")
    return ""


def exhaustive(bench: Bench, t: Target, lv, games: int) -> Searched:
    """Every value of the lever at `games` paired games: the value nearest the target."""
    cells = [bench.cell(t, {lv: v}) for v in lv.values]
    player = bench.play([(c.id,) for c in cells], games)
    out = Searched(t, lv, lv.current, True)
    for v, c in zip(lv.values, cells):
        out.played[v] = (games, player.stats(c.id, games)[1])
    rates = {v: w / n for v, (n, w) in out.played.items()}
    out.proposal = min(rates, key=lambda v: abs(rates[v] - t.win_rate))
    lo, hi = min(rates.values()), max(rates.values())
    if not lo <= t.win_rate <= hi:
        out.reachable = False
        out.why = (f"{t.key}: no value of {lv.id} in {lv.lo}..{lv.hi} reaches {t.win_rate:.1%} "
                   f"(from {lo:.1%} to {hi:.1%}); the closest is {out.proposal}")
    return out


# ----------------------------------------------------------------------------- the tune
def tune(spec: RunSpec, targets: list, lever_items=(), games: int = DEFAULT_GAMES,
         max_games: int = DEFAULT_MAX_GAMES, confirm_games: int = DEFAULT_CONFIRM,
         band_games: int = DEFAULT_BAND_GAMES, results: str | None = None,
         execution: Execution | None = None, full_grid: bool = False,
         optimiser: str = "optuna", trials: int = 0, ends: tuple = ()) -> TuneResult:
    """Tune the levers for the targets (["KEY=P", ...]); see the module's docstring. `ends`:
    skills the proposal of each win-rate target is replayed at too (the `skill` strategy, the
    confirmation's fresh seeds and games): a calibrated tune's skill interval's ends."""
    from simcore.games import get_game
    ex = execution or Execution()
    check_games(games)
    if max_games < games:
        raise UserError(f"--max-games ({max_games}) must be at least the first look's --games ({games})")
    check_games(confirm_games)
    if band_games < 0:
        raise UserError(f"--band-games must be at least 0 (0: no band), got {band_games}")
    if trials < 0:
        raise UserError(f"--trials must be at least 0 (0: 20 + 30 per lever), got {trials}")
    if spec.options.get("assume"):
        raise UserError("--assume: a tune plays the data as given; its band varies the knobs itself")
    game = get_game(spec.game)
    levers, files = game_levers(game, spec.data)
    catalog = game.load_catalog(spec.data)
    ts = parse_targets(targets, game, catalog, spec.players or game.default_players)
    if any(t.seats for t in ts) and spec.options.get("seat") not in (None, "rotate"):
        raise UserError("--seat: a seats target plays every seat in turn (leave --seat out, or rotate)")
    option = ts[0].option or (game.headline_options[0] if game.headline_options else "")
    if any(t.option for t in ts) and spec.options.get(option) is not None:
        raise UserError(f"--{option.replace('_', '-')}: the targets name the {option}s; leave it out")
    if any(t.heroes for t in ts):
        if not lever_items:
            raise UserError("a heroes target moves the levers given: --lever ID (repeatable; "
                            "`meeplesim tune --list-levers` lists the heroes' numbers)")
        if spec.options.get("rivals") not in (None, "same") or spec.options.get("seat_strategy"):
            raise UserError("a heroes target counts every seat's hero: every seat plays the "
                            "strategy (leave --rivals and --seat-strategy out)")
    problems = choose_levers(ts, lever_items, levers)
    if full_grid and any(len(t) > 1 or len(ls) > 1 or not t[0].searched_alone for t, ls in problems):
        raise UserError("--exhaustive plays one lever per target (the check of the bisection)")
    if optimiser not in OPTIMISERS:
        raise UserError(f"unknown optimiser '{optimiser}' (known: {', '.join(OPTIMISERS)})")
    ex.check(games)
    held = contextlib.ExitStack()
    folder = held.enter_context(folder_or_temporary(results, "tune"))
    identity = _identity(game, spec)
    t0 = time.perf_counter()
    bench = None
    try:
        bench = Bench(spec, files, folder, ex, identity)
        for t_list, ls in problems:   # each lever's values checked by the data before a game is played
            for t in t_list:
                for lv in ls:
                    for v in lv.values:
                        try:
                            bench.cell(t, {x: (v if x is lv else x.current) for x in ls})
                        except UserError as e:
                            raise UserError(f"--lever {lv.id}={lv.lo}..{lv.hi}: the data refuse "
                                            f"{lv.id}={v}: {e}") from None
        searches = []
        for t_list, ls in problems:
            before = bench.played
            if len(t_list) == 1 and len(ls) == 1 and t_list[0].searched_alone:
                searches.append(exhaustive(bench, t_list[0], ls[0], max_games) if full_grid else
                                search(bench, t_list[0], ls[0], games, max_games))
            else:
                from .tune_optimise import optimise
                searches.append(optimise(bench, t_list, ls, games, max_games, confirm_games,
                                         optimiser, trials))
            searches[-1].games = bench.played - before
        rows = [row for s in searches for t in s.targets
                for row in _confirm(bench, s, t, confirm_games, band_games, game, folder)]
        for s in searches:   # a seats target: every seat's interval holds its share; a heroes
            for t in s.targets:  # target: every hero's share within HEROES_WITHIN of it
                prefix = "seat-" if t.seats else "hero-" if t.heroes else None
                short = [r["key"] for r in rows if prefix and r["key"].startswith(prefix) and not r["met"]]
                if short:
                    where = (f"outside the fair share's {t.win_rate:.1%} (95% intervals, fresh seeds)"
                            if t.seats else f"more than {HEROES_WITHIN:.0%} from the fair share's "
                                             f"{t.win_rate:.1%} (fresh seeds)")
                    s.reachable = False
                    s.why = "; ".join(x for x in (s.why, f"{t.key}: the proposal {words(s.point)} "
                                                  f"leaves {', '.join(short)} {where}") if x)
        at_ends = [_at_skill(bench, s, t, x, confirm_games) for s in searches for t in s.targets
                   for x in ends]
        first = next(iter(bench.cells.values()))
        return TuneResult(game.name, first.run.strategy_name,
                          {k: v for k, v in sorted(first.run.param_values().items()) if k in spec.params},
                          searches, rows, bench.played, time.perf_counter() - t0, results, full_grid,
                          ends=at_ends)
    finally:
        if bench is not None:
            bench.close()
        held.close()


def _identity(game, spec: RunSpec) -> dict:
    """The identity a tune's results folder is written under."""
    return run_identity(game.name, spec.seed, experiment="tune")


def _at_skill(bench: Bench, s, t: Target, skill: float, games: int) -> dict:
    """The proposal for target t replayed by a team of `skill` on the confirmation's fresh
    seeds: its win rate, 95% interval and whether that holds the target."""
    st = win_stats(bench.wins(bench.cell(t, s.point, seeds="confirm", skill=skill), games),
                   games, Z95)
    return {"key": t.key, "skill": skill, "target": t.win_rate, "win_rate": st["win_rate"],
            "ci_low": st["ci_low"], "ci_high": st["ci_high"],
            "met": bool(st["ci_low"] <= t.win_rate <= st["ci_high"])}


def calibrated(playtests: str, spec: RunSpec, targets: list, calibration_games: int,
               points: int, results: str | None = None, execution: Execution | None = None,
               **tune_args) -> TuneResult:
    """Design mode for a real table (`tune --calibrated PLAYTESTS.csv`): the playtests placed on
    the skill scale (experiments.calibrate, `calibration_games` games a configuration and skill
    at `points` skills, into RESULTS/calibration), the levers tuned for the `skill` strategy at
    the middle of the skill's 95% interval, and each proposal replayed at both ends of that
    interval on the confirmation's fresh seeds (TuneResult.ends)."""
    import os

    from .calibrate import calibrate
    if spec.strategy not in (None, "skill"):
        raise UserError(f"--calibrated tunes for the calibrated table, the `skill` strategy at its "
                        f"skill: leave --strategy {spec.strategy} out")
    if "skill" in spec.params:
        raise UserError("--calibrated: the skill comes from the playtests; leave --param skill= out")
    spec = spec.but(strategy="skill")
    from simcore.games import get_game
    game = get_game(spec.game)
    ts = parse_targets(targets, game, game.load_catalog(spec.data),
                       spec.players or game.default_players)
    if not all(t.searched_alone for t in ts):
        raise UserError("--calibrated tunes win-rate targets (a level's or win=P), not seats or "
                        "rounds")
    t0 = time.perf_counter()
    if results is not None:     # the tune's folder first: the calibration is a folder inside it
        from simcore.store import ResultsStore
        ResultsStore(results, "tune", _identity(game, spec), {}).close()
    c = calibrate(playtests, spec, games=calibration_games, points=points,
                  results=None if results is None else os.path.join(results, "calibration"),
                  execution=execution)
    mid = round((c.fit.low + c.fit.high) / 2, 3)
    r = tune(spec.but(params={**spec.params, "skill": mid}), targets, results=results,
             execution=execution, ends=(c.fit.low, c.fit.high), **tune_args)
    r.calibration = c
    r.games_spent += c.played
    r.seconds = time.perf_counter() - t0
    return r


def _confirm(bench: Bench, s, t: Target, games: int, band_games: int, game, folder) -> list:
    """The proposal for target t on fresh seeds: its win rate, 95% interval, whether it holds
    the target, and its band over the knobs; a seats target, one row per seat (no band); a
    heroes target, one row per hero, met when its share is within HEROES_WITHIN of the fair
    share (no band)."""
    c = bench.cell(t, s.point, seeds="confirm")
    if t.rounds:                      # the mean rounds, with the normal 95% interval of a mean
        mean, sd = bench.rounds(c, games)
        half = Z95 * sd / games ** 0.5
        return [{"key": t.key, "target": t.win_rate, "win_rate": mean, "ci_low": mean - half,
                 "ci_high": mean + half, "met": bool(mean - half <= t.win_rate <= mean + half),
                 "band_low": None, "band_high": None}]
    if t.heroes:
        out = []
        for h, (n, w) in zip(t.heroes, bench.hero_wins(c, games, len(t.heroes))):
            st = win_stats(w, max(n, 1), Z95)
            out.append({"key": f"hero-{h}", "target": t.win_rate, "win_rate": st["win_rate"],
                        "ci_low": st["ci_low"], "ci_high": st["ci_high"],
                        "met": bool(n > 0 and abs(st["win_rate"] - t.win_rate) <= HEROES_WITHIN),
                        "band_low": None, "band_high": None})
        return out
    if t.seats:
        out = []
        for k, (n, w) in enumerate(bench.seat_wins(c, games, t.players)):
            st = win_stats(w, n, Z95)
            out.append({"key": f"seat-{k + 1}", "target": t.win_rate, "win_rate": st["win_rate"],
                        "ci_low": st["ci_low"], "ci_high": st["ci_high"],
                        "met": bool(st["ci_low"] <= t.win_rate <= st["ci_high"]),
                        "band_low": None, "band_high": None})
        return out
    w = bench.wins(c, games)
    st = win_stats(w, games, Z95)
    band_low = band_high = None
    if band_games and game.assumptions:
        from .sensitivity import sensitivity
        r = sensitivity(c.run.spec, None, band_games, BAND_SAMPLES, 0,
                        str(Path(folder) / "band" / f"{t.key},{words(s.point)}"),
                        Execution(chunk=bench.ex.chunk, jobs=bench.ex.jobs, backend=bench.ex.backend,
                                  scheduler=bench.ex.scheduler, progress=bench.ex.progress))
        bench.count(r.played)
        env = r.settings[0]["analysis"]["envelope"]
        band_low, band_high = env.get("envelope_low"), env.get("envelope_high")
    return [{"key": t.key, "target": t.win_rate, "win_rate": st["win_rate"],
             "ci_low": st["ci_low"], "ci_high": st["ci_high"],
             "met": bool(st["ci_low"] <= t.win_rate <= st["ci_high"]),
             "band_low": band_low, "band_high": band_high}]
