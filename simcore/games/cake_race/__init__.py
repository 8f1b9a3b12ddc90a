"""The Smurf cake race: a roll-and-move push-your-luck race (rulebook: cake-race-sv.txt).

Walk to the big cake, take cakes, carry them home past Gargamel and Azrael; most secured
cakes wins. The same game interface as every game package (see simcore.games):
  NAME, TITLE, OUTCOMES, DECISIONS, LOSS_REASONS, RESULT_FIELDS, load_catalog, make_config,
  run_games, play_logged, format_log, event_records, objectives_summary,
and the optional parts generic layers use when a game has them:
  OPTIONS (game options beyond players, name -> (default, help)), check_strategy,
  summarize / summary_lines / describe (text and JSON of `run`), cell_extras (a sweep
  cell's own numbers), GRIDS (built-in sweeps), commands (extra CLI commands).
"""
from .catalog import load_catalog
from .config import OPTIONS, check_strategy, make_config
from .consts import DECISIONS, LOSS_REASONS, OUTCOMES, RESULT_FIELDS
from .game import play_logged, run_games
from .summary import cell_extras, describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "cake-race"
TITLE = "The Smurf cake race"
DEFAULT_PLAYERS = 2

# Built-in grids (`meeplesim sweep NAME`): found by the experiments layer through GRIDS.
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

__all__ = ["NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS", "OPTIONS",
           "load_catalog", "make_config", "run_games", "play_logged", "format_log",
           "event_records", "objectives_summary", "check_strategy", "summarize", "summary_lines",
           "describe", "cell_extras", "DEFAULT_PLAYERS", "GRIDS"]
