"""Declared experiments: a grid of cells from a TOML file or a built-in name.

A grid file:

    name = "my-grid"              # optional (default: the file's stem)
    games = 2000                  # games per cell (the first look with --until-halfwidth)
    seed = 1                      # root seed shared by every cell: cells are paired game by game
    chunk = 2000                  # optional: games per chunk
    compare = "die"               # optional: also print each cell's paired difference against
                                  # the cell with this axis's first value (the rest equal)
    [fixed]                       # options every cell shares
    strategy = "greedy"
    players = 3
    [axes]                        # one cell per combination of values
    level = ["standard", "complex"]
    die = ["white", "red"]
    [[linked]]                    # axes whose values go together (zipped, not crossed)
    level = ["terrible", "smurfnightmarish"]
    players = [2, 4]

Options (in [fixed], [axes] or [[linked]]): level, die, hungry, players, strategy, params
(a table NAME = VALUE), too_late, finite_supply, without (a list of card ids: one card mix);
in [fixed] only: game, data, cards. A game with its own options (its OPTIONS, e.g. the cake
race's rivals and seat) takes those instead of level, die, hungry, too_late, finite_supply,
without and cards; each of them can be fixed or an axis.

Cell ids are the cell's axis values, `name=value` joined by commas in sorted axis order
(`die=red,level=standard`), so adding a value to an axis keeps the ids of the cells already
played. A combination a level forbids (the white die at Smurfnightmarish, the Hungry Cracoucass
off at Terrible or Smurfnightmarish) or a card mix a level lacks cards for is skipped, with a
note; a value that is wrong on its own (an unknown level, 7 players) is an error.
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from simcore.errors import UserError

from .engine import make_cell
from .runs import DEFAULT_CHUNK, RunSpec, check_seed

AXIS_OPTIONS = ("level", "die", "hungry", "players", "strategy", "params", "too_late",
                "finite_supply", "without")
FIXED_ONLY = ("game", "data", "cards")
TOP_KEYS = ("name", "description", "games", "seed", "chunk", "compare", "fixed", "axes", "linked")
DEFAULTS = {"game": "hidden-village", "level": None, "die": None, "hungry": None, "players": 3,
            "strategy": "random", "params": {}, "too_late": None, "finite_supply": False,
            "without": [], "data": None, "cards": None}


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

    @property
    def axis_names(self) -> list:
        return sorted(n for names, _ in self.groups for n in names)


# games per cell of the `balance` grid (165 cells): sized so `scripts/report` plays it in a few
# minutes on 2 cores with the kernels compiled (see README, "The balance report")
BALANCE_GAMES = 2000


def _builtin(name: str) -> dict | None:
    if name == "smoke":
        return {"name": "smoke", "description": "a quick check of the machinery: random team, "
                "Standard, white and red die", "games": 200, "seed": 1, "chunk": 100,
                "fixed": {"strategy": "random"}, "axes": {"die": ["white", "red"]}}
    if name == "difficulty-ladder":
        return {"name": name, "description": "every level with the white and the red die "
                "(greedy team, 3 players)", "games": 2000, "seed": 1,
                "fixed": {"strategy": "greedy", "players": 3},
                "axes": {"level": ["standard", "complex", "terrible", "smurfnightmarish"],
                         "die": ["white", "red"]}}
    if name == "die-duel":
        return {"name": name, "description": "white against red die at every level that allows "
                "both, paired game by game (greedy team, 3 players)", "games": 5000, "seed": 1,
                "compare": "die", "fixed": {"strategy": "greedy", "players": 3},
                "axes": {"level": ["standard", "complex", "terrible"], "die": ["white", "red"]}}
    if name == "balance":
        # the level x die x Hungry combinations the data allow, linked (so none is skipped)
        from simcore.games import get_game
        cat = get_game("hidden-village").load_catalog(None)
        combos = [(lv, die, hungry) for lv, row in cat.levels.items()
                  for die in (["red"] if row["super_danger_die"] else ["white", "red"])
                  for hungry in ([True] if row["hungry_cracoucass"] else [False, True])]
        return {"name": name, "description": "the default balance report's sweep: every level x "
                "both dice x Hungry Cracoucass on/off (where the level allows) x 1 to 5 players "
                "x the random, greedy and planner teams", "games": BALANCE_GAMES, "seed": 1,
                "chunk": BALANCE_GAMES // 2,
                "axes": {"players": [1, 2, 3, 4, 5], "strategy": ["random", "greedy", "planner"]},
                "linked": [{"level": [c[0] for c in combos], "die": [c[1] for c in combos],
                            "hungry": [c[2] for c in combos]}]}
    if name == "card-impact":
        from simcore.games import get_game
        from simcore.games.hidden_village.catalog import card_records
        mod = get_game("hidden-village")
        cat = mod.load_catalog(None)
        ids = sorted({r["id"] for r in card_records(cat)} - {"too-late"})
        return {"name": name, "description": "the full card mix and each one-card-removed mix on "
                "paired seeds, ranked by the change in win rate (greedy team, Terrible, 3 players)",
                "games": 2000, "seed": 1, "compare": "without",
                "fixed": {"strategy": "greedy", "players": 3, "level": "terrible"},
                "axes": {"without": [[]] + [[i] for i in ids]}}
    return None


def _game_grids() -> dict:
    """Built-in grids that game packages declare (`GRIDS`: name -> grid table)."""
    import importlib

    from simcore.games import GAMES
    out = {}
    for name, path in sorted(GAMES.items()):
        mod = importlib.import_module(path)
        for gname, raw in getattr(mod, "GRIDS", {}).items():
            out[gname] = {"name": gname, **raw, "fixed": {"game": name, **raw.get("fixed", {})}}
    return out


BUILTINS = ("smoke", "difficulty-ladder", "die-duel", "card-impact", "balance")


def builtin_names() -> tuple:
    return BUILTINS + tuple(_game_grids())


def load_grid(name_or_file: str) -> Grid:
    """A built-in grid by name, or a TOML grid file. UserError naming the file and the key."""
    raw = _builtin(name_or_file)
    if raw is None:
        raw = _game_grids().get(name_or_file)
        raw = {**raw, "fixed": dict(raw["fixed"])} if raw else None
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


def _game_axes(game) -> tuple:
    """The option names of a game with its own OPTIONS (() for the others or an unknown game)."""
    from simcore.games import GAMES, get_game
    if not isinstance(game, str) or game not in GAMES:
        return ()
    return tuple(getattr(get_game(game), "OPTIONS", {}))


def _check_value(where, axis, v):
    if axis not in ("level", "die", "strategy", "too_late", "hungry", "finite_supply", "players",
                    "params", "without"):
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            return v
        raise UserError(f"{where}: {axis}: value {v!r} is not a string or a number")
    kinds = {"level": str, "die": str, "strategy": str, "too_late": str, "hungry": bool,
             "finite_supply": bool, "players": int, "params": dict, "without": list}
    t = kinds[axis]
    ok = isinstance(v, t) and not (t is int and isinstance(v, bool))
    if axis == "without" and isinstance(v, str):
        return [v]
    if not ok:
        raise UserError(f"{where}: {axis}: value {v!r} is not a {t.__name__}")
    if axis == "without" and not all(isinstance(x, str) for x in v):
        raise UserError(f"{where}: without: value {v!r} must be a list of card ids")
    return v


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
    game_axes = _game_axes(fixed.get("game", DEFAULTS["game"]))
    axis_options = AXIS_OPTIONS + game_axes
    for k, v in fixed.items():
        if k not in axis_options + FIXED_ONLY:
            raise UserError(f"{where}: fixed: unknown option '{k}' (known: {', '.join(axis_options + FIXED_ONLY)})")
        if k in axis_options:
            fixed[k] = _check_value(f"{where}: fixed", k, v)
        elif not isinstance(v, str):
            raise UserError(f"{where}: fixed: {k} must be a string, got {v!r}")
    groups = []
    axes = raw.get("axes", {})
    if not isinstance(axes, dict):
        raise UserError(f"{where}: [axes] must be a table")
    for k, values in axes.items():
        groups.append(([k], [(v,) for v in _axis_values(where, "axes", k, values, axis_options)]))
    linked = raw.get("linked", [])
    if isinstance(linked, dict):
        linked = [linked]
    if not isinstance(linked, list):
        raise UserError(f"{where}: [[linked]] must be tables of axes")
    for i, group in enumerate(linked):
        if not isinstance(group, dict) or not group:
            raise UserError(f"{where}: linked #{i + 1}: must be a table of axes")
        names = sorted(group)
        cols = [_axis_values(where, f"linked #{i + 1}", k, group[k], axis_options,
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
    return Grid(str(raw.get("name")), games, seed, chunk, compare, fixed, groups, str(raw.get("description", "")))


def _axis_values(where, section, k, values, axis_options=AXIS_OPTIONS, unique=True):
    if k not in axis_options:
        if k in FIXED_ONLY:
            raise UserError(f"{where}: {section}: '{k}' can only be a fixed option")
        raise UserError(f"{where}: {section}: unknown axis '{k}' (known: {', '.join(axis_options)})")
    if not isinstance(values, list) or not values:
        raise UserError(f"{where}: {section}: axis '{k}' must be a non-empty list of values")
    out = [_check_value(f"{where}: {section}", k, v) for v in values]
    if unique and len({format_value(k, v) for v in out}) != len(out):
        raise UserError(f"{where}: {section}: axis '{k}' repeats a value")
    return out


def format_value(axis, v) -> str:
    if axis == "without":
        return "+".join(sorted(v)) if v else "none"
    if axis == "params":
        return ";".join(f"{k}:{v[k]}" for k in sorted(v)) or "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def cell_id(axes: dict) -> str:
    return ",".join(f"{k}={format_value(k, axes[k])}" for k in sorted(axes)) or "all"


def spec_from_options(opts: dict, seed: int) -> RunSpec:
    return RunSpec(game=opts["game"], level=opts["level"], die=opts["die"], hungry=opts["hungry"],
                   players=opts["players"], strategy=opts["strategy"], params=dict(opts["params"]),
                   seed=seed, too_late=opts["too_late"], finite_supply=opts["finite_supply"],
                   data_dir=opts["data"], cards=opts["cards"], without=tuple(sorted(opts["without"])),
                   options={k: v for k, v in opts.items() if k not in DEFAULTS})


def expand(grid: Grid) -> tuple[list, list]:
    """(cells sorted by id, skipped: list of 'cell id: why'). A value wrong on its own is an
    error; a combination a level or a mix does not allow is skipped."""
    from .engine import make_cell as _mk
    base = {**DEFAULTS, **grid.fixed}
    # each value on its own, with every other option at its default
    for names, values in grid.groups:
        for vals in values:
            for n, v in zip(names, vals):
                opts = {**DEFAULTS, **{k: base[k] for k in FIXED_ONLY}, n: v}
                if n == "params":          # parameters are checked against the cells' strategy
                    opts["strategy"] = base["strategy"]
                try:
                    _mk("check", spec_from_options(opts, grid.seed))
                except UserError as e:
                    raise UserError(f"{grid.name}: axis {n} = {format_value(n, v)}: {e}")
    cells, skipped = [], []
    for combo in itertools.product(*[vals for _, vals in grid.groups]):
        axes = {}
        for (names, _), vals in zip(grid.groups, combo):
            axes.update(zip(names, vals))
        cid = cell_id(axes)
        try:
            cells.append(make_cell(cid, spec_from_options({**base, **axes}, grid.seed),
                                   {k: (sorted(v) if k == "without" else v) for k, v in axes.items()}))
        except UserError as e:
            skipped.append(f"{cid}: {e}")
    if not cells:
        raise UserError(f"{grid.name}: no cell can be played: " + "; ".join(skipped))
    cells.sort(key=lambda c: c.id)
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
