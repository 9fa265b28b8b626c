"""The part store: a chunk counts only once its summary is written; resumes must match."""

import json

import pytest

from geoparser.batch.chunk_task import BadRow, ChunkResult
from geoparser.batch.part_formats import PART_FORMATS
from geoparser.batch.part_store import PartStore, parts_dir, skipped_path
from geoparser.errors import UsageError


def result(index, lines, bad=()):
    data = "".join(json.dumps({"id": line, "toponyms": []}) + "\n" for line in lines)
    return ChunkResult(index, len(lines) + len(bad), len(lines), 0, 0,
                       [BadRow(loc, msg) for loc, msg in bad], data.encode())


def store(tmp_path, **manifest):
    return PartStore(tmp_path / "out.jsonl", {"chunk_size": 2, **manifest},
                     PART_FORMATS.create("jsonl"))


def test_chunks_are_finished_only_with_their_summary(tmp_path):
    s = store(tmp_path)
    assert s.open(resume=False) == set()
    s.save(result(1, ["c", "d"]))
    s.ledger.announce("chunk-00000000.jsonl")  # as a run does before writing it
    (s.dir / "chunk-00000000.jsonl").write_text("half of a chunk")  # data, no summary
    assert s.finished() == {1}
    s.close()
    with pytest.raises(UsageError, match="holds 1 finished chunks.*--resume"):
        store(tmp_path).open(resume=False)
    assert store(tmp_path).open(resume=True) == {1}


def test_resume_refuses_other_options(tmp_path):
    store(tmp_path).open(resume=False)
    with pytest.raises(UsageError, match="chunk_size, output_format differ"):
        PartStore(tmp_path / "out.jsonl", {"chunk_size": 3, "output_format": "geojson"},
                  PART_FORMATS.create("jsonl")).open(resume=True)


def test_finish_joins_in_order_lists_skipped_rows_and_cleans_up(tmp_path):
    s = store(tmp_path)
    s.open(resume=False)
    s.save(result(1, ["c"], bad=[(4, "missing field 'text'")]))
    s.save(result(0, ["a", "b"]))
    with pytest.raises(RuntimeError, match="chunk 2 is not finished"):
        s.totals(3)
    totals = s.finish(2, "in.jsonl")
    assert (totals.read, totals.parsed, totals.skipped) == (4, 3, 1)
    assert [json.loads(x)["id"] for x in s.out.read_text().splitlines()] == ["a", "b", "c"]
    assert json.loads(skipped_path(s.out).read_text()) == {
        "source": "in.jsonl", "line": 4, "error": "missing field 'text'"}
    assert not parts_dir(s.out).exists()


def _finished_store(tmp_path, n=3):
    s = store(tmp_path)
    s.open(resume=False)
    for i in range(n):
        s.save(result(i, [f"d{i}a", f"d{i}b"]))
    s.close()
    return s


def _damage(path, how):
    data = path.read_bytes()
    if how == "emptied":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "edited":
        path.write_bytes(data.replace(b"d1a", b"d1x"))
    elif how == "garbled":
        path.write_bytes(b"\x00\xff" + data[2:])
    elif how == "deleted":
        path.unlink()


@pytest.mark.parametrize("how", ["emptied", "truncated", "edited", "garbled", "deleted"])
def test_resume_recomputes_corrupt_chunk(tmp_path, how, caplog):
    s = _finished_store(tmp_path)
    _damage(s.dir / "chunk-00000001.jsonl", how)
    again = store(tmp_path)
    with caplog.at_level("WARNING", logger="geoparser"):
        assert again.open(resume=True) == {0, 2}  # chunk 1 is redone, never joined
    assert "chunk 1" in caplog.text and "recomputing it" in caplog.text
    assert not (s.dir / "chunk-00000001.json").exists()
    again.save(result(1, ["d1a", "d1b"]))
    again.finish(3, "in.jsonl")
    assert [json.loads(x)["id"] for x in again.out.read_text().splitlines()] == [
        "d0a", "d0b", "d1a", "d1b", "d2a", "d2b"]


@pytest.mark.parametrize("how", ["emptied", "truncated", "edited", "garbled"])
def test_resume_recomputes_chunk_with_garbled_marker(tmp_path, how):
    s = _finished_store(tmp_path)
    marker = s.dir / "chunk-00000002.json"
    if how == "edited":
        m = json.loads(marker.read_text())
        m["parsed"] = 1000  # a wrong count would give wrong totals
        marker.write_text(json.dumps(m))
    else:
        _damage(marker, how)
    assert store(tmp_path).open(resume=True) == {0, 1}


def test_resume_with_garbled_manifest_recomputes_everything(tmp_path, caplog):
    s = _finished_store(tmp_path)
    (s.dir / "run.json").write_text("{not json")
    with caplog.at_level("WARNING", logger="geoparser"):
        assert store(tmp_path).open(resume=True) == set()
    assert "run.json" in caplog.text and "recomputing every chunk" in caplog.text
    assert json.loads((s.dir / "run.json").read_text()) == {"toposcope_parts": 1,
                                                            "chunk_size": 2}


