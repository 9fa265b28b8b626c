"""Write files so that a reader sees the old content or the new, never half of either.

A regular file is written under a temporary name beside it and renamed into place. A stream
(``-`` for standard output, or an existing character device or named pipe such as
``/dev/stdout``) cannot be renamed over: its output is written to a temporary file first and
copied to the stream only once complete, so a failed run still writes nothing there. New files
get the mode the user's umask allows, as ``open`` would give them. Failures to write (a full
disk, a read-only folder) become ``OutputError``, one line naming the file.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

from geoparser.errors import OutputError

#: The output path that means standard output.
STDOUT = "-"

#: ``OSError``s while writing that say the output cannot be written here, not that a file we
#: read is missing or the code is wrong.
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EACCES,
                           errno.EPERM})


_FD_PATH = re.compile(r"/(?:dev/fd|proc/self/fd)/(\d+)")
_STD_PATHS = {STDOUT: 1, "/dev/stdout": 1, "/dev/stderr": 2}


def open_descriptor(path: Path | str) -> int | None:
    """The descriptor of this process that ``path`` names (``-`` and ``/dev/stdout`` are 1,
    ``/dev/fd/N`` is N), else ``None``. Such a path is written through the descriptor already
    open, whatever it leads to (a terminal, a pipe, or a file the shell redirected to), and
    never renamed over."""
    text = str(path)
    if text in _STD_PATHS:
        return _STD_PATHS[text]
    match = _FD_PATH.fullmatch(text)
    return int(match.group(1)) if match else None


def is_stream(path: Path | str) -> bool:
    """Whether ``path`` is standard output (``-``, ``/dev/stdout``), a descriptor
    (``/dev/fd/N``) or an existing character device or pipe."""
    if open_descriptor(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def file_mode() -> int:
    """The mode ``open`` gives a new file under the current umask (0644 under umask 022)."""
    return 0o666 & ~_umask()


def _umask() -> int:
    # Read it where the system shows it: setting it to look (os.umask) would leave it at 0
    # for a moment for every other thread of the process.
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_error(path: Path | str, exc: OSError) -> OutputError:
    """The one-line error for an ``OSError`` met while writing ``path``."""
    return OutputError(f"cannot write {path}: {exc.strerror or exc}")


@contextmanager
def atomic_path(path: Path | str, temporary: str | None = None) -> Iterator[Path]:
    """A temporary path to write to; on a clean exit it becomes ``path`` (renamed, or copied to
    a stream), otherwise it is removed and ``path`` is left as it was. ``temporary``: the
    temporary file's name, beside ``path``, made afresh (a caller that must know it, such as a
    run recording what it writes in a folder: ``part_ledger``); else a random one."""
    stream = is_stream(path)
    path = Path(path) if stream else _resolved(Path(path))
    try:
        if not stream:  # user outputs are checked first (``check_output``): our caches' folders
            path.parent.mkdir(parents=True, exist_ok=True)
        where = None if stream else path.parent
        if temporary is not None and where is not None:
            name = str(where / temporary)
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        else:
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=where)
        os.close(fd)
    except OSError as exc:
        raise write_error(path, exc) from None
    tmp = Path(name)
    try:
        try:
            yield tmp
        except OSError as exc:
            if exc.errno in WRITE_ERRNOS:
                raise write_error(path, exc) from None
            raise
        try:
            if stream:
                _copy_to_stream(tmp, path)
            else:
                os.chmod(tmp, file_mode())
                os.replace(tmp, path)
        except OSError as exc:
            raise write_error(path, exc) from None
    finally:
        tmp.unlink(missing_ok=True)


def _copy_to_stream(src: Path, target: Path) -> None:
    fd = open_descriptor(target)
    with src.open("rb") as fh:
        if fd == 1:
            if sys.stdout is None or sys.stdout.closed:  # started with stdout closed (>&-)
                raise OutputError("cannot write to standard output: it is closed")
            try:
                sys.stdout.flush()
                dst = sys.stdout.buffer
                shutil.copyfileobj(fh, dst)
                dst.flush()
            except ValueError:  # closed under us
                raise OutputError("cannot write to standard output: it is closed") from None
        elif fd is not None:
            with os.fdopen(os.dup(fd), "wb") as dst:
                shutil.copyfileobj(fh, dst)
        else:
            with target.open("wb") as dst:
                shutil.copyfileobj(fh, dst)


def _resolved(path: Path) -> Path:
    """A symlink's target, so that writing replaces the file it points to and keeps the link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


