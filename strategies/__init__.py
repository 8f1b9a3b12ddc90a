"""Strategies by name: what `--strategy NAME` and `meeplesim strategies` know.

A strategy is a decision kernel under an integer id (see `simcore.policy`), plus a name, a
description and named float parameters. Every game gets the generic ones registered here,
compiled into the game's kernel; game-specific strategies register per game, in
`strategies/<game>/`, with the module holding their kernels (imported when a run uses them).

Users add their own without editing meeplesim (see simcore.plugins and docs/strategies.md): a Python
function named `package.module:function` on the command line, or registered under a short
name in the `meeplesim.strategies` entry point group of their own package.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore import plugins
from simcore.errors import UserError
from simcore.games import DEFAULT_GAME
from simcore.linked import PLUGIN_SLOT
from simcore.packed import Vector
from simcore.policy import FIRST, N_GENERIC, PLUGIN, RANDOM, SCRIPTED, SKILL


@dataclass(frozen=True)
class Strategy:
    name: str
    kernel_id: int
    description: str
    params: dict = field(default_factory=dict)   # name -> default value
    param_help: dict = field(default_factory=dict)   # name -> what a parameter or weight weighs
    fixed: dict = field(default_factory=dict)      # name -> value: weights compiled in as constants
    bounds: dict = field(default_factory=dict)     # name -> (low, high, allowed outside: e.g. -1)
    extends: str = ""                              # the strategy whose parameters come first
    games: tuple = ("*",)                          # game names, "*" = every game
    listed: bool = True                            # shown by `meeplesim strategies`
    plugin: object = None                          # a plug-in's Python function (PLUGIN id)
    choices: dict = field(default_factory=dict)    # param -> {word: value} (e.g. base=greedy)
    kernels: str = ""                              # the module whose import binds its kernel
    compile_s: float = 0.0                         # about how long `kernels` compiles, cold
    check: object = None                           # check(catalog, values): the parameters
                                                   # against the rules data (UserError)

    def load(self) -> "Strategy":
        """Import the strategy's kernel module: it compiles its chooser (or loads it from the
        kernel cache) and binds it to its id in the game's chooser table (simcore.linked).
        Only the strategies a run uses are compiled."""
        if self.kernels:
            import importlib
            importlib.import_module(self.kernels)
        return self

    def param_vector(self, overrides: dict | None = None) -> Vector:
        """The parameter vector in declaration order, with NAME=VALUE overrides (a Vector:
        kernels receive it as one address; np.asarray gives its values)."""
        values = dict(self.params)
        for k, v in self.param_values(overrides).items():
            values[k] = v
        return Vector(list(values.values()) or [0.0])

    def param_values(self, overrides: dict | None = None) -> dict:
        """The parameters by name, with NAME=VALUE overrides checked (words through `choices`)."""
        values = dict(self.params)
        for k, v in (overrides or {}).items():
            if k not in values and k in self.fixed:
                raise UserError(f"strategy '{self.name}': '{k}' is a fixed weight ({self.fixed[k]:g}), "
                                f"a named constant of its kernels, not a parameter; change it in "
                                f"{self.kernels.rpartition('.')[0].replace('.', '/')}/params.py")
            if k not in values:
                known = ", ".join(values) or "none"
                raise UserError(f"strategy '{self.name}' has no parameter '{k}' (known: {known})")
            words = self.choices.get(k, {})
            if isinstance(v, str) and v in words:
                v = words[v]
            try:
                values[k] = float(v)
            except ValueError:
                values[k] = None
            if values[k] is not None:
                self._check_bounds(k, values[k], v)
            if values[k] is None or (words and values[k] not in words.values()):
                what = f"one of {', '.join(words)}" if words else "a number"
                raise UserError(f"strategy '{self.name}': parameter '{k}' must be {what}, "
                                f"got '{v}'")
        return values

    def _check_bounds(self, name: str, value: float, shown) -> None:
        lo, hi, extra = self.bounds.get(name, (None, None, None))
        if lo is not None and not (lo <= value <= hi or value == extra):
            also = f" (or {extra:g})" if extra is not None else ""
            raise UserError(f"strategy '{self.name}': parameter '{name}' must be from {lo:g} to "
                            f"{hi:g}{also}, got '{shown}'")

    def check_vector(self, catalog, vector) -> None:
        """A parameter vector (the API's: not necessarily made by param_values) checked for a
        game's `catalog`: each parameter within its bounds, then against the rules data
        (`check`). UserError, one line."""
        values = dict(zip(self.params, (float(x) for x in np.asarray(vector, np.float64).ravel())))
        for k, v in values.items():
            self._check_bounds(k, v, f"{v:g}")
        if self.check is not None:
            self.check(catalog, values)

    def activate(self, overrides: dict | None, decisions: list[str]) -> None:
        """Bind a plug-in's function and parameters to this thread before its games run."""
        if self.plugin is not None:
            from simcore import plugin_chooser   # compiles the chooser: only when a plug-in plays
            plugin_chooser.activate(self.plugin, self.param_values(overrides), decisions)

    def kernel_modules(self, overrides: dict | None = None) -> tuple:
        """The modules binding the kernels it plays with these parameters (a worker imports
        them before it plays)."""
        return (self.kernels,) if self.kernels else ()


@dataclass(frozen=True)
class SkillScale(Strategy):
    """The generic skill scale of a game without a `skill` of its own (simcore.policy.SKILL,
    played by simcore.harness's `decide`): at each decision, with probability `skill` the
    strong strategy's answer, otherwise a uniformly random legal option. Its parameters are
    `skill`, `rival_skill` and `strong` (a word of `choices`, the strong strategy's kernel id);
    the strong strategy plays with its registered defaults, which follow in the row."""
    strong: tuple = ()      # the Strategies `strong` may name (the game's compiled ones, first)

    def strong_strategy(self, overrides: dict | None = None) -> Strategy:
        sid = self.param_values(overrides)["strong"]
        return next(s for s in self.strong if s.kernel_id == sid)

    def param_vector(self, overrides: dict | None = None) -> Vector:
        values = self.param_values(overrides)
        tail = np.asarray(self.strong_strategy(overrides).param_vector())
        return Vector([values["skill"], values["rival_skill"], values["strong"], *tail])

    def activate(self, overrides: dict | None, decisions: list[str]) -> None:
        self.strong_strategy(overrides).load()

    def kernel_modules(self, overrides: dict | None = None) -> tuple:
        return self.strong_strategy(overrides).kernel_modules()


# name -> the strategies of that name: one for every game ("*"), or one per game (each game's
# `skill` is its own family on its own strongest strategy)
_REGISTRY: dict[str, list[Strategy]] = {}


def _plays(s: Strategy, game: str) -> bool:
    return "*" in s.games or game in s.games


def register(strategy: Strategy) -> Strategy:
    for other in _REGISTRY.get(strategy.name, []):
        if "*" in other.games or "*" in strategy.games or set(other.games) & set(strategy.games):
            raise ValueError(f"strategy '{strategy.name}' is already registered")
    _REGISTRY.setdefault(strategy.name, []).append(strategy)
    return strategy


def get(name: str, game: str = DEFAULT_GAME, load: bool = True) -> Strategy:
    """A strategy by name for a game: a registered one, an installed entry point, or
    `module:function`; its kernels bound, ready to play (`load=False`: its description only)."""
    _declared(game)
    mine = [s for s in _REGISTRY.get(name, []) if _plays(s, game)]
    s = mine[0] if mine else None
    if s is None and name not in _REGISTRY and ":" in name:
        s = _from_module(name)
    if s is None and name not in _REGISTRY:
        s = _from_entry_point(name)
    if s is None or not _plays(s, game):
        names = ", ".join(available(game))
        raise UserError(f"unknown strategy '{name}' (known: {names}; or a plug-in as "
                        f"package.module:function)")
    return s.load() if load else s


def plugin_strategy(name: str, fn, module=None) -> Strategy:
    """Wrap a plug-in function as a Strategy (its module's PARAMS are its parameters)."""
    params = dict(getattr(module, "PARAMS", {}) or {})
    doc = (fn.__doc__ or "").strip().splitlines()
    return Strategy(name, PLUGIN, doc[0] if doc else "a plug-in strategy", params=params,
                    plugin=fn, listed=False)


def _from_module(name: str) -> Strategy:
    return plugin_strategy(name, *plugins.load(name))


def _from_entry_point(name: str) -> Strategy | None:
    found = plugins.load(name)
    return plugin_strategy(name, *found) if found else None


def available(game: str = DEFAULT_GAME) -> list[str]:
    """The strategies of a game by name: the registered (built-in) ones it plays, and the
    plug-ins (plugin_names)."""
    _declared(game)
    return sorted([n for n, ss in _REGISTRY.items()
                   if any(s.listed and _plays(s, game) for s in ss)] + plugin_names())


def seatable(game: str) -> dict:
    """The built-in strategies a seat of `game` may be given (rivals, seat_strategy), by name:
    one per kernel id, the first registered (`workshop-first`, greedy with other defaults, plays
    as a run's strategy only: a Config holds a seat's id alone). Plain dict reads, no plug-in
    lookup: simcore.seating asks for every chunk it seats."""
    _declared(game)
    first = {}
    for ss in _REGISTRY.values():
        for s in ss:
            if s.listed and s.plugin is None and s.kernel_id != PLUGIN and _plays(s, game):
                first.setdefault(s.kernel_id, s)
    return {s.name: s for s in first.values()}


def plugin_names() -> list[str]:
    """The installed plug-ins by short name: the `meeplesim.strategies` entry points whose
    name no registered strategy takes (a registered name wins)."""
    return sorted(n for n in plugins.entry_points() if n not in _REGISTRY)


def parse_params(items: list[str] | None) -> dict:
    """['k=v', ...] -> {k: v} (a number, or a word some parameters accept, e.g. base=greedy)
    with a clear error for a malformed item."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        if not sep or not k or not v:
            raise UserError(f"--param '{item}' is not of the form NAME=VALUE")
        try:
            out[k] = float(v)
        except ValueError:
            out[k] = v
    return out


# ----------------------------------------------------------------------------- a game's own
_DECLARED: set = set()      # the games whose declarations are registered (_declared)


def _declared(game: str) -> None:
    """Once per game: register the compiled strategies its folder declares (Game.strategies:
    a game outside the project has no strategies/<game>/) and, unless a `skill` of its own
    plays it, the generic skill scale (skill_scale). A bad declaration is a UserError, every
    time the game is asked for (nothing of it is registered)."""
    if game in _DECLARED:
        return
    from simcore import games
    if game not in games.GAMES:
        return
    g = games.get_game(game, check=False)
    own = []
    for o in g.strategies:
        if not N_GENERIC <= o.kernel_id < PLUGIN_SLOT or any(
                s.kernel_id == o.kernel_id for s in (*_own(game), *own)):
            raise UserError(f"game '{game}': strategy '{o.name}' has kernel_id {o.kernel_id}: "
                            f"give each of its strategies its own, from {N_GENERIC} to "
                            f"{PLUGIN_SLOT - 1}")
        if any(_plays(s, game) for s in _REGISTRY.get(o.name, [])) or \
                any(s.name == o.name for s in own):
            raise UserError(f"game '{game}': a strategy '{o.name}' plays it already: name its "
                            f"own strategy otherwise")
        own.append(Strategy(o.name, o.kernel_id, o.description, params=dict(o.params),
                            param_help=dict(o.param_help), games=(game,), kernels=o.kernels,
                            compile_s=o.compile_s))
    scale = None
    if not any(_plays(s, game) for s in _REGISTRY.get("skill", [])) and \
            not any(s.name == "skill" for s in own):
        scale = skill_scale(g, own)
    for s in (*own, *([scale] if scale else [])):
        register(s)
    _DECLARED.add(game)


def _own(game: str) -> list:
    """The compiled strategies registered for `game` alone, by kernel id (the first of each id:
    `workshop-first` is greedy's)."""
    first = {}
    for ss in _REGISTRY.values():
        for s in ss:
            if "*" not in s.games and game in s.games and N_GENERIC <= s.kernel_id < PLUGIN_SLOT:
                first.setdefault(s.kernel_id, s)
    return [first[k] for k in sorted(first)]


def skill_scale(g, declared=()) -> SkillScale:
    """The generic skill scale of the game `g` (a simcore.gamekit.Game): from random to its
    strongest compiled strategy (`Game.strongest`; by default its own of the lowest id, else
    `first`), which the parameter `strong` may name otherwise. `declared`: its folder's own
    strategies, not registered yet."""
    own = sorted({s.kernel_id: s for s in reversed([*_own(g.name), *declared])}.values(),
                 key=lambda s: s.kernel_id)
    strong = [*own, _REGISTRY["first"][0]]
    names = {s.name: s for s in strong}
    default = g.strongest or strong[0].name
    if default not in names:
        raise UserError(f"game '{g.name}': strongest = '{default}' is none of its compiled "
                        f"strategies ({', '.join(names)})")
    top = names[default]
    return SkillScale(
        "skill", SKILL,
        f"a player of limited skill: at each decision, with probability `skill` the strong "
        f"strategy's answer (`strong`, default {top.name}), otherwise a uniformly random legal "
        f"option: 0 plays like random, 1 like {top.name}",
        params={"skill": 0.5, "rival_skill": 0.5, "strong": float(top.kernel_id)},
        param_help={"skill": "the chance of the strong strategy's answer at each decision, "
                             "from 0 (random's very draws) to 1 (the strong strategy's very games)",
                    "rival_skill": "with --rivals same, the other seats' skill (0.5: a table of "
                                   "average players, so a curve over `skill` is one player's "
                                   "against the same rivals; -1: every seat at `skill`)",
                    "strong": f"the strategy played at skill 1 ({', '.join(names)}), with its "
                              f"default parameters"},
        bounds={"skill": (0.0, 1.0, None), "rival_skill": (0.0, 1.0, -1.0)},
        choices={"strong": {s.name: float(s.kernel_id) for s in strong}},
        games=(g.name,), kernels=top.kernels, compile_s=top.compile_s, strong=tuple(strong))


register(Strategy("first", FIRST, "always takes the first legal option (deterministic baseline)"))
register(Strategy("random", RANDOM, "uniform over the legal options of every decision"))
register(Strategy("scripted", SCRIPTED, "takes the option indices given as params, in order "
                  "(scenario tests)", listed=False))

def _register_game_strategies():
    """Import every per-game subpackage (strategies/<game>/): each registers its own."""
    import importlib
    import pkgutil
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


_register_game_strategies()
