"""One configuration of the Hobbit deck-builder: players, the mode (this game's difficulty
level), where the game starts, the heroes, the focal seat and what the other seats play.

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too), "first", "random", "big-money" or "greedy". The outcome of a game is the focal seat's;
in the co-operative variant every seat shares it (HB-I06).

With `seat_strategy` (`--seat-strategy lookahead,greedy,greedy`) each seat plays its own
strategy; the result rows stay the focal seat's.
"""
from __future__ import annotations

from typing import NamedTuple

from ...errors import UserError
from ...gamekit import Option, parse_seat
from ...packed import register_word_tuple, word_tuple_view
from ...policy import FIRST, N_GENERIC, PLUGIN, RANDOM
from ...seats import listed_names, param_row, parse_seat_strategies
from ...seats import seat_rows as shared_seat_rows
from . import consts as K
from .state import MAX_PARAMS
from .tables import HR_SET

# the game's own strategies: their ids (slots in the rules' chooser table, decide.CHOOSERS).
# Their kernels and parameters live in strategies/hobbit/, which registers them under these
# ids; the game names them only because `rivals` and `seat_strategy` can seat them.
BIG_MONEY = 10
GREEDY = 11
LOOKAHEAD = 12
SKILL = 13
OWN = (BIG_MONEY, GREEDY, LOOKAHEAD, SKILL)
SEAT_NAMES = {"first": FIRST, "random": RANDOM, "big-money": BIG_MONEY, "greedy": GREEDY,
              "lookahead": LOOKAHEAD, "skill": SKILL}
DEFAULT_PARAMS: dict = {}


def set_seat_defaults(name: str, values) -> None:
    """A strategy of strategies/hobbit/ gives its default parameters, for the seats
    `rivals` or `seat_strategy` give it (read in Python only, never by a kernel)."""
    DEFAULT_PARAMS[name] = [float(x) for x in values]


NO_SEAT = -1            # Config.sid_q: seat q plays as `rivals` and the focal seat say
RANDOM_HERO = -1        # Config.hero_q: dealt at random from the pool
POOLS = {"all": 0, "auj": 1, "dos": 2}

OPTIONS = (
    Option("mode", "str", "normal", "normal (most VP wins), impossible (Impossible Mode from the "
           "start: the Company loses when the Path runs dry) or coop (Impossible Mode played "
           "co-operatively: everyone wins if Smaug the Terrible falls).",
           choices=tuple(K.MODES)),
    Option("start", "str", "auj", "auj (the campaign from An Unexpected Journey) or dos (at the "
           "chapter change, from decks an assumed AUJ chapter built: data/setup.toml dos_start).",
           choices=tuple(K.STARTS)),
    Option("heroes", "str", "random", "random (dealt from --pool), or one hero id per seat, "
           "comma-separated, the first player's first (heroes.toml ids; 'random' for a seat "
           "deals that one)."),
    Option("pool", "str", "all", "The heroes dealt at random: all (15), auj (the base game's 7) "
           "or dos (this box's 8).", choices=tuple(POOLS)),
    Option("hero_shift", "int", 0, "Rotate the heroes dealt by this many seats (the same deals "
           "with heroes rotated: paired hero comparisons)."),
    Option("rivals", "str", "same", "What the other seats play: same (the run's strategy), first, "
           "random, big-money or greedy.", choices=("same", "first", "random", "big-money", "greedy")),
    Option("seat", "str", "rotate", "The focal seat (0 = the first player) or rotate "
           "(game i: seat i mod players)."),
    Option("seat_strategy", "str", None, "One strategy per seat, the first player's first, "
           "comma-separated (e.g. lookahead,greedy,greedy); not given: the run's strategy and "
           "rivals."),
    Option("without", "list", (), "DoS main-deck cards taken out of the deck (cards.toml ids, "
           "e.g. the-barge+bolg): a card's impact, compared on the same seeds.", catalog=True),
)


@register_word_tuple
class Config(NamedTuple):
    """One configuration as plain ints; kernels (and strategies) receive it as the address of
    its values (simcore.packed word tuple)."""
    players: int
    seat: int           # focal seat, -1 = rotate
    rival_sid: int      # -1 = the run's strategy
    mode: int           # consts.MODE_*
    start: int          # consts.START_*
    pool: int           # POOLS
    hero_shift: int
    log_on: int
    hero_0: int = RANDOM_HERO
    hero_1: int = RANDOM_HERO
    hero_2: int = RANDOM_HERO
    hero_3: int = RANDOM_HERO
    hero_4: int = RANDOM_HERO
    sid_0: int = NO_SEAT
    sid_1: int = NO_SEAT
    sid_2: int = NO_SEAT
    sid_3: int = NO_SEAT
    sid_4: int = NO_SEAT


as_config = word_tuple_view(Config)


class Variant(NamedTuple):
    players: int
    mode: str
    start: str
    heroes: str
    pool: str
    hero_shift: int
    rivals: str
    seat: str
    seat_strategy: str = ""


RIVALS = {"same": -1, "first": FIRST, "random": RANDOM, "big-money": BIG_MONEY, "greedy": GREEDY}


def seated(variant: Variant) -> tuple:
    """The strategies the rivals or the seats play, by name (their kernels must load too)."""
    if variant.seat_strategy:
        return tuple(dict.fromkeys(variant.seat_strategy.split(",")))
    return () if variant.rivals == "same" else (variant.rivals,)


