"""The gazetteer matcher with the shipped English word frequencies against wordfreq itself, on
every shared corpus and the captions: the mentions must be the same.

Run: ``python -m benchmarks.accuracy.word_frequency_check [--corpora ../shared/corpora]``
(needs the ``test`` extra, which installs wordfreq). Prints the documents, the mentions, whether
they are identical, and how many words the matcher asked about.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.accuracy.end_to_end import WIKTOR
from geoparser.corpora import convert
from geoparser.io.documents import read_gold
from geoparser.recognition.training.data import SOURCES


def main(argv: list[str] | None = None) -> None:
    import wordfreq

    import geoparser.recognition.gazetteer_matcher as matcher
    from geoparser.recognition import create_recogniser

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpora", type=Path, default=Path("../shared/corpora"))
    args = ap.parse_args(argv)
    texts = [d.text for d in read_gold(Path("data/captions"))]
    for source in (*SOURCES, WIKTOR):
        path = args.corpora / source.path
        if path.exists():
            texts += [d["text"] for d in convert(source.converter, path).documents]
    recogniser = create_recogniser("gazetteer")

    def spans() -> list[list[tuple[int, int, str]]]:
        return [[(m.start, m.end, m.label) for m in ms] for ms in recogniser.recognise(texts)]

    shipped = spans()
    asked: list[str] = []
    shipped_lookup = matcher.zipf_frequency
    matcher.zipf_frequency = lambda w: (asked.append(w), wordfreq.zipf_frequency(w, "en"))[1]
    try:
        with_wordfreq = spans()
    finally:
        matcher.zipf_frequency = shipped_lookup
    print(f"{len(texts):,} documents, {sum(map(len, shipped)):,} mentions; identical: "
          f"{shipped == with_wordfreq}; words asked: {len(asked):,}, "
          f"{sum(not w.isalpha() for w in asked)} with a character other than a letter")


if __name__ == "__main__":
    main()
