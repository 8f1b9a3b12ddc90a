"""The one place kernels get compiled from.

numba's on-disk cache (`cache=True`) does not notice edits in *imported* modules: a kernel
that calls a changed helper would load stale machine code. We key the cache directory by a
hash of the kernel sources, so any edit to a kernel starts a fresh cache.

The key covers exactly the files kernels are compiled from: the modules that define kernels
and every project module they import (simcore/kernel_sources.py gives the rule and why it
never misses one). Each game package has its own cache directory, keyed by the kernel sources
of simcore/games/<game>/ and strategies/<game>/ and what they import (the generic kernel
modules among them): editing one game does not throw away another game's compiled kernels,
and editing what no kernel imports (the game's loader and its messages, the CLI, the runner,
reports) keeps them all (the flagship game takes about a minute to compile from cold).
Generic kernels (rng, policy) get a directory keyed by the generic kernel sources only.
A game brought by MEEPLESIM_GAME_PATH (simcore/gamepath.py) is keyed the same way, its files
named as if they were in simcore/games/<game>/: its key does not depend on where its folder is.
The folders live under ~/.cache/meeplesim (XDG_CACHE_HOME) or, when the user sets
NUMBA_CACHE_DIR (a cluster or CI does as a matter of course), under that folder: the user's
variable chooses *where* the kernels are cached, never *whether* they are keyed by their
sources. (It once chose both: every kernel went into the one folder, numba's own cache then
missed an edit in an imported module, and a strategy kernel read a State layout that had
changed, silently.)
"""
import contextlib
import functools
import hashlib
import importlib.util
import os
from pathlib import Path

import warnings

import numba
from numba.core import types
from numba.core.errors import NumbaWarning

from . import gamepath, kernel_sources

# numba's optimisation level "max": each kernel's per-function pass runs at -O3 before the
# module passes, instead of -O0 (numba.core.codegen, NUMBA_OPT). Measured in lockstep (the same
# games, identical results): about 2% more games per second, for a first compile about 14%
# longer (docs/performance.md, change 42). numba reads the level when its code generator starts
# (the first compile of the process): it is set here, at the import of the module every kernel
# is compiled from, and in the environment, so a compile helper and the pool's workers compile
# alike. A user's NUMBA_OPT wins.
OPT_LEVEL = "max"
if "NUMBA_OPT" not in os.environ:
    os.environ["NUMBA_OPT"] = OPT_LEVEL
    numba.config.reload_config()

# A plug-in strategy is called back in object mode (simcore.plugin_chooser.choose_plugin): numba
# warns, at compile time, that those calls take the GIL. Only plug-in games are affected.
warnings.filterwarnings("ignore", message=".*Code running in object mode won't allow parallel",
                        category=NumbaWarning)

_ROOT = kernel_sources.ROOT                 # the folder holding simcore/ and strategies/
_USER_CACHE_DIR = os.environ.get("NUMBA_CACHE_DIR") or None   # where, if the user says so


def game_packages(root: Path = _ROOT) -> list[str]:
    """Directory names of the game packages under simcore/games/ and in the folders of
    MEEPLESIM_GAME_PATH (simcore/gamepath.py)."""
    folders = [root / "simcore" / "games", *gamepath.folders()[0]]
    return sorted({p.name for d in folders for p in d.iterdir()
                   if p.is_dir() and (p / "__init__.py").exists()})


