"""What a cascade of the two taggers would cost and give: the student tags every window, and
the windows where some word's P(outside) from the student lies in a band are tagged again by
the teacher. Printed per band: the share of windows and of word pieces the teacher would read
(its cost) and the raw exact-span recall and false spans per 100 gold at the teacher's
threshold, beside each tagger alone and the spans that still differ from the teacher's.

    python -m benchmarks.accuracy.tagger_cascade --gold G.jsonl --teacher DIR --student DIR

Both taggers read every sentence (no skip), so their windows are the same.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from geoparser.recognition.transformer_tagger import TransformerRecogniser, decode_scored

#: The bands of the student's P(outside) that send a window to the teacher (chosen by hand:
#: from every word the student is not sure of to the words it is nearly sure are inside).
BANDS = ((0.0, 0.95), (0.05, 0.9), (0.1, 0.9), (0.2, 0.9), (0.3, 0.9), (0.2, 0.8), (0.3, 0.8))


def spans_found(windows: Sequence[Any], probs: Sequence[Any], owners: Sequence[int],
                texts: int, threshold: float) -> list[set[tuple[int, int]]]:
    """Each text's exact spans decoded from its windows' probabilities at ``threshold``."""
    found: list[set[tuple[int, int]]] = [set() for _ in range(texts)]
    for window, p, k in zip(windows, probs, owners, strict=True):
        found[k].update((a, b) for a, b, _ in decode_scored(window, p, threshold))
    return found


def recall_and_fp(gold: Sequence[set[tuple[int, int]]], found: Sequence[set[tuple[int, int]]]
                  ) -> tuple[float, float]:
    """Exact-span recall and false spans per 100 gold."""
    n = sum(len(g) for g in gold) or 1
    hits = sum(len(g & f) for g, f in zip(gold, found, strict=True))
    false = sum(len(f - g) for g, f in zip(gold, found, strict=True))
    return hits / n, 100 * false / n


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gold", type=Path, required=True, help="gold documents, JSON lines")
    ap.add_argument("--teacher", type=Path, required=True)
    ap.add_argument("--student", type=Path, required=True)
    args = ap.parse_args(argv)
    docs = [json.loads(line) for line in args.gold.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    texts = [d["text"] for d in docs]
    gold = [{(t["start"], t["end"]) for t in d["toponyms"]} for d in docs]
    teacher = TransformerRecogniser(path=args.teacher, skip_up_to=0.0)
    student = TransformerRecogniser(path=args.student, skip_up_to=0.0)
    at = teacher.threshold
    windows, t_probs, owners = teacher.tagged(texts, (at,))
    s_windows, s_probs, _ = student.tagged(texts, (at,))
    if [w.spans for w in windows] != [w.spans for w in s_windows]:
        raise SystemExit("tagger-cascade: the two taggers cut different windows (vocabularies "
                         "or max_pieces differ)")
    by_teacher = spans_found(windows, t_probs, owners, len(texts), at)
    print(f"threshold {at}; teacher alone: recall {recall_and_fp(gold, by_teacher)[0]:.4f}, "
          f"false spans per 100 gold {recall_and_fp(gold, by_teacher)[1]:.1f}")
    alone = spans_found(windows, s_probs, owners, len(texts), at)
    print("student alone: recall {:.4f}, false spans per 100 gold {:.1f}".format(
        *recall_and_fp(gold, alone)))
    p_out = [[float(p[pos][0]) for pos in w.first if pos >= 0]
             for w, p in zip(windows, s_probs, strict=True)]
    pieces = [len(w.ids) for w in windows]
    print("| student P(O) band | windows to the teacher | pieces to the teacher | recall | "
          "false spans per 100 gold | spans differing from the teacher's |")
    print("|---|---:|---:|---:|---:|---:|")
    for lo, hi in BANDS:
        sent = [any(lo <= x <= hi for x in xs) for xs in p_out]
        mixed = [t if s else p for s, t, p in zip(sent, t_probs, s_probs, strict=True)]
        found = spans_found(windows, mixed, owners, len(texts), at)
        recall, fp = recall_and_fp(gold, found)
        differ = sum(len(a ^ b) for a, b in zip(found, by_teacher, strict=True))
        share = sum(n for n, s in zip(pieces, sent, strict=True) if s) / sum(pieces)
        print(f"| {lo}–{hi} | {sum(sent) / len(sent):.3f} | {share:.3f} | {recall:.4f} | "
              f"{fp:.1f} | {differ} |")


if __name__ == "__main__":
    main()
