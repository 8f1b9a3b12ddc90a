"""The fence around our numba extension (docs/packed.md): numba and llvmlite are pinned in
pyproject.toml to the range these tests pass on, and each test here fails loudly, naming the
internal, if a numba upgrade changes one we patch or rely on:

  numba.np.arrayobj.basic_indexing, fix_integer_index   patched by simcore/packed.py (a record
                                                         field's index skips the negative fix)
  Dispatcher.get_call_template                           wrapped by simcore/jit.py (one compiled
                                                         version per argument types)
  the `_nrt` target option                               simcore/jit.py (no reference counting)
  numba.config.CACHE_DIR                                 simcore/jit.py (cache folder per game key)
  Dispatcher.compile, .overloads, ._cache.cache_path    simcore/jit.py (a compile's claim, shared
                                                         by a run and its compile helper)
  numba.core.imputils / arrayobj.make_array, populate_array, cgutils.create_struct_proxy
                                                         simcore/packed.py (a field's view)
  NUMBA_OPT=max, numba.config.OPT, the CPU codegen's _opt_level
                                                         simcore/jit.py (kernels compiled at
                                                         numba's "max" level)
"""
import inspect
from importlib.metadata import version
from pathlib import Path

import numba
import numpy as np
import pytest
from numba.core import dispatcher
from numba.np import arrayobj

from simcore import jit, packed

ROOT = Path(__file__).resolve().parent.parent


def _pins():
    """(package, lowest, below) from pyproject.toml's dependencies."""
    import re
    import tomllib
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    out = {}
    for d in deps:
        m = re.fullmatch(r"(numba|llvmlite)>=([\d.]+),<([\d.]+)", d.replace(" ", ""))
        if m:
            out[m.group(1)] = (m.group(2), m.group(3))
    return out


def _v(text):
    return tuple(int(x) for x in text.split(".")[:3] if x.isdigit())


@pytest.mark.parametrize("package", ["numba", "llvmlite"])
def test_numba_and_llvmlite_are_pinned_and_the_installed_ones_are_in_range(package):
    pins = _pins()
    assert package in pins, f"pyproject.toml must pin {package} as {package}>=X,<Y (docs/packed.md)"
    low, below = pins[package]
    assert _v(low) <= _v(version(package)) < _v(below), \
        f"{package} {version(package)} is outside the pinned range >={low},<{below}"


def test_internal_basic_indexing_keeps_its_signature_and_is_looked_up_at_each_use():
    assert list(inspect.signature(packed._basic_indexing).parameters) == \
        ["context", "builder", "aryty", "ary", "index_types", "indices", "boundscheck"], \
        "numba internal numba.np.arrayobj.basic_indexing changed its signature: simcore/packed.py patches it"
    assert arrayobj.basic_indexing is packed._field_basic_indexing, \
        "numba.np.arrayobj.basic_indexing is no longer simcore.packed's patch"


def test_internal_fix_integer_index_keeps_its_signature():
    assert list(inspect.signature(packed._fix_integer_index).parameters) == \
        ["context", "builder", "idxty", "idx", "size"], \
        "numba internal numba.np.arrayobj.fix_integer_index changed its signature: simcore/packed.py patches it"
    assert arrayobj.fix_integer_index is packed._field_integer_index


_FENCE = packed.Layout("FenceRecord", [("a", "i8", (4,)), ("b", "i8", (3,))])


@numba.njit(cache=False)
def _read(rec, arr, i):
    return rec.b[i], arr[i]


def test_the_patches_take_effect_only_for_record_fields():
    """Behaviour, not names: a record field indexed with -1 reads the word before it (no
    wraparound: the patch is in force), a plain array wraps as numpy does (it is not)."""
    rec = _FENCE.allocate({"a": (4,), "b": (3,)})
    rec.a[:] = (1, 2, 3, 4)
    rec.b[:] = (5, 6, 7)
    arr = np.array([10, 20, 30])
    field, plain = _read(rec, arr, -1)
    assert plain == 30, "numba's negative-index fix is gone for plain arrays"
    assert field == 4, ("numba internal fix_integer_index / basic_indexing: a record field's "
                        "negative index wrapped around, so simcore/packed.py's patch is not used")


