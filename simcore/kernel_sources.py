"""Which source files a game's compiled kernels depend on: what the numba cache key hashes
(simcore/jit.py). Plain Python: reads the sources' syntax trees, imports nothing it scans.

The rule. The *kernel modules* of a game are the modules of simcore/games/<game>/ and
strategies/<game>/ that import numba, llvmlite or simcore.jit (the only ways to compile a
kernel); the generic kernel modules are those directly in simcore/. A key covers the kernel
modules and every project module they import, transitively (`kernel_closure`).

Why that never misses a module a kernel depends on. A kernel's machine code follows from
  1. its own code: in its kernel module, hashed;
  2. the globals it reads when it is compiled (other kernels, constants, modules such as
     `K`, `T`, `S`): its module binds each of them, from its own source or from a module it
     imports, and those are followed (imports inside functions and in `try` blocks too);
     `from pkg import name` counts pkg/name.py when `name` is a submodule and pkg's
     __init__.py when the __init__ binds `name` itself;
  3. the types of its arguments: numba keys its own cache index by them. Our packed types
     carry their layout in their name (simcore.packed), so a changed record or word-tuple
     layout is a different type wherever it is defined; a NamedTuple's key is its class, so
     a NamedTuple passed to kernels must be defined in a hashed module (tests/test_jit_cache
     checks the compiled signatures);
  4. numba extensions (typing, lowering, the patched indexing of simcore.packed): in modules
     the kernel modules import, so hashed.
What the rule leaves out cannot reach machine code: imports under `if TYPE_CHECKING:` never
run; a package's __init__.py that a kernel module does not read names from (e.g.
a game's __init__.py importing its loader) only runs, and no project module assigns
into another module (tests/test_jit_cache checks every module for that); dynamic imports
(simcore.plugins) load Python strategies that are called back in object mode, not compiled.
simcore.jit checks at compile time that every cached kernel's file is among its key's files,
so a kernel defined through some other route fails loudly instead of caching stale code.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
from pathlib import Path

from . import gamepath

ROOT = Path(__file__).resolve().parent.parent      # the folder holding simcore/ and strategies/
# the project's top-level packages (simcore, strategies, experiments, reports, tests): an
# import of any of them is followed, even one a kernel module should not make
PACKAGES = tuple(sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()))
COMPILERS = ("numba", "llvmlite", "simcore.jit")   # importing one of these makes a kernel module
# Parsing the ~40 sources of a game takes 0.1-0.2 s, paid by every process that loads kernels
# (the CLI, each loky worker); their import statements are kept here by the sha256 of the
# source, so an entry can never be stale: an edited file has another hash.
MEMO = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplesim" / "kernel-imports.json"
MEMO_ENTRIES = 4000                                # beyond this, entries unused in this process go


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The source file of project module `name` (dotted), or None for another package's. A
    module of a game package brought by MEEPLESIM_GAME_PATH (simcore/gamepath.py), named
    `simcore.games.<package>...` like a shipped game's, is found in that folder."""
    return _module_file(name, root, os.environ.get(gamepath.ENV, ""))


@functools.lru_cache(maxsize=None)
def _module_file(name: str, root: Path, game_path: str) -> Path | None:
    parts = name.split(".")
    if parts[0] not in PACKAGES:
        return None
    bases = [root.joinpath(*parts)]
    if len(parts) >= 3 and parts[:2] == ["simcore", "games"] and \
            not (root / "simcore" / "games" / parts[2]).is_dir():
        folder = gamepath.game_folder(parts[2])
        if folder is not None:
            bases.append(folder.joinpath(*parts[3:]))
    for base in bases:
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path
    return None


def game_folder(package: str, root: Path = ROOT) -> Path | None:
    """The folder of game package `package`: simcore/games/<package>/, else the
    MEEPLESIM_GAME_PATH folder's that holds it; None if neither exists."""
    shipped = root / "simcore" / "games" / package
    return shipped if shipped.is_dir() else gamepath.game_folder(package)


def _parts(path: Path, root: Path) -> list:
    """The dotted name's parts of source file `path` (a module of a game package brought by
    MEEPLESIM_GAME_PATH: simcore.games.<package>..., wherever its folder is)."""
    if not Path(path).is_relative_to(root / "simcore") and (found := gamepath.owner(path)):
        return ["simcore", "games", *Path(*found[1]).with_suffix("").parts]
    return list(path.relative_to(root).with_suffix("").parts)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = _parts(path, root)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_label(path: Path, root: Path = ROOT) -> str:
    """A source file's path as the cache key names it: relative to the project
    (`simcore/games/<game>/rules.py`); a game brought by MEEPLESIM_GAME_PATH is named as if it
    were in simcore/games/, so its key does not depend on where its folder is."""
    return "/".join(_parts(path, root)) + ".py"


_memo: dict | None = None       # sha256 of a source -> its import statements
_memo_used: set = set()
_memo_new = False


