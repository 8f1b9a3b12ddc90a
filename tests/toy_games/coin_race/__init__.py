"""The coin race, a toy: each seat in turn steps one space or flips a coin (heads: 3 spaces,
tails: none); the first at space 10 wins. The smallest game that passes
tests/test_game_interface.py, found through MEEPLESIM_GAME_PATH=tests/toy_games
(docs/adding-a-game.md walks through it)."""
import hashlib
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ... import plugins
from ...datafile import SOURCE, DataFile, Field
from ...errors import UserError
from ...gamekit import Game, event_log, event_names, game_runners
from ...policy import N_GENERIC, PLUGIN
from ...reportkit import Axis, Report
from ...seats import check_bound, illegal_answer, param_row
from ...stats import wilson_interval
from ...summarykit import Accumulating, loss_lines, pct, total
from . import consts as K
from . import rules as R

DATA = Path(__file__).parent / "data"
RACE = {"goal": Field(int), "heads": Field(int), "max_rounds": Field(int), "source": SOURCE}


class Catalog(NamedTuple):
    rules: object               # a record of rules.RULES: what kernels read
    files: dict                 # file name -> path read
    assumptions: list           # (file, entry, what) marked source = "assumed"
    digest: str
    mix: str = "default"


def load_catalog(data_dir=None) -> Catalog:
    if data_dir is not None and not Path(data_dir).is_dir():
        raise UserError(f"--data {data_dir}: not a folder")
    path = Path(data_dir or DATA) / "race.toml"
    path = path if path.is_file() else DATA / "race.toml"
    f = DataFile(path)
    f.top_keys(("race",))
    race = f.check("race", f.section("race"), RACE)
    k = np.zeros(R.N_K, np.int64)
    k[R.K_GOAL] = f.count("race", race, "goal", 1, 1000)
    k[R.K_HEADS] = f.count("race", race, "heads", 0, 100)
    k[R.K_MAX_ROUNDS] = f.count("race", race, "max_rounds", 1, 100000)
    assumed = [(path.name, "race", "the track, the coin, the round cap")] * (race["source"] == "assumed")
    return Catalog(R.RULES.pack({"k": k}), {path.name: str(path)}, assumed,
                   hashlib.sha256(path.read_bytes()).hexdigest())


class Variant(NamedTuple):
    players: int


def make_config(catalog, players: int = 2):
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= K.MAX_PLAYERS:
        raise UserError(f"players must be 1 to {K.MAX_PLAYERS}, got {players}")
    return R.Config(players=players, log_on=0), Variant(players)


def check_strategy(catalog, strategy_id: int, params) -> None:
    if strategy_id >= N_GENERIC and strategy_id != PLUGIN:    # no strategy of its own
        raise UserError(f"strategy #{strategy_id} does not play the coin race")


def new_state(rules=None, event_capacity: int = 1 << 12):
    return R.STATE.allocate({"events": (max(1, event_capacity), K.EVENT_FIELDS)})


def _run_chunk(catalog, cfg, st, strategy_id, params, seed, start, out):
    check_strategy(catalog, strategy_id, params)
    plugins.bind_state(st, catalog.rules)
    check_bound(R.CHOOSERS, "the coin race", (strategy_id,))
    try:
        R.run_chunk(catalog.rules, cfg, st, strategy_id, param_row(params, R.MAX_PARAMS), seed,
                    start, out)
    except ValueError:
        raise illegal_answer(K.DECISIONS, st.ctl, R.H_BAD_KIND) from None


run_games, play_logged = game_runners(_run_chunk, new_state, K.N_RESULT_FIELDS, R.S_EV_N)


def _partial(rows) -> dict:       # exact sums: they add up chunk by chunk (simcore.summarykit)
    return {"games": len(rows), "wins": int((rows[:, K.R_OUTCOME] == K.WIN).sum()),
            "rounds": total(rows[:, K.R_ROUNDS]),
            "reasons": {c: int((rows[:, K.R_LOSS_REASON] == c).sum()) for c in K.LOSS_REASONS if c}}


def _finish(p: dict) -> dict:
    g = max(1, p["games"])
    lo, hi = wilson_interval(p["wins"], p["games"])
    return {"games": p["games"], "wins": p["wins"], "win_rate": p["wins"] / g, "ci_low": lo,
            "ci_high": hi, "mean_rounds": p["rounds"] / g,
            "loss_reasons": {K.LOSS_REASONS[c]: n for c, n in p["reasons"].items() if n}}


def summary_lines(s: dict, ci_words: str = "95% CI") -> list:
    return [f"games        {s['games']}",
            f"win rate     {pct(s['win_rate'])}  ({ci_words} {pct(s['ci_low'])} - {pct(s['ci_high'])})",
            f"game length  {s['mean_rounds']:.1f} rounds (mean)"] + loss_lines(s)


def _line(e, catalog):
    kind, rnd, p, a, b, c = (int(x) for x in e)
    if kind == K.EV_END:
        return f"game over after round {rnd}: " + (f"player {a} wins" if a >= 0 else "cut")
    return f"round {rnd}, player {p} " + ((f"flips {'heads' if a else 'tails'}" if c else "steps")
                                          + f": at {b}")


format_log, event_records = event_log(_line, event_names(K))

REPORT = Report(
    axes=(Axis("players", "players"), Axis("strategy", "strategy", ("first", "random"))),
    x="players", fields={f: f.replace("_", " ") for f in K.RESULT_FIELDS}, lost=K.LOSS,
    loss_reasons={1: ("outrun", "outrun by a later seat"), 2: ("cut", "cut by the round cap")},
    figures=("win_rate",), who="player", ends_words="a player at the goal")

GAME = Game(
    name="coin-race", title="The coin race (a toy)", package=__name__, options=(),
    default_players=2, default_strategy="random", result_fields=tuple(K.RESULT_FIELDS),
    option_fields=("players",),         # the player count, a result field too
    outcomes=dict(K.OUTCOMES), loss_reasons=dict(K.LOSS_REASONS), decisions=tuple(K.DECISIONS),
    load_catalog=load_catalog, make_config=make_config, run_games=run_games,
    play_logged=play_logged, new_state=new_state, format_log=format_log,
    event_records=event_records,
    objectives_summary=lambda st, cat: [f"player {p}: at {st.pos[p]} of {cat.rules.k[R.K_GOAL]}"
                                        for p in range(st.sc[R.S_PLAYERS])],
    summarize=Accumulating(_partial, _finish), summary_lines=summary_lines,
    describe=lambda variant, strategy, mix="default": f"{variant.players} players, all {strategy}",
    check_strategy=check_strategy, report=REPORT,
    grids={"coin-smoke": {"description": "the coin race: 1 and 2 players, first and random",
                          "games": 200, "seed": 1, "chunk": 100,
                          "axes": {"players": [1, 2], "strategy": ["first", "random"]}}},
    bench=({"strategy": "random", "players": 2, "options": {}, "label": "random, 2 players"},),
)
