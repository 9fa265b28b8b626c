"""Turn a ``CourseworkAnswer`` into files: report.md, one CSV per question, summary.json.

Everything is rendered in memory first and returned as {path: content}; the caller writes the
set atomically, so a failure never leaves a half-written results folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from evaluation.metrics import Counts
from evaluation.reports import compare, formatting
from evaluation.reports.coursework_answer import CourseworkAnswer, GeoRun, caption_guides
from evaluation.reports.html import Block, Heading, Image, Para, Table, to_html, to_markdown
from evaluation.reports.maps import MapPoint, small_multiples_png
from evaluation.reports.ner_runs import NerRun
from evaluation.reports.plots import calibration_plot, error_distance_plot
from evaluation.reports.webmap import add_gold, from_parsed, page
from geoparser.gazetteers import regions
from geoparser.io.csv_text import frame_csv
from geoparser.io.geojson import feature_collection
from geoparser.model import ParsedDocument
from geoparser.places import feature_kind


def fmt(value: float | None, digits: int = 3) -> str:
    return "undefined" if value is None else f"{value:.{digits}f}"


def _predicted(p: ParsedDocument) -> str:
    return "; ".join(f"{m.text} [{m.label}]" for m in p.mentions) or "—"


def ner_table(run: NerRun) -> pd.DataFrame:
    rows = []
    for p, s in zip(run.parsed, run.score.documents, strict=True):
        rows.append({
            "id": s.id,
            "caption": p.document.text,
            "gold toponym": "; ".join(t.text for t in p.document.toponyms),
            "predicted toponyms [label]": _predicted(p),
            "TP": s.counts.tp, "FP": s.counts.fp, "FN": s.counts.fn,
        })
    return pd.DataFrame(rows, dtype=object)


def geo_table(run: GeoRun) -> pd.DataFrame:
    rows = []
    for p, s in zip(run.parsed, run.score.documents, strict=True):
        for detail in s.details:
            span = detail["predicted_span"]
            res = next(
                (r for r in p.resolutions if span and [r.mention.start, r.mention.end] == span),
                None,
            )
            cand = res.candidate if res else None
            rows.append({
                "id": s.id,
                "gold toponym": detail["gold"],
                "guide lat": detail["guide"][0], "guide lon": detail["guide"][1],
                "tolerance km": detail["tolerance_km"],
                "chosen instance": _describe_candidate(cand) if cand else "—",
                "geonameid": cand.geonameid if cand else None,
                "source": cand.source if cand else None,
                "lat": cand.lat if cand else None, "lon": cand.lon if cand else None,
                "distance km": None if detail["distance_km"] is None
                else round(detail["distance_km"], 1),
                "candidates": res.n_candidates if res else None,
                "confidence": res.confidence if res else None,
                "confidence means": confidence_meaning(run.policy, res),
                "why": res.reason if res else "NER did not find the gold toponym",
                "verdict": detail["verdict"],
                "TP": detail["tp"], "FP": detail["fp"], "FN": detail["fn"],
            })
    return pd.DataFrame(rows, dtype=object)


def has_confidence_model(policy: str) -> bool:
    """Whether ``policy`` has a fitted confidence model (``geoparser/data/confidence.json``)."""
    from geoparser.resolution.confidence import policies_with_confidence

    return policy in policies_with_confidence()


NONE_PREFIX = "none: "


def confidence_meaning(policy: str, res) -> str:
    """What a geocoding row's confidence is, or why the row has none: one meaning per policy,
    so a number never changes sense between rows without the row saying so."""
    if not has_confidence_model(policy):
        return f"{NONE_PREFIX}no model (the {policy} policy has none)"
    if res is None:
        return f"{NONE_PREFIX}not found (NER missed the toponym)"
    if res.confidence is None:
        return f"{NONE_PREFIX}not placed"
    return f"P(point within 161 km of the right place), {policy} policy's model"


def confidence_note(policy: str, tolerances: list[float]) -> str:
    """The paragraph under a geocoding question saying what its rows' confidence means here."""
    if not has_confidence_model(policy):
        return (f"Confidence: none on these rows. The `{policy}` policy has no confidence "
                "model (docs/confidence.md), so its rows carry no probability; what decides "
                "them here is the distance to the guide point alone.")
    tol = ", ".join(f"{t:g}" for t in tolerances)
    return (f"Confidence (the *confidence* column, and the number ending *why*): the `{policy}` "
            f"policy's own model's probability that the chosen point lies within 161 km of the "
            "place the text means, from the evidence that policy weighed, fitted on news "
            "corpora (docs/confidence.md). It never sees the caption's guide point and is not "
            f"the probability of a TP here, which needs the point within {tol} km of the guide "
            "point (the coursework's rule): a confident most-populous reading can be thousands "
            "of km from the place the caption means.")


