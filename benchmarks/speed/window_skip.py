"""Whether leaving out the sentences that can hold no toponym (``window_filter``) changes what
the transformer tagger finds, on every shared corpus; and what it saves.

``python -m benchmarks.speed.window_skip [--corpora NAME ...] [--every WikToR=10 ...]
[--model FOLDER]`` reads each corpus of ``benchmarks.corpus_catalogue.ALL`` from
``../shared/corpora`` (every n-th document where ``--every`` says so) and tags its texts twice
with the same model, every sentence read and the filter's sentences left out. Per corpus it
prints the sentences, those left out and their share of the word pieces; the least P(outside)
of any word left out (at or above the highest threshold a model may carry,
``THRESHOLD_RANGE``, no threshold would have tagged one); whether every window read both ways
got bit for bit the same probabilities; and the texts whose mentions differ at the model's
threshold, at the highest threshold the recogniser leaves sentences out at for this model
(``SKIP_MEASURED``) and at the highest a model may carry, with the first few differences.

``python -m benchmarks.speed.window_skip --cpu art150.jsonl [--repeat 3]`` times the tagger
(``recognise`` over every text of a JSON-lines file with ``text``) both ways in one process,
alternately, and prints the least CPU seconds of each and their ratio.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.corpus_catalogue import ALL, select
from benchmarks.public_corpora import SHARED
from geoparser.recognition.transformer_tagger import THRESHOLD_RANGE, TransformerRecogniser
from geoparser.recognition.window_filter import sentences_to_skip
from geoparser.recognition.wordpieces import sentence_words

CORPORA = SHARED / "corpora"
#: Texts tagged at once: ``recognise``'s own chunk.
CHUNK = 64
#: Differences printed per corpus (chosen by hand).
SHOWN = 3


class Tally:
    """One corpus's counts, both ways."""

    def __init__(self) -> None:
        self.texts = self.sentences = self.skipped = self.pieces = self.skipped_pieces = 0
        self.least_outside = 1.0
        self.windows_differ = 0
        self.differ: dict[float, list[str]] = {}

    def row(self, name: str, thresholds: Sequence[float]) -> str:
        share = 100 * self.skipped_pieces / max(self.pieces, 1)
        cells = [name, str(self.texts), str(self.sentences), str(self.skipped), f"{share:.1f}",
                 f"{self.least_outside:.4f}", str(self.windows_differ)]
        cells += [str(len(self.differ.get(t, []))) for t in thresholds]
        return "| " + " | ".join(cells) + " |"


def _sentence_of(sentences: Sequence[Sequence[Any]], windows: Sequence[Any]) -> list[int]:
    """The sentence each window belongs to (windows come in sentence order)."""
    out, s, used = [], 0, 0
    for w in windows:
        out.append(s)
        used += len(w.spans)
        if used == len(sentences[s]):
            s, used = s + 1, 0
    return out


def compare(tagger: TransformerRecogniser, texts: Sequence[str], thresholds: Sequence[float],
            tally: Tally) -> None:
    """Tag ``texts`` both ways and add what differs to ``tally``."""
    tagger.skip_up_to = 0.0  # every sentence read
    windows, probs, owners = tagger.tagged(texts, thresholds)
    every = {t: list(tagger._decoded(texts, windows, probs, owners, t)) for t in thresholds}
    tagger.skip_up_to = 1.0  # the filter's sentences left out at every threshold
    kept_windows, kept_probs, kept_owners = tagger.tagged(texts, thresholds)
    kept = {t: list(tagger._decoded(texts, kept_windows, kept_probs, kept_owners, t))
            for t in thresholds}
    split = [sentence_words(t) for t in texts]
    sentences = [s for text in split for s in text]
    left_out = [out for text in split
                for out in sentences_to_skip([[w for w, _, _ in s] for s in text])]
    tally.texts += len(texts)
    tally.sentences += len(sentences)
    tally.skipped += sum(left_out)
    read = []
    for w, p, s in zip(windows, probs, _sentence_of(sentences, windows), strict=True):
        tally.pieces += len(w.ids)
        if left_out[s]:
            tally.skipped_pieces += len(w.ids)
            outside = [float(p[pos][0]) for pos in w.first if pos >= 0]
            tally.least_outside = min([tally.least_outside, *outside])
        else:
            read.append((w, p))
    if len(read) != len(kept_windows):
        tally.windows_differ += abs(len(read) - len(kept_windows)) or 1
    for (w, p), kw, kp in zip(read, kept_windows, kept_probs, strict=False):
        tally.windows_differ += int(w != kw or not np.array_equal(p, kp))
    for t in thresholds:
        for k, (a, b) in enumerate(zip(every[t], kept[t], strict=True)):
            if a != b:
                lost = sorted({(m.start, m.text) for m in a} - {(m.start, m.text) for m in b})
                gained = sorted({(m.start, m.text) for m in b} - {(m.start, m.text) for m in a})
                tally.differ.setdefault(t, []).append(
                    f"text {tally.texts - len(texts) + k}: lost {lost[:3]}, gained {gained[:3]}")


