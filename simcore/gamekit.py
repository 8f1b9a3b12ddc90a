"""Plain-Python pieces every game package shares (no kernels here): reading a data file, and
the two entry points the runners call, built around a game's own chunk runner."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import DataError, UserError


_PARSED: dict = {}       # (path, sha256 of its bytes) -> parsed TOML: see read_toml


def read_toml(path: Path) -> dict:
    """A data file's TOML as a dict (a fresh copy: the caller may change it); a missing,
    unreadable or malformed file is a DataError naming the file.

    Parsed files are kept by their path and the hash of their bytes (not their modification
    time, which an edit within the clock's resolution, or a copy that keeps times, leaves
    unchanged): a sensitivity sweep loads the rules of about 110 rule sets per setting, and
    parsing the data and knobs files took 60 ms of each 80 ms load (cProfile); reading and
    hashing the bytes and copying the parsed dict take about a tenth of that."""
    import copy
    import hashlib
    try:
        raw = Path(path).read_bytes()
        key = (str(Path(path).resolve()), hashlib.sha256(raw).digest())
        if key not in _PARSED:
            if len(_PARSED) > 256:
                _PARSED.clear()
            _PARSED[key] = tomllib.loads(raw.decode("utf-8"))
        return copy.deepcopy(_PARSED[key])
    except FileNotFoundError:
        raise DataError(path, "", "file not found") from None
    except IsADirectoryError:
        raise DataError(path, "", "is a folder, not a file") from None
    except UnicodeDecodeError as e:
        raise DataError(path, "", f"not UTF-8 text ({e.reason})") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(path, "", f"not valid TOML: {e}") from None


def game_runners(run_chunk, new_state, n_result_fields: int, ev_n):
    """`run_games` and `play_logged` of a game whose `run_chunk(catalog, cfg, st,
    strategy_id, params, seed, start, out)` plays games start .. start + len(out) - 1 into
    `out`; `ev_n` is the index of the state's event count in `st.sc`, or a function of the
    state giving the count (simcore.harness keeps it in st.ctl)."""
    count = ev_n if callable(ev_n) else (lambda st: st.sc[ev_n])

    def run_games(catalog, cfg, strategy_id: int, params: np.ndarray, seed: int, start: int,
                  n: int, state=None) -> np.ndarray:
        """Results (int32[n, len(RESULT_FIELDS)]) of games start .. start + n - 1."""
        st = state if state is not None else new_state(catalog.rules, event_capacity=1)
        out = np.zeros((n, n_result_fields), np.int32)
        run_chunk(catalog, cfg._replace(log_on=0), st, strategy_id, params, seed, start, out)
        return out

    def play_logged(catalog, cfg, strategy_id: int, params: np.ndarray, seed: int,
                    game_index: int = 0, event_capacity: int = 1 << 16):
        """Play one game with the log on; returns (final State, events, result row)."""
        st = new_state(catalog.rules, event_capacity=event_capacity)
        out = np.zeros((1, n_result_fields), np.int32)
        run_chunk(catalog, cfg._replace(log_on=1), st, strategy_id, params, seed, game_index,
                  out)
        return st, st.events[: count(st)].copy(), out[0]

    return run_games, play_logged


def parse_seat(seat, players: int) -> int:
    """A competitive game's `seat` option as the focal seat's index, -1 for "rotate" (game i:
    seat i mod players); UserError, one line, for anything else."""
    if str(seat) == "rotate":
        return -1
    try:
        s = int(seat)
    except (TypeError, ValueError):
        s = -2
    if not 0 <= s < players:
        raise UserError(f"seat must be rotate or 0 to {players - 1}, got '{seat}'")
    return s

def event_names(K) -> dict:
    """A game's event kinds by code, named after its consts (EV_GNOME_MOVED -> "gnome_moved")."""
    return {v: k[3:].lower() for k, v in vars(K).items()
            if k.startswith("EV_") and k != "EV_FIELDS" and isinstance(v, int)}


def event_log(line, names: dict):
    """`format_log` and `event_records` of a game whose events read one line each:
    `line(event, catalog)` gives an event's text (None: not shown); `names`: event_names."""

    def format_log(events, catalog) -> list[str]:
        return [ln for ln in (line(e, catalog) for e in events) if ln is not None]

    def event_records(events, catalog) -> list[dict]:
        out = []
        for e in events:
            kind, rnd, p, a, b, c = (int(x) for x in e)
            out.append({"event": names.get(kind, str(kind)), "round": rnd, "player": p,
                        "a": a, "b": b, "c": c, "text": (line(e, catalog) or "").strip()})
        return out

    return format_log, event_records


