"""What the balance report (`reports/`) knows of one game, declared in the game's folder.

Each game package writes `report.py` with `REPORT = Report(...)` and passes it to its `Game`
(`report=REPORT`); `reports/` reads nothing else about the game. Arrows point down: this module
imports neither `reports/` nor pandas at import time, so a game package can declare its report
without pulling in the plotting stack.

Besides the descriptor, this module holds the few phrasing helpers a game's answer sentences
share with the generic report (rates, points, intervals in words), and `Overview`: what the
report hands to a game's `answers` function.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

# the skill scale's column in a results table (a strategy family's `skill` parameter: 0 plays
# like random, 1 like the game's strongest strategy); the report speaks of it by name
SKILL = "param_skill"


# ----------------------------------------------------------------------------- the descriptor
@dataclass(frozen=True)
class Axis:
    """A configuration column of the results table (an option as played, `strategy`, `mix`,
    `param_<name>`, or a result field that is constant per cell) as the report shows it.

    label    its table header ("danger die")
    order    known values in report order; values not listed come after, alphabetically
    words    value -> the text of a table cell (e.g. "Complex", "on"); default str(value)
    phrase   value -> its words in a legend or a sentence ("red die", "Hungry"); "" says
             nothing (the value is the usual one); default "<label> <words>"
    """
    name: str
    label: str
    order: tuple = ()
    words: Callable | None = None
    phrase: Callable | None = None

    def word(self, value) -> str:
        return str(self.words(value)) if self.words else _plain(value)

    def say(self, value) -> str:
        return str(self.phrase(value)) if self.phrase else f"{self.label} {self.word(value)}"

    def rank(self, value) -> tuple:
        """Sort key: declared values in their order, then the others: numbers by value (2
        before 10), then text, then missing values."""
        for i, v in enumerate(self.order):
            if _same(v, value):
                return (i, 0, 0.0, "")
        n = len(self.order)
        if value is None or (isinstance(value, float) and value != value):
            return (n, 2, 0.0, "")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return (n, 0, float(value), "")
        return (n, 1, 0.0, _plain(value))


@dataclass(frozen=True)
class Measure:
    """A result field the report summarizes per configuration.

    kind "mean": its mean with a normal 95% interval; "rate": the share of games where it is
    not 0, with a Wilson 95% interval (e.g. whether the player was eliminated). `figure`:
    also drawn along the x axis (with "measures" in Report.figures)."""
    field: str
    label: str
    kind: str = "mean"
    figure: bool = False


@dataclass(frozen=True)
class Comparison:
    """A paired comparison the report makes: `axis` changed from `base` to `other`, every
    other configuration column equal, game by game (e.g. the red die instead of the white).
    `other` None: every other value of the axis played, each against `base` (seat 1, 2, ...
    against seat 0). `axis` may be a per-game result field (the seat): then only the cells
    holding a single value of it are compared (a fixed seat, not a rotating one)."""
    axis: str
    base: object
    other: object
    title: str              # section heading ("Red die vs white die")
    intro: str              # one sentence under it ("Red die minus white die, ...")
    name: str = ""          # the table's file stem when `<axis>_delta` is taken (two comparisons
                            # along one axis, or one along the strategy: strategy_delta is the
                            # every-pair table)

    @property
    def stem(self) -> str:
        """The table's file stem (die_delta)."""
        return self.name or f"{self.axis}_delta"


@dataclass(frozen=True)
class Objective:
    """An objective of a cooperative game, read at a loss: the result field counting what was
    left undone, its name ("houses") and the words for what is left ("houses unbuilt")."""
    field: str
    name: str
    left_words: str


