"""Declared experiments: a grid of cells from a TOML file or a built-in name.

A grid file:

    name = "my-grid"              # optional (default: the file's stem)
    games = 2000                  # games per cell (the first look with --until-halfwidth)
    seed = 1                      # root seed shared by every cell: cells are paired game by game
    chunk = 2000                  # optional: games per chunk
    compare = "die"               # optional: also print each cell's paired difference against
                                  # the cell with this axis's first value (the rest equal)
    rank = true                   # optional, with compare: list the differences by size
    [fixed]                       # options every cell shares
    strategy = "greedy"
    players = 3
    [axes]                        # one cell per combination of values
    level = ["standard", "complex"]
    die = ["white", "red"]
    [[linked]]                    # axes whose values go together (zipped, not crossed)
    level = ["complex", "terrible"]
    players = [2, 4]

Options (in [fixed], [axes] or [[linked]]): players, strategy, params (a table NAME = VALUE),
data (a folder of data files, relative to the current folder; "default" for the game's own) and
the game's own options (`meeplesim games`; e.g. a level, a card mix as a list of card ids, the
knobs in force as a list of "KNOB=ALTERNATIVE"); in [fixed] only: game.

Cell ids are the cell's axis values, `name=value` joined by commas in sorted axis order
(`die=red,level=standard`), so adding a value to an axis keeps the ids of the cells already
played. A combination the game's data forbid (an option a level makes mandatory, a card mix a level
lacks cards for) is skipped, with a note; a value that is wrong on its own (an unknown level,
7 players) is an error.
"""
from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from simcore.errors import UserError

from .engine import make_cell
from .runs import DEFAULT_CHUNK, RunSpec, check_seed

# the options every game has; a game's own options (its Game.options) come beside them
COMMON_AXES = ("players", "strategy", "params", "data")
FIXED_ONLY = ("game",)
DEFAULT_DATA = "default"     # data = "default": the game's own data files (a side of a pairing)
TOP_KEYS = ("name", "description", "games", "seed", "chunk", "compare", "rank", "fixed", "axes",
            "linked")


@dataclass
class Grid:
    name: str
    games: int
    seed: int
    chunk: int
    compare: str | None
    fixed: dict
    groups: list            # each: (axis names, list of value tuples)
    description: str = ""
    rank_pairs: bool = False    # list the paired differences ranked by the change

    @property
    def axis_names(self) -> list:
        return sorted(n for names, _ in self.groups for n in names)


def _game_grids() -> dict:
    """Built-in grids that games declare (Game.grids: name -> grid table, or a function
    giving one), each fixed to its game."""
    from simcore.games import all_games
    out = {}
    for game in all_games():
        for gname, raw in game.grids.items():
            if gname in out:
                raise UserError(f"built-in grid '{gname}' is declared by two games")
            out[gname] = (game.name, raw)
    return out


def builtin_names() -> tuple:
    return tuple(_game_grids())


def _builtin(name: str) -> dict | None:
    found = _game_grids().get(name)
    if found is None:
        return None
    game, raw = found
    raw = raw() if callable(raw) else raw
    return {"name": name, **raw, "fixed": {"game": game, **raw.get("fixed", {})}}


def load_grid(name_or_file: str) -> Grid:
    """A built-in grid by name, or a TOML grid file. UserError naming the file and the key."""
    raw = _builtin(name_or_file)
    where = f"built-in experiment '{name_or_file}'"
    if raw is None:
        path = Path(name_or_file)
        if not path.exists():
            raise UserError(f"unknown experiment '{name_or_file}': not a built-in name "
                            f"({', '.join(builtin_names())}) and no such file")
        where = str(path)
        try:
            raw = tomllib.loads(path.read_text())
        except tomllib.TOMLDecodeError as e:
            raise UserError(f"{path}: not valid TOML: {e}")
        except (OSError, UnicodeDecodeError) as e:
            raise UserError(f"{path}: cannot read: {e}")
        raw.setdefault("name", path.stem)
    return parse_grid(raw, where)


def _game(fixed: dict, where: str):
    from simcore.games import DEFAULT_GAME, get_game
    try:
        return get_game(fixed.get("game", DEFAULT_GAME))
    except UserError as e:
        raise UserError(f"{where}: fixed: {e}") from None


