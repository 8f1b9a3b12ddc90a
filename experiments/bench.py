"""The benchmark: games per second per core, parallel scaling, compile and start-up times,
peak memory, and the speed-up over the same kernels run as plain Python.

Every number is measured here, on this machine, when the benchmark runs; nothing is asserted.
Subprocesses measure what a user sees (a fresh process, an empty kernel cache, a warm one).
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

def rows() -> list:
    """Every game's rows, (Game, row), the default game's first, then the others in name order:
    each row a game declares in `Game.bench` (strategy, players, options, label, and optional
    params). The benchmark names no game and no strategy: the rows say what is measured."""
    from simcore.games import DEFAULT_GAME, all_games
    games = sorted(all_games(), key=lambda g: (g.name != DEFAULT_GAME, g.name))
    return [(game, row) for game in games for row in game.bench]


def game_rows() -> list:
    """The rows of the games other than the default one (the `games` list of bench.json)."""
    from simcore.games import DEFAULT_GAME
    return [(g, row) for g, row in rows() if g.name != DEFAULT_GAME]


def headline():
    """(Game, row): the default game's row marked `headline` (the BENCH line's games/s, and the
    configuration the scaling, plain-Python, warm start-up and compile measurements play)."""
    from simcore.games import DEFAULT_GAME
    marked = [(g, row) for g, row in rows() if g.name == DEFAULT_GAME and row.get("headline")]
    if len(marked) != 1:
        raise RuntimeError(f"game {DEFAULT_GAME} must mark exactly one of its bench rows "
                           f"'headline' (it marks {len(marked)})")
    return marked[0]


def _resolve(strategy: str, options: dict, params: dict | None, game: str, players: int):
    from experiments.runs import RunSpec, resolve
    return resolve(RunSpec(game=game, players=players, strategy=strategy,
                           options=options, params=dict(params or {})))


def _row_args(game, row, strategy: str | None = None) -> list:
    """A row as the child's arguments (strategy, options, games left to the caller)."""
    return [strategy or row["strategy"], dict(row.get("options", {})), game.name, row["players"]]


# plays `games` games in a fresh process and prints its timing as JSON (used for the
# compile-time, warm-start and plain-Python measurements)
_CHILD = r"""
import json, resource, sys, time, warnings
warnings.simplefilter("ignore", RuntimeWarning)   # uint64 wrap-around in plain-Python mode
t0 = time.perf_counter()
from experiments.bench import _resolve
strategy, options, games = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
game, players = sys.argv[4], int(sys.argv[5])
r = _resolve(strategy, options, None, game, players)
t1 = time.perf_counter()
r.game.run_games(r.catalog, r.config, r.strategy.kernel_id, r.params, 1, 0, 1)
t2 = time.perf_counter()
kids = resource.getrusage(resource.RUSAGE_CHILDREN)   # a first run's compile helper
cpu2 = time.process_time() + kids.ru_utime + kids.ru_stime
out = r.game.run_games(r.catalog, r.config, r.strategy.kernel_id, r.params, 1, 1, games)
t3 = time.perf_counter()
print(json.dumps({"game": r.game.name, "players": players, "import_s": t1 - t0,
                  "first_game_s": t2 - t1, "cpu_to_first_game_s": cpu2, "games": games,
                  "play_s": t3 - t2, "wins": int((out[:, 0] == 1).sum())}))
"""


def _child(args, env_extra=None, timeout=3600):
    env = dict(os.environ, **(env_extra or {}))
    t = time.perf_counter()
    args = [a if isinstance(a, (str, int)) else json.dumps(a) for a in args]
    r = subprocess.run([sys.executable, "-c", _CHILD, *map(str, args)], env=env,
                       capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"benchmark child failed: {r.stderr.strip().splitlines()[-1:]}")
    return json.loads(r.stdout.strip().splitlines()[-1]), wall


