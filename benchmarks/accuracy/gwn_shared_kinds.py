"""GeoWebNews held out, scored on the toponym kinds all three training corpora annotate.

GeoWebNews's gold also counts demonyms, languages and adjectival modifiers (left *missing* in
training, ``data.unteachable``), place names embedded in organisation names (Embedded_*) and
coerced non-toponyms (Coercion). Here those spans count neither way: a prediction overlapping
one is left out, and they are not gold. The rest is what the cross-corpus model was taught.
Run: ``python -m benchmarks.accuracy.gwn_shared_kinds --work build/train-ner`` (after
``make train-ner``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from geoparser.recognition.training.data import SOURCES, load_gold, unteachable
from geoparser.recognition.training.prepare import people_tagger

OTHER_KINDS = frozenset({"Embedded_Non_Lit", "Embedded_Literal", "Coercion"})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--work", type=Path, default=Path("build/train-ner"))
    args = ap.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"skipped: no corpora at {args.corpora}")
        return 0
    from geoparser.gazetteers import create_gazetteer
    from geoparser.recognition.gazetteer_check import GazetteerCheck
    from geoparser.recognition.spacy_ner import SpacyRecogniser

    docs = unteachable(load_gold(SOURCES[0], args.corpora), people_tagger())
    model = args.work / "without-geowebnews" / "model" / "model-best"
    gazetteer = create_gazetteer("offline")
    small = SpacyRecogniser("en_core_web_sm", labels=("GPE", "LOC"))
    ours = SpacyRecogniser(str(model), labels=("TOPONYM",))
    rows = {"en_core_web_sm": small, "en_core_web_sm-checked": GazetteerCheck(small, gazetteer),
            "toponym": ours, "toponym-checked": GazetteerCheck(ours, gazetteer)}
    shared = [{(t["start"], t["end"]) for t in d["toponyms"]
               if not t.get("missing") and t.get("label") not in OTHER_KINDS} for d in docs]
    print(f"GeoWebNews: {sum(len(d['toponyms']) for d in docs)} gold toponyms, "
          f"{sum(map(len, shared))} of the kinds all three corpora annotate")
    print("| recogniser | P | R | F1 |\n|---|---:|---:|---:|")
    texts = [d["text"] for d in docs]
    for name, rec in rows.items():
        tp = fp = fn = 0
        for d, gold, found in zip(docs, shared, rec.recognise(texts), strict=True):
            other = [(t["start"], t["end"]) for t in d["toponyms"]
                     if (t["start"], t["end"]) not in gold]
            pred = {(m.start, m.end) for m in found
                    if not any(a < m.end and m.start < b for a, b in other)}
            tp, fp, fn = tp + len(gold & pred), fp + len(pred - gold), fn + len(gold - pred)
        p, r = tp / (tp + fp), tp / (tp + fn)
        print(f"| {name} | {p:.3f} | {r:.3f} | {2 * p * r / (p + r):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