def _load_memo() -> dict:
    global _memo
    if _memo is None:
        try:
            _memo = json.loads(MEMO.read_text())
        except (OSError, ValueError):
            _memo = {}
    return _memo


def save_memo():
    """Write the import statements parsed in this process to MEMO (atomically; a failure only
    means they are parsed again next time)."""
    global _memo_new
    if not _memo_new:
        return
    memo = _load_memo()
    if len(memo) > MEMO_ENTRIES:
        memo = {k: v for k, v in memo.items() if k in _memo_used}
    tmp = MEMO.with_name(f"{MEMO.name}.{os.getpid()}.tmp")
    try:
        MEMO.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(memo))
        os.replace(tmp, MEMO)
        _memo_new = False
    except OSError:
        pass


@functools.lru_cache(maxsize=None)
def _statements(path: Path) -> tuple:
    """The import statements of a source file, as ("import", name) and ("from", level, module
    or None, names), those under `if TYPE_CHECKING:` left out."""
    global _memo_new
    source = path.read_bytes()
    key = hashlib.sha256(source).hexdigest()
    memo = _load_memo()
    _memo_used.add(key)
    if key not in memo:
        tree = ast.parse(source, filename=str(path))
        memo[key] = [["import", alias.name] for node in _import_nodes(tree.body)
                     if isinstance(node, ast.Import) for alias in node.names] + \
                    [["from", node.level, node.module, [alias.name for alias in node.names]]
                     for node in _import_nodes(tree.body) if isinstance(node, ast.ImportFrom)]
        _memo_new = True
    return tuple(tuple(x) for x in memo[key])


def _is_type_checking(test) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
           (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")   # where statements nest


def _import_nodes(statements):
    """Every Import / ImportFrom among `statements` and the blocks nested in them (functions,
    classes, if / try / with / for...), except in `if TYPE_CHECKING:` bodies. An import is a
    statement: expressions need not be searched."""
    for node in statements:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _import_nodes(node.orelse)
        else:
            for block in _BLOCKS:
                yield from _import_nodes(getattr(node, block, ()))


@functools.lru_cache(maxsize=None)
def _binds(init: Path, name: str) -> bool:
    """Does package __init__ `init` bind `name` other than by importing its submodule `name`
    (`from . import name`)? Then `from package import name` reads the __init__'s binding.
    (Package __init__ files are small: parsed, not kept in MEMO.)"""
    for node in ast.parse(init.read_bytes(), filename=str(init)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return True
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t)):
                return True
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                own_submodule = (isinstance(node, ast.ImportFrom) and node.level == 1
                                 and node.module is None and alias.name == name)
                if bound == name and not own_submodule:
                    return True
    return False


@functools.lru_cache(maxsize=None)
def imports(path: Path, root: Path = ROOT) -> tuple[frozenset, frozenset]:
    """(project modules `path` imports, other top-level modules it imports), by name."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    project, other = set(), set()
    for statement in _statements(path):
        if statement[0] == "import":
            targets = [(statement[1], None)]
        else:
            _, level, module, names = statement
            if level:   # relative: from the package, `level - 1` packages up
                base = package.split(".")[: len(package.split(".")) - level + 1]
                full = ".".join(base + ([module] if module else []))
            else:
                full = module
            targets = [(full, name) for name in names]
        for full, member in targets:
            if module_file(full, root) is None:
                other.add(full)
                continue
            sub = f"{full}.{member}" if member else None
            if sub is not None and module_file(sub, root) is not None:
                project.add(sub)
                init = module_file(full, root)
                if init.name == "__init__.py" and _binds(init, member):
                    project.add(full)
            else:
                project.add(full)
    return frozenset(project), frozenset(other)


def is_kernel_module(path: Path, root: Path = ROOT) -> bool:
    project, other = imports(path, root)
    return any(m == c or m.startswith(c + ".") for m in project | other for c in COMPILERS)


def kernel_closure(roots, root: Path = ROOT) -> list[Path]:
    """`roots` (source files) and every project module they import, transitively: sorted."""
    seen = set()
    todo = list(roots)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for mod in imports(path, root)[0]:
            todo.append(module_file(mod, root))
    return sorted(seen)


def game_kernel_modules(game: str, root: Path = ROOT) -> list[Path]:
    """The kernel modules of game package `game` (its folder name): in simcore/games/<game>/
    (or its MEEPLESIM_GAME_PATH folder: `game_folder`) and strategies/<game>/."""
    folders = [game_folder(game, root), root / "strategies" / game]
    return [p for d in folders if d is not None and d.is_dir() for p in sorted(d.rglob("*.py"))
            if is_kernel_module(p, root)]


def generic_kernel_modules(root: Path = ROOT) -> list[Path]:
    """The kernel modules directly in simcore/ (random streams, strategy dispatch, packing)."""
    return [p for p in sorted((root / "simcore").glob("*.py")) if is_kernel_module(p, root)]


def clear():
    """Forget the parsed sources (after a source file changed in this process: tests)."""
    for cached in (_statements, imports, _module_file, _binds):
        cached.cache_clear()