def _check_value(where, axis, v, game):
    """A grid value checked (and parsed) as the option `axis` of `game`."""
    if axis in FIXED_ONLY:
        if not isinstance(v, str):
            raise UserError(f"{where}: {axis} must be a string, got {v!r}")
        return v
    if axis in COMMON_AXES:
        t = {"players": int, "strategy": str, "params": dict, "data": str}[axis]
        if not isinstance(v, t) or (t is int and isinstance(v, bool)):
            raise UserError(f"{where}: {axis}: value {v!r} is not a {t.__name__}")
        return v
    return game.option(axis).parse(v, f"{where}: {axis}")


def parse_grid(raw: dict, where: str) -> Grid:
    for k in raw:
        if k not in TOP_KEYS:
            raise UserError(f"{where}: unknown key '{k}' (known: {', '.join(TOP_KEYS)})")
    games = raw.get("games", 1000)
    seed = raw.get("seed", 1)
    chunk = raw.get("chunk", DEFAULT_CHUNK)
    for key, v, low in (("games", games, 1), ("chunk", chunk, 1), ("seed", seed, 0)):
        if not isinstance(v, int) or isinstance(v, bool) or v < low:
            raise UserError(f"{where}: {key} must be an integer of at least {low}, got {v!r}")
    try:
        check_seed(seed)
    except UserError as e:
        raise UserError(f"{where}: {e}")
    fixed = raw.get("fixed", {})
    if not isinstance(fixed, dict):
        raise UserError(f"{where}: [fixed] must be a table")
    game = _game(fixed, where)
    axis_options = COMMON_AXES + tuple(o.name for o in game.options)
    fixed = dict(fixed)
    for k, v in fixed.items():
        if k not in axis_options + FIXED_ONLY:
            raise UserError(f"{where}: fixed: unknown option '{k}' (known: {', '.join(axis_options + FIXED_ONLY)})")
        fixed[k] = _check_value(f"{where}: fixed", k, v, game)
    groups = []
    axes = raw.get("axes", {})
    if not isinstance(axes, dict):
        raise UserError(f"{where}: [axes] must be a table")
    for k, values in axes.items():
        groups.append(([k], [(v,) for v in _axis_values(where, "axes", k, values, axis_options, game)]))
    linked = raw.get("linked", [])
    if isinstance(linked, dict):
        linked = [linked]
    if not isinstance(linked, list):
        raise UserError(f"{where}: [[linked]] must be tables of axes")
    for i, group in enumerate(linked):
        if not isinstance(group, dict) or not group:
            raise UserError(f"{where}: linked #{i + 1}: must be a table of axes")
        names = sorted(group)
        cols = [_axis_values(where, f"linked #{i + 1}", k, group[k], axis_options, game,
                             unique=len(names) == 1) for k in names]
        if len({len(c) for c in cols}) != 1:
            raise UserError(f"{where}: linked #{i + 1}: axes {', '.join(names)} must have as many values each "
                            f"(got {', '.join(str(len(c)) for c in cols)})")
        rows = list(zip(*cols))
        # linked axes are zipped rows: one axis may repeat a value, but no two rows may be equal
        if len({tuple(format_value(n, v) for n, v in zip(names, r)) for r in rows}) != len(rows):
            raise UserError(f"{where}: linked #{i + 1}: two rows of {', '.join(names)} are equal")
        groups.append((names, rows))
    seen = [n for names, _ in groups for n in names]
    for n in seen:
        if seen.count(n) > 1:
            raise UserError(f"{where}: axis '{n}' is declared twice")
        if n in fixed:
            raise UserError(f"{where}: '{n}' is both an axis and a fixed option")
    compare = raw.get("compare")
    if compare is not None and compare not in seen:
        raise UserError(f"{where}: compare = '{compare}' is not one of the axes ({', '.join(seen) or 'none'})")
    rank = raw.get("rank", False)
    if not isinstance(rank, bool) or (rank and compare is None):
        raise UserError(f"{where}: rank must be true or false, and goes with compare")
    return Grid(str(raw.get("name")), games, seed, chunk, compare, fixed, groups,
                str(raw.get("description", "")), rank)