@dataclass(frozen=True)
class Report:
    """What the generic balance report needs to know of one game.

    axes         configuration columns in report order (the headline's and tables' columns);
                 columns not declared (another strategy's param_<name>, say) still key
                 configurations and come after, under their own names
    x            the axis along the win-rate figures and the headline's first column (a
                 level, a threshold)
    variants     the axes whose combinations are the lines of a win-rate figure and the rows
                 of the headline after `x` (die, Hungry); the first played value of each, in
                 `order`, is a configuration's usual one. The overview adds every other
                 configuration column that varies (reports.answers.shown_report)
    headline_by  "strategy": the headline has a column per strategy at the usual player
                 count; "players": a column per player count (a row per strategy)
    players      the player count the overview speaks of when several were played
    fields       result field -> its label (every field the report may show)
    lost         the outcome code of a loss (outcome 1 is a win in every game)
    outcomes     outcome code -> words, for the codes other than win and loss ("shared wins"):
                 the win-odds tables count them
    loss_reasons loss_reason code -> (column name, label), code 0 (no loss) left out
    objectives   Objective, the objectives left at a loss (empty: the game has none)
    length       the result field counting a game's length, and `length_unit` its unit
    breakdowns   Axis of per-game result fields that split a configuration's games (the seat)
    by_seat      the breakdowns counted seat by seat (a hero): their table reads `seat_games`
    seat_games   games DataFrame -> the same games one row per seat counted, each row's
                 breakdown fields and `outcome` that seat's (None: every breakdown counts the
                 focal seat's games)
    measures     Measure, the game's own numbers per configuration
    comparisons  Comparison, the paired comparisons the report makes (strategies are
                 compared with each other in every game)
    figures      which generic figures apply: "win_rate", "heatmap", "survival",
                 "loss_proximity", "measures", "card_impact"
    who          who plays a strategy, for titles and sentences ("team": "a greedy team")
    ends_words   how a game ends, for the survival caption ("victory or Too Late")
    answers      Overview -> the game's answers in plain sentences
    cards        catalog -> {card id: name}, for card-impact names (None: no cards)
    card_mix     a mix name -> (the mix it was cut from, frozenset of removed card ids), or
                 None when the game has no card mixes (no card-impact table then)
    correct_with the options a reader corrects an assumed rule value with ("--data", ...)
    fair         a breakdown (the seat) of a competitive game, each of whose `players` values
                 would win 1/players of the games in a fair game: its win odds get the
                 difference from that share, and a figure draws them per player count against
                 it ("" for none)
    impact_words what card impact removes, singular ("card"; "business type")
    """
    axes: tuple
    x: str
    variants: tuple = ()
    headline_by: str = "strategy"
    players: int = 2
    fields: dict = field(default_factory=dict)
    lost: int = 2
    outcomes: dict = field(default_factory=dict)
    loss_reasons: dict = field(default_factory=dict)
    objectives: tuple = ()
    length: str = "rounds"
    length_unit: str = "round"
    breakdowns: tuple = ()
    by_seat: tuple = ()
    seat_games: Callable | None = None
    measures: tuple = ()
    comparisons: tuple = ()
    figures: tuple = ("win_rate", "heatmap", "survival")
    who: str = "team"
    ends_words: str = "a win or a loss"
    answers: Callable | None = None
    cards: Callable | None = None
    card_mix: Callable | None = None
    correct_with: tuple = ("--data",)
    fair: str = ""
    impact_words: str = "card"

    def axis(self, name: str) -> Axis:
        """The declared axis, or a plain one named after the column."""
        for a in self.axes:
            if a.name == name:
                return a
        if name == SKILL:
            return Axis(name, "skill", words=_number, phrase=lambda v: "" if _number(v) == "-" else f"skill {_number(v)}")
        if name.startswith("param_"):
            return Axis(name, f"parameter {name[len('param_'):]}", words=_number)
        return Axis(name, name.replace("_", " "))

    def label(self, column: str) -> str:
        """A column's readable label: an axis's, a result field's, or its own name."""
        if any(a.name == column for a in self.axes) or column.startswith("param_"):
            return self.axis(column).label
        return self.fields.get(column, column.replace("_", " "))

    def phrase(self, values: dict) -> str:
        """Configuration values in words, the usual ones left out: 'red die, Hungry'."""
        return ", ".join(p for p in (self.axis(k).say(v) for k, v in values.items()) if p)


