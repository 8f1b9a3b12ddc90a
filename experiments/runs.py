"""Running one configuration: chunked, seeded, with a progress callback, and its summary.

Game i of a run with root seed s is always the same game, whatever the chunk size: each
chunk is a plain range of game indices and every stream is keyed by (s, purpose, i).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore import plugins
from simcore.errors import IllegalOption, UserError
from simcore.games import get_game, has_options
from simcore.rng import MAX_SEED
from simcore.stats import wilson_interval

DEFAULT_CHUNK = 2000


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise UserError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return seed


def check_games(games: int) -> int:
    if games < 1:
        raise UserError(f"the number of games must be at least 1, got {games}")
    return games


@dataclass
class RunSpec:
    game: str
    level: str | None              # Hidden Village-style options (None: the game's default) ...
    die: str | None
    hungry: bool | None
    players: int
    strategy: str
    params: dict
    seed: int
    too_late: str | None = None
    finite_supply: bool = False
    data_dir: str | None = None
    cards: str | None = None       # a card catalog file replacing the four card files
    without: tuple = ()            # card ids removed from the mix
    options: dict = field(default_factory=dict)   # a game's own OPTIONS (e.g. rivals, seat)


# The Hidden Village-style options and their "not given" values: a game with its own OPTIONS
# takes none of them.
_LEGACY_UNSET = {"level": (None, "standard"), "die": (None,), "hungry": (None,),
                 "too_late": (None,), "finite_supply": (False,), "cards": (None,), "without": ((),)}


def game_options(mod, game: str, options: dict) -> dict:
    """A game's own options, checked against its OPTIONS (name -> (default, help))."""
    known = getattr(mod, "OPTIONS", {})
    for k in options:
        if k not in known:
            raise UserError(f"game '{game}' has no option '{k}' (known: {', '.join(known) or 'none'})")
    return dict(options)


def _load(mod, spec: RunSpec):
    """(catalog, config, variant) of a spec, for either kind of game."""
    if has_options(mod):
        for name, unset in _LEGACY_UNSET.items():
            v = getattr(spec, name)
            if (tuple(v) if name == "without" else v) not in unset:
                raise UserError(f"--{name.replace('_', '-')} is not an option of game '{spec.game}'")
        cat = mod.load_catalog(spec.data_dir)
        cfg, variant = mod.make_config(cat, players=spec.players,
                                       **game_options(mod, spec.game, spec.options))
        return cat, cfg, variant
    if spec.options:
        game_options(mod, spec.game, spec.options)
    cat = mod.load_catalog(spec.data_dir, cards=spec.cards, without=spec.without)
    cfg, variant = mod.make_config(cat, level=spec.level or "standard", die=spec.die,
                                   hungry=spec.hungry, players=spec.players,
                                   too_late=spec.too_late, finite_supply=spec.finite_supply)
    return cat, cfg, variant


def prepare(spec: RunSpec):
    """Load the data and resolve the options: (game module, catalog, config, variant,
    strategy, params vector). Raises UserError / DataError on bad input."""
    import strategies
    mod = get_game(spec.game)
    cat, cfg, variant = _load(mod, spec)
    strat = strategies.get(spec.strategy, spec.game)
    check_seed(spec.seed)
    params = strat.param_vector(spec.params)
    if hasattr(mod, "check_strategy"):
        mod.check_strategy(cat, strat.kernel_id, params)
    strat.activate(spec.params, mod.DECISIONS)
    return mod, cat, cfg, variant, strat, params


def run(spec: RunSpec, games: int, chunk: int = DEFAULT_CHUNK, progress=None, start: int = 0):
    """Results int32[games, len(RESULT_FIELDS)] of games start .. start + games - 1.
    `progress(n_done)` is called after each chunk."""
    check_games(games)
    mod, cat, cfg, variant, strat, params = prepare(spec)
    out = np.empty((games, len(mod.RESULT_FIELDS)), np.int32)
    done = 0
    while done < games:
        n = min(chunk, games - done)
        try:
            out[done:done + n] = mod.run_games(cat, cfg, strat.kernel_id, params, spec.seed,
                                               start + done, n)
        except IllegalOption as e:
            raise e.for_strategy(strat.name, plugins.last_non_index()) from None
        done += n
        if progress:
            progress(n)
    return out


def summarize(results: np.ndarray, result_fields, loss_reasons, mod=None) -> dict:
    """A game's own summary if it has one (`mod.summarize`); otherwise games, wins, win rate with its 95% Wilson interval, mean rounds, loss reasons, and how
    far from done the losses ended (mean objectives left)."""
    if mod is not None and hasattr(mod, "summarize"):
        return mod.summarize(results)
    f = {name: i for i, name in enumerate(result_fields)}
    games = int(results.shape[0])
    wins = int((results[:, f["outcome"]] == 1).sum())
    lo, hi = wilson_interval(wins, games)
    reasons = {}
    for code, name in loss_reasons.items():
        if name:
            n = int(((results[:, f["outcome"]] == 2) & (results[:, f["loss_reason"]] == code)).sum())
            if n:
                reasons[name] = n
    losses = results[results[:, f["outcome"]] == 2]
    left = {}
    if len(losses):
        for key in ("forest_left", "houses_left", "cakes_left"):
            left[key] = round(float(losses[:, f[key]].mean()), 3)
    return {
        "games": games, "wins": wins, "win_rate": wins / games, "ci_low": lo, "ci_high": hi,
        "mean_rounds": float(results[:, f["rounds"]].mean()),
        "loss_reasons": reasons, "losses_mean_left": left,
        "mean_dangerous_actions": float(results[:, f["dangerous_actions"]].mean()),
        "mean_cracoucass_attacks": float(results[:, f["cracoucass_attacks"]].mean()),
    }