def test_internal_get_call_template_keeps_its_signature():
    assert hasattr(dispatcher.Dispatcher, "get_call_template"), \
        "numba internal Dispatcher.get_call_template is gone: simcore/jit.py wraps it"
    assert list(inspect.signature(dispatcher.Dispatcher.get_call_template).parameters) == \
        ["self", "args", "kws"], "numba internal Dispatcher.get_call_template changed its signature"


def test_one_version_per_type_still_holds_through_get_call_template():
    @jit.njit(cache=False)
    def callee(x, flag):
        return x + flag

    @jit.njit(cache=False)
    def caller(x):
        return callee(x, 0) + callee(x, 1)

    assert caller(1) == 3
    assert len(callee.overloads) == 1, \
        "numba internal get_call_template: a kernel compiled once per constant argument again"


def test_internal_nrt_option_still_turns_reference_counting_off():
    from numba.core import cpu
    assert "_nrt" in dir(cpu.CPUTargetOptions), "numba internal target option `_nrt` is gone"

    def allocates(n):
        return np.zeros(n)

    with pytest.raises(Exception):   # no runtime: an allocation cannot compile
        numba.njit(_nrt=False)(allocates)(3)


def _cached_probe(x):
    return x + 1


def _cached_in(folder, func):
    """numba.njit(cache=True)(func) with its cache in `folder` (config.CACHE_DIR as jit sets it)."""
    saved = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = str(folder)
    try:
        return numba.njit(cache=True)(func)
    finally:
        numba.config.CACHE_DIR = saved


def test_internal_config_cache_dir_is_read_when_caching_is_enabled(tmp_path):
    assert hasattr(numba.config, "CACHE_DIR"), "numba internal config.CACHE_DIR is gone"
    f = _cached_in(tmp_path, _cached_probe)
    assert f(1) == 2
    assert list(tmp_path.rglob("*.nbi")), \
        "numba internal config.CACHE_DIR is no longer read when a dispatcher enables caching"


def test_internal_dispatcher_compile_goes_through_the_instance_and_reads_the_cache(tmp_path):
    """simcore/jit.py claims a compile by wrapping `dispatcher.compile` on the instance: calls
    from Python and from other kernels must both go through it, and a version saved by another
    dispatcher of the same function (another process's) must load from the cache."""
    callee = _cached_in(tmp_path, _cached_probe)
    seen = []
    compile_ = callee.compile
    callee.compile = lambda sig: (seen.append(sig), compile_(sig))[1]

    @numba.njit(cache=False)
    def caller(x):
        return callee(x)

    assert caller(1) == 2 and callee(2.5) == 3.5
    assert set(seen) == {(numba.types.int64,), (numba.types.float64,)}, \
        "numba internal Dispatcher.compile is no longer called through the instance"
    assert str(callee._cache.cache_path).startswith(str(tmp_path)), \
        "numba internal Dispatcher._cache.cache_path is gone or moved"
    assert all(sig in callee.overloads for sig in seen), "numba internal Dispatcher.overloads changed its keys"
    again = _cached_in(tmp_path, _cached_probe)
    again.compile((numba.types.int64,))
    assert again.stats.cache_hits.get((numba.types.int64,), 0) == 1, \
        "numba internal Dispatcher.compile no longer loads a version from the cache"


_OPT_PROBE = """
import numba
from simcore import jit
from numba.core.registry import cpu_target
numba.njit(lambda x: x + 1)(1)   # the code generator starts at the first compile
cg = cpu_target.target_context.codegen()
print(numba.config.OPT.is_opt_max, cg._opt_level, __import__("os").environ["NUMBA_OPT"])
"""


def test_internal_opt_level_max_reaches_the_code_generator_and_a_users_level_wins():
    """simcore.jit sets numba's "max" level before the first compile: the CPU code generator
    then runs each function's first pass at -O3 (codegen._opt_level, 0 at numba's default
    level), and the environment passes it on to helpers and workers. A user's NUMBA_OPT wins."""
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_OPT"}
    ours = subprocess.run([sys.executable, "-c", _OPT_PROBE], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.split() == ["True", "3", "max"], ours.stdout
    theirs = subprocess.run([sys.executable, "-c", _OPT_PROBE], env=dict(env, NUMBA_OPT="2"), cwd=ROOT,
                            capture_output=True, text=True)
    assert theirs.returncode == 0, theirs.stderr
    assert theirs.stdout.split() == ["False", "0", "2"], theirs.stdout