# ----------------------------------------------------------------------------- game options
_TRUE = ("true", "on", "yes", "1")
_FALSE = ("false", "off", "no", "0")


@dataclass(frozen=True)
class Option:
    """One option of a game, declared once in the game's package and read by every generic
    layer: the command line (`--NAME` on `play`, `run`, `compare`, `ladder` and
    `-o NAME=VALUE`), compare sides (`--a NAME=VALUE`), grid axes and results tables.

    kind     "str", "int", "bool" or "list" (a list of words: repeat the flag, or join with +)
    default  the value when not given; None means the game decides from the other options
             (e.g. a level's own die) and says so in `help`
    choices  the allowed words when they are fixed in code (values that come from the data,
             such as level names, are checked by the game's make_config instead)
    catalog  True: the option changes the rules data (goes to load_catalog, e.g. a card mix);
             False: it configures a game on those data (goes to make_config)
    """
    name: str
    kind: str
    default: object
    help: str
    choices: tuple = ()
    catalog: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def parse(self, value, where: str = ""):
        """A value given as text (the command line) or as TOML (a grid) in this option's kind;
        UserError naming `where` and the option for a bad or empty one."""
        at = f"{where}: " if where else ""
        if isinstance(value, str) and not value.strip() and self.kind != "list":
            raise UserError(f"{at}{self.name} is empty (give a value, or leave the option out "
                            f"for its default)")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
                return value.strip().lower() in _TRUE
            raise UserError(f"{at}{self.name} must be true or false, got {value!r}")
        if self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            try:
                return int(str(value).strip())
            except ValueError:
                raise UserError(f"{at}{self.name} must be a whole number, got {value!r}") from None
        if self.kind == "list":
            if isinstance(value, str):
                value = [] if value.strip() in ("", "none") else value.split("+")
            if not isinstance(value, (list, tuple)) or not all(isinstance(x, str) for x in value):
                raise UserError(f"{at}{self.name} must be a list of words, got {value!r}")
            return tuple(sorted(x.strip() for x in value if x.strip()))
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            raise UserError(f"{at}{self.name} must be a word, got {value!r}")
        value = str(value).strip()
        if self.choices and value not in self.choices:
            raise UserError(f"{at}unknown {self.name} '{value}' (known: {', '.join(self.choices)})")
        return value


# A game with a knobs file (Game.assumptions) declares this option among its own: its values
# ("KNOB=ALTERNATIVE") reach the game's load_catalog as `assume`, which patches the data files
# through simcore.assumptions (a grid axis and a compare side like any option).
ASSUME = Option("assume", "list", (), "Play with an assumption's alternative: KNOB=ALTERNATIVE "
                "(repeatable; all=pessimistic or all=optimistic for every knob; "
                "`meeplesim assumptions list`).", catalog=True)

# The columns a results row carries besides the game's options and result fields, and who adds
# them: the store (cell, game), experiments.engine (strategy, mix, assume, param_<name> for each
# strategy parameter; players, from every game's make_config), the report's reader (results,
# won; _config in reports.tables), experiments.sensitivity (setting, rules, rule_kind) and
# experiments.tune_bench (tune_target, tune_goal, lever, value, current, phase). A result field
# or an option may not take one of these names (check_columns).
RESULT_COLUMNS = ("cell", "game", "players", "strategy", "mix", "assume", "results", "won",
                  "_config", "setting", "rules", "rule_kind", "tune_target", "tune_goal", "lever",
                  "value", "current", "phase")
PARAM_PREFIX = "param_"


def check_columns(game) -> None:
    """A game whose results columns would collide is refused (UserError, one line naming
    both): a result field named like one of its options or like a column the results add
    (RESULT_COLUMNS, param_<name>), unless the game lists it in `option_fields` (the field then
    records that option game by game, and the rows carry the field in its place); an option
    named like such a column (but `players` and `assume`, which are theirs)."""
    options = {o.name for o in game.options}
    for f in game.result_fields:
        if f in game.option_fields:
            continue
        if f in options:
            clash = f"its option '{f}'"
        elif f in RESULT_COLUMNS or f.startswith(PARAM_PREFIX):
            clash = f"the results column '{f}' (every results row has one)"
        else:
            continue
        raise UserError(f"game '{game.name}': result field '{f}' has the name of {clash}: in a "
                        f"results folder one column would stand for both; rename the field, or "
                        f"list it in Game.option_fields if it records the option game by game")
    for f in game.option_fields:
        if f not in game.result_fields:
            raise UserError(f"game '{game.name}': option_fields names '{f}', which is not one "
                            f"of its result fields")
    for f in game.mix_options:
        if f not in {o.name for o in game.options if o.catalog}:
            raise UserError(f"game '{game.name}': mix_options names '{f}', which is not one of "
                            f"its catalog options")
    for o in game.options:
        if o.name in ("players", "assume"):
            continue
        if o.name in RESULT_COLUMNS or o.name.startswith(PARAM_PREFIX):
            raise UserError(f"game '{game.name}': option '{o.name}' has the name of the results "
                            f"column '{o.name}' (every results row has one): rename the option")


