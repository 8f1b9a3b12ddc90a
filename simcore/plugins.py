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
`meeplesim.strategies` entry point group (see docs/strategies.md, "Writing your own").

The game kernel calls back through `dispatch` (numba object mode, about 1 microsecond per
decision plus the plug-in's own time). The game's Python entry points bind the State they
play to the current thread with `bind_state`; simcore.plugin_chooser.activate sets the plug-in
for this thread and binds its chooser.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import os
import sys
import threading

import numpy as np

from .errors import UserError

ENTRY_POINT_GROUP = "meeplesim.strategies"

_local = threading.local()


def entry_points() -> dict:
    """Installed plug-in strategies by short name."""
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def load(name: str, folder: str | None = None):
    """(function, module) of the plug-in `package.module:function` or of the entry point
    `name`; None if `name` is neither. A module is also looked for in `folder` (default: the
    current folder, as `python -m` does; a worker process gets its parent's). A name that
    looks like one but does not load is a UserError saying why."""
    if ":" in name:
        mod_name, _, fn_name = name.partition(":")
        folder = folder or os.getcwd()
        if folder not in sys.path:
            sys.path.append(folder)
        try:
            module = importlib.import_module(mod_name)
        except ImportError as e:
            raise UserError(f"strategy '{name}': cannot import module '{mod_name}' ({e})") from None
        fn = getattr(module, fn_name, None)
        if fn is None:
            raise UserError(f"strategy '{name}': module '{mod_name}' has no '{fn_name}'")
    else:
        ep = entry_points().get(name)
        if ep is None:
            return None
        try:
            fn = ep.load()
        except Exception as e:   # a broken third-party package: say which
            raise UserError(f"strategy '{name}': entry point {ep.value} failed to load ({e})") from None
        module = importlib.import_module(fn.__module__)
    if not callable(fn):
        raise UserError(f"strategy '{name}': '{fn!r}' is not a function")
    return fn, module


def set_current(fn, params: dict, decisions: list[str]) -> None:
    """Make `fn` the plug-in `dispatch` calls on this thread. The kernel reaches `dispatch`
    only once the chooser is bound: simcore.plugin_chooser.activate does both."""
    _local.fn = fn
    _local.params = dict(params)
    _local.decisions = decisions


def bind_state(state, rules, options=None) -> None:
    """The State and Rules the kernel is about to play on this thread, and the array the
    kernel lists a decision's options in (default: the state's `options` field)."""
    _local.state = state
    _local.rules = rules
    _local.options = state.options if options is None else options


def dispatch(kind: int, n: int) -> int:
    """Called from the kernel: the plug-in's index, or -1 when it is not an int (the kernel
    then raises, naming the decision)."""
    fn = getattr(_local, "fn", None)
    _local.bad = None
    if fn is None:
        return -1
    st = _local.state
    idx = fn(_local.decisions[kind], _local.options[:n], st, _local.rules, _local.params)
    if isinstance(idx, (bool, np.bool_)) or not isinstance(idx, (int, np.integer)):
        _local.bad = idx
        return -1
    return int(idx)


def last_non_index():
    """What the plug-in returned instead of an int at its last decision, or None."""
    return getattr(_local, "bad", None)
