"""Gnome Village: 2 to 4 players build villages of House, Workshop, Business and Road tiles,
move gnomes across them and score points (rulebook: gnome-village.txt). `GAME` declares
everything the generic layers read (simcore.gamekit.Game)."""
from ...gamekit import ASSUME, Game
from .catalog import load_catalog
from .config import OPTIONS, check_strategy, make_config, seated
from .consts import DECISIONS, LOSS_REASONS, OUTCOMES, RESULT_FIELDS
from .game import play_logged, run_games
from .report import REPORT
from .state import new_state
from .tables import BZ_EXPANSION
from .summary import cell_extras, describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "gnome-village"
TITLE = "Gnome Village"

def business_impact() -> dict:
    """Each base-game business type out of the supply against the full supply, paired."""
    cat = load_catalog(None)
    ids = [b for b, row in zip(cat.businesses, cat.rules.biz) if not row[BZ_EXPANSION]]
    return {"description": "every business type of the base game taken out of the supply, against "
            "the full supply on paired seeds, ranked by the change in the first player's win "
            "rate (greedy in every seat, 3 players, focal seat 0)",
            "games": 10000, "seed": 1, "compare": "without", "rank": True,
            "fixed": {"strategy": "greedy", "players": 3, "seat": "0"},
            "axes": {"without": [[]] + [[b] for b in ids]}}


def seat_advantage() -> dict:
    """Every seat of 2, 3 and 4 players as the focal seat, on the same seeds: game i of every
    seat's cell is the same deal (greedy in every seat plays it the same), so the report pairs
    the seats game by game."""
    pairs = [(p, str(s)) for p in (2, 3, 4) for s in range(p)]
    return {"description": "the seat advantage: greedy in every seat, each seat in turn the "
            "focal one on the same seeds (paired), 2 to 4 players",
            "games": 20000, "seed": 1, "fixed": {"strategy": "greedy"},
            "linked": [{"players": [p for p, _ in pairs], "seat": [s for _, s in pairs]}]}


GRIDS = {
    "gnome-businesses": business_impact,
    "gnome-seats": seat_advantage,
    "gnome-plans": {
        "description": "workshop-first against business-first: the focal seat (rotating) plays "
                       "one plan, then the other (and plain greedy), against greedy rivals on "
                       "the same seeds (paired), 3 players",
        "games": 20000, "seed": 1,
        "fixed": {"rivals": "greedy", "players": 3},
        "axes": {"strategy": ["greedy", "workshop-first", "business-first"]},
    },
    "gnome-variants": {
        "description": "the children's variant and the mini-expansion, greedy in every seat, "
                       "the focal seat rotating, 2 to 4 players (paired: the same seeds); a "
                       "combined report's overview reads these rotating-seat cells",
        "games": 20000, "seed": 1,
        "fixed": {"strategy": "greedy"},
        "axes": {"players": [2, 3, 4], "family": [False, True], "expansion": [False, True]},
    },
    "gnome-smoke": {
        "description": "a quick check of the machinery on Gnome Village",
        "games": 200, "seed": 1, "chunk": 100,
        "fixed": {"strategy": "greedy", "rivals": "random"},
        "axes": {"players": [2, 4]},
    },
}

GAME = Game(
    name=NAME, title=TITLE, package=__name__, options=(*OPTIONS, ASSUME),
    assumptions="data/assumptions.toml", levers="data/levers.toml",
    default_players=3, default_strategy="greedy",
    result_fields=tuple(RESULT_FIELDS), outcomes=dict(OUTCOMES), loss_reasons=dict(LOSS_REASONS),
    mix_options=("without",),   # the catalog names them in its mix
    # the player count and the focal seat (i mod players when it rotates) of each game
    option_fields=("players", "seat"),
    decisions=tuple(DECISIONS), load_catalog=load_catalog, make_config=make_config,
    run_games=run_games, play_logged=play_logged, new_state=new_state, format_log=format_log,
    event_records=event_records, objectives_summary=objectives_summary, summarize=summarize,
    summary_lines=summary_lines, describe=describe, cell_extras=cell_extras,
    check_strategy=check_strategy, seated=seated, grids=GRIDS, report=REPORT,
    compile_s=50,   # the rules alone, from an empty cache: a first `run --strategy random` took ~50 s
    examples=(
        "meeplesim play --game gnome-village --players 3 --seed 2",
        "meeplesim run --game gnome-village --players 4 --strategy greedy --rivals random",
        "meeplesim run --game gnome-village --players 2 --family",
    ),
    bench=({"strategy": "greedy", "players": 4, "options": {}, "label": "greedy, 4 players"},),
)

__all__ = ["GAME", "NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS",
           "OPTIONS", "load_catalog", "make_config", "run_games", "play_logged", "format_log",
           "event_records", "objectives_summary", "check_strategy", "summarize", "summary_lines",
           "describe", "cell_extras", "GRIDS"]