def check_options(game: str, declared, given: dict, where: str = "") -> dict:
    """`given` (name -> value, text or typed) checked against a game's declared options and
    parsed: every declared option present, its default where not given. An option the game
    does not have is a UserError naming the game's options."""
    by_name = {o.name: o for o in declared}
    for k in given:
        if k not in by_name:
            known = ", ".join(by_name) or "none"
            raise UserError(f"game '{game}' has no option '{k.replace('_', '-')}' "
                            f"(its options: {known})")
    out = {}
    for o in declared:
        v = given.get(o.name)
        out[o.name] = o.default if v is None else o.parse(v, where)
    return out


# ----------------------------------------------------------------------------- the game interface
@dataclass(frozen=True)
class OwnStrategy:
    """A compiled strategy a game's folder brings with it (`Game.strategies`): what a shipped
    game registers from `strategies/<game>/`, for a game kept outside the project. The strategy
    registry registers it for the game (strategies.Strategy's fields of the same names)."""
    name: str
    kernel_id: int                 # its slot in the game's chooser table: from
                                   # simcore.policy.N_GENERIC to simcore.linked.PLUGIN_SLOT - 1
    description: str
    kernels: str                   # the module whose import compiles its chooser and binds it
                                   # (simcore.linked.bind), e.g. f"{__name__}.bold"
    params: tuple = ()             # (name, default) pairs, in the order its kernel reads them
    param_help: tuple = ()         # (name, what it weighs) pairs
    compile_s: float = 0.0         # about how long `kernels` compiles from an empty cache


