"""``make bench``'s table and headline ratios, against the cost targets stated as met or not.

Each case counts its least wall time and its least CPU time over the repetitions (the range is
shown beside them); peak memory is the highest of its runs.
"""

from __future__ import annotations

from benchmarks.speed.process import Run

#: Default CPU time against ``parse --ner en_core_web_sm`` on articles: at most this, the
#: price of spaCy's small model with a gazetteer that users compare against.
ARTICLES_CPU_TARGET = 1.2
#: Default documents/s against a bare ``spacy.load`` + ``nlp.pipe`` on sentences: at least this.
SENTENCES_RATE_TARGET = 1.0


def least(runs: list[Run], attr: str) -> float:
    return min(getattr(r, attr) for r in runs)


def spread(runs: list[Run], attr: str) -> str:
    values = [getattr(r, attr) for r in runs]
    return f"{min(values):.1f}–{max(values):.1f}"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(runs: dict[str, list[Run]], sizes: dict[str, int], words: dict[str, float],
           package: str, default: str, heavy: dict[str, bool], duration: float) -> dict:
    """Print the Markdown table and the ratios; return the ratios for the JSON file."""
    print(f"\nThe default recogniser: {default}. "
          + ", ".join(f"{m} {'installed' if v else 'not installed'}" for m, v in heavy.items())
          + ".")
    print("\n| case | documents | wall s, least (range) | documents/s | CPU s, least (range) "
          "| peak RSS MB, largest process | peak RSS MB, all processes | load avg |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, rs in runs.items():
        docs = rs[0].docs
        print(f"| {name} | {docs} | {least(rs, 'seconds'):.1f} ({spread(rs, 'seconds')}) "
              f"| {docs / least(rs, 'seconds'):.1f} "
              f"| {least(rs, 'cpu_seconds'):.1f} ({spread(rs, 'cpu_seconds')}) "
              f"| {max(r.max_rss_mb for r in rs):.0f} | {max(r.tree_rss_mb for r in rs):.0f} "
              f"| {spread(rs, 'load')} |")
    dflt, small = runs["A default"], runs["A en_core_web_sm"]
    two = next(rs for name, rs in runs.items() if name.startswith("C "))
    b_dflt = runs["B default"]
    full = runs[f"B spacy.load({package}) + nlp.pipe"]
    ner_only = runs["B NER-only pipe"]

    cpu = least(dflt, "cpu_seconds") / least(small, "cpu_seconds")
    wall = least(dflt, "seconds") / least(small, "seconds")
    paired = [d.cpu_seconds / s.cpu_seconds for d, s in zip(dflt, small, strict=True)]
    print(f"\n(A) {sizes['articles']} news articles ({words['articles']:.0f} words on average): "
          f"the default used {cpu:.2f}× the CPU time of `parse --ner en_core_web_sm` "
          f"({least(dflt, 'cpu_seconds'):.1f} s against {least(small, 'cpu_seconds'):.1f} s, "
          f"least of {len(dflt)}; run by run {min(paired):.2f}–{max(paired):.2f}×) and "
          f"{wall:.2f}× its wall time. Target ≤ {ARTICLES_CPU_TARGET}×: "
          f"{verdict(cpu <= ARTICLES_CPU_TARGET)}. Peak memory "
          f"{max(r.max_rss_mb for r in dflt):.0f} MB against "
          f"{max(r.max_rss_mb for r in small):.0f} MB.")

    rate = least(full, "seconds") / least(b_dflt, "seconds")
    rate_cpu = least(full, "cpu_seconds") / least(b_dflt, "cpu_seconds")
    rate_ner = least(ner_only, "seconds") / least(b_dflt, "seconds")
    print(f"\n(B) {sizes['sentences']} sentences ({words['sentences']:.1f} words on average): "
          f"the default's documents/s are {rate:.2f}× those of a bare "
          f"`spacy.load(\"{package}\")` + `nlp.pipe` by wall time ({rate_cpu:.2f}× by CPU "
          f"time). Target ≥ {SENTENCES_RATE_TARGET}×: {verdict(rate >= SENTENCES_RATE_TARGET)}. "
          f"Against the NER-only pipe: {rate_ner:.2f}×. Peak memory "
          f"{max(r.max_rss_mb for r in b_dflt):.0f} MB against "
          f"{max(r.max_rss_mb for r in full):.0f} MB.")

    speedup = least(dflt, "seconds") / least(two, "seconds")
    print(f"\n(C) the default with --workers 2 on the articles ({two[0].name[2:]}): "
          f"{speedup:.2f}× the documents/s "
          f"of one process ({least(two, 'seconds'):.1f} s against {least(dflt, 'seconds'):.1f} s"
          f" wall), {least(two, 'cpu_seconds'):.1f} s CPU; all processes together peaked at "
          f"{max(r.tree_rss_mb for r in two):.0f} MB (one process: "
          f"{max(r.tree_rss_mb for r in dflt):.0f} MB).")
    print(f"\n`make bench` took {duration / 60:.1f} minutes.")
    return {"articles_cpu_ratio": cpu, "articles_wall_ratio": wall,
            "articles_cpu_ratio_per_run": paired, "sentences_rate_ratio": rate,
            "sentences_rate_ratio_cpu": rate_cpu, "sentences_rate_ratio_ner_only": rate_ner,
            "workers_2_speedup": speedup}