@contextmanager
def kept_aside(path: Path | str) -> Iterator[None]:
    """Keep ``path``'s current file (a hard link beside it, no copy) while the block replaces
    it; if the block fails, put it back -- or, when there was none, remove what the block
    wrote -- so an output written in two steps (``parse --out X --map M``) is both or
    neither, also when a signal ends the process in the block (``ended_by_signals``: the
    old file is put back, no hidden ``.old`` stays, then the signal ends it). Also removes
    ``X.skipped.jsonl`` written in the block."""
    path = _resolved(Path(path))
    listing = path.with_name(path.name + ".skipped.jsonl")
    saved: dict[Path, Path | None] = {}
    try:
        for p in (path, listing):
            saved[p] = None
            if p.is_file():
                fd, name = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".old", dir=p.parent)
                os.close(fd)
                os.unlink(name)
                os.link(p, name)
                saved[p] = Path(name)
    except OSError as exc:
        for backup in saved.values():
            if backup is not None:
                _discard(backup)
        raise write_error(path, exc) from None
    with ended_by_signals():
        try:
            yield
        except BaseException:
            with deferred_signals():
                for p, backup in saved.items():
                    if backup is not None:
                        os.replace(backup, p)
                    else:
                        _discard(p)
            raise
        with deferred_signals():
            for backup in saved.values():
                if backup is not None:
                    _discard(backup)


def write_bytes_atomic(path: Path | str, data: bytes, temporary: str | None = None) -> None:
    """Write ``data`` to ``path`` atomically (see ``atomic_path``)."""
    with atomic_path(path, temporary) as tmp, tmp.open("wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def write_text_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_files_atomic(files: Mapping[Path, str | bytes]) -> None:
    """Write several files as one: either every file gets its new content or, on any failure,
    every file (and folder) is left exactly as it was.

    Each new file is first written in full under a temporary name beside its target; only when
    all are written are they renamed into place, each old file moved aside first and restored
    if a later rename fails. Renames need no disk space, so a full disk stops the writing
    phase, before anything is replaced. A target that is a folder or a device is refused
    before anything is written. A signal that would end the process waits until it is all
    done or undone (``deferred_signals``), so no ``.new`` or ``.old`` file is left behind.
    """
    targets = [_resolved(Path(p)) for p in files]
    for target in targets:
        if target.is_dir() or (target.exists() and not target.is_file()):
            raise OutputError(f"cannot write {target}: it is a folder or a device, not a file")
    with deferred_signals():  # staged files, renames and clean-up: all done before it ends
        _write_staged(targets, list(files.values()))


def _write_staged(targets: list[Path], contents: list[str | bytes]) -> None:
    created: list[Path] = []
    staged: dict[Path, Path] = {}
    try:
        for target, content in zip(targets, contents, strict=True):
            _make_dirs(target.parent, created)
            data = content.encode("utf-8") if isinstance(content, str) else content
            staged[target] = _stage(target, data)
        _swap(staged)
    except BaseException as exc:
        for tmp in staged.values():
            _discard(tmp)
        for folder in reversed(created):
            with suppress(OSError):
                folder.rmdir()
        if isinstance(exc, OSError):
            failed = next((t for t in targets if t not in staged), targets[-1])
            raise write_error(failed, exc) from None
        raise


def _make_dirs(folder: Path, created: list[Path]) -> None:
    missing = []
    for parent in (folder, *folder.parents):
        if parent.exists():
            break
        missing.append(parent)
    for parent in reversed(missing):
        parent.mkdir()
        created.append(parent)


def _stage(target: Path, data: bytes) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".new", dir=target.parent)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, file_mode())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _swap(staged: Mapping[Path, Path]) -> None:
    """Rename every staged file into place, or none: a failure puts the old files back.

    Signals that end the process wait until the renames are done or undone
    (``deferred_signals``, around the whole write), and an exception raised between a
    rename and the next line (a patched ``os.replace``, a signal from a handler we do not
    own) still finds the old file where it was moved: the
    rollback looks at what is on disk, never assumes a rename did not happen.
    """
    done: list[tuple[Path, Path | None]] = []
    target = None
    try:
        for target, tmp in staged.items():
            backup = None
            if target.exists():
                fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".old",
                                            dir=target.parent)
                os.close(fd)
                backup = Path(name)
                done.append((target, backup))
                os.replace(target, backup)
            else:
                done.append((target, None))
            os.replace(tmp, target)
    except BaseException as exc:
        _roll_back(done, staged)
        if isinstance(exc, OSError) and target is not None:
            raise write_error(target, exc) from None  # the file that failed, by name
        raise
    for _, backup in done:
        if backup is not None:
            _discard(backup)