def report_view(df: pd.DataFrame) -> pd.DataFrame:
    """A geocoding table as the report shows it (narrow enough for 1280 px): the two points as
    "lat, lon" columns and every number formatted by its kind; the CSV keeps the full table."""
    view = df.copy()
    if len(view):
        view.insert(1, "gold (guide) point", [
            f"{formatting.cell(a, 'lat')}, {formatting.cell(o, 'lon')}"
            for a, o in zip(view["guide lat"], view["guide lon"], strict=True)])
        view["chosen point"] = [
            "—" if a is None else f"{formatting.cell(a, 'lat')}, {formatting.cell(o, 'lon')}"
            for a, o in zip(view["lat"], view["lon"], strict=True)]
        view["confidence"] = [
            f"{c:.2f}" if isinstance(c, float)
            else "none, " + means.removeprefix(NONE_PREFIX).split(" (")[0]
            for c, means in zip(view["confidence"], view["confidence means"], strict=True)]
        view = view.drop(columns=["guide lat", "guide lon", "lat", "lon", "source",
                                  "confidence means"])
        order = ["id", "gold toponym", "gold (guide) point", "tolerance km", "chosen instance",
                 "chosen point", "geonameid", "distance km", "candidates", "confidence", "why",
                 "verdict",
                 "TP", "FP", "FN"]
        view = view[[c for c in order if c in view.columns]]
    return formatting.frame(view)


def _describe_candidate(c) -> str:
    """"Boston (Massachusetts, United States; seat of a first-level area; pop. 617,594)":
    region and country by name, and the kind of place."""
    where = regions.where(c.country_code, c.admin1)
    pop = "population unknown" if c.population is None else f"pop. {c.population:,}"
    parts = [x for x in (where, feature_kind(c.feature_class, c.feature_code), pop) if x]
    return f"{c.name} ({'; '.join(parts)})"


def totals_line(counts: Counts) -> str:
    return (
        f"**Totals**: TP = {counts.tp}, FP = {counts.fp}, FN = {counts.fn}; "
        f"precision = {fmt(counts.precision)}, recall = {fmt(counts.recall)}, "
        f"F1 = {fmt(counts.f1)}"
    )


def missed_note(run: NerRun, p: ParsedDocument) -> str:
    """"missed Whitby (tagged ORG)" for each gold toponym the run did not find at its span,
    saying what its pipeline tagged there; "" when nothing was missed or it cannot tell."""
    notes = []
    for t in p.document.toponyms:
        key = (p.document.id, t.start, t.end)
        if key in run.tagged_as:
            label = run.tagged_as[key]
            notes.append(f"missed {t.text} (tagged {label})" if label
                         else f"missed {t.text} (not tagged at all)")
    return "; ".join(notes)


#: Recognisers a per-caption table shows side by side: 11 fitted a 1280 px window, 14 did not
#: (tests/reports/test_report_in_browser.py), so more are split over several tables.
RECOGNISERS_PER_TABLE = 8


def side_by_side_tables(runs: list[NerRun],
                        per_table: int = RECOGNISERS_PER_TABLE) -> list[pd.DataFrame]:
    """``side_by_side`` cut into tables of at most ``per_table`` recognisers each, every one
    with the captions' ids and gold toponyms, so that none needs sideways scrolling."""
    return [side_by_side(runs[k:k + per_table]) for k in range(0, len(runs), per_table)]


def side_by_side(runs: list[NerRun]) -> pd.DataFrame:
    """Per caption, each recogniser's predicted toponyms with (TP/FP/FN) and, for a gold
    toponym a spaCy pipeline missed, what it tagged there instead."""
    first = runs[0]
    rows = []
    for i, p in enumerate(first.parsed):
        row = {"id": p.document.id,
               "gold toponym": "; ".join(t.text for t in p.document.toponyms)}
        for run in runs:
            c = run.score.documents[i].counts
            note = missed_note(run, run.parsed[i])
            row[run.recogniser] = (f"{_predicted(run.parsed[i])} ({c.tp}/{c.fp}/{c.fn})"
                                   + (f"; {note}" if note else ""))
        rows.append(row)
    return pd.DataFrame(rows)