def test_second_run_on_the_same_output_is_refused_while_the_first_runs(tmp_path):
    first = store(tmp_path)
    first.open(resume=False)
    first.save(result(0, ["a"]))
    with pytest.raises(UsageError, match="another toposcope run is writing .*out.jsonl"):
        store(tmp_path).open(resume=True)
    assert first.finished() == {0}  # the refused run touched nothing
    first.close()
    assert store(tmp_path).open(resume=True) == {0}


def test_stream_output_keeps_parts_in_a_temporary_folder(tmp_path):
    s = PartStore("-", {"chunk_size": 2},
                  PART_FORMATS.create("jsonl"))
    s.open(resume=False)
    assert not str(s.dir).startswith(str(tmp_path)) and s.dir.is_dir()
    s.discard()
    assert not s.dir.exists()
    with pytest.raises(UsageError, match="cannot be resumed"):
        PartStore("-", {}, PART_FORMATS.create("jsonl")).open(resume=True)


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_resume_never_deletes_files_that_are_not_ours(tmp_path, kind):
    """Case 3: OUT.parts is the user's folder, or a link to scratch space, with no run.json:
    refused, and every file in it kept."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "thesis.tex").write_text("precious")
    (scratch / "chunk-00000000.jsonl").write_text("looks like ours")
    parts = parts_dir(tmp_path / "out.jsonl")
    if kind == "link":
        parts.symlink_to(scratch)
    else:
        scratch.rename(parts)
        scratch = parts
    for resume in (True, False):
        with pytest.raises(UsageError, match=r"holds files toposcope did not write "
                                             r"\(chunk-00000000.jsonl, thesis.tex\)"):
            store(tmp_path).open(resume=resume)
    assert sorted(p.name for p in scratch.iterdir()) == ["chunk-00000000.jsonl",
                                                         "thesis.tex"]
    assert (scratch / "thesis.tex").read_text() == "precious"


@pytest.mark.parametrize("content", ['{"experiment": 7}', "notes, not JSON"])
@pytest.mark.parametrize("resume", [True, False])
def test_a_users_run_json_in_a_linked_parts_folder_is_kept_and_no_lock_left(tmp_path, content,
                                                                            resume):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    (scratch / "run.json").write_text(content)
    parts_dir(tmp_path / "out.jsonl").symlink_to(scratch)
    with pytest.raises(UsageError, match=r"holds files toposcope did not write \(run.json\)"):
        store(tmp_path).open(resume=resume)
    assert sorted(p.name for p in scratch.iterdir()) == ["run.json"]
    assert (scratch / "run.json").read_text() == content


def test_finishing_into_a_linked_parts_folder_removes_only_our_files(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    parts_dir(tmp_path / "out.jsonl").symlink_to(scratch)
    s = store(tmp_path)
    s.open(resume=False)
    s.save(result(0, ["a"]))
    s.finish(1, "in.jsonl")
    assert scratch.is_dir() and list(scratch.iterdir()) == []
    assert parts_dir(tmp_path / "out.jsonl").is_symlink()


def _users_files(folder):
    """A user's own files named like a run's, in their scratch folder."""
    mine = {"chunk-00000000.json": '{"mine": 1}', "chunk-00000000.jsonl": '{"id": "mine"}\n',
            "recognised-00000000.json": "[]", "recognised-00000000.sha256": "0" * 64}
    for name, text in mine.items():
        (folder / name).write_text(text)
    return mine


@pytest.mark.parametrize("resume", [True, False])
@pytest.mark.parametrize("with_run_json", [False, True])
def test_resume_never_deletes_a_users_chunk_and_recognised_files_in_a_linked_parts_folder(
        tmp_path, resume, with_run_json):
    """Files named exactly like a run's (and a run.json that even carries our mark) are the
    user's unless the folder's ledger says a run wrote them: refused, nothing deleted."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    mine = _users_files(scratch)
    if with_run_json:
        mine["run.json"] = json.dumps({"toposcope_parts": 1, "chunk_size": 2})
        (scratch / "run.json").write_text(mine["run.json"])
    parts_dir(tmp_path / "out.jsonl").symlink_to(scratch)
    with pytest.raises(UsageError) as err:
        store(tmp_path).open(resume=resume)
    message = str(err.value)
    assert str(parts_dir(tmp_path / "out.jsonl")) in message and "\n" not in message
    assert "chunk-00000000.json" in message
    assert {p.name: p.read_text() for p in scratch.iterdir()} == mine


def test_users_files_added_beside_an_unfinished_run_are_refused_and_kept(tmp_path):
    """The run's own chunks may be resumed, but not once a user's file sits among them: the
    ledger lists chunk 0 and 1, the user's recognised-00000005.json is not ours."""
    s = _finished_store(tmp_path, n=2)
    (s.dir / "recognised-00000005.json").write_text("my notes")
    with pytest.raises(UsageError, match=r"recognised-00000005.json"):
        store(tmp_path).open(resume=True)
    assert (s.dir / "recognised-00000005.json").read_text() == "my notes"
    assert {p.name for p in s.dir.iterdir()} >= {"chunk-00000000.json", "chunk-00000001.json"}


