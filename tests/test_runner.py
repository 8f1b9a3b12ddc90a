"""simcore.runner: the same rows for a seed whatever the chunk size, --jobs or backend."""
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from experiments.cli import app
from experiments.engine import Player, make_cell
from experiments.runs import RunSpec
from simcore import runner as R
from simcore.store import read_table

cli = CliRunner()


def _cell(seed=5, strategy="random", die=None):
    spec = RunSpec(game="hidden-village", players=3, strategy=strategy, seed=seed,
                   options={"level": "standard", "die": die})
    return make_cell("c", spec)


def _rows(games, chunk, jobs, backend="loky", scheduler=None):
    cell = _cell()
    tasks = [R.Task(cell.job, s, n) for s, n in R.chunk_ranges(0, games, chunk)]
    out = np.zeros((games, len(cell.result_fields)), np.int32)
    seen = np.zeros(games, int)
    for t, rows in R.execute(tasks, jobs=jobs, backend=backend, scheduler=scheduler):
        out[t.start:t.start + t.n] = rows
        seen[t.start:t.start + t.n] += 1
    assert (seen == 1).all()
    return out


def test_chunk_ranges_cover_the_range_once_aligned_on_the_chunk_size():
    assert R.chunk_ranges(0, 10, 4) == [(0, 4), (4, 4), (8, 2)]
    assert R.chunk_ranges(3, 10, 4) == [(3, 1), (4, 4), (8, 2)]
    assert R.chunk_ranges(5, 5, 4) == []


def test_rows_are_identical_for_jobs_1_and_2_and_two_chunk_sizes():
    ref = _rows(300, 300, 1)
    assert np.array_equal(ref, _rows(300, 37, 1))
    assert np.array_equal(ref, _rows(300, 50, 2))
    assert np.array_equal(ref, _rows(300, 128, 2))


def test_rows_are_identical_through_a_dask_local_cluster(tmp_path):
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    with dask.config.set({"temporary-directory": str(tmp_path)}):
        with distributed.LocalCluster(host="127.0.0.1", protocol="tcp", n_workers=1, threads_per_worker=2,
                                      processes=False, dashboard_address=None) as cluster:
            rows = _rows(300, 64, None, backend="dask", scheduler=cluster.scheduler_address)
            r = cli.invoke(app, ["run", "--games", "300", "--seed", "5", "--chunk", "64", "--json",
                                 "--backend", "dask", "--scheduler", cluster.scheduler_address])
    assert np.array_equal(rows, _rows(300, 300, 1))
    assert r.exit_code == 0, r.output
    local = cli.invoke(app, ["run", "--games", "300", "--seed", "5", "--json", "--jobs", "1"])
    strip = lambda s: {k: v for k, v in json.loads(s).items() if k != "seconds"}
    assert strip(r.output) == strip(local.output)


def test_run_json_and_stored_tables_are_identical_for_jobs_and_chunk_sizes(tmp_path):
    outs, tables = [], []
    for i, (jobs, chunk) in enumerate(((1, 1000), (2, 90), (2, 333))):
        folder = tmp_path / f"r{i}"
        r = cli.invoke(app, ["run", "--games", "400", "--seed", "9", "--level", "complex", "--json",
                             "--jobs", str(jobs), "--chunk", str(chunk), "--results", str(folder)])
        assert r.exit_code == 0, r.output
        outs.append({k: v for k, v in json.loads(r.stdout).items() if k not in ("seconds", "results")})
        tables.append(read_table(folder))
    assert outs[0] == outs[1] == outs[2]
    for t in tables[1:]:
        assert t.equals(tables[0])
    assert len(tables[0]) == 400 and list(tables[0]["game"]) == list(range(400))


def test_unknown_backend_and_dask_without_scheduler_are_one_line_errors():
    for args, words in ((["--backend", "spark"], "unknown backend 'spark'"),
                        (["--backend", "dask"], "--backend dask needs --scheduler"),
                        (["--jobs", "0"], "--jobs must be at least 1"),
                        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler is only for --backend dask")):
        r = cli.invoke(app, ["run", "--games", "10", *args])
        assert r.exit_code == 2, r.output
        assert r.output.strip().splitlines() == [f"error: {r.output.strip()[7:]}"]
        assert words in r.output


def test_in_store_mode_the_parent_holds_no_rows_and_memory_does_not_grow_with_chunks(tmp_path):
    import tracemalloc

    from simcore.store import ResultsStore
    cell = _cell()
    # warm up first (kernels, pyarrow's first write): only the chunks' own memory is measured
    with ResultsStore(tmp_path / "warm", "run", {"t": 1}, {"c": cell.definition}) as store:
        Player([cell], store=store, chunk=40, jobs=1).ensure({"c": 80})
    peaks = []
    for games in (5 * 40, 20 * 40):
        with ResultsStore(tmp_path / str(games), "run", {"t": 1}, {"c": cell.definition}) as store:
            player = Player([cell], store=store, chunk=40, jobs=1)
            tracemalloc.start()
            player.ensure({"c": games})
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
            assert player.mem["c"] == [] and player.played == games
    # four times the chunks, (about) the same peak: one chunk's rows at a time (keeping the
    # rows in memory instead measures 2.8 times the peak here)
    assert peaks[1] < 1.5 * peaks[0]


def test_a_data_folder_edited_between_runs_of_one_process_plays_the_new_data(tmp_path):
    """A process that keeps its loaded catalogs (a notebook's, or a reused worker's) must not
    serve an older load of the same data folder: the second run plays the edited files."""
    import shutil

    from experiments import api
    from simcore.games import get_game
    data = tmp_path / "rules"
    shutil.copytree(get_game("cake-race").folder / "data", data)
    spec = RunSpec(game="cake-race", players=2, strategy="random", seed=3, data=str(data))
    ex = api.Execution(jobs=1)
    before = api.run(spec, games=400, execution=ex).summary
    setup = data / "setup.toml"
    setup.write_text(setup.read_text().replace("value = 10                        # CR-K04",
                                               "value = 2                         # CR-K04", 1))
    after = api.run(spec, games=400, execution=ex).summary
    fresh = get_game("cake-race").load_catalog(str(data))
    assert after != before
    cell = make_cell("c", spec)
    assert cell.job.digest == fresh.digest           # the job names the data it was made from
    R._prepared(cell.job)
    stale = R.Job.make(cell.job.game, dict(cell.job.catalog), dict(cell.job.config),
                       cell.job.strategy_id, cell.job.params, cell.job.seed, digest="0" * 16)
    with pytest.raises(R.UserError, match="changed after the run read them"):
        R._prepared(stale)


def test_a_worker_with_other_kernel_sources_refuses_the_job():
    """A worker that imported the game's sources before they were edited (a dask worker
    started earlier) would play the old rules: the job names the sources it was made from."""
    job = _cell().job
    assert job.code == R.code_of(R.get_game("hidden-village"))
    other = R.Job.make(job.game, dict(job.catalog), dict(job.config), job.strategy_id,
                       job.params, job.seed, digest=job.digest, code="0" * 16)
    with pytest.raises(R.UserError, match="a worker runs other code of hidden-village"):
        R._prepared(other)