def map_points(df: pd.DataFrame) -> list[MapPoint]:
    """Map points from a geocoding table (``geo_table``)."""
    return [
        MapPoint(
            id=row["id"], toponym=row["gold toponym"], guide_lat=row["guide lat"],
            guide_lon=row["guide lon"], tolerance_km=row["tolerance km"],
            chosen_lat=row["lat"], chosen_lon=row["lon"], chosen_name=row["chosen instance"],
            verdict=row["verdict"],
        )
        for row in df.to_dict("records")
    ]


def interactive_map(run: GeoRun, gold: list, title: str) -> str:
    """The offline Leaflet map of one question: gold (guide) points, chosen places, errors."""
    return page(add_gold(from_parsed(run.parsed), gold), title,
                subtitle=f"{len(gold)} captions, policy {run.policy}")


def pictures(ans: CourseworkAnswer, q3_df: pd.DataFrame, q4_df: pd.DataFrame) -> dict[str, bytes]:
    """The PNG figures of the report, by file name."""
    scorable = sum(1 for d in ans.gold for t in d.toponyms if t.has_point)
    errors = {
        f"Q{n} {run.policy}": [d["distance_km"] for doc in run.score.documents
                               for d in doc.details if d["distance_km"] is not None]
        for n, run in ((3, ans.q3), (4, ans.q4))
    }
    tolerances = {t.tolerance_km for d in ans.gold for t in d.toponyms}
    return {
        "q3_map.png": small_multiples_png(map_points(q3_df), "Q3: population policy"),
        "q4_map.png": small_multiples_png(map_points(q4_df), "Q4: nearest policy"),
        "errors.png": error_distance_plot(
            errors, min(tolerances) if len(tolerances) == 1 else None,
            "Geocoding error of Q3 and Q4 (share of all gold toponyms)",
            n_total=dict.fromkeys(errors, scorable),
        ),
    }


def confidence_section(ans: CourseworkAnswer) -> tuple[list[Block], bytes] | None:
    """How well the default policy's confidences fit on these captions: its distance scores'
    calibration figures, the reliability diagram and the coverage curve (none when the
    policy gives no confidence)."""
    run = ans.default
    if run is None:
        return None
    from evaluation.schemes import score

    preds = {p.document.id: p.predictions() for p in run.parsed}
    c = score("distance", ans.gold, preds, ans.match).confidence
    if c is None:
        return None
    figures = c.as_dict()
    blocks: list[Block] = [
        Heading(f"How sure the points are — the `{run.policy}` policy's confidence"),
        Para(f"Each placed toponym carries the probability that its point is within 161 km of "
             f"the right one (docs/confidence.md). On these {figures['n']} toponyms: mean "
             f"confidence {fmt(figures['mean_confidence'])}, acc@161 "
             f"{fmt(figures['accuracy_161'])}, expected calibration error "
             f"{fmt(figures['ece'])}, acc@161 of the 80% most confident "
             f"{fmt(figures['accuracy_161_top80'])}. Twelve captions are far too few to judge "
             "a calibration; `toposcope score --scheme distance` gives the same figures for "
             "any corpus."),
        Image("Reliability and coverage", "confidence.png"),
    ]
    return blocks, calibration_plot(figures["reliability"], figures["coverage"],
                                    f"Confidence of the {run.policy} policy on the captions")


