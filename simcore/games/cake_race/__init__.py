"""The Smurf cake race: a roll-and-move push-your-luck race (rulebook: cake-race-sv.txt).

Walk to the big cake, take cakes, carry them home past Gargamel and Azrael; most secured
cakes wins. `GAME` declares everything the generic layers read (simcore.gamekit.Game).
"""
from ...gamekit import ASSUME, Game
from .catalog import load_catalog
from .config import OPTIONS, make_config, seated
from .consts import DECISIONS, LOSS_REASONS, OUTCOMES, RESULT_FIELDS
from .game import check_strategy, play_logged, run_games
from .state import new_state
from .report import REPORT
from .summary import cell_extras, describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "cake-race"
TITLE = "The Smurf cake race"

# Built-in grids (`meeplesim sweep NAME`)
GRIDS = {
    "cake-thresholds": {
        "description": "threshold k = 1..10 for the focal seat (rotating) against adaptive rivals, "
                       "1 to 4 players",
        "games": 4000, "seed": 1,
        "fixed": {"strategy": "threshold", "rivals": "adaptive"},
        "axes": {"players": [1, 2, 3, 4], "params": [{"k": k} for k in range(1, 11)]},
    },
    "cake-smoke": {
        "description": "a quick check of the machinery on the cake race",
        "games": 200, "seed": 1, "chunk": 100,
        "fixed": {"strategy": "threshold", "players": 2},
        "axes": {"params": [{"k": 3}, {"k": 6}]},
    },
}

GAME = Game(
    name=NAME, title=TITLE, package=__name__, options=(*OPTIONS, ASSUME),
    assumptions="data/assumptions.toml", levers="data/levers.toml",
    default_players=2, default_strategy="threshold",
    result_fields=tuple(RESULT_FIELDS), outcomes=dict(OUTCOMES), loss_reasons=dict(LOSS_REASONS),
    # the catalog names these rule choices in its mix
    mix_options=("hat_spent", "caught_loses", "chase_first", "exact_home"),
    # the player count and the focal seat (i mod players when it rotates) of each game
    option_fields=("players", "seat"),
    decisions=tuple(DECISIONS), load_catalog=load_catalog, make_config=make_config,
    run_games=run_games, play_logged=play_logged, new_state=new_state, format_log=format_log,
    event_records=event_records, objectives_summary=objectives_summary, summarize=summarize,
    summary_lines=summary_lines, describe=describe, cell_extras=cell_extras,
    check_strategy=check_strategy, seated=seated, grids=GRIDS,
    report=REPORT, commands=f"{__name__}.commands",
    compile_s=20,   # the rules alone, from an empty cache: `run --strategy random` took ~19 s CPU
    bench=({"strategy": "threshold", "players": 2, "options": {}, "label": "threshold, 2 players"},
           {"strategy": "adaptive", "players": 4, "options": {"rivals": "adaptive"},
            "label": "adaptive against adaptive, 4 players"}),
    examples=(
        "meeplesim play --game cake-race --players 3 --seed 2",
        "meeplesim run --game cake-race --players 3 --strategy threshold --param k=6 --rivals adaptive",
        "meeplesim compare --game cake-race --a param.k=4 --b param.k=7 --rivals adaptive",
        "meeplesim sweep cake-thresholds --results results/cake",
        "meeplesim curve --game cake-race --rivals adaptive",
    ),
)

__all__ = ["GAME", "NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS",
           "OPTIONS", "load_catalog", "make_config", "run_games", "play_logged", "format_log",
           "event_records", "objectives_summary", "check_strategy", "summarize", "summary_lines",
           "describe", "cell_extras", "GRIDS"]
