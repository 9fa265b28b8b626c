"""Recognisers scored on gold corpora: recognition alone and end to end.

Recognition goes through our own ``semeval`` scheme: exact = SemEval strict without the type
test (the corpora's labels are toponym types such as Literal/Metonymic, not NER types), partial
= SemEval partial (overlap counts half). End to end, a gold toponym counts when it was found
with its exact span and placed within 161 km (``end_to_end_scores``). Gold toponyms without
offsets cannot be matched by span and are left out of both sides' counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from geoparser.gazetteers.base import Gazetteer
from geoparser.model import Document, GoldToponym, ParsedDocument
from geoparser.pipeline import recognise
from geoparser.recognition.base import Recogniser
from geoparser.resolution.base import Policy

MEASURES = ("exact", "partial")


def recognition_scores(recogniser: Recogniser, gold: Sequence[Document]) -> dict[str, Any]:
    """Exact and partial P, R, F1 of ``recogniser`` on ``gold`` (SemEval scheme, span match)."""
    from evaluation.schemes import score

    parsed = recognise(recogniser, gold)
    preds = {p.document.id: p.predictions() for p in parsed}
    overall = score("semeval", gold, preds, "span").to_json()["overall"]
    return {m: {k: overall[m][k] for k in ("precision", "recall", "f1")} for m in MEASURES}


def gold_with_points(docs: Sequence[dict[str, Any]]) -> list[Document]:
    """Gold JSONL objects as documents whose toponyms keep their points (end-to-end scoring)."""
    return [
        Document(d["id"], d["text"], tuple(
            GoldToponym(start=t["start"], end=t["end"], text=t.get("text", ""),
                        lat=t.get("lat"), lon=t.get("lon"), label=t.get("label"),
                        geonameid=t.get("geonameid"))
            for t in d["toponyms"] if t.get("start") is not None and t.get("end") is not None))
        for d in docs
    ]


def end_to_end_scores(parsed: Sequence[ParsedDocument], gazetteer: Gazetteer, policy: Policy,
                      km: float = 161.0, repeat_names: bool = True) -> dict[str, Any]:
    """Recognition and resolution together (``end_to_end_figures``), resolved as ``parse``
    resolves (a placed name read again where the text repeats it, ``repeat_names``; a
    hashtag's toponym written with its "#")."""
    from geoparser.pipeline import resolve

    return end_to_end_figures(resolve(parsed, gazetteer, policy, repeat_names=repeat_names,
                                      hashtags=True), km)


def end_to_end_figures(resolved: Sequence[ParsedDocument], km: float = 161.0) -> dict[str, Any]:
    """Over the gold toponyms that have a point: the share found with the exact span *and*
    placed within ``km`` (acc@161 end to end; ``None`` when no gold toponym has a point); over
    those that carry a GeoNames id, the share found with the exact span *and* resolved to that
    very id (Mordecai 3's measure, ``acc_id``; ``None`` when no gold toponym has an id); and
    false positives (predicted spans that are no gold span) per 100 gold toponyms, of
    documents already resolved (a ``parse`` output with its gold documents)."""
    from geoparser.distance import distance_km

    with_point = placed = found = false_pos = n_gold = with_id = same_id = 0
    for p in resolved:
        gold = {(g.start, g.end): g for g in p.document.toponyms}
        n_gold += len(gold)
        chosen = {(r.mention.start, r.mention.end): r.candidate for r in p.resolutions}
        false_pos += sum(1 for span in {(m.start, m.end) for m in p.mentions}
                         if span not in gold)
        for span, g in gold.items():
            if g.geonameid is not None:
                with_id += 1
                c = chosen.get(span)
                same_id += c is not None and c.geonameid == g.geonameid
            if not g.has_point:
                continue
            with_point += 1
            if span not in chosen:
                continue
            found += 1
            c = chosen[span]
            if c is not None and c.lat is not None and c.lon is not None and \
                    distance_km(g.lat, g.lon, c.lat, c.lon) <= km:
                placed += 1
    return {"acc161": placed / with_point if with_point else None,
            "found": found / with_point if with_point else None,
            "fp_per_100": 100 * false_pos / n_gold if n_gold else None,
            "acc_id": same_id / with_id if with_id else None, "gold_with_id": with_id,
            "gold_with_point": with_point, "gold": n_gold, "false_positives": false_pos}