def games_per_second(strategy: str, options: dict, seconds: float = 3.0,
                     windows: int = 5, params: dict | None = None, game: str | None = None,
                     players: int | None = None) -> dict:
    """In this process (kernels loaded): play chunks for `seconds`, split into `windows` equal
    windows; the rate is the median window's. The machine's other tenants slow some windows
    (one 3-second window measured greedy anywhere from 18 000 to 20 700 games/s for the same
    code), and the median keeps such a burst from deciding the figure. `game` and `players`
    name the configuration (a row of Game.bench); left out, the default game's and its
    default player count."""
    import statistics

    from simcore.games import DEFAULT_GAME, get_game
    game = game or DEFAULT_GAME
    players = get_game(game).default_players if players is None else players
    r = _resolve(strategy, options, params, game, players)
    cat, C, run_games, sid, vec = r.catalog, r.config, r.game.run_games, r.strategy.kernel_id, r.params
    st = r.game.new_state(cat.rules, event_capacity=1)
    run_games(cat, C, sid, vec, 1, 0, 50, state=st)   # warm-up
    chunk, games, wins, start, total = 200, 0, 0, 50, 0.0
    rates = []
    for _ in range(windows):
        n = 0
        t = time.perf_counter()
        while time.perf_counter() - t < seconds / windows:
            out = run_games(cat, C, sid, vec, 1, start, chunk, state=st)
            n += chunk
            start += chunk
            wins += int((out[:, 0] == 1).sum())
        dt = time.perf_counter() - t
        rates.append(n / dt)
        games += n
        total += dt
    return {"game": r.game.name, "players": players, "strategy": strategy, **options,
            **{f"param_{k}": v for k, v in (params or {}).items()},
            "games": games,
            "seconds": total, "games_per_s": statistics.median(rates),
            "window_rates": rates, "win_rate": wins / games}


def scaling(games: int) -> dict:
    """The same run through the runner with 1 and with 2 worker processes. Each is preceded by
    a small run with the same number of workers, so the timed run finds them started and their
    kernels loaded (the pool is reused): the steady-state speed-up of a long sweep."""
    from experiments.engine import Player, make_cell
    from experiments.runs import RunSpec
    game, row = headline()
    strategy = row["strategy"]
    spec = RunSpec(game=game.name, players=row["players"], strategy=strategy,
                   options=dict(row.get("options", {})), params=dict(row.get("params", {})))
    out = {}
    for jobs in (1, 2):
        warm = make_cell("warm", spec)
        Player([warm], chunk=500, jobs=jobs).ensure({"warm": 1000 * jobs})
        cell = make_cell("bench", spec)
        player = Player([cell], chunk=max(1000, games // 40), jobs=jobs)
        t = time.perf_counter()
        player.ensure({"bench": games})
        out[jobs] = time.perf_counter() - t
    return {"strategy": strategy, "games": games, "jobs1_s": out[1], "jobs2_s": out[2],
            "speedup": out[1] / out[2]}


def load_kernels_cached() -> float:
    """Compile (or find in the kernel cache) every kernel the speed rows use, each row's in a
    child process, so that this process loads them from the cache as a run's workers do: kernels
    compiled by the measuring process itself played greedy about 8% slower than the same kernels
    loaded from the cache (lockstep windows, identical games: 0.914 twice, then 0.996 and 0.997
    once loaded). Returns the seconds it took (a few with the kernels cached)."""
    t = time.perf_counter()
    seen = set()
    for game, row in rows():   # a game's kernels serve all its options: one child per strategy
        if (game.name, row["strategy"]) not in seen:
            seen.add((game.name, row["strategy"]))
            strategy, options, name, players = _row_args(game, row)
            _child([strategy, options, 1, name, players])
    return time.perf_counter() - t


def compile_time(strategy: str) -> dict:
    """A fresh process with an empty kernel cache: import and resolve (which compiles the
    strategy's own kernels, simcore.linked, and plays one game: the game loop; on two cores
    a helper process compiles the rules meanwhile, experiments/compile_aside.py) and the first
    game. compile_cpu_s is the CPU time of the process and its helper to that point: the
    machine's other tenants stretch the wall time but hardly the CPU time."""
    game, row = headline()
    _, options, name, players = _row_args(game, row)
    with tempfile.TemporaryDirectory() as d:
        info, wall = _child([strategy, options, 1, name, players], {"NUMBA_CACHE_DIR": d})
    return {"compile_s": info["import_s"] + info["first_game_s"], "compile_cpu_s": info["cpu_to_first_game_s"],
            "strategy": strategy, "import_s": info["import_s"],
            "first_game_s": info["first_game_s"], "wall_s": wall}


def warm_start(games: int = 1000) -> dict:
    """`meeplesim run --games N` of the headline row with the kernels in the cache, wall time."""
    game, row = headline()
    options = [a for k, v in row.get("options", {}).items() for a in ("-o", f"{k}={v}")]
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "run", "--games", str(games),
                        "--game", game.name, "--players", str(row["players"]),
                        "--strategy", row["strategy"], *options, "--jobs", "1", "--json"],
                       capture_output=True, text=True)
    wall = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"meeplesim run failed: {r.stderr.strip()}")
    return {"games": games, "wall_s": wall}


