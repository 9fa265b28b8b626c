"""The output-path guard and atomic writing: never the input, never a folder, never a rename
over a device, all or nothing for a set of files, and the user's umask respected."""

import errno
import os
import stat

import pytest

from geoparser.errors import OutputError, UsageError
from geoparser.io import atomic
from geoparser.io.atomic import atomic_path, is_stream, write_bytes_atomic, write_files_atomic
from geoparser.io.output_path import check_output, output_format
from tests.helpers import failing_fsync

FORMATS = ["geojson", "jsonl", "csv", "parquet"]


def test_out_equal_to_in_is_refused(tmp_path):
    src = tmp_path / "f.jsonl"
    src.write_text("{}\n")
    with pytest.raises(OutputError, match="is the input"):
        check_output(src, [src])
    link = tmp_path / "link.jsonl"
    link.symlink_to(src)
    with pytest.raises(OutputError, match="is the input"):
        check_output(link, [src])  # the same file by another name
    with pytest.raises(OutputError, match="is the input"):
        check_output(tmp_path / "sub" / ".." / "f.jsonl", [src])


def test_an_output_in_a_folder_that_does_not_exist_is_refused_and_none_is_made(tmp_path):
    missing = tmp_path / "nonexistent" / "deeper"
    with pytest.raises(OutputError, match=r"--errors .*e.csv: the folder .*deeper does not "
                                          r"exist"):
        check_output(missing / "e.csv", option="--errors")
    assert not (tmp_path / "nonexistent").exists()


def test_errors_at_a_missing_root_folder_makes_no_folder(tmp_path):
    from tests.cli.hostile import GOLD, PRED, assert_refused, invoke, write_jsonl

    gold = write_jsonl(tmp_path / "gold.jsonl", GOLD)
    pred = write_jsonl(tmp_path / "pred.jsonl", PRED)
    target = tmp_path / "not-there" / "e.csv"
    assert_refused(invoke("score", "--scheme", "errors", "--gold", gold, "--pred", pred,
                          "--errors", target), "does not exist")
    assert not target.parent.exists()


def test_out_equal_to_the_web_cache_is_refused(tmp_path):
    cache = tmp_path / "cache.sqlite"
    cache.write_bytes(b"kept")
    with pytest.raises(OutputError, match="is the web cache; it would be replaced"):
        check_output(cache, [], kept={"the web cache": cache})
    check_output(tmp_path / "other.jsonl", [], kept={"the web cache": cache})


def test_parse_refuses_out_equal_to_web_cache_and_keeps_the_cache(tmp_path):
    from tests.cli.hostile import assert_refused, invoke

    source = tmp_path / "in.txt"
    source.write_text("I went to Paris.")
    cache = tmp_path / "cache.jsonl"
    cache.write_bytes(b"answers")
    assert_refused(invoke("parse", "--in", source, "--out", cache, "--gazetteer", "geonames",
                          "--web-cache", cache), "is the web cache")
    assert cache.read_bytes() == b"answers"


def test_out_equal_to_a_file_of_an_input_folder_is_refused(tmp_path):
    (tmp_path / "captions.jsonl").write_text("{}\n")
    with pytest.raises(OutputError, match="is the input"):
        check_output(tmp_path / "captions.jsonl", [tmp_path])


def test_out_naming_a_directory_is_refused(tmp_path):
    with pytest.raises(OutputError, match="is a folder; give a file name"):
        check_output(tmp_path, [])


def test_out_naming_a_file_where_a_folder_is_expected_is_refused(tmp_path):
    f = tmp_path / "results"
    f.write_text("x")
    with pytest.raises(OutputError, match="is a file; give a folder"):
        check_output(f, [], folder=True)
    with pytest.raises(OutputError, match="is a file, not a folder"):
        check_output(f / "out.jsonl", [])


def test_read_only_output_folder_is_refused(tmp_path, monkeypatch):
    # root can write anywhere: say the folder is not writable
    monkeypatch.setattr(os, "access", lambda path, mode: not mode & os.W_OK)
    with pytest.raises(OutputError, match="cannot write in .*permission denied or read-only"):
        check_output(tmp_path / "out.jsonl", [])


def test_stdout_and_devices_pass_the_guard(tmp_path):
    assert check_output("-", ["-"]) == atomic.Path("-")
    assert is_stream("-") and is_stream("/dev/null") and not is_stream(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert is_stream(fifo)
    check_output(fifo, [])


def test_socket_is_refused(tmp_path):
    import socket

    path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        with pytest.raises(OutputError, match="special file"):
            check_output(path, [])


def test_dev_stdout_is_not_replaced(tmp_path):
    # A symlink to a character device, as /dev/stdout is: written through, never renamed over.
    link = tmp_path / "stdout"
    link.symlink_to("/dev/null")
    write_bytes_atomic(link, b"hello\n")
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name != "stdout"]  # no temporary left


