"""The pipeline on a Dask cluster (a LocalCluster of two worker processes on loopback) writes
exactly what a single process writes, with each worker building its stages once."""

import json

import dask.dataframe as dd
import pandas as pd
import pytest
from distributed import Client, LocalCluster
from typer.testing import CliRunner

from geoparser.batch import stages
from geoparser.batch.dask_cluster import parse_dataframe
from geoparser.cli.main import app
from geoparser.errors import InputError
from geoparser.io.documents import prediction_to_json, read_gold
from tests.conftest import CAPTIONS

runner = CliRunner()


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as c, Client(c) as client:
        yield c, client


@pytest.fixture(scope="module")
def docs():
    return pd.DataFrame([{"id": d.id, "text": d.text} for d in read_gold(CAPTIONS)] * 2)


def test_parse_on_dask_equals_single_process(cluster, docs, tmp_path):
    c, client = cluster
    src = tmp_path / "docs.jsonl"
    docs.assign(id=[f"{i}-{x}" for i, x in enumerate(docs.id)]).to_json(
        src, orient="records", lines=True)
    single, on_dask = tmp_path / "single.jsonl", tmp_path / "dask.jsonl"
    assert runner.invoke(app, ["parse", "--in", str(src), "--out", str(single)]).exit_code == 0
    result = runner.invoke(app, ["parse", "--in", str(src), "--out", str(on_dask),
                                 "--dask", c.scheduler_address, "--chunk-size", "3"])
    assert result.exit_code == 0, result.output
    assert "2 worker threads" in result.output
    assert on_dask.read_bytes() == single.read_bytes()
    # Eight chunks over two workers: each built its model and gazetteer once, from the
    # index file shipped to it.
    assert client.run(lambda: stages.BUILDS) == dict.fromkeys(client.nthreads(), 1)
    shipped = client.run(lambda: str(stages.GAZETTEER_FILES.get("offline")))
    assert all("toposcope" in p and p.endswith(".sqlite") for p in shipped.values())


def test_parse_dataframe_equals_single_process(cluster, docs):
    frame = dd.from_pandas(docs.reset_index(drop=True), npartitions=3)
    frame = frame.assign(text=frame.text.where(frame.id != "c05", " "))  # one bad row
    got = parse_dataframe(frame).compute()
    # the focus column joined the output with the document's focus
    assert list(got.columns) == ["id", "toponyms", "focus", "error"] and len(got) == len(docs)
    single = {d.document.id: d for d in stages.parse_documents(
        stages.stages_for(stages.PipelineSpec()),
        [d for d in read_gold(CAPTIONS) if d.id != "c05"])}
    for row in got.itertuples():
        if row.id == "c05":
            assert row.toponyms is None and row.error == "document 'c05' has an empty text"
            assert row.focus is None
            continue
        expected = prediction_to_json(single[row.id].predictions())["toponyms"]
        assert json.loads(row.toponyms) == expected and row.error is None
        focus = single[row.id].focus
        assert (json.loads(row.focus) if row.focus else None) == (
            focus.to_dict() if focus else None)
    with pytest.raises(InputError, match=r"dataframe:(4|16): document .c05. has an empty text"):
        parse_dataframe(frame, on_error="fail").compute()
