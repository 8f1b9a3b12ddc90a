"""The Smurfs: Hidden Village — the flagship game.

The game interface the CLI and the runners use (a second game exposes the same names):
  NAME, load_catalog(data_dir), make_config(catalog, ...), run_games(...), play_logged(...),
  RESULT_FIELDS, OUTCOMES, LOSS_REASONS, DECISIONS (decision names in kernel order),
  format_log, event_records, objectives_summary.
"""
from .catalog import load_catalog
from .config import make_config
from .consts import DECISIONS, LOSS_REASONS, RESULT_FIELDS
from .game import play_logged, run_games
from .trace import event_records, format_log, objectives_summary

NAME = "hidden-village"
TITLE = "The Smurfs: Hidden Village"
OUTCOMES = {0: "running", 1: "win", 2: "loss"}

__all__ = ["NAME", "TITLE", "OUTCOMES", "DECISIONS", "LOSS_REASONS", "RESULT_FIELDS", "load_catalog",
           "make_config", "run_games", "play_logged", "format_log", "event_records",
           "objectives_summary"]