def _roll_back(done: list[tuple[Path, Path | None]], staged: Mapping[Path, Path]) -> None:
    """Undo ``_swap``'s renames from what is on disk: a backup that holds the old file goes
    back in place; a target that is still the empty placeholder backup was never moved."""
    for target, backup in reversed(done):
        tmp = staged[target]
        if backup is None:
            if not tmp.exists():  # the new file went in: remove it, there was none before
                _discard(target)
        elif target.exists() and tmp.exists():
            _discard(backup)  # the old file never moved; the backup is an empty placeholder
        else:
            os.replace(backup, target)  # the old file is in the backup: put it back


def _discard(path: Path) -> None:
    """Remove a file of ours if the folder lets us (an append-only folder does not: the file
    stays, and the error that stopped the writing is the one reported)."""
    with suppress(OSError):
        path.unlink(missing_ok=True)


#: The signals that do not end a process: POSIX's default for these is to ignore, stop or
#: continue, or no process can catch them (KILL, STOP). Faults the instruction itself raises
#: (SEGV, BUS, FPE, ILL) are left alone too: a handler that returns would re-run the fault.
_NOT_ENDING = ("SIGCHLD", "SIGCLD", "SIGCONT", "SIGURG", "SIGWINCH", "SIGTSTP", "SIGTTIN",
               "SIGTTOU", "SIGKILL", "SIGSTOP", "SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL")


def ending_signals() -> tuple[int, ...]:
    """Every signal that would end the process now, computed from what the system has
    (``signal.valid_signals``: SIGPWR, SIGSTKFLT, SIGABRT, SIGTRAP, SIGSYS and the real-time
    signals alike), less ``_NOT_ENDING`` and any set to be ignored (SIGPIPE, as Python sets
    it)."""
    skip = {getattr(signal, name) for name in _NOT_ENDING if hasattr(signal, name)}
    return tuple(sorted(signum for signum in signal.valid_signals() if signum not in skip
                        and signal.getsignal(signum) is not signal.SIG_IGN))


class EndedBySignal(BaseException):
    """A signal that would have ended the process, raised so that clean-up runs first."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def ended_by_signals() -> Iterator[None]:
    """Within the block, a signal that would end the process raises ``EndedBySignal``, so
    the block's clean-up (``finally``, ``except``) runs; once out, the signal is delivered as
    it came, to the handlers there were before (the process ends by it, or SIGINT raises
    KeyboardInterrupt). Outside the main thread the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise EndedBySignal(signum)

    previous = {signum: signal.signal(signum, stop) for signum in ending_signals()}
    ended = None
    try:
        yield
    except EndedBySignal as exc:
        ended = exc.signum
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
    if ended is not None:
        signal.raise_signal(ended)


@contextmanager
def deferred_signals(signums: tuple[int, ...] | None = None) -> Iterator[None]:
    """Hold every signal that would end the process until the block ends, then deliver them
    as they came.

    Used around the renames that make several files one output, so Ctrl-C or a ``kill`` lands
    before them or after them, never between. Outside the main thread (where Python cannot
    set handlers) the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {}
    for signum in ending_signals() if signums is None else signums:
        previous[signum] = signal.signal(signum, lambda n, frame: caught.append(n))
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)