def test_fifo_output_is_written_straight(tmp_path):
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_bytes_atomic(fifo, b"line\n")
    reader.join(timeout=10)
    assert got == [b"line\n"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_dash_writes_to_stdout_only_when_complete(capfdbinary, tmp_path):
    with pytest.raises(RuntimeError), atomic_path("-") as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("boom")
    assert capfdbinary.readouterr().out == b""
    with atomic_path("-") as tmp:
        tmp.write_bytes(b"whole\n")
    assert capfdbinary.readouterr().out == b"whole\n"


def test_outputs_respect_the_umask(tmp_path):
    old = os.umask(0o077)
    try:
        write_bytes_atomic(tmp_path / "a.jsonl", b"x")
        write_files_atomic({tmp_path / "b.md": "y"})
        with atomic_path(tmp_path / "c.parquet") as tmp:
            tmp.write_bytes(b"z")
    finally:
        os.umask(old)
    for name in ("a.jsonl", "b.md", "c.parquet"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    old = os.umask(0o022)
    try:
        write_bytes_atomic(tmp_path / "d.jsonl", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "d.jsonl").stat().st_mode) == 0o644


def test_disk_full_leaves_every_file_as_it_was(tmp_path, monkeypatch):
    files = {tmp_path / f"f{i}.txt": f"new {i}" for i in range(5)}
    for i, path in enumerate(files):
        if i % 2:
            path.write_text(f"old {i}")
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    monkeypatch.setattr(os, "fsync", failing_fsync(after=3))
    with pytest.raises(OutputError, match="No space left on device"):
        write_files_atomic(files)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before


def test_a_failed_rename_puts_the_old_files_back(tmp_path, monkeypatch):
    files = {tmp_path / f"f{i}.txt": f"new {i}" for i in range(4)}
    for path in files:
        path.write_text("old")
    real = os.replace
    moves = []

    def replace(src, dst):
        moves.append(dst)
        if str(dst).endswith("f2.txt") and str(src).endswith(".new"):
            raise OSError(errno.EIO, "Input/output error")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OutputError):
        write_files_atomic(files)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(4)]
    assert all(p.read_text() == "old" for p in tmp_path.iterdir())


def test_a_folder_where_a_file_goes_is_refused_before_anything_is_written(tmp_path):
    (tmp_path / "a.txt").write_text("old")
    (tmp_path / "summary.json").mkdir()
    with pytest.raises(OutputError, match="summary.json: it is a folder"):
        write_files_atomic({tmp_path / "a.txt": "new", tmp_path / "summary.json": "{}"})
    assert (tmp_path / "a.txt").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "summary.json"]


def test_a_new_folder_is_removed_again_on_failure(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", failing_fsync(after=1))
    with pytest.raises(OutputError):
        write_files_atomic({tmp_path / "results" / "a": "1", tmp_path / "results" / "b": "2"})
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("name,given,expected", [
    ("out.geojson", None, "geojson"), ("out.jsonl", None, "jsonl"), ("out.csv", None, "csv"),
    ("out.parquet", None, "parquet"), ("OUT.GeoJSON", None, "geojson"), ("-", None, "jsonl"),
    ("out", None, "jsonl"), ("out.txt", "geojson", "geojson"), ("-", "csv", "csv"),
    ("out.geojson", "geojson", "geojson"),
])
def test_output_format_follows_the_extension(name, given, expected):
    assert output_format(name, given, FORMATS) == expected


@pytest.mark.parametrize("name,given,message", [
    ("out.geojson", "jsonl", "does not match the file name"),
    ("out.parquet", "csv", "does not match the file name"),
    ("out.json", None, "GeoJSON or JSON Lines"),
    ("out.jsonl", "xml", "unknown output format 'xml'"),
])
def test_output_format_mismatch_is_an_error(name, given, message):
    with pytest.raises(UsageError, match=message):
        output_format(name, given, FORMATS)


def test_format_a_command_cannot_write_is_an_error():
    with pytest.raises(UsageError, match="cannot write parquet"):
        output_format("out.parquet", None, ["jsonl", "geojson", "csv"])


def test_dev_stdout_and_dev_fd_name_the_open_descriptors():
    from geoparser.io.atomic import open_descriptor

    assert [open_descriptor(p) for p in ("-", "/dev/stdout", "/dev/stderr", "/dev/fd/5",
                                          "/proc/self/fd/3", "/dev/fdx/1", "out.jsonl")] == [
        1, 1, 2, 5, 3, None, None]
    assert is_stream("/dev/stdout")


def test_dev_fd_redirected_to_a_file_is_written_through_not_replaced(tmp_path):
    # what `toposcope parse --out /dev/stdout > file` does: stdout is a regular file
    target = tmp_path / "redirect.jsonl"
    with target.open("wb") as fh:
        inode = os.fstat(fh.fileno()).st_ino
        write_bytes_atomic(f"/dev/fd/{fh.fileno()}", b"line\n")
    assert target.read_bytes() == b"line\n" and target.stat().st_ino == inode
    r, w = os.pipe()
    write_bytes_atomic(f"/dev/fd/{w}", b"piped\n")
    os.close(w)
    assert os.read(r, 100) == b"piped\n"
    os.close(r)


def test_symlinked_output_keeps_the_link(tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    write_bytes_atomic(link, b"new\n")
    write_files_atomic({link: "newer\n"})
    assert link.is_symlink() and real.read_text() == "newer\n"


def test_ctrl_c_after_moving_the_old_file_aside_keeps_it(tmp_path, monkeypatch):
    """Case 5: Ctrl-C right after the old file went to its backup must not delete the backup."""
    files = {tmp_path / f"q{i}.csv": f"new {i}" for i in range(3)}
    for path in files:
        path.write_text("old")
    real = os.replace

    def replace(src, dst):
        real(src, dst)
        if str(src).endswith("q1.csv") and str(dst).endswith(".old"):
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(KeyboardInterrupt):
        write_files_atomic(files)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q0.csv", "q1.csv", "q2.csv"]
    assert all(p.read_text() == "old" for p in tmp_path.iterdir())


def _no_core() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # SIGABRT, SIGSYS... would dump one


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGQUIT", "SIGINT", "SIGUSR1",
                                  "SIGPWR", "SIGRTMIN", "SIGRTMAX", "SIGSTKFLT", "SIGABRT",
                                  "SIGTRAP", "SIGSYS"])
