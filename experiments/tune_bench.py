"""The candidates of a tune (experiments.tune) and the games they play: a candidate is a target
and a point (each lever moved to a value); its rules are a data folder written under the
results folder (simcore.levers.write_data), its games a cell of the results folder like any
sweep's. Every candidate of a target plays the same root seed (paired, common random
numbers); the proposal's confirmation plays root seed + FRESH_SEED, the re-test of several
levers' neighbours root seed + 2 x FRESH_SEED (seeds neither the search nor the other saw)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .engine import make_cell
from .playing import Execution
from .runs import RunSpec

FRESH_SEED = 1_000_003       # the confirmation replays root seed + this: games the search never saw
SEEDS = {"search": 0, "confirm": 1, "retest": 2}   # phase -> multiple of FRESH_SEED added


@dataclass(frozen=True)
class Target:
    key: str                 # a value of the difficulty option, "win", "seats", "heroes" or "rounds"
    win_rate: float          # the goal (for "seats" and "heroes": the fair share, 1 / players;
                             # for "rounds": the mean number of rounds)
    option: str = ""         # the difficulty option the key is a value of ("" for the others)
    players: int = 0         # "seats": every seat's win rate is the goal; "heroes": every hero's
    heroes: tuple = ()       # "heroes": the heroes' ids, by the number the result rows give them

    @property
    def seats(self) -> bool:
        return self.players > 0 and not self.heroes

    @property
    def rounds(self) -> bool:
        return self.key == "rounds"

    @property
    def searched_alone(self) -> bool:
        """Is it a win rate the bisection can search (one lever), not seats, heroes or rounds?"""
        return not (self.seats or self.heroes or self.rounds)

    @property
    def answers(self) -> int:
        """The rows its confirmation gives: one per seat, one per hero, else one."""
        return self.players if self.seats else len(self.heroes) if self.heroes else 1


def words(point: dict) -> str:
    """{Lever: value} -> "lost-smurfs@terrible=18,gargamel-cards@terrible=12" (lever order)."""
    return ",".join(f"{lv.id}={v}" for lv, v in point.items())


class Bench:
    """The candidates of one tune: cells made on demand and played into the results folder,
    which stays open (and locked) while the tune runs: use it as a context manager."""

    def __init__(self, spec: RunSpec, files: dict, folder: str, ex: Execution, identity: dict):
        from simcore.store import ResultsStore

        from .engine import Player
        self.spec, self.files, self.folder, self.ex = spec, files, folder, ex
        self.cells: dict = {}
        self.store = ResultsStore(folder, "tune", identity, {})
        self.player = Player([], store=self.store, chunk=ex.chunk, jobs=ex.jobs, backend=ex.backend,
                             scheduler=ex.scheduler, progress=ex.progress)
        for line in self.store.notes():          # damaged chunks moved aside, their games replayed
            if ex.notes is not None:
                ex.notes(line)
        self._extra = 0                          # games played outside the folder (the band)

    @property
    def played(self) -> int:
        return self.player.played + self._extra

    def count(self, games: int):
        """Count games played for the tune elsewhere (the band's sensitivity sweeps)."""
        self._extra += games

    def close(self):
        self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def cell(self, t: Target, point: dict, seeds: str = "search", skill: float | None = None):
        """The cell of target t at point ({Lever: value}) on the seeds of a phase (SEEDS); with
        `skill`, played by the `skill` strategy at that skill instead of the spec's (phase
        `<seeds>-skill`: a calibrated tune's proposal replayed at its skill interval's ends,
        which the report's "Proposed levels" does not read)."""
        from simcore import levers as L
        name = words(point)
        cid = f"{t.key},{name}" + (f",{seeds}" if seeds != "search" else "") + \
            (f",skill={skill:g}" if skill is not None else "")
        if cid not in self.cells:
            rules = Path(self.folder) / "rules" / name
            L.write_data(rules, self.spec.data, L.data_with(self.files, point),
                         "meeplesim tune: " + "; ".join(f"{lv.field} = {v}" for lv, v in point.items())
                         + f" (the rest as in {self.spec.data or 'the shipped data'})")
            s = self.spec.but(data=str(rules), options={t.option: t.key} if t.option else {},
                              seed=self.spec.seed + SEEDS[seeds] * FRESH_SEED)
            if skill is not None:
                s = s.but(params={**s.params, "skill": skill})
            c = make_cell(cid, s, {"target": t.key, "point": name})
            # the result rows say what they tune (reports.tune reads them)
            c.constants.update(tune_target=t.key, tune_goal=float(t.win_rate),
                               lever=",".join(lv.id for lv in point),
                               value=",".join(str(int(v)) for v in point.values()),
                               current=",".join(str(lv.current) for lv in point),
                               phase=seeds if skill is None else f"{seeds}-skill")
            self.cells[cid] = c
        return self.cells[cid]

    def play(self, units: list, games: int):
        """Play the units' cells (each a tuple of cell ids) to `games` games; the Player."""
        from .engine import play_units
        self.player.add([self.cells[cid] for u in units for cid in u])
        play_units(self.player, units, games, None, None)
        return self.player

    def wins(self, cell, games: int) -> int:
        return self.play([(cell.id,)], games).stats(cell.id, games)[1]

    def seat_wins(self, cell, games: int, players: int) -> list:
        """(games, wins) of each seat over games 0 .. games - 1 of a cell whose focal seat
        rotates (the result rows' `seat`)."""
        rows = self.play([(cell.id,)], games).rows(cell.id, games)
        f = cell.result_fields
        seat, won = rows[:, f.index("seat")], rows[:, f.index("outcome")] == 1
        return [(int((seat == k).sum()), int((won & (seat == k)).sum())) for k in range(players)]

    def hero_wins(self, cell, games: int, heroes: int) -> list:
        """(games, wins) of each hero over games 0 .. games - 1 of a cell every seat of which
        plays the run's strategy: a game for each seat's hero (the result rows' hero_0,
        hero_1, ...), a win for the winner's (`winner`; a shared win is none)."""
        rows = self.play([(cell.id,)], games).rows(cell.id, games)
        f = cell.result_fields
        players = rows[:, f.index("players")].astype(int)
        winner = rows[:, f.index("winner")].astype(int)
        n, w = [0] * heroes, [0] * heroes
        q = 0
        while f"hero_{q}" in f:
            hero = rows[:, f.index(f"hero_{q}")].astype(int)
            seated = players > q
            for h in range(heroes):
                mine = seated & (hero == h)
                n[h] += int(mine.sum())
                w[h] += int((mine & (winner == q)).sum())
            q += 1
        return list(zip(n, w))

    def rounds(self, cell, games: int) -> tuple:
        """(mean, standard deviation) of the rounds played over games 0 .. games - 1 of a cell."""
        r = self.play([(cell.id,)], games).rows(cell.id, games)[:, cell.result_fields.index("rounds")]
        return float(r.mean()), float(r.std(ddof=1)) if len(r) > 1 else 0.0

    def say(self, text: str):
        """Where the search is, on the progress bar (Bar.status) when there is one."""
        status = getattr(self.ex.progress, "status", None)
        if status is not None:
            status(text)