def _package_of(module: str) -> str | None:
    """The game package whose cache holds the kernels of `module` (a dotted name): its game's
    for simcore.games.<game>.* and strategies.<game>.*, None (generic) otherwise."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["simcore", "games"]:
        return parts[2]
    if len(parts) >= 2 and parts[0] == "strategies" and parts[1] in game_packages():
        return parts[1]
    return None


def key_files(package: str | None = None, root: Path = _ROOT) -> list[Path]:
    """The source files the cache key of game package `package` covers (the generic kernels'
    key with None): its kernel modules and every project module they import."""
    roots = (kernel_sources.game_kernel_modules(package, root) if package
             else kernel_sources.generic_kernel_modules(root))
    return kernel_sources.kernel_closure(roots, root)


def source_hash(package: str | None = None, root: Path = _ROOT, all_games: bool = False) -> str:
    """The hash of `key_files(package)` (with `all_games`, of every game's and the generic
    kernels' files: the code version of all kernels)."""
    if all_games:
        files = set(key_files(None, root))
        for p in game_packages(root):
            files.update(key_files(p, root))
    else:
        files = key_files(package, root)
    h = hashlib.sha256(numba.__version__.encode())
    for label, path in sorted((kernel_sources.source_label(p, root), p) for p in files):
        h.update(label.encode() + b"\0")
        h.update(path.read_bytes())
    kernel_sources.save_memo()
    return h.hexdigest()[:16]


@functools.lru_cache(maxsize=None)
def _source_hash(package: str | None = None) -> str:
    """Code version of the kernels (results manifests, cache folders): of game package
    `package` (its directory name, e.g. "foo_bar" for the game foo-bar), or with no package of every
    game's and the generic kernels."""
    return source_hash(package, all_games=package is None)


@functools.lru_cache(maxsize=None)
def _generic_hash() -> str:
    return source_hash(None)


@functools.lru_cache(maxsize=None)
def _key_file_set(package: str | None) -> frozenset:
    return frozenset(key_files(package))


def _cache_base() -> Path:
    """The folder holding the keyed cache folders: the user's NUMBA_CACHE_DIR if set, else
    meeplesim's folder of the user's cache."""
    if _USER_CACHE_DIR:
        return Path(_USER_CACHE_DIR)
    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplesim"


def cache_dir_for(module: str) -> str:
    """The numba cache directory for kernels defined in `module` (a dotted module name): a
    folder named after its game package and the hash of its kernel sources, wherever the base."""
    package = _package_of(module)
    key = f"{package}-{_source_hash(package)}" if package else f"generic-{_generic_hash()}"
    return str(_cache_base() / f"numba-{key}")


def has_compiled(module: str) -> bool:
    """Does the kernel cache hold compiled kernels of `module` (a dotted name; a package: of
    any of its modules)? False means a run using it compiles first (about a minute for a
    game's rules): the CLI says so instead of reporting the compile as slow play."""
    d = Path(cache_dir_for(module))
    if not d.is_dir():
        return False
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        return False
    path = Path(spec.origin)
    if path.name == "__init__.py":
        return any(d.rglob("*.nbi"))
    # numba keeps a source's index files in a folder named after the source's folder
    return any(d.glob(f"{path.parent.name}_*/{path.stem}.*.nbi"))


def _check_keyed(func):
    """A cached kernel's own file must be among the files of its cache key, or an edit to a
    module it imports would not change the key (kernel_sources.py finds kernel modules by
    their imports; a kernel defined some other way must not go unnoticed)."""
    package = _package_of(_module_of(func))
    path = Path(func.__code__.co_filename).resolve()
    if path not in _key_file_set(package):
        where = f"game package '{package}'" if package else "the generic kernels"
        raise RuntimeError(f"{path}: defines the cached kernel {func.__qualname__}, but is not among "
                           f"the kernel sources of {where} (simcore/kernel_sources.py): import "
                           f"simcore.jit or numba in it, or compile it with cache=False")


def _one_version_per_type(dispatcher):
    """Make calls from other kernels compile this kernel once per argument *types*.

    numba otherwise compiles a separate version for every constant a caller passes
    (`log(C, st, K.EV_GAIN, r, 0, 1)` typed `Literal[int](0)`, `Literal[int](1)`): the
    flagship game's event logger had 15 versions, `craft` 4 with 54 kernels linked into each.
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


def _claim_path(dispatcher, sig) -> Path:
    """The file whose lock claims the compile of `dispatcher` for argument types `sig`, in the
    kernel's cache directory (numba.config.CACHE_DIR as it was when the kernel was decorated)."""
    key = f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}({', '.join(map(str, sig))})"
    folder = Path(dispatcher._cache.cache_path) / "claims"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / (hashlib.sha1(key.encode()).hexdigest()[:20] + ".lock")


@contextlib.contextmanager
def claim(dispatcher, sig, wait: bool = True):
    """Hold the claim on compiling `dispatcher` for `sig` (an exclusive lock on a file of the
    kernel cache), yielding True; with wait=False, yield False at once if another process
    holds it. Two processes compiling the same kernels (a run and its compile helper,
    experiments/compile_aside.py) then never compile one twice: the second waits for the
    first, and numba then loads the kernel from the cache. The lock goes with its process,
    so a killed compile leaves no stale claim."""
    import fcntl
    with open(_claim_path(dispatcher, sig), "a") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _claimed_compiles(dispatcher):
    """Compile this cached kernel for new argument types under its claim (`claim`): calls
    from other kernels and from Python both go through `dispatcher.compile`."""
    compile_ = getattr(dispatcher, "compile", None)
    if compile_ is None:   # NUMBA_DISABLE_JIT: the plain function
        return dispatcher

    def compile(sig):
        if not isinstance(sig, tuple) or sig in dispatcher.overloads:
            return compile_(sig)
        with claim(dispatcher, sig):
            return compile_(sig)

    dispatcher._compile_numba = compile_
    dispatcher.compile = compile
    return dispatcher


def compile_unclaimed(dispatcher, sig: tuple) -> bool:
    """Compile `dispatcher` for argument types `sig` (or load it from the cache) unless
    another process holds its claim; True if it is compiled in this process now."""
    if not hasattr(dispatcher, "_compile_numba"):   # NUMBA_DISABLE_JIT: nothing to compile
        return False
    if sig in dispatcher.overloads:
        return True
    with claim(dispatcher, sig, wait=False) as mine:
        if mine:
            dispatcher._compile_numba(sig)
        return mine


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
    _check_keyed(func)
    with _cache_dir_of(_module_of(func)):
        return _claimed_compiles(_one_version_per_type(numba.njit(**kwargs)(func)))


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
        if kwargs.get("cache"):
            _check_keyed(func)
        with _cache_dir_of(_module_of(func)):
            return numba.cfunc(signature, **kwargs)(func)

    return wrap


def njit_with(module: str, **kwargs):
    """`numba.njit(cache=True)` for a kernel outside simcore (a test's driver loop) that calls
    the kernels of `module` (e.g. "simcore.games.foo_bar.rules"): cached in that
    module's directory, so an edit to those kernels starts a fresh cache for it too. numba's
    own cache, keyed by the caller's file alone, would keep stale copies of them. Reference
    counting stays on: such a kernel may allocate."""
    def wrap(func):
        with _cache_dir_of(module):
            return numba.njit(cache=True, **kwargs)(func)

    return wrap
