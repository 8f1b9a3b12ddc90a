"""The Hobbit deck-building game: An Unexpected Journey, then The Desolation of Smaug, played
as one campaign by 2 to 5 players (rulebook of the expansion: desolation-of-smaug.txt; the base
game's turn from its sister games). `GAME` declares everything the generic layers read
(simcore.gamekit.Game)."""
from ...gamekit import ASSUME, Game
from . import consts as K
from .catalog import data_summary, load_catalog
from .config import OPTIONS, check_strategy, make_config, seated
from .consts import DECISIONS, LOSS_REASONS, OUTCOMES, RESULT_FIELDS
from .game import play_logged, run_games
from .report import REPORT
from .state import new_state
from .summary import cell_extras, describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "hobbit"
TITLE = "The Hobbit: The Desolation of Smaug"
PLAYERS = (2, 3, 4, 5)

MODE_ROWS = {
    "normal": {"wins": "the player with the most VP", "path runs dry": "the game ends; VP count",
               "smaugs": "Smaug the Magnificent, Smaug the Terrible"},
    "impossible": {"wins": "the player with the most VP, if Smaug the Terrible falls",
                   "path runs dry": "the Company loses (HB-I05)",
                   "smaugs": "the Impossible Mode Smaugs; Hoarding on top, Corruptions return"},
    "coop": {"wins": "everyone, if Smaug the Terrible falls (HB-I06)",
             "path runs dry": "the Company loses (HB-I05)",
             "smaugs": "the Impossible Mode Smaugs; Hoarding on top, Corruptions return"},
}


def levels_table(catalog) -> list[dict]:
    """The `levels` table: this game's modes, easiest first."""
    return [{"mode": m, **row} for m, row in MODE_ROWS.items()]


def ladder_cells(catalog) -> tuple[list[dict], list[str]]:
    """The `ladder`'s cells: every mode."""
    return [{"mode": m} for m in K.MODES], []


def card_impact(catalog=None) -> dict:
    """Each card kind of the DoS main deck out of the deck against the whole deck, paired."""
    cat = catalog or load_catalog(None)
    ids = [c for c, row in zip(cat.cards, cat.rules.card) if int(row[1]) == K.SET_DOS]
    return {"description": "every card kind of The Desolation of Smaug's main deck taken out of "
            "it, against the whole deck on paired seeds, ranked by the change in how often "
            "Smaug the Terrible falls and in the focal seat's win rate (greedy in every seat, "
            "4 players, normal mode)",
            "games": 4000, "seed": 1, "compare": "without", "rank": True,
            "fixed": {"strategy": "greedy", "players": 4},
            "axes": {"without": [[]] + [[c] for c in ids]}}


def hero_balance() -> dict:
    """Every player count with the heroes dealt, then rotated seat by seat on the same seeds
    (hero_shift): a hero's record against the fair share, paired by deal."""
    pairs = [(p, s) for p in PLAYERS for s in range(p)]
    return {"description": "each hero's win share against the fair share: greedy in every "
            "seat, the heroes dealt at random and rotated seat by seat on the same seeds "
            "(paired), 2 to 5 players",
            "games": 4000, "seed": 1, "fixed": {"strategy": "greedy"},
            "linked": [{"players": [p for p, _ in pairs], "hero_shift": [s for _, s in pairs]}]}


def hero_balance_4() -> dict:
    """The assumption "the heroes are balanced" checked: 4 players, greedy and big-money in
    every seat, the heroes rotated seat by seat on the same seeds."""
    return {"description": "each hero's win share at 4 players against the fair share under "
            "greedy and under big-money in every seat, the heroes dealt at random and rotated "
            "seat by seat on the same seeds (paired): the heroes are balanced when each is "
            "within 5 points of 25%",
            "games": 4000, "seed": 1, "fixed": {"players": 4},
            "axes": {"strategy": ["greedy", "big-money"], "hero_shift": list(range(4))}}


def seat_advantage() -> dict:
    """Every seat of 2 to 5 players as the focal seat, on the same seeds (paired)."""
    pairs = [(p, str(s)) for p in PLAYERS for s in range(p)]
    return {"description": "the seat advantage: greedy in every seat, each seat in turn the "
            "focal one on the same seeds (paired), 2 to 5 players",
            "games": 4000, "seed": 1, "fixed": {"strategy": "greedy"},
            "linked": [{"players": [p for p, _ in pairs], "seat": [s for _, s in pairs]}]}


GRIDS = {
    "hobbit-modes": {
        "description": "normal against Impossible Mode (competitive and co-operative): how "
                       "often Smaug the Terrible falls before the Path runs dry, and the win "
                       "rate, greedy in every seat, 2 to 5 players (paired: the same seeds)",
        "games": 4000, "seed": 1,
        "fixed": {"strategy": "greedy"},
        "axes": {"players": list(PLAYERS), "mode": list(K.MODES)},
    },
    "hobbit-heroes": hero_balance,
    "hobbit-hero-balance": hero_balance_4,
    "hobbit-seats": seat_advantage,
    "hobbit-cards": card_impact,
    "hobbit-smoke": {
        "description": "a quick check of the machinery on the Hobbit deck-builder",
        "games": 200, "seed": 1, "chunk": 100,
        "fixed": {"strategy": "greedy", "rivals": "random"},
        "axes": {"players": [2, 4], "mode": ["normal", "coop"]},
    },
}

GAME = Game(
    name=NAME, title=TITLE, package=__name__, options=(*OPTIONS, ASSUME),
    assumptions="data/assumptions.toml", levers="data/levers.toml",
    default_players=4, default_strategy="greedy",
    result_fields=tuple(RESULT_FIELDS), outcomes=dict(OUTCOMES), loss_reasons=dict(LOSS_REASONS),
    mix_options=("without",),   # the catalog names them in its mix
    # the player count and the focal seat (i mod players when it rotates) of each game, and its
    # mode
    option_fields=("players", "mode", "seat"),
    decisions=tuple(DECISIONS), load_catalog=load_catalog, make_config=make_config,
    run_games=run_games, play_logged=play_logged, new_state=new_state, format_log=format_log,
    event_records=event_records, objectives_summary=objectives_summary, summarize=summarize,
    summary_lines=summary_lines, describe=describe, cell_extras=cell_extras,
    check_strategy=check_strategy, seated=seated, grids=GRIDS, report=REPORT,
    levels=levels_table, ladder=ladder_cells, data_summary=data_summary,
    headline_options=("mode",),
    compile_s=40,
    examples=(
        "meeplesim play --game hobbit --players 4 --seed 3",
        "meeplesim run --game hobbit --players 4 --mode coop",
        "meeplesim ladder --game hobbit --players 4",
    ),
    bench=({"strategy": "greedy", "players": 4, "options": {}, "label": "greedy, 4 players"},),
)

__all__ = ["GAME", "NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS",
           "OPTIONS", "load_catalog", "make_config", "run_games", "play_logged", "format_log",
           "event_records", "objectives_summary", "check_strategy", "summarize", "summary_lines",
           "describe", "cell_extras", "GRIDS"]
