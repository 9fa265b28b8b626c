"""``toposcope browse``: every error of one or two systems on one offline HTML page.

After ELEVANT's error browser: every document with its gold toponyms and each system's
predictions highlighted in the text, the errors of the ``errors`` scheme listed under it
(missed toponyms, spurious ones, wrong places; each with its categories, and for a spurious
one, where the gold has other entities, what it lay on), filters by error category, by what a
false positive lay on and by document, two systems side by side, and for each error a map of
the gold place and the chosen one. Everything from the data reaches the page as JSON inside the
template or through ``textContent``, as in the maps; Leaflet and the base map are inlined, so
the page opens offline.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup

from evaluation.false_positives import DESCRIPTIONS
from evaluation.flat_corpus import FlatCorpus
from evaluation.reports.error_list import GROUPS
from evaluation.reports.html import environment
from evaluation.reports.outlines import web_base
from evaluation.reports.webmap import leaflet_assets
from evaluation.schemes import score_corpus
from geoparser.errors import UsageError
from geoparser.io.documents import load_gold, load_predictions

MAX_SYSTEMS = 2
#: Marks a predicted toponym the page places by its name: the system gave no offsets.
BY_NAME = "by name"
#: Documents one page shows by default: past a few thousand, a page of every document and
#: error takes a browser tens of seconds and gigabytes to open (50,000 documents and 150,000
#: errors: 50 MB, 50 s, 1.5 GB). ``score --errors`` lists every error whatever the size.
MAX_DOCUMENTS = 2000
#: Errors (and predicted toponyms highlighted) one page shows per system, and gold toponyms
#: highlighted, whatever the number of documents: one document with 150,000 false positives
#: made a 32.6 MB page, 150,000 missed toponyms one of 11.75 MB.
MAX_ERRORS = 20_000


def _system(name: str, pred: Path, gold_records, match: str) -> dict[str, Any]:
    records = load_predictions(pred, gold_records.ids, gold_records.texts)
    corpus = FlatCorpus(gold_records, records)
    result = score_corpus("errors", corpus, match, every_error=True)
    errors = [{k: v for k, v in e.items() if v is not None} for e in result.errors()]
    preds = {doc_id: [[t.start, t.end, t.text, t.lat, t.lon, t.name, t.geonameid]
                      for t in doc.toponyms]
             for doc_id, doc in records.predictions().items()}
    _place_name_matches(corpus, match, preds, errors)
    _place_by_name_in_text(dict(zip(gold_records.ids, gold_records.texts, strict=True)),
                           preds, errors)
    counts = Counter(f"{e['group']}:{c}" for e in errors for c in e["categories"])
    counts.update(e["group"] + ":all" for e in errors)
    # What false positives lay on, a filter of its own where the gold has other entities.
    counts.update(f"{e['group']}:lay_on:{e['lay_on']}" for e in errors if "lay_on" in e)
    options = result.options
    used = options.get("match_used", options.get("match"))
    fps = result.false_positives  # type: ignore[attr-defined]
    return {"name": name, "file": pred.name, "preds": preds, "errors": errors,
            "counts": dict(counts), "options": options,
            "false_positives": None if fps is None else [
                (DESCRIPTIONS[k], n, fps.per_100_gold(k)) for k, n in fps.counts.items() if n],
            "match_label": (f"match {options.get('match')}" +
                            (f", used: {used}" if used != options.get("match") else ""))}


def _place_name_matches(corpus: FlatCorpus, match: str, preds: dict[str, list[list]],
                        errors: list[dict[str, Any]]) -> None:
    """A prediction without offsets that the match mode paired with a gold toponym by name is
    shown at that toponym's span, so a system that gives names only has its correct (and its
    wrongly placed) predictions highlighted in the text like one that gives offsets."""
    has_offsets = corpus.pred_spans[2]
    if has_offsets.all():
        return
    from evaluation.matching import create_matcher
    from evaluation.pairs_matched import match_same

    rows: list[tuple[str, int]] = []  # flat prediction row -> (document, position in it)
    for doc_id in corpus.doc_ids:
        rows += [(doc_id, k) for k in range(len(preds.get(doc_id, ())))]
    golds = corpus.golds
    for i, j in match_same(corpus, create_matcher(match)).gold_to_pred().items():
        g = golds[i]
        if has_offsets[j] or g.start is None:
            continue
        doc_id, k = rows[j]
        preds[doc_id][k][:2] = [g.start, g.end]
        preds[doc_id][k].append(BY_NAME)
        for e in errors:
            if (e.get("doc") == doc_id and e.get("start") == g.start
                    and e.get("predicted_span") == [None, None]):
                e["predicted_span"] = [g.start, g.end]


def _place_by_name_in_text(texts: dict[str, str], preds: dict[str, list[list]],
                           errors: list[dict[str, Any]]) -> None:
    """A prediction without offsets that matched no gold toponym is shown at the first
    occurrence of its name in the text that no other prediction of the system holds (a whole
    word where there is one), marked as located by name; its error (a spurious toponym) is
    marked there too. A name the text does not hold stays unshown, listed with the errors."""
    for doc_id, toponyms in preds.items():
        text = texts.get(doc_id, "")
        taken = [(p[0], p[1]) for p in toponyms if p[0] is not None]
        spurious = [e for e in errors if e.get("doc") == doc_id and e.get("group") == "ner_fp"
                    and e.get("start") is None]
        for p in toponyms:
            name = p[2] or p[5]
            if p[0] is not None or not name:
                continue
            span = _free_occurrence(text, name, taken)
            if span is None:
                continue
            taken.append(span)
            p[:2] = list(span)
            p.append(BY_NAME)
            e = next((e for e in spurious if e.get("text") == p[2]), None)
            if e is not None:
                spurious.remove(e)
                e["start"], e["end"], e["located_by_name"] = span[0], span[1], True


def _free_occurrence(text: str, name: str, taken: list[tuple[int, int]]
                     ) -> tuple[int, int] | None:
    """The first span of ``name`` in ``text`` overlapping none of ``taken``: whole words
    first ("Paris" not inside "Parisian"), else anywhere."""
    whole = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    for pattern in (whole, re.compile(re.escape(name))):
        for m in pattern.finditer(text):
            if all(m.end() <= a or b <= m.start() for a, b in taken):
                return m.start(), m.end()
    return None


def _bound_errors(systems: list[dict[str, Any]], limit: int) -> str:
    """Keep each system's first ``limit`` errors and predicted toponyms (in document order)
    and say what was left out, or ""."""
    notes = []
    for s in systems:
        n_errors = len(s["errors"])
        n_preds = sum(len(v) for v in s["preds"].values())
        if n_errors <= limit and n_preds <= limit:
            continue
        s["errors"] = s["errors"][:limit]
        kept, room = {}, limit
        for doc_id, toponyms in s["preds"].items():
            if room <= 0:
                break
            kept[doc_id], room = toponyms[:room], room - len(toponyms[:room])
        s["preds"] = kept
        notes.append(f"{s['name']}: the first {min(n_errors, limit):,} of {n_errors:,} errors "
                     f"and {min(n_preds, limit):,} of {n_preds:,} predicted toponyms")
    if not notes:
        return ""
    return (f"This page lists at most {limit:,} errors and highlights at most {limit:,} "
            f"predicted toponyms per system ({'; '.join(notes)}; the counts by category are "
            "of all of them); toposcope score --scheme errors --errors FILE.csv lists every "
            "error.")


def _bound_gold(docs: list[dict[str, Any]], limit: int) -> str:
    """Keep the first ``limit`` gold toponyms highlighted (in document order) and say what was
    left out, or "": as many missed toponyms as errors would otherwise carry every gold span
    of the corpus into the page."""
    total = sum(len(d["gold"]) for d in docs)
    if total <= limit:
        return ""
    room = limit
    for d in docs:
        d["gold"], room = d["gold"][:room], room - len(d["gold"][:room])
    return (f"It highlights the first {limit:,} of {total:,} gold toponyms (the counts are of "
            "all of them).")


def browse_page(gold: Path, preds: Sequence[Path], names: Sequence[str] | None = None,
                match: str = "auto", tolerance_km: float | None = None,
                title: str | None = None, max_documents: int = MAX_DOCUMENTS) -> str:
    """The page for predictions ``preds`` (one or two files) against ``gold``: the first
    ``max_documents`` documents (0: all) and their errors, the page saying what it left out."""
    if not 1 <= len(preds) <= MAX_SYSTEMS:
        raise UsageError(f"give one or two --pred files, not {len(preds)}")
    if names and len(names) != len(preds):
        raise UsageError(f"give one --name per --pred ({len(preds)}), not {len(names)}")
    names = list(names) if names else [p.stem for p in preds]
    if len(set(names)) != len(names):
        names = [f"{n} ({i + 1})" for i, n in enumerate(names)]
    if max_documents < 0:
        raise UsageError(f"--max-documents must be 0 (all) or more, got {max_documents}")
    gold_records = load_gold(gold, tolerance_km)
    docs = gold_records.documents()
    systems = [_system(n, p, gold_records, match) for n, p in zip(names, preds, strict=True)]
    left_out = ""
    if max_documents and len(docs) > max_documents:
        shown = {d.id for d in docs[:max_documents]}
        n_errors = sum(len(s["errors"]) for s in systems)
        for s in systems:
            s["errors"] = [e for e in s["errors"] if e["doc"] in shown]
            s["preds"] = {k: v for k, v in s["preds"].items() if k in shown}
        left_out = (f"This page shows the first {max_documents:,} of {len(docs):,} documents "
                    f"and their {sum(len(s['errors']) for s in systems):,} of {n_errors:,} "
                    "errors (the counts by category are of all of them); --max-documents 0 "
                    "shows every one, and toposcope score --scheme errors --errors FILE.csv "
                    "lists every error.")
        docs = docs[:max_documents]
    left_out = " ".join(x for x in (left_out, _bound_errors(systems, MAX_ERRORS)) if x)
    points = [(t.lat, t.lon) for d in docs for t in d.toponyms if t.has_point]
    points += [(e["predicted"][0], e["predicted"][1]) for s in systems for e in s["errors"]
               if e.get("predicted") and e["predicted"][0] is not None]
    lats, lons = [p[0] for p in points], [p[1] for p in points]
    base, base_label = web_base((min(lons), max(lons), min(lats), max(lats)) if lats else None)
    shown_docs = [{"id": d.id, "text": d.text,
                   "gold": [[t.start, t.end, t.text, t.lat, t.lon, t.name, t.geonameid]
                            for t in d.toponyms]} for d in docs]
    left_out = " ".join(x for x in (left_out, _bound_gold(shown_docs, MAX_ERRORS)) if x)
    data = {
        "docs": shown_docs,
        "systems": systems,
        "groups": GROUPS,
        "lay_on": {k.value: text for k, text in DESCRIPTIONS.items()},
        "base": base,
    }
    css, js = leaflet_assets()
    # The rules every system shares; the match mode actually used is each system's own (one
    # system may be matched by offsets, another, without them, by name).
    shared = {k: v for k, v in systems[0]["options"].items()
              if k != "match_used" and all(s["options"].get(k) == v for s in systems)}
    rules = ", ".join(f"{k}={v}" for k, v in shared.items())
    return environment().get_template("browse.html.j2").render(
        title=title or f"Toposcope errors: {', '.join(names)} against {gold.name}",
        gold=gold.name, systems=systems, rules=rules, base_label=base_label,
        n_docs=len(docs), left_out=left_out, leaflet_css=Markup(css), leaflet_js=Markup(js),
        data=data)
