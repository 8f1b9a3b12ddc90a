"""Interruptions: SIGINT and SIGTERM mid-sweep (exit code, finished chunks kept, resume gives
the uninterrupted table), and a dask worker killed mid-run."""
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from simcore.store import read_table

cli = CliRunner()

GRID = """
name = "interrupt"
games = 30000
seed = 6
chunk = 100
[fixed]
strategy = "random"
[axes]
die = ["white", "red"]
"""
TOTAL = 2 * 30000 // 100   # enough chunks that a signal sent after the third lands mid-sweep, even on a busy machine


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    d = tmp_path_factory.mktemp("clean")
    (d / "g.toml").write_text(GRID)
    r = cli.invoke(app, ["sweep", str(d / "g.toml"), "--results", str(d / "r"), "--json", "--jobs", "2"])
    assert r.exit_code == 0, r.output
    return d / "g.toml", d / "r", r.stdout


def _finished(chunks):
    """The chunk files written (a chunk being written is a hidden .tmp- file until renamed)."""
    return [p for p in chunks.glob("*.parquet") if not p.name.startswith(".")]


def _wait_for_chunks(folder, n, proc=None, timeout=600):
    """Wait until n chunks are written (or the process ended, or `timeout` s: a first run may
    compile the kernels first); what happened, for an assertion's message."""
    chunks = folder / "chunks"
    start = time.time()
    while time.time() < start + timeout:
        if chunks.exists() and len(_finished(chunks)) >= n:
            return f"{n} chunks after {time.time() - start:.1f} s"
        if proc is not None and proc.poll() is not None:
            return f"the process ended after {time.time() - start:.1f} s"
        time.sleep(0.02)
    return f"no {n} chunks in {timeout} s"


@pytest.mark.parametrize("sig, code, group", [(signal.SIGINT, 130, True),      # Ctrl-C: the whole group
                                               (signal.SIGTERM, 143, False)])  # kill PID: the parent
def test_a_signal_mid_sweep_keeps_finished_chunks_and_resume_gives_the_table(clean, tmp_path, sig, code, group):
    grid, done, out = clean
    folder = tmp_path / "k"
    cmd = [sys.executable, "-m", "experiments.cli", "sweep", str(grid), "--results", str(folder), "--jobs", "2"]
    # the sweep starts with Ctrl-C's default disposition, as from a shell: a process inherits an
    # ignored SIGINT across exec, and in the full suite this one sometimes had it ignored (the
    # sweep then ran all its chunks with the signal sent after the third)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        waited = _wait_for_chunks(folder, 3, proc)
        (os.killpg if group else os.kill)(proc.pid, sig)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    kept = len(_finished(folder / "chunks"))
    assert 3 <= kept < TOTAL, f"the signal came too late to test anything ({kept} chunks; {waited})"
    assert proc.returncode == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: interrupted"), err
    assert "finished chunks" in lines[0] and "run the same command again" in lines[0]
    assert not list(folder.rglob(".tmp-*"))
    v = cli.invoke(app, ["verify", str(folder)])
    assert v.exit_code == 1 and " 0 bad, " in v.stdout and "games missing" in v.stdout, v.output
    resumed = cli.invoke(app, ["sweep", str(grid), "--results", str(folder), "--json", "--jobs", "2"])
    assert resumed.exit_code == 0 and resumed.stdout == out, resumed.output
    assert read_table(folder).equals(read_table(done))


def test_a_dask_worker_killed_mid_run_is_replaced_and_the_results_are_identical(clean, tmp_path):
    """dask resubmits the tasks of a dead worker (its nanny starts a new one): the sweep
    completes with the numbers of an uninterrupted run."""
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    grid, done, out = clean
    folder = tmp_path / "d"
    killed = []
    with dask.config.set({"temporary-directory": str(tmp_path / "dask")}):
        with distributed.LocalCluster(host="127.0.0.1", protocol="tcp", n_workers=2, threads_per_worker=1,
                                      processes=True, dashboard_address=None) as cluster:
            # the worker processes' ids from their nannies (a second Client in this process
            # would share the CLI client's event loop)
            pids = [n.process.process.pid for n in cluster.workers.values()]

            def kill_one():
                _wait_for_chunks(folder, 4)
                os.kill(pids[0], signal.SIGKILL)
                killed.append(len(_finished(folder / "chunks")))
            t = threading.Thread(target=kill_one)
            t.start()
            r = cli.invoke(app, ["sweep", str(grid), "--results", str(folder), "--json",
                                 "--backend", "dask", "--scheduler", cluster.scheduler_address])
            t.join()
    assert killed and killed[0] < TOTAL, f"the kill came too late to test anything ({killed})"
    assert r.exit_code == 0, r.output
    assert r.stdout == out
    assert read_table(folder).equals(read_table(done))


def test_local_workers_leave_ctrl_c_to_the_parent():
    """A terminal's Ctrl-C reaches the whole process group: a worker ignores it (the parent
    stops the pool), so no worker prints a traceback of its own beside the one error line."""
    from joblib import Parallel, delayed

    from simcore import runner
    got = Parallel(n_jobs=2, backend="loky", initializer=runner._worker_ignores_ctrl_c)(
        delayed(signal.getsignal)(signal.SIGINT) for _ in range(4))
    assert got == [signal.SIG_IGN] * 4


def test_the_resource_trackers_warnings_are_hidden_and_the_users_filters_kept(monkeypatch):
    from simcore import runner
    monkeypatch.setenv("PYTHONWARNINGS", "error::DeprecationWarning")
    runner._quiet_resource_tracker()
    runner._quiet_resource_tracker()
    assert os.environ["PYTHONWARNINGS"] == "error::DeprecationWarning," + runner.TRACKER_WARNINGS
    code = ("import warnings; warnings.warn('resource_tracker: There appear to be 1 leaked semlock "
            "objects'); warnings.warn('another warning')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "resource_tracker" not in r.stderr and "another warning" in r.stderr, r.stderr
