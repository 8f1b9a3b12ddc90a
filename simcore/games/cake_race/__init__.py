"""The Smurf cake race: a roll-and-move push-your-luck race (rulebook: cake-race-sv.txt).

Walk to the big cake, take cakes, carry them home past Gargamel and Azrael; most secured
cakes wins. The same game interface as every game package (see simcore.games):
  NAME, TITLE, OUTCOMES, DECISIONS, LOSS_REASONS, RESULT_FIELDS, load_catalog, make_config,
  run_games, play_logged, format_log, event_records, objectives_summary,
and the optional parts generic layers use when a game has them:
  OPTIONS (game options beyond players, name -> (default, help)), check_strategy,
  summarize / summary_lines / describe (text and JSON of `run`), commands (extra CLI commands).
"""
from .catalog import load_catalog
from .config import OPTIONS, check_strategy, make_config
from .consts import DECISIONS, LOSS_REASONS, OUTCOMES, RESULT_FIELDS
from .game import play_logged, run_games
from .summary import describe, summarize, summary_lines
from .trace import event_records, format_log, objectives_summary

NAME = "cake-race"
TITLE = "The Smurf cake race"
DEFAULT_PLAYERS = 2

__all__ = ["NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS", "OPTIONS",
           "load_catalog", "make_config", "run_games", "play_logged", "format_log",
           "event_records", "objectives_summary", "check_strategy", "summarize", "summary_lines",
           "describe", "DEFAULT_PLAYERS"]
