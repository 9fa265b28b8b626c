"""Running the pipeline on a Dask cluster: chunks from ``toposcope parse --dask ADDRESS``, or the
partitions of a ``dask.dataframe`` (``parse_dataframe``).

Each Dask worker builds the stages once (per worker thread; run workers with ``--nthreads 1``
so a process holds one model) and keeps them for every later chunk. The offline gazetteer's
index file is shipped to every worker by a worker plugin, so workers need the package and the
spaCy model installed, not a prebuilt index.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from geoparser.batch.chunk_task import parse_records
from geoparser.batch.pool import Pool
from geoparser.batch.stages import GAZETTEER_FILES, PipelineSpec, build_gazetteer
from geoparser.defaults import DEFAULT_RECOGNISER
from geoparser.errors import InputError, UsageError
from geoparser.io.atomic import write_bytes_atomic
from geoparser.io.documents import prediction_to_json
from geoparser.io.sources import DEFAULT_ID_COLUMN, DEFAULT_TEXT_COLUMN, ValueRowDecoder
from geoparser.recognition import DEFAULT_LABELS

if TYPE_CHECKING:
    import dask.dataframe as dd
    import pandas as pd

try:
    from distributed import Client, WorkerPlugin
except ImportError:  # pragma: no cover - the extra is not installed
    Client = None
    WorkerPlugin = object

#: Columns of ``parse_dataframe``'s result.
OUTPUT_COLUMNS = ("id", "toponyms", "focus", "error")


def _need_distributed() -> None:
    if Client is None:
        raise UsageError("--dask needs dask and distributed: pip install 'toposcope[dask]'")


class ShipGazetteerIndex(WorkerPlugin):  # type: ignore[misc, valid-type]
    """Copies a gazetteer's index file into each worker's local directory and points the
    worker's stages at that copy."""

    name = "toposcope-gazetteer-index"

    def __init__(self, gazetteer: str, path: Path) -> None:
        self.gazetteer = gazetteer
        self.filename = Path(path).name
        self.data = Path(path).read_bytes()

    def setup(self, worker: Any) -> None:
        target = Path(worker.local_directory) / "toposcope" / self.filename
        if not target.is_file() or target.stat().st_size != len(self.data):
            write_bytes_atomic(target, self.data)
        GAZETTEER_FILES[self.gazetteer] = target


@contextmanager
def dask_pool(address: str, spec: PipelineSpec) -> Iterator[Pool]:
    """An executor on the cluster at ``address``, with the gazetteer index shipped to it."""
    _need_distributed()
    try:
        client = Client(address, timeout="30s")
    except OSError as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address} ({exc})") from None
    try:
        index = getattr(getattr(build_gazetteer(spec), "index", None), "path", None)
        if index is not None:
            client.register_plugin(ShipGazetteerIndex(spec.gazetteer, index))
        threads = sum(client.nthreads().values()) or 1
        yield Pool(client.get_executor(pure=False), 2 * threads,
                   f"Dask at {address} ({threads} worker threads)")
    finally:
        client.close()


def parse_partition(frame: pd.DataFrame, spec: PipelineSpec, id_column: str, text_column: str,
                    on_error: str) -> pd.DataFrame:
    """One partition geoparsed: a row per input row, with the toponyms as the JSON list the
    prediction JSONL holds and the document's focus as its JSON object (null without one), or
    the reason the row was skipped."""
    import pandas as pd

    decoder = ValueRowDecoder("dataframe", text_column, id_column)
    records = [(i, (doc_id, text)) for i, doc_id, text
               in zip(_locations(frame.index), frame[id_column], frame[text_column], strict=True)]
    parsed, bad, _ = parse_records(spec, decoder, records)
    if bad and on_error == "fail":
        raise InputError(bad[0].message, "dataframe", bad[0].location)
    by_location: dict[int, Any] = {loc: p for loc, p in parsed}
    errors = {b.location: b.message for b in bad}
    rows = []
    for loc, (doc_id, _) in records:
        if loc in errors:
            rows.append((None if doc_id is None else str(doc_id), None, None, errors[loc]))
        else:
            done = by_location[loc]
            p = done.predictions()
            focus = json.dumps(done.focus.to_dict(), ensure_ascii=False) if done.focus else None
            rows.append((p.id, json.dumps(prediction_to_json(p)["toponyms"],
                                          ensure_ascii=False), focus, None))
    return pd.DataFrame(rows, columns=list(OUTPUT_COLUMNS), index=frame.index, dtype=object)


def _locations(index: pd.Index) -> Sequence[int]:
    """Row locations for messages: the index labels when they are integers, else positions."""
    if index.dtype.kind in "iu":
        return [int(i) for i in index]
    return range(len(index))


def parse_dataframe(
    frame: dd.DataFrame,
    text_column: str = DEFAULT_TEXT_COLUMN,
    id_column: str = DEFAULT_ID_COLUMN,
    ner: str = DEFAULT_RECOGNISER,
    labels: Sequence[str] = DEFAULT_LABELS,
    gazetteer: str = "offline",
    policy: str = "context",
    on_error: str = "skip",
) -> dd.DataFrame:
    """Geoparse a ``dask.dataframe`` partition by partition (lazily, like any Dask step).

    The result has the input's partitions and index and the columns ``id``, ``toponyms``
    (JSON text, as in the prediction JSONL), ``focus`` (the document's focus, JSON text as in
    the prediction JSONL, or null) and ``error`` (why a row was skipped, else null).
    ``on_error="fail"`` raises on the first bad row instead.
    """
    import pandas as pd

    spec = PipelineSpec(ner, tuple(labels), gazetteer, policy)
    spec.check()
    if on_error not in ("fail", "skip"):
        raise UsageError(f"unknown on_error {on_error!r} (known: fail, skip)")
    meta = pd.DataFrame({c: pd.Series(dtype=object) for c in OUTPUT_COLUMNS})
    return frame[[id_column, text_column]].map_partitions(
        parse_partition, spec, id_column, text_column, on_error, meta=meta)