def parse_heroes(catalog, heroes, players: int) -> list[int]:
    """`heroes` as one hero row per seat (RANDOM_HERO to deal); UserError, one line, for an
    unknown hero, a hero named twice or the wrong count."""
    if heroes is None or heroes == "" or heroes == "random":
        return [RANDOM_HERO] * players
    names = listed_names(heroes)
    if len(names) != players:
        raise UserError(f"--heroes needs one hero per seat: {players} for {players} players, "
                        f"got {len(names)}")
    rows = []
    for x in names:
        if x == "random":
            rows.append(RANDOM_HERO)
        elif x in catalog.heroes:
            rows.append(catalog.heroes.index(x))
        else:
            raise UserError(f"--heroes: unknown hero '{x}' (use {', '.join(catalog.heroes)})")
    named = [r for r in rows if r != RANDOM_HERO]
    if len(set(named)) != len(named):
        raise UserError("--heroes: each hero may be played by one seat only")
    return rows


def make_config(catalog, players: int = 4, mode: str = "normal", start: str = "auj",
                heroes="random", pool: str = "all", hero_shift: int = 0, rivals: str = "same",
                seat="rotate", seat_strategy=None, log: bool = False) -> tuple[Config, Variant]:
    if isinstance(players, bool) or not isinstance(players, int) or \
            not K.MIN_PLAYERS <= players <= K.MAX_PLAYERS:
        raise UserError(f"players must be {K.MIN_PLAYERS} to {K.MAX_PLAYERS}, got {players}")
    if mode not in K.MODES:
        raise UserError(f"unknown mode '{mode}' (use {', '.join(K.MODES)})")
    if start not in K.STARTS:
        raise UserError(f"unknown start '{start}' (use {', '.join(K.STARTS)})")
    if mode != "normal" and start == "dos":
        raise UserError(f"--mode {mode} excludes --start dos: Impossible Mode is played from the "
                        "very start of the journey (HB-I02)")
    if pool not in POOLS:
        raise UserError(f"unknown hero pool '{pool}' (use {', '.join(POOLS)})")
    if isinstance(hero_shift, bool) or not isinstance(hero_shift, int) or hero_shift < 0:
        raise UserError(f"hero_shift must be a whole number >= 0, got {hero_shift}")
    if rivals not in RIVALS:
        raise UserError(f"unknown rivals '{rivals}' (use {', '.join(RIVALS)})")
    rows = parse_heroes(catalog, heroes, players)
    hero_set = {"all": None, "auj": 0, "dos": 1}[pool]
    n_pool = sum(1 for h in range(len(catalog.heroes))
                 if hero_set is None or int(catalog.rules.hero[h, HR_SET]) == hero_set)
    if n_pool - len([r for r in rows if r != RANDOM_HERO]) < rows.count(RANDOM_HERO):
        raise UserError(f"--pool {pool} has {n_pool} heroes: too few to deal one to each of "
                        f"{players} seats")
    s = parse_seat(seat, players)
    names = parse_seat_strategies(seat_strategy, players, rivals, SEAT_NAMES)
    sids = [SEAT_NAMES[x] for x in names] + [NO_SEAT] * (K.MAX_PLAYERS - len(names))
    hero_words = rows + [RANDOM_HERO] * (K.MAX_PLAYERS - players)
    cfg = Config(players=players, seat=s, rival_sid=RIVALS[rivals], mode=K.MODES[mode],
                 start=K.STARTS[start], pool=POOLS[pool], hero_shift=hero_shift % players,
                 log_on=int(log), **{f"hero_{q}": hero_words[q] for q in range(K.MAX_PLAYERS)},
                 **{f"sid_{q}": sids[q] for q in range(K.MAX_PLAYERS)})
    hero_text = "random" if all(r == RANDOM_HERO for r in rows) else \
        ",".join("random" if r == RANDOM_HERO else catalog.heroes[r] for r in rows)
    return cfg, Variant(players, mode, start, hero_text, pool, hero_shift % players, rivals,
                        "rotate" if s < 0 else str(s), ",".join(names))


def check_strategy(catalog, strategy_id: int, params) -> None:
    """A strategy the Hobbit deck-builder can play (UserError otherwise)."""
    if strategy_id >= N_GENERIC and strategy_id not in (*OWN, PLUGIN):
        raise UserError(f"strategy #{strategy_id} does not play the Hobbit deck-builder")


def seat_strategies(cfg: Config, strategy_id: int, params) -> tuple:
    """(focal id, focal params row, rivals' id, rivals' params row)."""
    fpar = param_row(params, MAX_PARAMS)
    if cfg.rival_sid < 0:
        return strategy_id, fpar, strategy_id, fpar
    by_id = {v: k for k, v in SEAT_NAMES.items()}
    rpar = param_row(DEFAULT_PARAMS.get(by_id[cfg.rival_sid], []), MAX_PARAMS)
    return strategy_id, fpar, cfg.rival_sid, rpar


def seat_rows(cfg: Config, strategy_id: int, params) -> tuple | None:
    """With seat_strategy: (ids, parameter rows), one per seat; None without (seats.seat_rows)."""
    sids = [getattr(cfg, f"sid_{q}") for q in range(K.MAX_PLAYERS)]
    return shared_seat_rows(sids, NO_SEAT, strategy_id, params, SEAT_NAMES, DEFAULT_PARAMS,
                            MAX_PARAMS)
