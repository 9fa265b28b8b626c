"""The line-by-line reader defines the gold and prediction formats; the bulk reader is only a
faster way to accept the files it would accept. Property: on any file, if the bulk reader
accepts it, the line reader accepts it too, with equal documents and equal columns; where the
line reader refuses a file, the bulk reader refuses it as well."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from random import Random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoparser.errors import InputError
from geoparser.io.bulk import Source, read_gold_lines, read_prediction_lines
from geoparser.io.documents import _read_gold_by_line, _read_predictions_by_line
from geoparser.io.json_lines import numbered_lines
from geoparser.io.records import Columns, GoldRecords, PredictionRecords

SETTINGS = settings(max_examples=600, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

TEXTS = ["Rain over Perth and New York", "Bath", "Ürümqi, China"]
NAMES = ["Perth", "New York", "Bath", "York", "Ürümqi", "China"]
GOLD = [{"id": "d0", "text": TEXTS[0]}, {"id": "d1", "text": "Bath"},
        {"id": "d2", "text": TEXTS[2]}]
#: Wrong values a field is now and then given.
JUNK = [None, -1, 0, 31, 1.5, -200.0, 95.0, "3", "", True, [], {}]
FIELDS = ["start", "end", "text", "lat", "lon", "tolerance_km", "label", "geonameid", "name",
          "n_candidates", "candidates", "confidence", "population", "id", "source"]
SPOIL = 0.04  # the chance that an object has one field removed or given a wrong value


def _spoilt(rng: Random, obj: dict) -> dict:
    """``obj``, or now and then ``obj`` with one field wrong or gone: files on the edge of
    what the readers accept."""
    if rng.random() >= SPOIL:
        return obj
    key = rng.choice(FIELDS)
    if rng.random() < 0.3:
        return {k: v for k, v in obj.items() if k != key}
    return {**obj, key: rng.choice(JUNK)}


def _point(rng: Random) -> dict:
    """A whole point, none, or (rarely) half of one."""
    roll = rng.random()
    if roll < 0.45:
        return {}
    if roll < 0.95:
        return {"lat": rng.uniform(-90, 90), "lon": rng.uniform(-180, 180)}
    return rng.choice([{"lat": 10.0}, {"lon": 10.0}, {"lat": None, "lon": 5.0},
                       {"lat": 95.0, "lon": 5.0}, {"lat": 5.0, "lon": -181.0}])


def _toponym(rng: Random, text: str, gold: bool) -> dict:
    """A toponym named by a piece of ``text`` with the offsets that cut it out, or by a name
    alone; in predictions sometimes by offsets alone."""
    if rng.random() < 0.3:
        t: dict = {"text": rng.choice(NAMES)}
    else:
        start = rng.randrange(len(text))
        end = rng.randint(start + 1, min(len(text), start + 9))
        t = {"start": start, "end": end, "text": text[start:end]}
        if not gold and rng.random() < 0.3:
            del t["text"]
        elif rng.random() < 0.05:
            t["text"] = rng.choice(NAMES)  # offsets that give another name
    t |= _point(rng)
    if rng.random() < 0.5:
        t["label"] = rng.choice(["GPE", "LOC"])
    if rng.random() < 0.3:
        t["geonameid"] = rng.randint(1, 10**7)
    if gold and rng.random() < 0.3:
        t["tolerance_km"] = rng.uniform(0.5, 100)
    if not gold and rng.random() < 0.4:
        t["candidates"] = [_spoilt(rng, {**_point(rng), "geonameid": rng.randint(1, 10**7),
                                         "population": rng.randint(0, 10**7)})
                           for _ in range(rng.randint(1, 3))]
    if not gold and rng.random() < 0.3:
        t["confidence"] = rng.random() if rng.random() < 0.95 else rng.choice([1.5, -0.1])
    return _spoilt(rng, t)


def _document(rng: Random, k: int, gold: bool) -> dict:
    """The ``k``-th document of a file: mostly a good one, with a distinct id."""
    known = GOLD[k % len(GOLD)]
    doc: dict = {"id": known["id"] if rng.random() < 0.9 else rng.choice(["d0", "zz", 4, "", ""])}
    text = rng.choice(TEXTS) if gold else known["text"]
    if gold:
        doc["text"] = text if rng.random() < 0.97 else rng.choice(["", "  "])
        if rng.random() < 0.3:  # the group, now and then blank or padded
            doc["source"] = rng.choice(["Herald", "Herald", " Herald ", "", None, 7])
    toponyms = [_toponym(rng, text, gold) for _ in range(rng.randint(0, 3))]
    if gold and toponyms and rng.random() < 0.05:
        toponyms.append(toponyms[0])  # a span given twice
    doc["toponyms"] = toponyms
    return _spoilt(rng, doc)


def _file(rng: Random, gold: bool) -> list[dict]:
    return [_document(rng, k, gold) for k in range(rng.randint(1, 3))]


def _jsonl(objects: list[dict]) -> bytes:
    return "".join(json.dumps(o) + "\n" for o in objects).encode()


def _same_columns(a: Columns, b: Columns) -> None:
    assert np.array_equal(a.doc, b.doc)
    for x, y in zip(a.spans, b.spans, strict=True):
        assert np.array_equal(x, y)
    assert [a.labels[c] if c >= 0 else None for c in a.label_codes.tolist()] == [
        b.labels[c] if c >= 0 else None for c in b.label_codes.tolist()]


def _by_line(read, data: bytes, *args):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.jsonl"
        path.write_bytes(data)
        try:
            return read(path, numbered_lines(data), *args)
        except InputError:
            return None


def _detailed(objects: list[dict], field: str) -> bool:
    """Whether a file has toponyms with points and with ``field``."""
    toponyms = [t for o in objects for t in o.get("toponyms", [])]
    return any("lat" in t for t in toponyms) and any(t.get(field) for t in toponyms)


def _agreement(gold: bool) -> list[bool]:
    """Run the property on generated gold or prediction files; whether each file the bulk
    reader accepted had toponyms with points and tolerances (gold) or candidates."""
    gold_ids, gold_texts = [g["id"] for g in GOLD], [g["text"] for g in GOLD]
    texts = dict(zip(gold_ids, gold_texts, strict=True))
    accepted: list[bool] = []

    @SETTINGS
    @given(st.randoms(use_true_random=False))
    def agree(rng: Random) -> None:
        objects = _file(rng, gold=gold)
        data = _jsonl(objects)
        if gold:
            fast, slow = (read_gold_lines(Source(data), 5.0),
                          _by_line(_read_gold_by_line, data, 5.0))
        else:
            fast, slow = (read_prediction_lines(Source(data), gold_ids, gold_texts),
                          _by_line(_read_predictions_by_line, data, texts))
        if fast is None:
            return
        assert slow is not None, "the bulk reader accepted a file the line reader refuses"
        if gold:
            assert fast.documents() == slow
            _same_columns(fast.toponyms, GoldRecords.of_documents(slow).toponyms)
        else:
            assert fast.predictions() == slow
            _same_columns(fast.toponyms,
                          PredictionRecords.of_documents(slow, gold_ids).toponyms)
            assert fast.gold_index.tolist() == [gold_ids.index(i) for i in fast.ids]
        accepted.append(_detailed(objects, "tolerance_km" if gold else "candidates"))

    agree()
    return accepted


def test_bulk_gold_reading_accepts_only_what_the_line_reader_accepts():
    """At least 50 generated files accepted, 10 with points and tolerances: the property was
    tried on files worth reading (the counts vary a little with hypothesis' run)."""
    accepted = _agreement(gold=True)
    assert len(accepted) >= 50 and sum(accepted) >= 10, (len(accepted), sum(accepted))


def test_bulk_prediction_reading_accepts_only_what_the_line_reader_accepts():
    accepted = _agreement(gold=False)
    assert len(accepted) >= 50 and sum(accepted) >= 10, (len(accepted), sum(accepted))
