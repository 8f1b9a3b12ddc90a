"""Plain-Python pieces every game package shares (no kernels here): reading a data file, and
the two entry points the runners call, built around a game's own chunk runner."""
from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from .errors import DataError


def read_toml(path: Path) -> dict:
    """A data file's TOML as a dict; a missing, unreadable or malformed file is a DataError
    naming the file."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(path, "", "file not found") from None
    except IsADirectoryError:
        raise DataError(path, "", "is a folder, not a file") from None
    except UnicodeDecodeError as e:
        raise DataError(path, "", f"not UTF-8 text ({e.reason})") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(path, "", f"not valid TOML: {e}") from None


def game_runners(run_chunk, new_state, n_result_fields: int, ev_n: int):
    """`run_games` and `play_logged` of a game whose `run_chunk(catalog, cfg, st,
    strategy_id, params, seed, start, out)` plays games start .. start + len(out) - 1 into
    `out`; `ev_n` is the index of the state's event count in `st.sc`."""

    def run_games(catalog, cfg, strategy_id: int, params: np.ndarray, seed: int, start: int,
                  n: int, state=None) -> np.ndarray:
        """Results (int32[n, len(RESULT_FIELDS)]) of games start .. start + n - 1."""
        st = state if state is not None else new_state(catalog.rules, event_capacity=1)
        out = np.zeros((n, n_result_fields), np.int32)
        run_chunk(catalog, cfg._replace(log_on=0), st, strategy_id, params, seed, start, out)
        return out

    def play_logged(catalog, cfg, strategy_id: int, params: np.ndarray, seed: int,
                    game_index: int = 0, event_capacity: int = 1 << 16):
        """Play one game with the log on; returns (final State, events, result row)."""
        st = new_state(catalog.rules, event_capacity=event_capacity)
        out = np.zeros((1, n_result_fields), np.int32)
        run_chunk(catalog, cfg._replace(log_on=1), st, strategy_id, params, seed, game_index,
                  out)
        return st, st.events[: st.sc[ev_n]].copy(), out[0]

    return run_games, play_logged
