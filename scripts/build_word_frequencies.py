"""Regenerate ``geoparser/recognition/data/word-frequencies-en.tsv.gz`` from pinned wordfreq.

    python scripts/build_word_frequencies.py [--work DIR]

The gazetteer matcher asks how common an English word is (its Zipf frequency) to tell "Bath"
the town from "hope" the word. wordfreq answers that from data for 40 languages (58 MB
installed); this script keeps English only: every word of wordfreq's English list with the
Zipf frequency ``wordfreq.zipf_frequency`` gives it, one ``word<TAB>zipf`` a line, in the
list's order. It needs the pinned wordfreq installed (the ``test`` extra), checks that the
installed English data is byte for byte the one in the pinned wheel (downloaded, sha256
checked), and writes a reproducible file (gzip mtime 0). Run by hand when the pin changes;
never at build or run time. Data: CC BY-SA 4.0 (wordfreq's data licence; see
``docs/licences.md``).
"""

from __future__ import annotations

import argparse
import zipfile
from importlib.metadata import version
from pathlib import Path

from pinned_files import pinned_release, write_reproducible_gzip

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "geoparser" / "recognition" / "data" / "word-frequencies-en.tsv.gz"
PIN = ("wordfreq", "3.1.1", "4b1c6ecffc6198be3396d5cf871c4423ca71c907c231348d352dd54d62b97473",
       "wordfreq-3.1.1-py3-none-any.whl")
DATA = "wordfreq/data/large_en.msgpack.gz"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", type=Path, default=Path("/tmp/toposcope-word-frequencies"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    name, pinned, sha256, filename = PIN
    if version(name) != pinned:
        raise SystemExit(f"installed {name} is {version(name)}, not the pinned {pinned}")
    wheel = pinned_release(name, pinned, sha256, filename, args.work)
    import wordfreq

    installed = Path(wordfreq.__file__).parent / "data" / Path(DATA).name
    with zipfile.ZipFile(wheel) as zf:
        if zf.read(DATA) != installed.read_bytes():
            raise SystemExit(f"the installed {installed} is not the pinned wheel's")
    words = [w for w in wordfreq.top_n_list("en", 10**7, wordlist="best")
             if "\t" not in w and "\n" not in w]
    lines = "".join(f"{w}\t{wordfreq.zipf_frequency(w, 'en'):g}\n" for w in words)
    write_reproducible_gzip(args.out, f"wordfreq {pinned} (sha256 {sha256}), English, Zipf "
                            "frequency", lines.encode("utf-8"))
    print(f"{args.out}: {len(words):,} words from {name} {pinned}")


if __name__ == "__main__":
    main()
