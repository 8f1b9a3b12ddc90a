"""Strategies written by users in plain Python, without editing meeplesim.

A plug-in is a function `choose(decision, options, state, rules, params) -> int`:
  decision  the decision's name (the game's DECISIONS, e.g. "place", "play-card")
  options   the legal options (an int64 array; what an option means per decision is listed
            in the game's consts.py, e.g. an action index for "place")
  state     the game's State (NamedTuple of numpy arrays, read-only by contract)
  rules     the catalog's Rules arrays
  params    dict of the plug-in's parameters (its module's PARAMS, with --param overrides)
It returns an index into `options`. It is named on the command line as
`--strategy package.module:function` or registered under a short name through the
`meeplesim.strategies` entry point group (see the README).

The game kernel calls back through `dispatch` (numba object mode, about 1 microsecond per
decision plus the plug-in's own time). The game's Python entry points bind the State they
play to the current thread with `bind_state`; `activate` sets the plug-in for this thread.
"""
from __future__ import annotations

import threading

import numpy as np

_local = threading.local()


def activate(fn, params: dict, decisions: list[str]) -> None:
    """Make `fn` the plug-in the kernel calls on this thread."""
    _local.fn = fn
    _local.params = dict(params)
    _local.decisions = decisions


def bind_state(state, rules) -> None:
    """The State and Rules the kernel is about to play on this thread."""
    _local.state = state
    _local.rules = rules


def dispatch(kind: int, n: int) -> int:
    """Called from the kernel: the plug-in's index, or -1 when it is not an int (the kernel
    then raises, naming the decision)."""
    fn = getattr(_local, "fn", None)
    _local.bad = None
    if fn is None:
        return -1
    st = _local.state
    idx = fn(_local.decisions[kind], st.options[:n], st, _local.rules, _local.params)
    if isinstance(idx, (bool, np.bool_)) or not isinstance(idx, (int, np.integer)):
        _local.bad = idx
        return -1
    return int(idx)


def last_non_index():
    """What the plug-in returned instead of an int at its last decision, or None."""
    return getattr(_local, "bad", None)
