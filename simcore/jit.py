"""The one place kernels get compiled from.

numba's on-disk cache (`cache=True`) does not notice edits in *imported* modules: a kernel
that calls a changed helper would load stale machine code. We key the cache directory by a
hash of every kernel source file, so any edit to the engine starts a fresh cache.
A user's NUMBA_CACHE_DIR wins over ours.
"""
import hashlib
import os
from pathlib import Path

import warnings

import numba
from numba.core.errors import NumbaWarning

# A plug-in strategy is called back in object mode (simcore.policy.choose_plugin): numba
# warns, at compile time, that those calls take the GIL. Only plug-in games are affected.
warnings.filterwarnings("ignore", message="Code running in object mode won't allow parallel",
                        category=NumbaWarning)

_ROOT = Path(__file__).resolve().parent


# The sources kernels are compiled from: the generic kernel modules and every game package
# (less its text output). Editing anything else (the runner, the store, errors, statistics,
# the plug-in bridge) keeps the cache.
_KERNEL_MODULES = {"jit.py", "rng.py", "policy.py"}
_NOT_KERNEL_SOURCES = {"trace.py"}


def _kernel_sources():
    for path in sorted(_ROOT.rglob("*.py")):
        rel = path.relative_to(_ROOT)
        if path.name in _NOT_KERNEL_SOURCES:
            continue
        if (len(rel.parts) == 1 and path.name in _KERNEL_MODULES) or rel.parts[0] == "games":
            yield path


def _source_hash() -> str:
    h = hashlib.sha256(numba.__version__.encode())
    for path in _kernel_sources():
        h.update(str(path.relative_to(_ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


if not os.environ.get("NUMBA_CACHE_DIR"):
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplesim"
    numba.config.CACHE_DIR = str(base / f"numba-{_source_hash()}")


def njit(*args, **kwargs):
    """`numba.njit` for kernels: cached on disk, GIL released, and no reference counting.

    Kernels never allocate: they work in arrays the caller owns. numba otherwise increments
    and decrements the reference count of every array argument of every call (atomic
    operations); with the state's ~20 arrays that cost dominated the game loop: 768 games/s
    with reference counting, 11 864 games/s without, bit-identical results (measured on this
    machine, random strategy, Standard). A function that allocates (np.zeros...) must use
    `numba.njit` instead.
    """
    kwargs.setdefault("cache", True)
    kwargs.setdefault("nogil", True)
    kwargs.setdefault("_nrt", False)
    if args and callable(args[0]):
        return numba.njit(**kwargs)(args[0])
    return numba.njit(*args, **kwargs)
