"""requests-cache's SQLite backend with a bounded wait for its write lock.

requests-cache takes its write lock with ``BEGIN IMMEDIATE`` in a loop that retries every
``OperationalError`` for ever: on a full disk, a read-only folder or a file another program
holds locked, a run hangs with no word. ``BoundedSQLiteDict`` retries for at most
``LOCK_WAIT_S`` seconds, then raises ``OutputError`` naming the cache file, one line. A write
that fails when it is committed (the disk filled up meanwhile) is rolled back, as
requests-cache does, and raises the same error, where requests-cache would go on storing
nothing and asking the service again on every run.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from requests_cache.backends.sqlite import SQLiteCache, SQLiteDict

from geoparser.errors import OutputError

#: How long a write waits for the cache file before the run stops with an error.
LOCK_WAIT_S = 10.0


class BoundedSQLiteDict(SQLiteDict):
    """``SQLiteDict`` whose write lock gives up after ``LOCK_WAIT_S`` seconds."""

    @contextmanager
    def _acquire_sqlite_lock(self):
        with self._lock:
            deadline = time.monotonic() + LOCK_WAIT_S
            while True:
                try:
                    self._connection.execute("BEGIN IMMEDIATE")
                    break
                except sqlite3.OperationalError as exc:
                    if time.monotonic() > deadline:
                        raise self._unwritable(exc) from None
                    time.sleep(0.01)
            self._active_transaction = True
            try:
                yield
                self._connection.commit()
            except sqlite3.OperationalError as exc:
                self._connection.rollback()  # the answer is not kept: say so, once
                raise self._unwritable(exc) from None
            finally:
                self._active_transaction = False

    def _unwritable(self, exc: sqlite3.OperationalError) -> OutputError:
        return OutputError(f"cannot write the web cache {self.db_path} ({exc}); free some "
                           "space, check the folder, or run with --no-cache")


class BoundedSQLiteCache(SQLiteCache):
    """requests-cache's ``SQLiteCache`` built on ``BoundedSQLiteDict``."""

    def __init__(self, db_path: Path | str, serializer=None, **kwargs) -> None:
        from requests_cache.backends.base import BaseCache

        kwargs.setdefault("timeout", 1.0)  # sqlite3's own wait for a lock, per attempt
        BaseCache.__init__(self, cache_name=str(db_path), **kwargs)
        skwargs = {"serializer": serializer, **kwargs} if serializer else kwargs
        self.responses = BoundedSQLiteDict(db_path, table_name="responses", **skwargs)
        self.redirects = BoundedSQLiteDict(db_path, table_name="redirects",
                                           lock=self.responses._lock, serializer=None, **kwargs)