@dataclass(frozen=True)
class Game:
    """Everything the generic layers (experiments/, reports/, the runner) know of one game:
    each game package builds one as `GAME` in its `__init__.py`, and nothing outside the
    package names the game. See simcore/games/__init__.py for how games are found.

    Kernels and data: `load_catalog(data_dir, **catalog options)` reads the rules data;
    `make_config(catalog, players=, **other options)` resolves one configuration into
    (Config for the kernels, Variant: the options as played, a NamedTuple whose fields are
    make_config's keywords); `run_games` and `play_logged` play (see `game_runners`).
    Output: `summarize(rows)` is `run`'s summary dict (games, wins, win_rate, ci_low, ci_high
    and the game's own numbers), `summary_lines(summary, ci_words)` its text,
    `describe(variant, strategy, mix)` one line naming what was played; `format_log`, `event_records` and
    `objectives_summary` show one game.
    """
    name: str                      # the command-line name (--game NAME)
    title: str
    package: str                   # the game package's module name
    options: tuple                 # Option, in the order help lists them
    default_players: int
    default_strategy: str          # the strongest fast strategy: what a plain `run` plays
    result_fields: tuple           # one result row per game; "outcome" first, 1 = a win; none
                                   # named like an option or a results column (RESULT_COLUMNS)
                                   # unless listed in option_fields
    outcomes: dict                 # outcome code -> word
    loss_reasons: dict             # loss_reason code -> word ("" for none)
    decisions: tuple               # decision names in kernel order (plug-ins see them)
    load_catalog: object
    make_config: object
    run_games: object
    play_logged: object
    new_state: object              # (rules, event_capacity) -> a State run_games can reuse
    format_log: object
    event_records: object
    objectives_summary: object
    summarize: object
    summary_lines: object
    describe: object
    check_strategy: object         # (catalog, strategy_id, params): UserError if it cannot play
    grids: dict                    # built-in sweeps: name -> grid table, or a function giving one
    cell_extras: object = None     # rows -> a sweep cell's own numbers beside its win rate
    seated: object = None          # variant -> names of strategies seated besides the run's
                                   # (the cake race's rivals): their kernels load with it
    levels: object = None          # catalog -> rows of the `levels` table (games with levels)
    ladder: object = None          # (catalog, options) -> ([(axes, options)], notes): `ladder`
    report: object = None          # what the balance report says of this game (reports/)
    data_summary: object = None    # catalog -> words: what the data hold (check-data)
    commands: str = ""             # a module whose typer `app` is mounted as `meeplesim NAME`
    examples: tuple = ()           # command lines shown in the help of the command they run
    headline_options: tuple = ()   # options a summary names at its top level, after the game
                                   # (sensitivity's settings; compare's, when both sides share
                                   # them): e.g. Hidden Village's level and die. With a ladder,
                                   # the first is the difficulty option (`curve --level` picks
                                   # the ladder's cells by it)
    bench: tuple = ()              # rows `meeplesim bench` measures for this game, games/s per
                                   # core: dicts of strategy, players, options (the game's, by
                                   # name), label and optional params; the default game marks
                                   # one `headline` (the BENCH line's games/s and the row its
                                   # scaling, plain-Python and start-up figures play)
    bench_compile: tuple = ()      # strategies whose compile from an empty kernel cache the
                                   # benchmark measures, besides the headline's (default game)
    compile_s: float = 0.0         # about how long its rules compile from an empty kernel cache
                                   # (the notice of a first run; `meeplesim bench` measures it)
    compile_aside: object = None   # (catalog, config, state, params) -> [(kernel, arguments)]:
                                   # rule kernels a first run's own process compiles while its
                                   # helper compiles the rules (experiments/compile_aside.py)
    assumptions: str = ""          # its knobs file, relative to the package folder (e.g.
                                   # "data/assumptions.toml"; simcore.assumptions): with one, the
                                   # game declares the option ASSUME and its load_catalog takes
                                   # `assume` (and `assumptions_file`: a file replacing its own,
                                   # or the simcore.assumptions.Knobs read from one)
    option_fields: tuple = ()      # result fields that record, game by game, the option (or
                                   # results column) of the same name: `players`, `seat` (a
                                   # rotating seat is seat i mod players in game i); the rows
                                   # carry the field in the option's place (check_columns)
    mix_options: tuple = ()        # catalog options whose values the catalog names in its `mix`
                                   # (a card removal, a rule choice): the results' `mix` column
                                   # tells them apart. Every other option is a column of its own
    levers: str = ""               # its levers file, relative to the package folder (e.g.
                                   # "data/levers.toml"; simcore.levers): the data fields
                                   # `meeplesim tune` may move, with their ranges and steps
    strategies: tuple = ()         # OwnStrategy: compiled strategies its folder brings (a game
                                   # outside the project; a shipped game's are strategies/<game>/)
    invariants: object = None      # (catalog, config, state, row) -> [what is broken] in a
                                   # finished game: `meeplesim check-game` checks every game
    strongest: str = ""            # its strongest compiled strategy, by name: what the generic
                                   # skill scale plays at skill 1 (strategies.skill_scale);
                                   # "": its first own (lowest id), else `first`

    @property
    def folder(self) -> Path:
        import importlib
        return Path(importlib.import_module(self.package).__file__).resolve().parent

    @property
    def checklist(self) -> Path:
        """The game's rules checklist (rule IDs the tests cite)."""
        return self.folder / "rules-checklist.md"

    def knobs_file(self, data_dir=None) -> Path | None:
        """The knobs file in force: a data folder's own assumptions.toml, else the game's."""
        if not self.assumptions:
            return None
        if data_dir is not None and (Path(data_dir) / Path(self.assumptions).name).is_file():
            return Path(data_dir) / Path(self.assumptions).name
        return self.folder / self.assumptions

    def levers_file(self, data_dir=None) -> Path | None:
        """The levers file in force: a data folder's own levers.toml, else the game's."""
        if not self.levers:
            return None
        if data_dir is not None and (Path(data_dir) / Path(self.levers).name).is_file():
            return Path(data_dir) / Path(self.levers).name
        return self.folder / self.levers

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def resolve_options(self, given: dict, where: str = "") -> dict:
        """Every option of the game: `given` parsed and checked, defaults for the rest."""
        return check_options(self.name, self.options, given, where)

    def catalog_options(self, options: dict) -> dict:
        """The options load_catalog takes (the card mix...), from resolved options."""
        return {o.name: options[o.name] for o in self.options if o.catalog}

    def config_options(self, options: dict) -> dict:
        """The options make_config takes, from resolved options."""
        return {o.name: options[o.name] for o in self.options if not o.catalog}
