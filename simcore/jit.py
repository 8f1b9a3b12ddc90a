"""The one place kernels get compiled from.

numba's on-disk cache (`cache=True`) does not notice edits in *imported* modules: a kernel
that calls a changed helper would load stale machine code. We key the cache directory by a
hash of the kernel sources, so any edit to a kernel starts a fresh cache.

Each game package has its own cache directory, keyed by the generic kernel modules (jit.py,
linked.py, packed.py, policy.py, rng.py) plus that game's own package sources: editing one
game does not throw away another game's compiled kernels (Hidden Village takes about a minute
to compile from cold).
Generic kernels (rng, policy) get a directory keyed by the generic sources only.
A user's NUMBA_CACHE_DIR wins over ours: then every kernel is cached there.
"""
import contextlib
import functools
import hashlib
import os
from pathlib import Path

import warnings

import numba
from numba.core import types
from numba.core.errors import NumbaWarning

# A plug-in strategy is called back in object mode (simcore.policy.choose_plugin): numba
# warns, at compile time, that those calls take the GIL. Only plug-in games are affected.
warnings.filterwarnings("ignore", message="Code running in object mode won't allow parallel",
                        category=NumbaWarning)

_ROOT = Path(__file__).resolve().parent
_GAMES = _ROOT / "games"


# The sources kernels are compiled from: the generic kernel modules and each game package
# (less its text output). Editing anything else (the runner, the store, errors, statistics,
# the plug-in bridge) keeps the cache.
_KERNEL_MODULES = ("jit.py", "linked.py", "packed.py", "policy.py", "rng.py")
_NOT_KERNEL_SOURCES = {"trace.py"}
_USER_CACHE_DIR = os.environ.get("NUMBA_CACHE_DIR") or None


def _generic_sources():
    for name in _KERNEL_MODULES:
        yield _ROOT / name


def _game_sources(package: str):
    """Kernel sources of the game package `package` (its directory name under games/)."""
    for path in sorted((_GAMES / package).rglob("*.py")):
        if path.name not in _NOT_KERNEL_SOURCES:
            yield path


def game_packages() -> list[str]:
    """Directory names of the game packages under simcore/games/."""
    return sorted(p.name for p in _GAMES.iterdir()
                  if p.is_dir() and (p / "__init__.py").exists())


def _hash(paths) -> str:
    h = hashlib.sha256(numba.__version__.encode())
    for path in paths:
        h.update(str(path.relative_to(_ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def _source_hash(package: str | None = None) -> str:
    """Code version of the kernels: generic modules plus one game package's sources
    (`package` = its directory name, e.g. "hidden_village"); with no package, the generic
    modules plus every game package (all kernel sources)."""
    packages = [package] if package else game_packages()
    paths = list(_generic_sources())
    for p in packages:
        paths.extend(_game_sources(p))
    return _hash(paths)


@functools.lru_cache(maxsize=None)
def _generic_hash() -> str:
    return _hash(_generic_sources())


def _cache_base() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplesim"


def cache_dir_for(module: str) -> str:
    """The numba cache directory for kernels defined in `module` (a dotted module name)."""
    if _USER_CACHE_DIR:
        return _USER_CACHE_DIR
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] == "simcore" and parts[1] == "games":
        key = f"{parts[2]}-{_source_hash(parts[2])}"
    else:
        key = f"generic-{_generic_hash()}"
    return str(_cache_base() / f"numba-{key}")


def _one_version_per_type(dispatcher):
    """Make calls from other kernels compile this kernel once per argument *types*.

    numba otherwise compiles a separate version for every constant a caller passes
    (`log(C, st, K.EV_GAIN, r, 0, 1)` typed `Literal[int](0)`, `Literal[int](1)`): the
    Hidden Village event logger had 15 versions, `craft` 4 with 54 kernels linked into each.
    The argument's value is then an ordinary runtime value: the same results, a fraction of
    the compile time."""
    resolve = getattr(dispatcher, "get_call_template", None)
    if resolve is None:   # NUMBA_DISABLE_JIT: the plain function
        return dispatcher

    def get_call_template(args, kws):
        return resolve(tuple(types.unliteral(a) for a in args),
                       {k: types.unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


@contextlib.contextmanager
def _cache_dir_of(module: str):
    """numba's cache location set for the kernels of `module` (a dotted module name) while
    they are decorated (numba reads config.CACHE_DIR when a dispatcher enables caching)."""
    saved = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = cache_dir_for(module)
    try:
        yield
    finally:
        numba.config.CACHE_DIR = saved


def _module_of(func) -> str:
    return getattr(func, "__module__", "") or ""


def _compile(kwargs, func):
    """numba.njit(**kwargs)(func), cached in the directory of func's game package."""
    if not kwargs.get("cache"):
        return _one_version_per_type(numba.njit(**kwargs)(func))
    with _cache_dir_of(_module_of(func)):
        return _one_version_per_type(numba.njit(**kwargs)(func))


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
        return _compile(kwargs, args[0])
    if args:  # a signature: njit("f8(f8)", ...)
        kwargs["signature_or_function"] = args[0]
    return functools.partial(_compile, kwargs)


def cfunc(signature, **kwargs):
    """`numba.cfunc` for a kernel called by address (simcore.linked): cached on disk and
    without reference counting, like `njit`'s kernels. Under NUMBA_DISABLE_JIT the plain
    function."""
    kwargs.setdefault("cache", True)
    kwargs.setdefault("_nrt", False)

    def wrap(func):
        if numba.config.DISABLE_JIT:
            return func
        with _cache_dir_of(_module_of(func)):
            return numba.cfunc(signature, **kwargs)(func)

    return wrap


def njit_with(module: str, **kwargs):
    """`numba.njit(cache=True)` for a kernel outside simcore (a test's driver loop) that calls
    the kernels of `module` (e.g. "simcore.games.hidden_village.rules"): cached in that
    module's directory, so an edit to those kernels starts a fresh cache for it too. numba's
    own cache, keyed by the caller's file alone, would keep stale copies of them. Reference
    counting stays on: such a kernel may allocate."""
    def wrap(func):
        with _cache_dir_of(module):
            return numba.njit(cache=True, **kwargs)(func)

    return wrap