def test_a_signal_during_the_renames_waits_until_they_are_done(tmp_path, name):
    """A kill (or a hang-up, a quit) in the middle of the renames lands after them: every
    file new, none half old, no .new/.old left behind."""
    import signal
    import subprocess
    import sys

    signum = getattr(signal, name)

    script = f"""
import os, signal
from pathlib import Path
from geoparser.io.atomic import write_files_atomic
# as a shell starts a program (a background job inherits SIGINT and SIGQUIT ignored)
signal.signal({int(signum)}, signal.default_int_handler if {int(signum)} == signal.SIGINT
              else signal.SIG_DFL)
folder = Path({str(tmp_path)!r})
real, calls = os.replace, []
def replace(src, dst):
    calls.append(dst)
    real(src, dst)
    if len(calls) == 3:
        os.kill(os.getpid(), {int(signum)})
os.replace = replace
write_files_atomic({{folder / f"f{{i}}.txt": "new" for i in range(6)}})
"""
    for i in range(6):
        (tmp_path / f"f{i}.txt").write_text("old")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=_no_core)
    # (SIGINT is Python's KeyboardInterrupt, raised after the renames; Python then ends by it)
    assert done.returncode == -signum, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(6)]
    assert {p.read_text() for p in tmp_path.iterdir()} == {"new"}


def test_append_only_results_folder_is_one_line(tmp_path, monkeypatch):
    """Case 17: a folder that lets us create but not rename or delete (chattr +a) is an
    OutputError naming the file, not a traceback from the clean-up."""
    (tmp_path / "q1.csv").write_text("old")

    def refused(*args, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "replace", refused)
    monkeypatch.setattr(os, "unlink", refused)
    with pytest.raises(OutputError, match=r"cannot write .*q1.csv: Operation not permitted"):
        write_files_atomic({tmp_path / "q1.csv": "new", tmp_path / "q2.csv": "new"})
    assert (tmp_path / "q1.csv").read_text() == "old"


@pytest.mark.parametrize("name,where", [("SIGTERM", "_stage"), ("SIGRTMIN", "_stage"),
                                        ("SIGPWR", "_make_dirs")])
def test_every_ending_signal_during_staging_leaves_no_new_file(tmp_path, name, where):
    """A signal while the new files are still being written ends the process only once the
    write is whole: no ``.new`` or ``.old`` file stays."""
    import signal
    import subprocess
    import sys

    signum = getattr(signal, name)
    script = f"""
import os
from pathlib import Path
from geoparser.io import atomic
folder = Path({str(tmp_path)!r})
real, calls = atomic.{where}, []
def wrapped(*args):
    calls.append(1)
    if len(calls) == 2:
        os.kill(os.getpid(), {int(signum)})
    return real(*args)
setattr(atomic, {where!r}, wrapped)
atomic.write_files_atomic({{folder / f"f{{i}}.txt": "new" for i in range(6)}})
"""
    for i in range(6):
        (tmp_path / f"f{i}.txt").write_text("old")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=_no_core)
    assert done.returncode == -signum, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(6)]
    assert len({p.read_text() for p in tmp_path.iterdir()}) == 1  # all old or all new


@pytest.mark.parametrize("name", ["SIGTERM", "SIGPWR", "SIGRTMIN", "SIGABRT"])
def test_a_signal_while_an_output_is_kept_aside_puts_the_old_one_back(tmp_path, name):
    """``parse --out X --map M`` keeps X aside while it runs: a signal then ends the process
    with X as it was and no hidden ``.old`` beside it."""
    import signal
    import subprocess
    import sys

    signum = getattr(signal, name)
    out = tmp_path / "out.jsonl"
    out.write_text("old")
    script = f"""
import os
from pathlib import Path
from geoparser.io.atomic import kept_aside, write_text_atomic
out = Path({str(out)!r})
with kept_aside(out):
    write_text_atomic(out, "new")
    os.kill(os.getpid(), {int(signum)})
    import time
    time.sleep(30)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=_no_core, timeout=60)
    assert done.returncode == -signum, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]
    assert out.read_text() == "old"
