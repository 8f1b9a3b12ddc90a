"""One configuration of any game: its spec (game, players, strategy, params, seed, data,
options), resolved once against the game's data into what the runner plays.

Game i of a run with root seed s is always the same game, whatever the chunk size: each
chunk is a plain range of game indices and every stream is keyed by (s, purpose, i).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore import plugins
from experiments import compile_aside
from simcore.errors import IllegalOption, UserError
from simcore.games import DEFAULT_GAME, get_game
from simcore.rng import MAX_SEED

DEFAULT_CHUNK = 2000


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise UserError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return seed


def check_games(games: int) -> int:
    if games < 1:
        raise UserError(f"the number of games must be at least 1, got {games}")
    return games


@dataclass(frozen=True)
class RunSpec:
    """What one configuration is, for every game. None means the game's default (players,
    strategy) or the shipped data (data); `options` holds the game's own options by name
    (text as typed, or typed values), the ones not given taking the game's defaults."""
    game: str = DEFAULT_GAME
    players: int | None = None
    strategy: str | None = None
    params: dict = field(default_factory=dict)
    seed: int = 1
    data: str | None = None
    options: dict = field(default_factory=dict)

    def but(self, **changes) -> "RunSpec":
        """This spec with some fields changed; `options` entries are merged, not replaced."""
        if "options" in changes:
            changes["options"] = {**self.options, **changes["options"]}
        return RunSpec(**{**self.__dict__, **changes})


@dataclass
class Resolved:
    """A spec resolved against its game's data: what the runner plays and how results name it."""
    spec: RunSpec
    game: object               # simcore.gamekit.Game
    options: dict              # every option of the game, parsed (defaults filled in)
    catalog: object
    config: object             # the kernels' Config
    variant: object            # the options as played (a NamedTuple; make_config's keywords)
    strategy: object           # strategies.Strategy
    params: object             # its parameter vector

    @property
    def players(self) -> int:
        return int(self.variant.players)

    @property
    def strategy_name(self) -> str:
        return self.strategy.name

    def param_values(self) -> dict:
        return self.strategy.param_values(self.spec.params)

    def played(self) -> dict:
        """What was played, for output and manifests: the game, its options as resolved
        (the variant's and the data's), the strategy and the parameters given."""
        v = self.variant._asdict()
        catalog = {k: _plain(x) for k, x in self.game.catalog_options(self.options).items()}
        if "assume" in catalog:         # the knobs in force, all=pessimistic spelled out
            catalog["assume"] = list(self.assume)
        return {"game": self.game.name, **v, **catalog,
                "strategy": self.strategy_name,
                "params": {k: x for k, x in sorted(self.param_values().items())
                           if k in self.spec.params},
                "data": self.spec.data, "mix": self.catalog.mix, "catalog": self.catalog.digest,
                "seed": self.spec.seed}

    def describe(self) -> str:
        assume = self.assume
        return (self.game.describe(self.variant, self.strategy_name, self.catalog.mix)
                + (f", assuming {', '.join(assume)}" if assume else ""))

    @property
    def kernels(self) -> tuple:
        """The modules binding the kernels of every strategy seated: the run's, then the
        others the game seats (the cake race's rivals), each once."""
        return tuple(dict.fromkeys(
            [*self.strategy.kernel_modules(self.spec.params),
             *(m for s in seated(self.game, self.variant) for m in s.kernel_modules())]))

    @property
    def assume(self) -> tuple:
        """The knobs in force ("knob=alternative", simcore.assumptions), () for the data as
        shipped or a game without knobs."""
        return tuple(getattr(self.catalog, "assume", ()))


def _plain(v):
    return sorted(v) if isinstance(v, tuple) else v


def resolve(spec: RunSpec) -> Resolved:
    """Load the data and resolve the options, once per command, and load the strategies it
    seats (compiled first, if they must be: compile_aside.first_run). Raises UserError /
    DataError on bad input (an unknown option of the game, a bad value, a bad data folder...)."""
    import strategies
    game = get_game(spec.game)
    check_seed(spec.seed)
    options = game.resolve_options(spec.options)
    players = game.default_players if spec.players is None else spec.players
    catalog = game.load_catalog(spec.data, **game.catalog_options(options))
    config, variant = game.make_config(catalog, players=players, **game.config_options(options))
    strat = strategies.get(spec.strategy or game.default_strategy, game.name, load=False)
    check_row_width(game, catalog, strat, spec.params)
    others = seated(game, variant)
    with compile_aside.first_run(game, strat, others, players, spec.seed) as first:
        for s in others:
            s.load()
        strat.load()
        params = strat.param_vector(spec.params)
        game.check_strategy(catalog, strat.kernel_id, params)
        strat.activate(spec.params, list(game.decisions))
        first.compile(catalog, config, strat.kernel_id, params)
    return Resolved(spec, game, options, catalog, config, variant, strat, params)


def check_row_width(game, catalog, strat, overrides) -> None:
    """UserError when the strategy's parameters would not fit a seat's parameter row (the
    state's `par`, `max_params` wide: simcore.harness.control_fields), where they would be cut;
    a plug-in's parameters reach it by name, not through the row."""
    st = game.new_state(catalog.rules, event_capacity=1)
    width = st.par.shape[1] if hasattr(st, "par") else None
    n = len(np.asarray(strat.param_vector(overrides)))
    if strat.plugin is None and width is not None and n > width:
        raise UserError(f"strategy '{strat.name}' has {n} parameter words, more than a seat of "
                        f"{game.name} holds ({width}: the max_params of its control_fields)")


def seated(game, variant) -> list:
    """The strategies a configuration seats besides the run's (the game's `seated`: the cake
    race's rivals), their kernels not loaded."""
    import strategies
    names = game.seated(variant) if game.seated else ()
    return [strategies.get(n, game.name, load=False) for n in names]


def run(spec: RunSpec | Resolved, games: int, chunk: int = DEFAULT_CHUNK, start: int = 0):
    """Results int32[games, len(result_fields)] of games start .. start + games - 1, played
    in this process (tests and the benchmark; commands play through experiments.engine)."""
    check_games(games)
    r = spec if isinstance(spec, Resolved) else resolve(spec)
    out = np.empty((games, len(r.game.result_fields)), np.int32)
    done = 0
    while done < games:
        n = min(chunk, games - done)
        try:
            out[done:done + n] = r.game.run_games(r.catalog, r.config, r.strategy.kernel_id,
                                                  r.params, r.spec.seed, start + done, n)
        except IllegalOption as e:
            raise e.for_strategy(r.strategy.name, plugins.last_non_index()) from None
        done += n
    return out
