"""A game's contract checked by playing it (`meeplesim check-game`), as Gymnasium's
environment checker checks an environment: its result fields are named and collide with no
option or results column (simcore.gamekit.check_columns); its data load with every entry's
source checked (as `check-data`); and, played through experiments.api with `random` and each
strategy the registry has for it, every decision is answered legally, every outcome code is
one of `Game.outcomes` and every loss reason one of `Game.loss_reasons`, and the rows depend
on the seed alone: the same seed gives the same rows, whatever the chunk size and the number
of worker processes; and the invariants the game declares (`Game.invariants`) hold after every
game played.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterator, NamedTuple

import numpy as np

from simcore.errors import UserError

DEFAULT_GAMES = 2000


class Check(NamedTuple):
    ok: bool
    what: str

    def line(self) -> str:
        return f"{'ok' if self.ok else 'FAIL'}: {self.what}"


def data_words(game, catalog) -> str:
    """What a game's loaded data hold, in words: its own summary (Game.data_summary) and how
    many values are marked assumed (`check-data` and `check-game` say it alike)."""
    what = f"{game.data_summary(catalog)}; " if game.data_summary else ""
    return f"{what}{len(catalog.assumptions)} assumed values"


def _fields(game) -> Check:
    from simcore.gamekit import check_columns
    fields = list(game.result_fields)
    bad = [f for f in fields if not (isinstance(f, str) and f.isidentifier())]
    if not fields or fields[0] != "outcome":
        return Check(False, f"result fields: the first must be 'outcome', got {fields[:1]}")
    if bad or len(set(fields)) < len(fields):
        return Check(False, f"result fields: each a distinct name (a Python identifier), got "
                            f"{', '.join(map(repr, fields))}")
    try:
        check_columns(game)
    except UserError as e:
        return Check(False, f"result fields: {e}")
    return Check(True, f"result fields {', '.join(fields)}: named, none named like an option "
                       f"or a results column")


def _codes(rows: np.ndarray, at: int, known: dict, what: str, label: str) -> Check:
    codes, counts = np.unique(rows[:, at], return_counts=True)
    bad = [(int(c), int(n)) for c, n in zip(codes, counts) if int(c) not in known]
    if bad:
        return Check(False, f"{label}: {what} code{'s' if len(bad) > 1 else ''} "
                            + ", ".join(f"{c} ({n} games)" for c, n in bad)
                            + f" not in Game.{what}s ("
                            + ", ".join(f"{c} {w or 'none'}" for c, w in known.items()) + ")")
    return Check(True, f"{label}: every {what} in Game.{what}s ("
                       + ", ".join(f"{known[int(c)] or 'none'} {int(n)}"
                                   for c, n in zip(codes, counts)) + ")")


def _same(a: np.ndarray, b: np.ndarray) -> str:
    """'' when the rows are equal, else how they differ."""
    if a.shape != b.shape:
        return f"{len(b)} rows against {len(a)}"
    diff = np.flatnonzero((a != b).any(axis=1))
    return "" if not len(diff) else f"{len(diff)} of {len(a)} games differ (the first: game {diff[0]})"


def check_game(name: str, strategy: str | None = None, games: int = DEFAULT_GAMES,
               seed: int = 1) -> Iterator[Check]:
    """The checks of game `name`, one at a time as they finish: with `strategy` alone, else
    `random` and every strategy the registry seats in the game; `games` games each (at least
    2), played in this process (the first strategy's once more in 2 worker processes).
    UserError for an unknown game or strategy, or too few games."""
    import strategies
    from simcore import games as registry
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise UserError(f"--games must be at least 2, got {games}")
    game = registry.get_game(name, check=False)
    if strategy is not None:
        strategies.get(strategy, game.name, load=False)        # an unknown one: one error line
    names = [strategy] if strategy else \
        ["random", *sorted(set(strategies.seatable(game.name)) - {"random"})]
    fields = _fields(game)
    yield fields
    folder = game.folder / "data"
    try:
        catalog = game.load_catalog(None)
    except UserError as e:
        yield Check(False, f"data: {e}")
        yield Check(False, "plays: not played (the game's data do not load)")
        return
    yield Check(True, f"data {folder}: every file read, every entry's source checked; "
                      f"{data_words(game, catalog)}")
    if not fields.ok:
        yield Check(False, "plays: not played (the game is refused for its result fields)")
        return
    with tempfile.TemporaryDirectory(prefix="meeplesim-check-") as tmp:
        for i, s in enumerate(names):
            yield from _plays(game, s, games, seed, Path(tmp) / str(i), i == 0)


def _invariants(game, s: str, games: int, seed: int) -> Check:
    """The game's invariants (`Game.invariants(catalog, config, state, row)`: what they find
    broken in a finished game) after each of the games, played one at a time on one state."""
    from .runs import RunSpec, resolve
    r = resolve(RunSpec(game=game.name, strategy=s, seed=seed))
    st = game.new_state(r.catalog.rules, event_capacity=1)
    broken, first = {}, None
    for i in range(games):
        row = game.run_games(r.catalog, r.config, r.strategy.kernel_id, r.params, seed, i, 1,
                             state=st)[0]
        for what in game.invariants(r.catalog, r.config, st, row):
            broken[what] = broken.get(what, 0) + 1
            first = i if first is None else first
    if not broken:
        return Check(True, f"{s}: the game's invariants hold after each of {games} games")
    words = "; ".join(f"{what} ({n} games)" for what, n in broken.items())
    return Check(False, f"{s}: the game's invariants: {words} (the first: game {first})")


def _plays(game, s: str, games: int, seed: int, tmp: Path, jobs: bool) -> Iterator[Check]:
    """The checks of one strategy's plays: legal answers, outcome and loss reason codes, the
    same rows for the same seed, in one chunk or several (and in 2 workers, with `jobs`)."""
    from . import api
    fields = list(game.result_fields)
    chunk = games // 6 + 1

    def rows(label, chunk, jobs=1):
        folder = str(tmp / label)
        api.run(api.RunSpec(game=game.name, strategy=s, seed=seed), games, folder,
                api.Execution(chunk=chunk, jobs=jobs))
        return api.read_results(folder).sort_values("game")[fields].to_numpy()

    step = f"playing {games} games"
    try:
        a = rows("one-chunk", games)
        yield Check(True, f"{s}: {games} games played, every decision answered legally")
        yield _codes(a, 0, game.outcomes, "outcome", s)
        if "loss_reason" in fields:
            yield _codes(a, fields.index("loss_reason"), game.loss_reasons, "loss_reason", s)
        step = "playing them again"
        again = _same(a, rows("again", games))
        yield Check(not again, f"{s}: the same seed gives the same rows" + (
            f": two runs of seed {seed}: {again}" if again else f" (two runs of seed {seed})"))
        step = f"playing them in chunks of {chunk}"
        split = _same(a, rows("chunks", chunk))
        yield Check(not split, f"{s}: the rows do not depend on the chunk size" + (
            f": one chunk of {games} against chunks of {chunk}: {split}" if split
            else f" (one chunk of {games}, chunks of {chunk})"))
        if jobs:
            step = "playing them in 2 worker processes"
            two = _same(a, rows("jobs", chunk, 2))
            yield Check(not two, f"{s}: the rows do not depend on the number of worker "
                        f"processes" + (f": 1 against 2: {two}" if two else " (1 and 2)"))
        if game.invariants is not None:
            step = "checking its invariants"
            yield _invariants(game, s, games, seed)
    except Exception as e:          # the game under check broke: said, the other checks go on
        kind = "" if isinstance(e, UserError) else f"{type(e).__name__}: "
        yield Check(False, f"{s}: {step}: {kind}{e}")
