"""One configuration of the Hobbit deck-builder: players, the mode (this game's difficulty
level), where the game starts, the heroes, the focal seat and what the other seats play.

The run's strategy plays the *focal* seat (by default it rotates with the game index, so every
seat gets the same share of games); the other seats play `rivals`: "same" (the run's strategy
too) or any strategy of the game, by its name in the strategy registry (simcore.seating). The
outcome of a game is the focal seat's;
in the co-operative variant every seat shares it (HB-I06).

With `seat_strategy` (`--seat-strategy lookahead,greedy,greedy`) each seat plays its own
strategy; the result rows stay the focal seat's.
"""
from __future__ import annotations

from typing import NamedTuple

from ...errors import UserError
from ...gamekit import Option
from ...packed import word_tuple_view
from ...seating import SEATING, config_class, registry_check, seated, seating  # noqa: F401
from ...seats import listed_names
from . import consts as K
from .tables import HR_SET

GAME_NAME = "hobbit"
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
    *SEATING,         # rivals, seat, seat_strategy (simcore.seating)
    Option("without", "list", (), "DoS main-deck cards taken out of the deck (cards.toml ids, "
           "e.g. the-barge+bolg): a card's impact, compared on the same seeds.", catalog=True),
)


# One configuration as plain ints: players, mode (consts.MODE_*), start (consts.START_*), pool
# (POOLS), hero_shift, each seat's hero (RANDOM_HERO: dealt) and the seating words
# (simcore.seating); kernels (and strategies) receive it as the address of its values
# (simcore.packed word tuple).
Config = config_class(__name__, {"players": None, "mode": None, "start": None, "pool": None,
                                 "hero_shift": None,
                                 **{f"hero_{q}": RANDOM_HERO for q in range(K.MAX_PLAYERS)}},
                      K.MAX_PLAYERS)

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
    rows = parse_heroes(catalog, heroes, players)
    hero_set = {"all": None, "auj": 0, "dos": 1}[pool]
    n_pool = sum(1 for h in range(len(catalog.heroes))
                 if hero_set is None or int(catalog.rules.hero[h, HR_SET]) == hero_set)
    if n_pool - len([r for r in rows if r != RANDOM_HERO]) < rows.count(RANDOM_HERO):
        raise UserError(f"--pool {pool} has {n_pool} heroes: too few to deal one to each of "
                        f"{players} seats")
    s = seating(GAME_NAME, players, K.MAX_PLAYERS, rivals, seat, seat_strategy)
    hero_words = rows + [RANDOM_HERO] * (K.MAX_PLAYERS - players)
    cfg = Config(players=players, mode=K.MODES[mode], start=K.STARTS[start], pool=POOLS[pool],
                 hero_shift=hero_shift % players, log_on=int(log),
                 **{f"hero_{q}": hero_words[q] for q in range(K.MAX_PLAYERS)}, **s.words)
    hero_text = "random" if all(r == RANDOM_HERO for r in rows) else \
        ",".join("random" if r == RANDOM_HERO else catalog.heroes[r] for r in rows)
    return cfg, Variant(players, mode, start, hero_text, pool, hero_shift % players, s.rivals,
                        s.seat, s.seat_strategy)


# a strategy the Hobbit deck-builder can play: a generic one, a plug-in, or one the registry has
check_strategy = registry_check(GAME_NAME, "the Hobbit deck-builder")