def measure(tagger: TransformerRecogniser, names: Sequence[str], every: dict[str, int],
            corpora: Path) -> int:
    """Print the table of differences per corpus; the number of texts (and windows) that
    differ at a threshold the recogniser leaves sentences out at (the model's own, or up to
    its measured bound): differences above it are shown, not counted."""
    used = max(tagger.threshold, tagger.skip_up_to)
    thresholds = sorted({tagger.threshold, used, THRESHOLD_RANGE[1]})
    print("| corpus | texts | sentences | left out | pieces left out % | least P(O) left out "
          "| windows differing | " + " | ".join(f"texts differing at {t}" for t in thresholds)
          + " |")
    print("|---|" + "---:|" * (6 + len(thresholds)))
    differing, notes = 0, []
    for entry in select(names) if names else ALL:
        step = every.get(entry.name, 1)
        texts = [d.text for d in entry.read(corpora)[::step]]
        tally = Tally()
        for k in range(0, len(texts), CHUNK):
            compare(tagger, texts[k:k + CHUNK], thresholds, tally)
        label = entry.name + (f" (1 text in {step})" if step > 1 else "")
        print(tally.row(label, thresholds), flush=True)
        for t, lines in tally.differ.items():
            differing += len(lines) if t <= used else 0
            notes += [f"{entry.name} at {t}: {line}" for line in lines[:SHOWN]]
        differing += tally.windows_differ
    for line in notes:
        print(line)
    return differing


def cpu(tagger: TransformerRecogniser, path: Path, repeat: int) -> None:
    """Print the least CPU seconds of ``recognise`` over the file's texts, every sentence read
    and the filter's sentences left out (at the model's threshold)."""
    texts = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip()]
    split = [sentence_words(t) for t in texts]
    left_out = [out for text in split
                for out in sentences_to_skip([[w for w, _, _ in s] for s in text])]
    pieces = [sum(len(w.ids) for w in tagger.pieces.windows([s])) for text in split
              for s in text]
    share = sum(n for n, out in zip(pieces, left_out, strict=True) if out) / max(sum(pieces), 1)
    print(f"{sum(left_out)} of {len(left_out)} sentences left out, {100 * share:.1f}% of the "
          "word pieces")
    bound = tagger.skip_up_to or THRESHOLD_RANGE[1]  # the shipped behaviour, if measured
    best: dict[bool, float] = {}
    found: dict[bool, list] = {}
    for r in range(repeat):
        took: dict[bool, float] = {}
        for skip in ((False, True) if r % 2 == 0 else (True, False)):
            tagger.skip_up_to = bound if skip else 0.0
            start = time.process_time()
            found[skip] = list(tagger.recognise(texts))
            took[skip] = time.process_time() - start
            best[skip] = min(best.get(skip, float("inf")), took[skip])
        print(f"run {r + 1}: every sentence {took[False]:.2f} s, sentences left out "
              f"{took[True]:.2f} s ({took[True] / took[False]:.2f}x)", flush=True)
    print(f"{len(texts)} texts of {path.name}, least of {repeat}: every sentence "
          f"{best[False]:.2f} s CPU, sentences left out {best[True]:.2f} s CPU "
          f"({best[True] / best[False]:.2f}x); mentions identical: {found[False] == found[True]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", nargs="*", default=[], help="catalogue names (default: all)")
    ap.add_argument("--every", nargs="*", default=[], metavar="NAME=N",
                    help="read every N-th document of corpus NAME")
    ap.add_argument("--model", type=Path, help="the tagger's folder (default: the shipped one)")
    ap.add_argument("--shared", type=Path, default=CORPORA)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--cpu", type=Path, help="time the tagger on this JSON-lines file instead")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    if not args.cpu and not args.shared.is_dir():
        print(f"window_skip: {args.shared} not found; skipped")
        return 0
    tagger = TransformerRecogniser(path=args.model, threads=args.threads)
    if args.cpu:
        cpu(tagger, args.cpu, args.repeat)
        return 0
    every = {k: int(v) for k, v in (item.rsplit("=", 1) for item in args.every)}
    differing = measure(tagger, args.corpora, every, args.shared)
    print(f"texts or windows differing at thresholds up to "
          f"{max(tagger.threshold, tagger.skip_up_to)}: {differing}")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
