"""Property test: random bytes and random JSON fed to every reader through the command line
end either in success or in one line ``toposcope: error: ...`` with exit 2 -- never a
traceback. Readers: gold and predictions (``score``), parse input (JSONL and CSV), and the
WikToR converter (JSON Lines; the XML and brat converters are out of this test's reach)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.hostile import GOLD, PRED, invoke

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

# Text with lone surrogates now and then (json.dumps writes them as \\ud800 escapes).
texts = st.text(st.characters() | st.sampled_from(["\ud800", "\udfff"]), max_size=12)
scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | texts)
any_json = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=8)
TOPONYM_KEYS = ["start", "end", "text", "lat", "lon", "tolerance_km", "label", "geonameid",
                "name", "candidates", "n_candidates", "phrase", "page_title"]
toponym = st.dictionaries(st.sampled_from(TOPONYM_KEYS), any_json, max_size=6)
document = st.fixed_dictionaries(
    {"id": texts | any_json, "text": texts | any_json},
    optional={"toponyms": st.lists(toponym, max_size=3) | any_json,
              "doc_index": any_json})
json_lines = st.lists(document | any_json, min_size=1, max_size=4).map(
    lambda objects: "".join(json.dumps(o) + "\n" for o in objects).encode("utf-8"))
nested = st.integers(1, 3000).map(lambda n: b'{"id": "a", "text": ' + b"[" * n + b"]" * n
                                   + b"}\n")
with_bom = json_lines.map(lambda data: b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"))
contents = st.binary(max_size=400) | json_lines | nested | with_bom


def ends_cleanly(result) -> None:
    """Success, or exit 2 with one error line; never an uncaught exception."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception), result.output[-2000:])
    assert result.exit_code in (0, 2), result.output[-2000:]
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("toposcope: error: "), lines


def feed(data: bytes, name: str, *args_for) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / name
        path.write_bytes(data)
        (folder / "gold.jsonl").write_text(json.dumps(GOLD) + "\n")
        (folder / "pred.jsonl").write_text(json.dumps(PRED) + "\n")
        ends_cleanly(invoke(*args_for[0](path, folder)))


@SETTINGS
@given(contents)
def test_random_gold_never_gives_a_traceback(data):
    feed(data, "random.jsonl", lambda p, d: ["score", "--scheme", "all", "--gold", p,
                                             "--pred", d / "pred.jsonl"])


@SETTINGS
@given(contents)
def test_random_predictions_never_give_a_traceback(data):
    feed(data, "random.jsonl", lambda p, d: ["score", "--scheme", "all", "--gold",
                                             d / "gold.jsonl", "--pred", p])


@SETTINGS
@given(contents)
def test_random_parse_input_never_gives_a_traceback(data):
    feed(data, "random.jsonl", lambda p, d: ["-q", "parse", "--in", p, "--out", d / "o.jsonl",
                                             "--ner", "gazetteer"])


csv_text = st.lists(st.lists(st.text(max_size=10), min_size=1, max_size=3), max_size=4).map(
    lambda rows: ("id,text\n" + "".join(",".join(r) + "\n" for r in rows)).encode(
        "utf-8", "surrogatepass"))


@SETTINGS
@given(st.binary(max_size=400) | csv_text)
def test_random_csv_input_never_gives_a_traceback(data):
    feed(data, "random.csv", lambda p, d: ["-q", "parse", "--in", p, "--out", d / "o.jsonl",
                                           "--ner", "gazetteer", "--on-error", "skip"])


@SETTINGS
@given(contents)
def test_random_wiktor_never_gives_a_traceback(data):
    feed(data, "random.jsonl", lambda p, d: ["convert", "--from", "wiktor", p])


# The XML (GeoVirus, LGL) and brat (GeoWebNews, SemEval-2019) converters, and
# Parquet input to parse (fewer examples: each runs a converter or a parse end to end).
FEW = settings(SETTINGS, max_examples=8)
xml_text = st.text(st.sampled_from(list("<>/=\"' &;abxyz\n")) | st.characters(), max_size=60)
xml_like = st.one_of(
    st.binary(max_size=300),
    xml_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.tuples(st.sampled_from(["articles", "article", "toponyms", "toponym", "text",
                               "gaztag", "lat", "lon", "start", "end", "source"]),
              xml_text, st.integers(0, 400)).map(
        lambda t: (f"<articles><article><{t[0]}>{t[1]}</{t[0]}><text>{'x' * t[2]}</text>"
                   "</article></articles>").encode("utf-8", "surrogatepass")),
    st.integers(1, 3000).map(lambda n: b"<a>" * n + b"</a>" * n),
)


@FEW
@given(xml_like, st.sampled_from(["geovirus", "lgl"]))
def test_random_xml_never_gives_a_traceback(data, fmt):
    feed(data, "random.xml", lambda p, d: ["convert", "--from", fmt, p])


ann_line = st.one_of(
    st.text(max_size=40),
    st.tuples(st.integers(-3, 40), st.integers(-3, 40), st.text(max_size=8),
              st.sampled_from(["Location", "Toponym", "Literal", "Coercion", "X"])).map(
        lambda t: f"T1\t{t[3]} {t[0]} {t[1]}\t{t[2]}"),
    st.tuples(st.text(max_size=10), st.text(max_size=10)).map(
        lambda t: f"#1\tAnnotatorNotes T1\t{t[0]},{t[1]}"),
)


@FEW
@given(st.lists(ann_line, max_size=4), st.text(max_size=40),
       st.sampled_from(["gwn", "semeval2019"]))
def test_random_brat_never_gives_a_traceback(lines, text, fmt):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "1.ann").write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
        (folder / "1.txt").write_bytes(text.encode("utf-8", "surrogatepass"))
        ends_cleanly(invoke("convert", "--from", fmt, folder))


parquet_column = st.one_of(
    st.lists(st.text(max_size=8) | st.none(), min_size=1, max_size=4),
    st.lists(st.integers(-2**62, 2**62) | st.none(), min_size=1, max_size=4),
    st.lists(st.floats() | st.none(), min_size=1, max_size=4),
    st.lists(st.binary(max_size=6), min_size=1, max_size=4),
    st.lists(st.lists(st.integers(0, 9), max_size=2), min_size=1, max_size=4),
)


@FEW
@given(st.dictionaries(st.sampled_from(["id", "text", "other"]), parquet_column, max_size=3),
       st.binary(max_size=200))
def test_random_parquet_input_never_gives_a_traceback(columns, garbage):
    import pyarrow as pa
    import pyarrow.parquet as pq

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "random.parquet"
        n = min((len(v) for v in columns.values()), default=0)
        try:
            pq.write_table(pa.table({k: v[:n] for k, v in columns.items()}), path)
        except (pa.ArrowException, ValueError, TypeError):
            path.write_bytes(garbage)  # not a table pyarrow can write: random bytes instead
        ends_cleanly(invoke("-q", "parse", "--in", path, "--out", folder / "o.jsonl",
                            "--ner", "gazetteer", "--on-error", "skip"))
