"""The wheel a user installs plays every game, with no help from the checkout.

We build a wheel of this checkout offline (this venv's setuptools, no build isolation), install
it into a fresh virtualenv that sees the heavy dependencies (numpy, numba, ...) of this venv
through a .pth line but not its editable install of meeplesim, check that `simcore` and its
siblings import from that virtualenv's site-packages, and run the installed `meeplesim`
console script from a directory outside the checkout to play one game of every game package
found under simcore/games/. That proves the wheel holds every module, every data file
(`data/*.toml`: a game missing from `package-data` stops with "board.toml: file not found")
and the rules checklists, and that the entry point works. The default tier plays the kernels
as plain Python (NUMBA_DISABLE_JIT=1): about 2 s a game and 15 s in all, where compiling them
in the installed copy costs 80 to 130 s (measured on 2 shared cores: cake race 43-49 s, Hidden
Village 36-79 s), and always from cold, since numba keys its cache entries by the source file's
directory. The slow tier (`scripts/test --slow`) plays the compiled kernels too and checks that
they print the same log.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name.replace("_", "-") for p in (ROOT / "simcore" / "games").iterdir()
               if (p / "__init__.py").is_file())
TOP_PACKAGES = ("simcore", "strategies", "experiments", "reports")
# what a fresh clone would not have: building from a copy without them keeps the wheel honest
# (setuptools builds in the source tree, and a stale build/lib would ship deleted files)
NOT_SOURCES = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__",
                                     ".pytest_cache", ".hypothesis", "results", "bench.json")


def run(cmd, env=None, cwd=None, timeout=600):
    r = subprocess.run([str(c) for c in cmd], env=env, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    assert r.returncode == 0, f"{cmd} exited {r.returncode}\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}"
    return r


class Installed:
    def __init__(self, wheel: Path, venv: Path, site: Path, cwd: Path, cache: Path):
        self.wheel, self.venv, self.site, self.cwd, self.cache = wheel, venv, site, cwd, cache
        self.python = venv / "bin" / "python"
        self.meeplesim = venv / "bin" / "meeplesim"

    def env(self, compiled=False):
        """The environment of the installed copy: nothing of the checkout on the path, kernels as
        plain Python unless `compiled`, numba's cache in a folder of our own: importing the game
        packages already compiles kernels (the chooser exports), and from a new path numba
        compiles them cold, so in ~/.cache each run would leave a few MB nothing reads again."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
        env.update(PYTHONNOUSERSITE="1", XDG_CACHE_HOME=str(self.cache),
                   NUMBA_DISABLE_JIT="0" if compiled else "1")
        return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    tmp = tmp_path_factory.mktemp("packaging")
    src, wheels, venv, cwd = tmp / "src", tmp / "wheels", tmp / "venv", tmp / "cwd"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCES)
    cwd.mkdir()
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "--no-index", "--wheel-dir", wheels, src], cwd=tmp)
    (wheel,) = wheels.glob("meeplesim-*.whl")
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    # This venv's site-packages as a plain path line: Python adds it to sys.path after the new
    # venv's own site-packages and does not run the .pth files inside it, so this venv's
    # editable-install hook for meeplesim stays off while numpy, numba and pip import.
    new_site = Path(run([venv / "bin" / "python", "-c",
                         "import sysconfig; print(sysconfig.get_path('purelib'))"]).stdout.strip())
    ours = dict.fromkeys(sysconfig.get_path(k) for k in ("purelib", "platlib"))
    (new_site / "_meeplesim_test_dependencies.pth").write_text("".join(f"{p}\n" for p in ours))
    inst = Installed(wheel, venv, new_site, cwd, tmp / "cache")
    # --ignore-installed: pip sees this venv's editable meeplesim on the path and must neither
    # skip the wheel for it nor try to uninstall it
    run([inst.python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-index", "--ignore-installed", wheel], env=inst.env(), cwd=cwd)
    return inst


def test_games_are_found():
    assert {"hidden-village", "cake-race"} <= set(GAMES)


def test_the_wheel_holds_every_games_data_and_checklist(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for game in GAMES:
        folder = ROOT / "simcore" / "games" / game.replace("-", "_")
        wanted = [*folder.glob("data/*.toml"), *folder.glob("rules-checklist.md")]
        assert wanted, f"{game}: no data files"
        for path in wanted:
            assert path.relative_to(ROOT).as_posix() in names, f"{path.relative_to(ROOT)} not in the wheel"


def test_the_wheel_holds_the_new_game_templates(installed):
    """`meeplesim new-game` writes its files from them (simcore/scaffold.py)."""
    from simcore import scaffold
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for template in scaffold.FILES:
        path = (scaffold.TEMPLATES / template).relative_to(ROOT).as_posix()
        assert path in names, f"{path} not in the wheel"


def test_the_installed_copy_is_imported_not_the_checkout(installed):
    code = "import importlib; print('\\n'.join(importlib.import_module(p).__file__ for p in %r))"
    out = run([installed.python, "-c", code % (TOP_PACKAGES,)], env=installed.env(),
              cwd=installed.cwd).stdout.split()
    assert len(out) == len(TOP_PACKAGES)
    for path in out:
        assert Path(path).is_relative_to(installed.site), path
    # the console script runs that interpreter, hence that copy
    assert str(installed.python) in installed.meeplesim.read_text()


def play(installed, game, compiled=False):
    r = run([installed.meeplesim, "play", "--game", game, "--seed", "1", "--strategy", "random"],
            env=installed.env(compiled), cwd=installed.cwd, timeout=900)
    assert r.stdout.strip(), f"{game}: empty log\n{r.stderr[-2000:]}"
    return r.stdout


@pytest.mark.parametrize("game", GAMES)
def test_the_installed_console_script_plays_each_game(installed, game):
    # plain Python: every module and data file is read as compiled play would, in ~2 s
    log = play(installed, game)
    assert len(log.splitlines()) > 10, log


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_installed_compiled_kernels_play_the_same_game(installed, game):
    assert play(installed, game, compiled=True) == play(installed, game)
