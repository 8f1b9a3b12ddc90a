"""Shared fixtures for the tests: a loaded catalog and hand-built Hidden Village games."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.catalog import Catalog, load_catalog
from simcore.games.hidden_village.config import Config, make_config
from simcore.games.hidden_village.rules.setup import setup_game
from simcore.games.hidden_village.state import State, new_state
from simcore.games.hidden_village.tables import with_abilities
from simcore.harness import start_game
from simcore.policy import FIRST, SCRIPTED
from simcore.seats import param_row

ROOT = Path(__file__).resolve().parent.parent
# a game's own tests beside it in a toy folder run with its MEEPLESIM_GAME_PATH, in a process of
# their own (tests/test_your_own_game.py), as its author runs them
collect_ignore_glob = ["toy_games/*/tests/*"]


@pytest.fixture(autouse=True)
def close_figures():
    """Figures a test drew (reports.figures through pyplot) are closed after it, as
    reports.build closes its own: tests that keep a figure to inspect must not pile them up."""
    yield
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")


_warming = None   # the process compiling the last games' kernels meanwhile (pytest_sessionstart)
_late: list[str] = []   # ... and those games
_IS_WORKER = "PYTEST_XDIST_WORKER" in os.environ   # an xdist worker, not the controller


def pytest_sessionstart(session):
    """On two cores a second process compiles the kernels of the games whose tests are collected
    last (the last half of all_games(), last first), while the test processes collect the
    others' tests, whose imports compile their strategies (a strategy's exported chooser
    compiles when its module is imported). A kernel one process is compiling another waits
    for and loads from the cache (simcore.jit.claim). Under pytest-xdist (scripts/test runs
    the suite in one worker per core) the controller starts it, and each worker waits for
    its kernels through those claims. Only the games the paths given need are warmed
    (tests.warm_kernels.games_for: every game, unless each path is a game's own tests): the
    controller collects no test, so it reads the command line's paths."""
    global _warming
    from experiments import compile_aside
    from tests.warm_kernels import games_for
    if _IS_WORKER or not compile_aside.enabled():
        return
    here = Path(session.config.invocation_params.dir)
    names = games_for([here / a.split("::")[0] for a in session.config.args])
    _late[:] = names[(len(names) + 1) // 2:][::-1]
    if not _late:
        return
    _warming = subprocess.Popen([sys.executable, "-m", "tests.warm_kernels", *_late], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def pytest_sessionfinish(session):
    if _warming is not None and _warming.poll() is None:   # interrupted before the first test
        _warming.kill()
        _warming.wait()
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:   # an xdist worker hands its invariant count to the controller
        from tests.invariant_count import COUNT
        workeroutput["invariants"] = dict(COUNT)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """An xdist worker finished: add the games its invariant drivers checked to the session's."""
    from tests import invariant_count
    counted = getattr(node, "workeroutput", {}).get("invariants")
    if counted:
        invariant_count.add(counted["games"], counted["violations"])


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels(request):
    """The rules and every strategy's kernels of each game the collected tests may use
    compiled (or loaded from the kernel cache) before the first test (tests.warm_kernels.
    games_for: every game, but only its own for a run of one game's tests, those under
    tests/<game package>/ or beside the game's folder): a run that compiles says so on
    stderr, and the many tests that read a command's whole output (stdout and stderr, as a
    user sees it) must not meet that notice because they happen to come first on an empty
    cache (tests/test_compile_notice.py checks the notice itself). The games the second
    process compiles (pytest_sessionstart) are loaded once it is done, or compiled here if it
    failed; the others are compiled here meanwhile. An xdist worker compiles or loads each of
    those games in turn (the games of every test it collected, not only of those it runs),
    waiting for the claims another process holds."""
    from tests.warm_kernels import games_for, warm
    names = games_for({item.path for item in request.session.items})
    for name in names:
        if name not in _late:
            warm(name)
    if _warming is not None:
        _warming.wait()
    for name in _late:
        if name in names:
            warm(name)
    yield


def set_up(R, C: Config, st: State, seed: int, game: int) -> None:
    """Game `game` of root `seed` set up in `st` as the chunk loop sets it up (simcore.harness:
    its streams seeded, then the rules' set-up); the seats are left as they are."""
    start_game(C, st, seed, game)
    setup_game(R, C, st, game)


def seat_all(st: State, strategy_id: int, params=()) -> None:
    """Every seat of `st` plays `strategy_id` with `params` (the harness's seat words)."""
    st.sid[:] = strategy_id
    st.par[:] = param_row(params, st.par.shape[1])


@pytest.fixture(scope="session")
def cat() -> Catalog:
    return load_catalog()


@dataclass
class Game:
    """A set-up game for scenario tests: call kernels as f(g.R, g.C, g.st, ...); every seat
    plays `first` unless a test scripts the decisions (`script`) or seats a strategy
    (`seat_all(g.st, ...)`)."""
    cat: Catalog
    C: Config
    st: State

    @property
    def R(self):
        return self.cat.rules

    def script(self, *choices):
        """Make the next decisions take these option indices (then option 0)."""
        seat_all(self.st, SCRIPTED, choices)
        self.st.ctl[S.H_ASKED] = 0

    def force_dice(self, *faces):
        """The next die rolls show these faces (0-based), in order."""
        self.st.forced[: len(faces)] = faces
        self.st.ctl[S.H_FORCED_N] = len(faces)
        self.st.ctl[S.H_FORCED_POS] = 0

    def events(self, kind=None):
        ev = [tuple(int(x) for x in e) for e in self.st.events[: self.st.ctl[S.H_EV_N]]]
        return [e for e in ev if kind is None or e[0] == kind]

    def clear_events(self):
        self.st.ctl[S.H_EV_N] = 0

    def _scalar(self, name):
        """(field, index) of a named scalar of any section: S_* in st.sc (the game), X_* in
        st.scratch (strategies), H_* in st.ctl (control)."""
        for prefix, field in (("S_", "sc"), ("X_", "scratch"), ("H_", "ctl")):
            if hasattr(S, prefix + name):
                return getattr(self.st, field), getattr(S, prefix + name)
        raise AttributeError(f"no state scalar {name}")

    def sc(self, name):
        field, i = self._scalar(name)
        return int(field[i])

    def set_sc(self, name, value):
        field, i = self._scalar(name)
        field[i] = value

    def action(self, action_id: str) -> int:
        return [a["id"] for a in self.cat.actions].index(action_id)

    def card(self, card_id: str) -> int:
        return [c["id"] for c in self.cat.smurfs].index(card_id)

    def gargamel(self, card_id: str) -> int:
        return [c["id"] for c in self.cat.gargamel].index(card_id)

    def cake_card(self, cake_id: str) -> int:
        return [c["id"] for c in self.cat.cakes].index(cake_id)

    def invention(self, inv_id: str) -> int:
        return [c["id"] for c in self.cat.inventions].index(inv_id)

    def die_face(self, die: int, result: str, amount: int | None = None) -> int:
        """The first face of `die` whose first result is `result` (and `amount`)."""
        code = K.FACE_RESULTS[result]
        for f in range(K.N_FACES):
            if self.R.die[die, f, 0, 0] == code and (amount is None or self.R.die[die, f, 0, 1] == amount):
                return f
        raise LookupError(f"die {die} has no face {result} {amount}")


def without_abilities(cat: Catalog) -> Catalog:
    """The same catalog with every card ability blanked: for tests of the game flow that must
    not be disturbed by the abilities of the cards they happen to deal."""
    import dataclasses
    rules = with_abilities(cat.rules, smurf_op=np.zeros_like(cat.rules.smurf_op),
                           inv_op=np.zeros_like(cat.rules.inv_op))
    return dataclasses.replace(cat, rules=rules)


def make_game(cat: Catalog, level="standard", die=None, hungry=None, players=3, seed=1,
              game_index=0, log=True, too_late=None, finite_supply=False) -> Game:
    """A game set up by the real setup kernel (HV-S*), ready for a scenario step."""
    C, _ = make_config(cat, level=level, die=die, hungry=hungry, players=players,
                       too_late=too_late, finite_supply=finite_supply, log=log)
    st = new_state(cat.rules)
    seat_all(st, FIRST)
    set_up(cat.rules, C, st, seed, game_index)
    return Game(cat, C, st)


@pytest.fixture
def game(cat) -> Game:
    return make_game(cat)


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): the checklist rule a test checks")


def pytest_terminal_summary(terminalreporter):
    """The games the invariant drivers checked (shown under -q too)."""
    from tests.invariant_count import COUNT
    if COUNT["games"]:
        terminalreporter.write_line(f"INVARIANTS games={COUNT['games']} violations={COUNT['violations']}")
