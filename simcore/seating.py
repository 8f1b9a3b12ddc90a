"""Who plays which seat, declared once for every game with seats of its own (plain Python).

A game with rivals declares `SEATING` among its options: `rivals` (what the other seats
play), `seat` (the focal seat, whose outcome a result row gives, or rotate) and
`seat_strategy` (one strategy per seat). `config_class` adds the words they resolve to
(`seat`, `rival_sid`, `sid_0`...) to the game's Config; `seating` resolves the options in its
make_config; `seated` names the strategies a run must load besides its own; `seat_table`
gives the chunk loop (simcore.harness) each seat's strategy id and parameter row; `runners`
makes a game's `run_games` and `play_logged` around its chunk loop; `seated_game` builds the
whole `Game` of a competitive game from its rules.

Strategies are named as the strategy registry (strategies/) names them, and their ids and
default parameters are the registry's: a rules folder names no strategy. The registry is
reached by name at run time (`seats.seatable`): these are Python values, never read by a kernel.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

import numpy as np

from . import harness, plugins
from .datafile import DataFile
from .errors import UserError
from .gamekit import Game, Option, event_log, event_names, game_runners, parse_seat
from .linked import prepare_seats
from .packed import register_word_tuple
from .playout import check_stack_copies
from .policy import FIRST, N_GENERIC, P_RIVAL_SKILL, P_SKILL, PLUGIN, SKILL
from .reportkit import Axis, Report
from .seats import check_bound, illegal_answer, listed_names, param_row, seatable
from .summarykit import Accumulating, loss_lines, seat_finish, seat_lines, seat_partial, total

NO_SEAT = -1        # Config.sid_q: seat q plays as `rivals` and the focal seat say
SAME = -1           # Config.rival_sid: the rivals play the run's strategy

SEATING = (
    Option("rivals", "str", "same", "What the other seats play: same (the run's strategy) or "
           "a strategy's name (`meeplesim strategies --game GAME`), with its default "
           "parameters."),
    Option("seat", "str", "rotate", "The focal seat (0 = the first player) or rotate "
           "(game i: seat i mod players)."),
    Option("seat_strategy", "str", None, "One strategy per seat, the first player's first, "
           "comma-separated (e.g. lookahead,greedy,greedy): each seat plays its own, the focal "
           "seat still gives the result rows; not given: the run's strategy and rivals."),
)


def config_class(module: str, fields: dict, max_players: int):
    """A game's Config: a word tuple (simcore.packed) of `fields` (name -> default, None for
    none), `log_on` (set by the runners: simcore.gamekit.game_runners) and the seating words, for kernels and strategies alike. The module `module` binds it
    as `Config` (numba's kernel cache finds the class again by that name)."""
    words = [*fields.items(), ("log_on", 0), ("seat", -1), ("rival_sid", SAME),
             *((f"sid_{q}", NO_SEAT) for q in range(max_players))]
    required = [(k, int) for k, v in words if v is None]
    optional = [(k, int) for k, v in words if v is not None]
    cls = NamedTuple("Config", required + optional)
    cls.__new__.__defaults__ = tuple(v for _, v in words if v is not None)
    cls.__module__ = module
    cls.max_players = max_players
    return register_word_tuple(cls)


def strategy_names(game: str) -> list[str]:
    """The strategies a seat of `game` may play: the registry's built-in ones for it, one name
    per kernel id (strategies.seatable)."""
    return sorted(seatable(game))


def strategy_row(game: str, name: str, width: int) -> tuple[int, np.ndarray]:
    """A strategy's id and its default parameters as a row of `width` (the registry's)."""
    s = seatable(game)[name]
    return s.kernel_id, param_row(np.asarray(s.param_vector()), width)


class Seating(NamedTuple):
    words: dict         # seat, rival_sid, sid_0.. for the Config
    rivals: str         # as played: the Variant's
    seat: str
    seat_strategy: str  # "" when not given


def seating(game: str, players: int, max_players: int, rivals="same", seat="rotate",
            seat_strategy=None) -> Seating:
    """The seating options of one configuration, checked (UserError, one line)."""
    known = strategy_names(game)
    rivals = str(rivals)
    if rivals != "same" and rivals not in known:
        raise UserError(f"unknown rivals '{rivals}' (use same, {', '.join(known)})")
    s = parse_seat(seat, players)
    names = []
    if seat_strategy not in (None, "", ()):
        if rivals != "same":
            raise UserError("give either --rivals or --seat-strategy, not both")
        text = seat_strategy if isinstance(seat_strategy, str) else ",".join(seat_strategy)
        names = listed_names(text)
        if len(names) != players:
            raise UserError(f"--seat-strategy needs one strategy per seat: {players} for "
                            f"{players} players, got {len(names)} ('{text}')")
        for x in names:
            if x not in known:
                raise UserError(f"--seat-strategy: unknown strategy '{x}' (use {', '.join(known)})")
    ids = {x: strategy_row(game, x, 1)[0] for x in set(names) | ({rivals} - {"same"})}
    sids = [ids[x] for x in names] + [NO_SEAT] * (max_players - len(names))
    words = {"seat": s, "rival_sid": ids.get(rivals, SAME),
             **{f"sid_{q}": sids[q] for q in range(max_players)}}
    return Seating(words, rivals, "rotate" if s < 0 else str(s), ",".join(names))


def seated(variant) -> tuple:
    """The strategies the rivals or the seats of `variant` play, by name (their kernels load
    with the run's)."""
    if getattr(variant, "seat_strategy", ""):
        return tuple(dict.fromkeys(variant.seat_strategy.split(",")))
    rivals = getattr(variant, "rivals", "same")
    return () if rivals == "same" else (rivals,)


def seats_words(variant, strategy: str) -> str:
    """What a run's seats play, in words (the start of a game's `describe`): "3 players, focal
    seat rotate plays greedy, rivals random", or with seat_strategy "3 players, seats play
    lookahead,greedy,greedy, focal seat 0"."""
    if getattr(variant, "seat_strategy", ""):
        return (f"{variant.players} players, seats play {variant.seat_strategy}, focal seat "
                f"{variant.seat}")
    return f"{variant.players} players, focal seat {variant.seat} plays {strategy}, rivals {variant.rivals}"


def seat_table(game: str, cfg, strategy_id: int, params, width: int) -> tuple:
    """(per_seat, ids, parameter rows) for the harness's chunk loop: with seat_strategy, a row
    per seat (a seat playing the run's strategy gets its parameters, the others their
    strategy's defaults); without, row 0 for the focal seat and row 1 for the others (with
    `--rivals same` the run's parameters; the generic skill scale's rivals play at its
    `rival_skill` unless it is -1)."""
    m = max(2, cfg.max_players)
    sids = np.full(m, FIRST, np.int64)
    pars = np.zeros((m, width), np.float64)
    per_seat = [getattr(cfg, f"sid_{q}") for q in range(cfg.max_players)]
    by_id = {}
    if per_seat[0] != NO_SEAT:
        for q, sid in enumerate(per_seat):
            if sid == NO_SEAT:
                continue
            sids[q] = sid
            pars[q] = param_row(params, width) if sid == strategy_id else _defaults(
                game, sid, width, by_id)
        return 1, sids, pars
    sids[0], pars[0] = strategy_id, param_row(params, width)
    if cfg.rival_sid == SAME:
        sids[1], pars[1] = sids[0], pars[0]
        if strategy_id == SKILL and pars[0, P_RIVAL_SKILL] >= 0:   # the generic skill scale's
            pars[1, P_SKILL] = pars[0, P_RIVAL_SKILL]               # rivals at rival_skill
    else:
        sids[1], pars[1] = cfg.rival_sid, _defaults(game, cfg.rival_sid, width, by_id)
    return 0, sids, pars


def _defaults(game: str, sid: int, width: int, memo: dict) -> np.ndarray:
    if not memo:
        for s in seatable(game).values():
            memo[s.kernel_id] = param_row(np.asarray(s.param_vector()), width)
    return memo[sid]


def runners(kernels, run_chunk, *, game: str, title: str, decisions,
            check_strategy, new_state, n_result_fields: int, seats=None):
    """`run_games` and `play_logged` (simcore.gamekit.game_runners) of a game whose chunk
    loop is `run_chunk` (`kernels.chunk_loop`, `kernels` its simcore.harness.GameKernels): the
    strategy checked, plug-ins bound, the seats filled (a Config without seating words seats the run's strategy
    everywhere; a game whose rivals take their own parameters passes `seats(cfg, strategy_id,
    params, width) -> (per_seat, ids, parameter rows)` instead), every seat's strategy checked
    to be bound, an illegal answer raised as one."""
    def chunk(catalog, cfg, st, strategy_id, params, seed, start, out):
        check_strategy(catalog, strategy_id, params)
        plugins.bind_state(st, catalog.rules)
        width = st.par.shape[1]
        if seats is not None:
            per_seat, sids, pars = seats(cfg, strategy_id, params, width)
        elif hasattr(cfg, "rival_sid"):
            per_seat, sids, pars = seat_table(game, cfg, strategy_id, params, width)
        else:
            per_seat, sids, pars = 0, np.full(2, strategy_id, np.int64), \
                np.repeat(param_row(params, width)[None], 2, axis=0)
        players = getattr(cfg, "players", len(sids))
        k = max(2, players) if per_seat else 2
        prepare_seats(kernels.choosers, sids[:k], pars[:k])
        check_bound(kernels.choosers, title, sids[:k], pars[:k])
        check_stack_copies(kernels.choosers, sids[:k], st, title)
        try:
            run_chunk(catalog.rules, cfg, st, per_seat, sids, pars, seed, start, out)
        except ValueError:
            raise illegal_answer(decisions, st.ctl, harness.H_BAD_KIND) from None

    return game_runners(chunk, new_state, n_result_fields, lambda st: st.ctl[harness.H_EV_N])


# ----------------------------------------------------------------------------- a seated game
class Catalog(NamedTuple):
    rules: object               # the Rules record: what kernels read
    files: dict                 # file name -> path read
    assumptions: list           # (file, entry, what) marked source = "assumed"
    digest: str
    mix: str = "default"


def one_file_catalog(data: Path, load_rules):
    """`load_catalog(data_dir=None)` of a game whose rules are one data file, `data` (its own):
    a data folder's file of that name replaces it; `load_rules(DataFile)` checks the file and
    returns (the Rules record, [(entry, what) marked assumed]); the game's catalog options
    (Option.catalog) reach it as keywords."""
    def load_catalog(data_dir=None, **options) -> Catalog:
        if data_dir is not None and not Path(data_dir).is_dir():
            raise UserError(f"--data {data_dir}: not a folder")
        path = Path(data_dir or data.parent) / data.name
        path = path if path.is_file() else data
        rules, assumed = load_rules(DataFile(path), **options)
        return Catalog(rules, {path.name: str(path)}, [(path.name, *a) for a in assumed],
                       hashlib.sha256(path.read_bytes()).hexdigest())
    return load_catalog


def registry_check(game: str, title: str):
    """`check_strategy` of a game whose strategies are the registry's: a generic one, a plug-in,
    or one registered for the game, its parameters within their bounds and its own check
    against the rules data (Strategy.check_vector)."""
    def check_strategy(catalog, strategy_id: int, params) -> None:
        if strategy_id < N_GENERIC or strategy_id in (PLUGIN, SKILL):
            return
        by_id = {s.kernel_id: s for s in seatable(game).values()}
        if strategy_id not in by_id:
            raise UserError(f"strategy #{strategy_id} does not play {title}")
        by_id[strategy_id].check_vector(catalog, params)
    return check_strategy


def seated_game(*, name: str, title: str, package: str, K, R, data: Path, load_rules,
                players: tuple, per_seat: str, line, objectives_summary, length="rounds",
                options=(), result_fields=None, report=None, grids=None, bench=None,
                **more) -> Game:
    """The Game of a competitive game made of its rules alone: `K` its codes (MAX_PLAYERS,
    DECISIONS, RESULT_FIELDS with `seat` and `players`, WIN, TIE, LOSS, OUTCOMES,
    LOSS_REASONS, EVENT_FIELDS, EV_*), `R` its kernel module (RULES, STATE, Config from
    config_class, H from simcore.harness.game_kernels, run_chunk), `data` and
    `load_rules` its rules file (one_file_catalog), `players` (fewest, default) and the seating
    options (SEATING, then the game's own `options`: catalog options go to `load_rules`).
    The summary is the focal seat's record, each seat's mean of the
    result field `per_seat` and the mean game length (the result field `length`); `line(event, catalog)` writes the log. The report, the smoke grid
    and the benchmark row have defaults; `more` sets any other Game field."""
    lo, default = players

    class Variant(NamedTuple):
        players: int
        rivals: str
        seat: str
        seat_strategy: str = ""

    def make_config(catalog, players: int = default, rivals="same", seat="rotate",
                    seat_strategy=None):
        if isinstance(players, bool) or not isinstance(players, int) or \
                not lo <= players <= K.MAX_PLAYERS:
            raise UserError(f"players must be {lo} to {K.MAX_PLAYERS}, got {players}")
        s = seating(name, players, K.MAX_PLAYERS, rivals, seat, seat_strategy)
        return R.Config(players=players, log_on=0, **s.words), \
            Variant(players, s.rivals, s.seat, s.seat_strategy)

    def new_state(rules=None, event_capacity: int = 1 << 12):
        return R.STATE.allocate({"events": (max(1, event_capacity), K.EVENT_FIELDS)})

    check = registry_check(name, title)
    run_games, play_logged = runners(
        R.H, R.run_chunk, game=name, title=title, decisions=K.DECISIONS, check_strategy=check,
        new_state=new_state, n_result_fields=len(K.RESULT_FIELDS))
    at = list(K.RESULT_FIELDS).index(length)
    summarize = Accumulating(
        lambda rows: {**seat_partial(rows, K.RESULT_FIELDS, K, per_seat), "n": total(rows[:, at])},
        lambda p: {**seat_finish(p, K, per_seat), f"mean_{length}": p["n"] / max(1, p["games"])})
    format_log, event_records = event_log(line, event_names(K))
    reasons = {c: (w, w) for c, w in K.LOSS_REASONS.items() if c}
    report = report or Report(
        axes=(Axis("players", "players"), Axis("strategy", "strategy"), Axis("rivals", "rivals")),
        x="players", fields={f: f.replace("_", " ") for f in K.RESULT_FIELDS}, lost=K.LOSS,
        loss_reasons=reasons, figures=("win_rate",), who="player")
    smoke = {f"{name}-smoke": {"description": f"{title}: {lo} and {default} players, first and "
                               f"random", "games": 200, "seed": 1, "chunk": 100,
                               "axes": {"players": sorted({lo, default}),
                                        "strategy": ["first", "random"]}}}
    return Game(
        name=name, title=title, package=package, options=(*SEATING, *options),
        default_players=default, default_strategy="random",
        result_fields=tuple(K.RESULT_FIELDS if result_fields is None else result_fields),
        option_fields=("players", "seat"), outcomes=dict(K.OUTCOMES),
        loss_reasons=dict(K.LOSS_REASONS), decisions=tuple(K.DECISIONS),
        load_catalog=one_file_catalog(data, load_rules), make_config=make_config,
        run_games=run_games, play_logged=play_logged, new_state=new_state,
        format_log=format_log, event_records=event_records,
        objectives_summary=objectives_summary, summarize=summarize,
        summary_lines=lambda s, ci_words="95% CI": seat_lines(s, ci_words) + [
            f"game length  {s[f'mean_{length}']:.1f} {length} (mean)"] + loss_lines(s),
        describe=lambda v, strategy, mix="default": seats_words(v, strategy) + (
            f", data {mix}" if mix != "default" else ""),
        check_strategy=check, seated=seated, report=report,
        grids=smoke if grids is None else grids,
        bench=bench or ({"strategy": "random", "players": default, "options": {},
                         "label": f"random, {default} players"},), **more)