def render(ans: CourseworkAnswer, command: str) -> dict[str, str | bytes]:
    """All output files, by name: text for reports, tables and GeoJSON, bytes for images."""
    q1_df = ner_table(ans.q1)
    q3_df, q4_df = geo_table(ans.q3), geo_table(ans.q4)
    q2_frames = [ner_table(run).assign(recogniser=run.recogniser) for run in ans.q2]
    q2_df = pd.concat(q2_frames, ignore_index=True) if q2_frames else pd.DataFrame(
        columns=["id", "caption", "gold toponym", "predicted toponyms [label]", "TP", "FP", "FN",
                 "recogniser"])
    tol = sorted({t.tolerance_km for d in ans.gold for t in d.toponyms})
    blocks: list[Block] = [
        Heading("Toposcope coursework answer", 1),
        Para(
            f"Produced by `{command}`. {len(ans.gold)} captions; toponym matching mode: "
            f"`{ans.match}` (span when offsets are given, else normalised text); gazetteer: "
            f"`{ans.gazetteer}`; tolerance: {', '.join(f'{t:g}' for t in tol)} km "
            "(a prediction at distance ≤ tolerance counts). Precision, recall or F1 is "
            "*undefined* when its denominator is 0."
        ),
        Heading(f"Question 1 — NER with `{ans.q1.recogniser}`"),
        Para(
            f"Recogniser: {ans.q1.description}. Per caption: a predicted toponym matching the "
            "gold toponym is a TP, any other prediction an FP; a caption whose gold toponym was "
            "not found adds one FN."
        ),
        Table(formatting.frame(q1_df)),
        Para(totals_line(ans.q1.score.overall)),
        Heading("Question 2 — other recognisers, side by side"),
    ]
    if ans.q2:
        blocks += [
            Para("Coursework counts and P/R/F1, SemEval *strict* and *partial* F1, and "
                 "throughput (documents per second of recognition on this machine, model "
                 "loading excluded):"),
            Table(compare.formatted(ans.comparison)),
            *[Para(text) for text in compare.explanations(ans.comparison)],
            Image("NER by recogniser", "compare.png"),
            Para("Per caption, predicted toponyms with (TP/FP/FN), and for a gold toponym a "
                 "spaCy pipeline missed, what it tagged there instead:"),
            *[Table(t) for t in side_by_side_tables([ans.q1, *ans.q2])],
        ]
    else:
        blocks.append(Para("*No other recogniser is available on this machine.*"))
    for name, why in ans.q2_skipped.items():
        blocks.append(Para(f"Skipped `{name}`: {why}"))
    for number, run, df, rule in (
        (3, ans.q3, q3_df, "the most populous candidate"),
        (4, ans.q4, q4_df, "the candidate nearest the caption's guide coordinates"),
    ):
        blocks += [
            Heading(f"Question {number} — geocoding with the `{run.policy}` policy"),
            Para(
                f"Each toponym Question 1 matched to the gold is looked up in `{ans.gazetteer}` "
                f"and resolved to {rule} (policy settings: `{run.identity}`). Within "
                "tolerance: TP; outside: FP and FN; gold toponym not recognised or not "
                "resolved: FN."
            ),
            Para(confidence_note(run.policy, tol)),
            Table(report_view(df)),
            Para(totals_line(run.score.overall)),
            Image(f"Map of Question {number}", f"q{number}_map.png"),
            Para(
                f"Interactive map (works offline): [q{number}_map.html](q{number}_map.html). "
                f"GeoJSON: [q{number}.geojson](q{number}.geojson)."
            ),
        ]
    if ans.default is not None:
        blocks += [
            Para(f"For comparison, the default policy `{ans.default.policy}` on the same "
                 "toponyms and guides (the policy `toposcope parse` and the Python API use; "
                 f"settings `{ans.default.identity}`):"),
            Para(totals_line(ans.default.score.overall)),
        ]
    for run in (ans.q3, ans.q4):
        for note in run.score.notes:
            blocks.append(Para(f"Note (Q{3 if run is ans.q3 else 4}): {note}"))
    blocks += [
        Heading("Geocoding error, Questions 3 and 4"),
        Para("Share of all gold toponyms resolved within d km; toponyms NER missed never "
             "arrive, so the curves end below 1."),
        Image("Error distance", "errors.png"),
    ]
    images = {**pictures(ans, q3_df, q4_df), "compare.png": compare.chart(ans.comparison)}
    sureness = confidence_section(ans)
    if sureness:
        blocks += sureness[0]
        images["confidence.png"] = sureness[1]
    report_md = to_markdown(blocks)
    summary = ans.summary()
    g = caption_guides(ans.gold)
    return {
        **images,
        "report.md": report_md,
        "compare.md": compare.markdown(ans.comparison),
        "compare.csv": frame_csv(compare.table(ans.comparison)),
        "report.html": to_html(blocks, images, "Toposcope coursework answer"),
        "q3.geojson": json.dumps(feature_collection(ans.q3.parsed, g), indent=1) + "\n",
        "q4.geojson": json.dumps(feature_collection(ans.q4.parsed, g), indent=1) + "\n",
        "q3_map.html": interactive_map(ans.q3, ans.gold, "Q3: population policy"),
        "q4_map.html": interactive_map(ans.q4, ans.gold, "Q4: nearest policy"),
        "q1.csv": frame_csv(q1_df),
        "q2.csv": frame_csv(q2_df),
        "q3.csv": frame_csv(q3_df),
        "q4.csv": frame_csv(q4_df),
        "summary.json": json.dumps(summary, indent=2) + "\n",
    }


def output_paths(out_dir: Path, files: dict[str, str | bytes]) -> dict[Path, str | bytes]:
    return {out_dir / name: content for name, content in files.items()}