# ----------------------------------------------------------------------------- what answers read
@dataclass
class Overview:
    """What a game's `answers` function writes from: the report's tables (by file stem)
    restricted to the rows the overview speaks of (one results folder; the full card mix), and
    what the report settled on. Card impact (`card_impact`) and the declared comparisons
    (paired within one folder) keep every folder's rows."""
    report: Report
    tables: dict
    players: int                       # the player count the overview speaks of
    strategies: list                   # strategies played, strongest first
    card_names: dict = field(default_factory=dict)

    def values(self, t, column: str) -> list:
        """The values of `column` in `t`, once each, in report order."""
        vals = list(dict.fromkeys(t[column].tolist())) if column in t.columns else []
        return sorted(vals, key=self.report.axis(column).rank)

    def usual(self, t, **fixed) -> dict:
        """See `usual` (the module function)."""
        return usual(self.report, t, **fixed)


def usual(report: Report, t, **fixed) -> dict:
    """The usual values of the variant axes among DataFrame `t`'s rows matching `fixed`: the
    first played of each in report order, axis after axis ({} when no row matches)."""
    s = select(t, **fixed)
    out = {}
    for v in report.variants:
        if v in s.columns and v not in fixed:
            if s.empty:
                return {}
            first = sorted(dict.fromkeys(s[v].tolist()), key=report.axis(v).rank)[0]
            out[v] = first
            s = select(s, **{v: first})
    return out if not s.empty else {}


def select(t, **values):
    """The rows of DataFrame `t` whose columns equal `values` (columns t lacks are ignored)."""
    for k, v in values.items():
        if k in t.columns:
            t = t[[_same(x, v) for x in t[k]]]
    return t


# ----------------------------------------------------------------------------- words
def pct(x: float, digits: int = 1) -> str:
    return f"{100 * x:.{digits}f}%"


def points(x: float) -> str:
    """Percentage points, signed; two decimals below one point."""
    return f"{100 * x:+.2f}" if abs(x) < 0.01 else f"{100 * x:+.1f}"


def rate_words(rate: float, low: float, high: float) -> str:
    """'71.0% ± 0.6%' when the interval is nearly symmetric about the rate, else the interval
    itself ('99.7% (95% CI 99.1% to 99.9%)'): Wilson intervals near 0% or 100% are lopsided."""
    half = (high - low) / 2
    k = 2 if half < 0.005 else 1
    if abs((low + high) / 2 - rate) <= 0.2 * half:
        return f"{100 * rate:.{k}f}% ± {100 * half:.{k}f}%"
    return f"{100 * rate:.{k}f}% (95% CI {100 * low:.{k}f}% to {100 * high:.{k}f}%)"


def interval_words(row) -> str:
    """A paired difference's 95% interval in points, '-16.0 to -6.0', or, when it cannot be
    estimated (every game gave the same difference: all won, or all lost, on both sides), why:
    'not estimable: every game won on both sides'. `row` holds diff_ci_low, diff_ci_high and
    `note` (the paired columns of reports.tables)."""
    note = row.get("note") if hasattr(row, "get") else None
    if isinstance(note, str) and note:
        return f"not estimable: {note}"
    return f"{points(row['diff_ci_low'])} to {points(row['diff_ci_high'])}"


def diff_words(row) -> str:
    """'-11.0 points (-16.0 to -6.0)'; see interval_words."""
    return f"{points(row['diff'])} points ({interval_words(row)})"


def count(n, word: str) -> str:
    """'1 player', '3 players'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def a_an(word: str) -> str:
    return ("an " if str(word)[:1].lower() in "aeiou" else "a ") + str(word)


def _plain(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _number(value) -> str:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return str(value)
    return "-" if v != v else f"{v:g}"


def _same(a, b) -> bool:
    """Equal, with numbers compared as numbers (a bool column read back as numpy.bool_,
    3 == 3.0) and a missing value equal only to another."""
    if a is None or b is None:
        return a is b
    try:
        if a != a and b != b:            # NaN
            return True
    except (TypeError, ValueError):
        pass
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False