def test_the_ledger_lists_every_file_a_run_wrote_with_its_checksum(tmp_path):
    import hashlib

    s = _finished_store(tmp_path, n=2)
    s.save_recognised(3, b"[]")
    listed = s.ledger.listed()
    files = {p.name for p in s.dir.iterdir()} - {"lock", "written.jsonl"}
    assert {name for name, digest in listed.items() if digest is not None} == files
    # announced only: the lock and the temporary names the files were written under
    assert {name for name, digest in listed.items() if digest is None} == {"lock"} | {
        name for name in listed if name.endswith(".tmp")}
    for name, digest in listed.items():
        if digest is None:
            continue
        assert digest == hashlib.sha256((s.dir / name).read_bytes()).hexdigest(), name


def test_cli_resume_with_a_users_files_in_the_linked_parts_folder_exits_2_keeping_them(
        tmp_path):
    from typer.testing import CliRunner

    from geoparser.cli.main import app

    docs = tmp_path / "docs.jsonl"
    docs.write_text(json.dumps({"id": "1", "text": "Rain in Leeds."}) + "\n")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    mine = _users_files(scratch)
    out = tmp_path / "out.jsonl"
    parts_dir(out).symlink_to(scratch)
    result = CliRunner().invoke(app, ["parse", "--in", str(docs), "--out", str(out),
                                      "--resume", "--chunk-size", "1"])
    assert result.exit_code == 2, result.output
    assert str(parts_dir(out)) in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert {p.name: p.read_text() for p in scratch.iterdir()} == mine and not out.exists()


@pytest.mark.parametrize("resume", [True, False])
@pytest.mark.parametrize("users", [{"written.jsonl": "notes\n", "lock": "x\n"},
                                   {"written.jsonl": "notes\n"}, {"lock": "x\n"}])
def test_a_users_written_jsonl_and_lock_in_a_linked_parts_folder_are_kept(tmp_path, resume,
                                                                          users):
    """``written.jsonl`` and ``lock`` are names a run uses, but these the user wrote."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    for name, text in users.items():
        (scratch / name).write_text(text)
    parts_dir(tmp_path / "out.jsonl").symlink_to(scratch)
    with pytest.raises(UsageError, match="holds files toposcope did not write"):
        store(tmp_path).open(resume=resume)
    assert {p.name: p.read_text() for p in scratch.iterdir()} == users


def test_a_users_file_named_like_a_temporary_file_of_ours_is_kept(tmp_path):
    """``.chunk-00000001.json.mine.tmp`` looks like the temporary file of a chunk the ledger
    lists, but no run chose that name: refused, and never deleted."""
    s = _finished_store(tmp_path, n=2)
    (s.dir / ".chunk-00000001.json.mine.tmp").write_text("mine")
    with pytest.raises(UsageError, match=r"\.chunk-00000001\.json\.mine\.tmp"):
        store(tmp_path).open(resume=True)
    assert (s.dir / ".chunk-00000001.json.mine.tmp").read_text() == "mine"


def test_a_temporary_file_a_killed_run_left_is_ours_and_removed(tmp_path):
    s = _finished_store(tmp_path, n=2)
    [temporary] = [n for n in s.ledger.listed() if n.startswith(".chunk-00000001.json.")]
    (s.dir / temporary).write_text("half")  # as a kill between write and rename leaves it
    r = store(tmp_path)
    assert r.open(resume=True) == {0, 1}
    r.finish(2, "in.jsonl")
    assert not s.dir.exists()


def test_resume_recomputes_a_chunk_whose_data_and_marker_were_rewritten_to_match(tmp_path):
    """Data edited with the marker's size, SHA-256 and own checksum rewritten to match passes
    every side-car check; the ledger's SHA-256, recorded when the run wrote each file, does
    not match, so the chunk is recomputed, never joined."""
    import hashlib

    from geoparser.batch.part_store import _marker_digest

    s = _finished_store(tmp_path)
    data_file, marker_file = s.dir / "chunk-00000001.jsonl", s.dir / "chunk-00000001.json"
    data = data_file.read_bytes().replace(b"d1a", b"invented")
    data_file.write_bytes(data)
    marker = json.loads(marker_file.read_text())
    marker.update(data_bytes=len(data), data_sha256=hashlib.sha256(data).hexdigest())
    marker["sha256"] = _marker_digest(marker)
    marker_file.write_text(json.dumps(marker))
    assert store(tmp_path).open(resume=True) == {0, 2}
    assert not data_file.exists() and not marker_file.exists()


def test_resume_starts_over_when_run_json_does_not_match_the_ledger(tmp_path, caplog):
    s = _finished_store(tmp_path)
    manifest = s.dir / "run.json"
    manifest.write_text(json.dumps(json.loads(manifest.read_text())))  # same keys, rewritten
    with caplog.at_level("WARNING", logger="geoparser"):
        assert store(tmp_path).open(resume=True) == set()
    assert "run.json" in caplog.text and "recomputing every chunk" in caplog.text
