"""Playtests as data: the CSV file a designer keeps of the games a real table played, read and
checked for `meeplesim calibrate`.

One column per game option that varies between the rows, named as the option (`level`, `die`,
`mode`, `rivals`, ...; `-` or `_` alike), `players` for the player count and, for a competitive
game, `seat` (its focal-seat option: the seat whose wins are counted); options left out take the
command line's value (`--level`, `--option NAME=VALUE`) or the game's default. The outcome is
either `games` and `wins` (a group of games) or `won` (one game a row: 1 won, 0 lost):

    level,die,games,wins            level,won
    complex,white,12,7              terrible,1
    terrible,white,10,2             terrible,0

Rows are numbered as a spreadsheet numbers them: the header is row 1. Rows of one configuration
(every column but the outcome alike) are pooled: the games of one table at one configuration
are one binomial count. Every problem is a UserError naming the file, the row and the column.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from simcore.errors import UserError

OUTCOME = ("games", "wins", "won")
PLAYERS = "players"


@dataclass
class Playtest:
    """One configuration the table played: its options (column name -> value, parsed), the
    games and wins pooled over the file's rows of it, and those rows' numbers."""
    options: dict
    games: int = 0
    wins: int = 0
    rows: list = field(default_factory=list)


@dataclass
class Playtests:
    path: str
    columns: list              # the option columns, in the file's order (players included)
    tests: list                # Playtest, in the order of their first row

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tests)

    @property
    def wins(self) -> int:
        return sum(t.wins for t in self.tests)


def _count(text: str, where: str, what: str) -> int:
    try:
        n = int(text.strip())
    except ValueError:
        raise UserError(f"{where}: {what} must be a whole number, got {text.strip()!r}") from None
    if n < 0:
        raise UserError(f"{where}: {what} must not be negative, got {n}")
    return n


def read_playtests(path, game, given: dict | None = None, players_given: bool = False) -> Playtests:
    """The playtests of `path` for `game` (a simcore.gamekit.Game), checked: a UserError, one
    line naming the row and the column, for a missing or unreadable file, a column that is no
    option of the game, a value the option does not take, a bad or negative count, wins above
    games, or a column also given on the command line (`given`: the options given there;
    `players_given`: --players given). Values the game checks against its data (a level's name)
    are checked when the configuration is resolved (calibrate: `check_configs`)."""
    p = Path(path)
    if not p.is_file():
        raise UserError(f"{path}: no such file" if not p.exists() else f"{path}: not a file")
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as e:
        raise UserError(f"{path}: not a UTF-8 text file (byte {e.start}): save it as CSV, UTF-8") from None
    except OSError as e:
        raise UserError(f"{path}: cannot read it: {e.strerror}") from None
    reader = csv.reader(text.splitlines())
    header = next(reader, None)
    while header is not None and not any(h.strip() for h in header):
        header = next(reader, None)
    if header is None:
        raise UserError(f"{path}: empty file (expected a header row, e.g. level,games,wins)")
    head_row = reader.line_num
    names = [h.strip().lower().replace("-", "_") for h in header]
    by_name = {o.name: o for o in game.options}
    for i, n in enumerate(names):
        col = header[i].strip()
        where = f"{path}: row {head_row}, column {i + 1}"
        if not n:
            raise UserError(f"{where}: the column has no name")
        if names.index(n) != i:
            raise UserError(f"{where} ({col}): the column appears twice")
        if n in OUTCOME or n == PLAYERS:
            continue
        if n not in by_name:
            known = ", ".join([PLAYERS, *by_name, *OUTCOME])
            raise UserError(f"{where} ({col}): '{col}' is no option of game '{game.name}' "
                            f"(known columns: {known})")
    counted = "games" in names or "wins" in names
    if "won" in names and counted:
        raise UserError(f"{path}: row {head_row}: give either games and wins or won, not both")
    if counted and not ("games" in names and "wins" in names):
        raise UserError(f"{path}: row {head_row}: a column {'games' if 'wins' in names else 'wins'} "
                        f"is missing (games and wins go together)")
    if not counted and "won" not in names:
        raise UserError(f"{path}: row {head_row}: no outcome column: give games and wins (a "
                        f"group of games a row) or won (one game a row, 1 or 0)")
    columns = [n for n in names if n not in OUTCOME]
    for n in columns:
        if (n == PLAYERS and players_given) or (given and given.get(n) is not None):
            flag = "--players" if n == PLAYERS else f"--{n.replace('_', '-')}"
            raise UserError(f"{path}: row {head_row}, column {n}: {n} is given both in the file "
                            f"and on the command line ({flag}); give it in one place")
    tests: dict = {}
    for cells in reader:
        row = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != len(names):
            raise UserError(f"{path}: row {row}: {len(cells)} values, the header has "
                            f"{len(names)} columns")
        values = dict(zip(names, cells))
        opts = {}
        for n in columns:
            where = f"{path}: row {row}, column {n}"
            if n == PLAYERS:
                v = _count(values[n], where, "players")
                if v < 1:
                    raise UserError(f"{where}: players must be at least 1, got {v}")
                opts[n] = v
            else:
                opts[n] = by_name[n].parse(values[n], where)
        if counted:
            games = _count(values["games"], f"{path}: row {row}, column games", "games")
            wins = _count(values["wins"], f"{path}: row {row}, column wins", "wins")
            if games < 1:
                raise UserError(f"{path}: row {row}, column games: a row needs at least 1 game")
            if wins > games:
                raise UserError(f"{path}: row {row}, column wins: {wins} wins of {games} games "
                                f"(wins must not be above games)")
        else:
            won = values["won"].strip()
            if won not in ("0", "1"):
                raise UserError(f"{path}: row {row}, column won: must be 1 (won) or 0 (lost), "
                                f"got {won!r}")
            games, wins = 1, int(won)
        key = tuple((n, opts[n]) for n in columns)
        t = tests.setdefault(key, Playtest(opts))
        t.games += games
        t.wins += wins
        t.rows.append(row)
    if not tests:
        raise UserError(f"{path}: no playtest rows below the header")
    return Playtests(str(path), columns, list(tests.values()))