def _axis_values(where, section, k, values, axis_options, game, unique=True):
    if k not in axis_options:
        if k in FIXED_ONLY:
            raise UserError(f"{where}: {section}: '{k}' can only be a fixed option")
        raise UserError(f"{where}: {section}: unknown axis '{k}' (known: {', '.join(axis_options)})")
    if not isinstance(values, list) or not values:
        raise UserError(f"{where}: {section}: axis '{k}' must be a non-empty list of values")
    out = [_check_value(f"{where}: {section}", k, v, game) for v in values]
    if unique and len({format_value(k, v) for v in out}) != len(out):
        raise UserError(f"{where}: {section}: axis '{k}' repeats a value")
    return out


def format_value(axis, v) -> str:
    if isinstance(v, (list, tuple)):
        return "+".join(sorted(v)) if v else "none"
    if isinstance(v, dict):
        return ";".join(f"{k}:{v[k]}" for k in sorted(v)) or "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def cell_id(axes: dict) -> str:
    return ",".join(f"{k}={format_value(k, axes[k])}" for k in sorted(axes)) or "all"


def natural_key(text: str) -> tuple:
    """Sort key that orders the numbers inside a text by value (k:2 before k:10)."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


def spec_from_options(opts: dict, seed: int) -> RunSpec:
    """A grid cell's (or a compare side's) options -> RunSpec: the common ones by name, the
    rest are the game's own options."""
    from simcore.games import DEFAULT_GAME
    return RunSpec(game=opts.get("game", DEFAULT_GAME), players=opts.get("players"),
                   strategy=opts.get("strategy"), params=dict(opts.get("params") or {}),
                   seed=seed, data=None if opts.get("data") == DEFAULT_DATA else opts.get("data"),
                   options={k: v for k, v in opts.items()
                            if k not in COMMON_AXES + FIXED_ONLY and v is not None})


def expand(grid: Grid) -> tuple[list, list]:
    """(cells sorted by id, skipped: list of 'cell id: why'). A value wrong on its own is an
    error; a combination the game's data do not allow is skipped."""
    base = dict(grid.fixed)
    # each value on its own (linked values together: seat 3 goes with 4 players), with every
    # other option at its default
    for names, values in grid.groups:
        for vals in values:
            opts = {k: base[k] for k in FIXED_ONLY + ("data",) if k in base}
            opts.update(zip(names, vals))
            if "params" in names and "strategy" not in names:
                opts["strategy"] = base.get("strategy")   # parameters are the cells' strategy's
            try:
                make_cell("check", spec_from_options(opts, grid.seed))
            except UserError as e:
                what = ", ".join(f"{n} = {format_value(n, v)}" for n, v in zip(names, vals))
                raise UserError(f"{grid.name}: axis {what}: {e}")
    cells, skipped = [], []
    for combo in itertools.product(*[vals for _, vals in grid.groups]):
        axes = {}
        for (names, _), vals in zip(grid.groups, combo):
            axes.update(zip(names, vals))
        cid = cell_id(axes)
        try:
            cells.append(make_cell(cid, spec_from_options({**base, **axes}, grid.seed),
                                   {k: (sorted(v) if isinstance(v, tuple) else v)
                                    for k, v in axes.items()}))
        except UserError as e:
            skipped.append(f"{cid}: {e}")
    if not cells:
        raise UserError(f"{grid.name}: no cell can be played: " + "; ".join(skipped))
    cells.sort(key=lambda c: natural_key(c.id))
    return cells, skipped


def pairs(grid: Grid, cells: list) -> list:
    """For `compare = AXIS`: (baseline cell id, other cell id) for every cell whose AXIS value is
    not the axis's first value, the baseline being the cell equal but for that value."""
    if not grid.compare:
        return []
    names, values = next((n, v) for n, v in grid.groups if grid.compare in n)
    first = dict(zip(names, values[0]))
    by_id = {c.id: c for c in cells}
    out = []
    for c in cells:
        if all(format_value(n, c.axes[n]) == format_value(n, first[n]) for n in names):
            continue
        base_axes = {**c.axes, **first}
        bid = cell_id(base_axes)
        if bid in by_id:
            out.append((bid, c.id))
    return out
