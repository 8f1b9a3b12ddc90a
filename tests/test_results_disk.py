"""A full or read-only disk: one error line, exit 1, no temporary file left, and the next run
completes with the table of an uninterrupted run."""
import errno

from typer.testing import CliRunner

from experiments.cli import app
from simcore import store
from simcore.store import read_table

cli = CliRunner()
RUN = ["run", "--games", "1000", "--chunk", "100", "--strategy", "random", "--jobs", "1", "--json"]


def _full_after(monkeypatch, writes: int):
    """The disk fills up after `writes` files (the manifest counts)."""
    real = store._write_file
    done = []

    def write(path, data):
        if len(done) >= writes:
            with open(path, "wb") as f:          # a partial temporary file, as a real disk leaves
                f.write(data[:10])
            raise OSError(errno.ENOSPC, "No space left on device")
        done.append(path)
        real(path, data)
    monkeypatch.setattr(store, "_write_file", write)


def test_a_full_disk_is_one_error_line_and_the_next_run_completes_the_same(tmp_path, monkeypatch):
    folder = tmp_path / "r"
    _full_after(monkeypatch, 5)           # the manifest, its games, then 3 chunks
    r = cli.invoke(app, [*RUN, "--results", str(folder)])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1, r.output
    assert lines[0].startswith("error: cannot write ") and "No space left on device" in lines[0]
    assert "finished chunks are kept" in lines[0] and "run the same command again" in lines[0]
    assert len(list((folder / "chunks").glob("*.parquet"))) == 3
    assert not [p for p in folder.rglob(".tmp-*")]
    monkeypatch.undo()
    again = cli.invoke(app, [*RUN, "--results", str(folder)])
    fresh = cli.invoke(app, [*RUN, "--results", str(tmp_path / "fresh")])
    assert again.exit_code == 0 and fresh.exit_code == 0, again.output + fresh.output
    strip = lambda out: out.replace(str(tmp_path / "fresh"), str(folder)).split('"seconds"')[0]
    assert strip(again.stdout) == strip(fresh.stdout)
    assert read_table(folder).equals(read_table(tmp_path / "fresh"))


def test_a_read_only_folder_is_one_error_line(tmp_path, monkeypatch):
    folder = tmp_path / "r"
    assert cli.invoke(app, [*RUN, "--results", str(folder)]).exit_code == 0
    real_open = open

    def ro_open(path, mode="r", *a, **k):
        if str(path).startswith(str(folder)) and any(c in mode for c in "wa"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, mode, *a, **k)
    monkeypatch.setattr("builtins.open", ro_open)
    r = cli.invoke(app, [*RUN[:2], "2000", *RUN[3:], "--results", str(folder)])
    lines = r.output.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1, r.output
    assert "Read-only file system" in lines[0] and lines[0].startswith("error: cannot write ")