def plain_python(seconds: float = 20.0) -> dict:
    """The headline row's kernels as plain Python (NUMBA_DISABLE_JIT=1): a few games, ~`seconds`."""
    game, row = headline()
    strategy, options, name, players = _row_args(game, row)
    probe, _ = _child([strategy, options, 2, name, players], {"NUMBA_DISABLE_JIT": "1"})
    per_game = probe["play_s"] / 2
    games = max(2, int(seconds / max(per_game, 1e-3)))
    info, _ = _child([strategy, options, games, name, players], {"NUMBA_DISABLE_JIT": "1"})
    return {"strategy": strategy, "games": games, "seconds": info["play_s"],
            "games_per_s": games / info["play_s"]}


def peak_rss_mib() -> float:
    """Peak resident memory of this process and of its finished children, MiB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024


def run_benchmark(out: Path, measure_compile: bool = True, seconds: float = 3.0,
                  scaling_games: int = 200000, echo=print) -> dict:
    result = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    result["load_kernels_s"] = load_s = load_kernels_cached()
    echo(f"kernels in the cache (a child process per row compiled what was missing): {load_s:.1f} s")
    from simcore.games import DEFAULT_GAME
    top, head = headline()
    echo("speed per core (one process, kernels loaded from the cache):")
    result["speed"], result["games"] = [], []
    shown = None
    for game, row in rows():
        if game.name != shown:
            echo(f"  {game.title}:")
            shown = game.name
        r = games_per_second(row["strategy"], dict(row.get("options", {})), seconds,
                             params=row.get("params"), game=game.name, players=row["players"])
        r["label"] = row["label"]
        (result["speed"] if game.name == DEFAULT_GAME else result["games"]).append(r)
        if row is head:
            headline_speed = r
        echo(f"    {row['label']:<36} {r['games_per_s']:>9,.0f} games/s"
             f"  (win rate {r['win_rate']:.1%} over {r['games']:,} games)")
    what = f"{head['label']}, {top.title}"
    echo(f"parallel scaling ({what}, through the runner):")
    result["scaling"] = sc = scaling(scaling_games)
    echo(f"  {sc['games']:,} games: 1 worker {sc['jobs1_s']:.1f} s, 2 workers {sc['jobs2_s']:.1f} s"
         f" -> {sc['speedup']:.2f}x")
    echo(f"plain Python (NUMBA_DISABLE_JIT=1, {what}):")
    result["python"] = py = plain_python()
    echo(f"  {py['games']} games in {py['seconds']:.1f} s: {py['games_per_s']:.2f} games/s")
    echo(f"start-up with the kernels cached (meeplesim run --games 1000, {what}):")
    result["warm_start"] = ws = warm_start(1000)
    echo(f"  {ws['wall_s']:.2f} s")
    if measure_compile:
        echo(f"compile from an empty kernel cache, per strategy of {top.title} "
             "(import and one game, seconds):")
        result["compile"] = {}
        for strategy in dict.fromkeys((head["strategy"], *top.bench_compile)):
            result["compile"][strategy] = cp = compile_time(strategy)
            echo(f"  {strategy:<8} {cp['compile_s']:6.1f} s  (CPU, with its compile helper: {cp['compile_cpu_s']:.1f} s)")
    result["peak_rss_mib"] = peak_rss_mib()
    echo(f"peak RSS: {result['peak_rss_mib']:.0f} MiB")
    result["summary"] = {
        "games_per_s_core": headline_speed["games_per_s"],
        "speedup_vs_python": headline_speed["games_per_s"] / py["games_per_s"],
        "scaling_2w": sc["speedup"],
        "compile_s": result["compile"][head["strategy"]]["compile_s"] if measure_compile else float("nan"),
        "warm_start_s": ws["wall_s"],
    }
    out.write_text(json.dumps(result, indent=2))
    s = result["summary"]
    echo(f"wrote {out}")
    echo(f"BENCH games_per_s_core={s['games_per_s_core']:.0f} "
         f"speedup_vs_python={s['speedup_vs_python']:.0f} scaling_2w={s['scaling_2w']:.2f} "
         f"compile_s={s['compile_s']:.1f} warm_start_s={s['warm_start_s']:.2f}")
    return result
