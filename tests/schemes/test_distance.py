"""The distance scheme: Gritta's AUC, accuracy@161 and the edge cases n = 0 and n = 1."""

import math

import pytest

from evaluation.flat_corpus import FlatCorpus
from evaluation.matching import create_matcher
from evaluation.schemes.distance import MAX_ERROR_KM, auc, score_distance
from geoparser.distance import distance_km
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

SPAN = create_matcher("span")


def test_auc_of_perfect_and_worst():
    assert auc([0.0, 0.0, 0.0]) == 0.0
    # Every error at the normaliser: ln(1 + 20039) / ln(20039), a hair above 1 by definition.
    top = math.log1p(MAX_ERROR_KM) / math.log(MAX_ERROR_KM)
    assert auc([MAX_ERROR_KM] * 4) == pytest.approx(top)


def test_auc_worked_example_and_order_independence():
    errors = [100.0, 0.0, 10.0]
    y = sorted(math.log(1 + e) / math.log(MAX_ERROR_KM) for e in errors)
    expected = ((y[0] + y[1]) / 2 + (y[1] + y[2]) / 2) / 2  # trapezoids, then / (n - 1)
    assert auc(errors) == pytest.approx(expected)
    assert auc(list(reversed(errors))) == auc(errors)


def test_auc_undefined_below_two_errors():
    assert auc([]) is None and auc([5.0]) is None


def _case(points):
    text = "a b c d e f g h"
    golds = tuple(GoldToponym(2 * k, 2 * k + 1, text[2 * k], lat, lon, tolerance_km=tol)
                  for k, (lat, lon, tol, _) in enumerate(points))
    preds = tuple(Prediction(text[2 * k], 2 * k, 2 * k + 1, None, *q)
                  for k, (_, _, _, q) in enumerate(points) if q is not None)
    return [Document("d", text, golds)], {"d": PredictedDocument("d", preds)}


def test_figures_over_matched_toponyms():
    gold, pred = _case([(0.0, 0.0, 10, (0.0, 0.0)),
                        (0.0, 0.0, 10, (0.0, 1.0)),       # ~111 km
                        (0.0, 0.0, 10, (0.0, 2.0)),       # ~222 km
                        (0.0, 0.0, 10, None)])            # not found: not in n
    o = score_distance(FlatCorpus.build(gold, pred), SPAN, {}).overall.as_dict()
    assert o["n"] == 3
    assert o["accuracy_161"] == pytest.approx(2 / 3)
    assert o["accuracy_tolerance"] == pytest.approx(1 / 3)
    assert o["median_km"] == pytest.approx(distance_km(0, 0, 0, 1))
    assert o["mean_km"] == pytest.approx((distance_km(0, 0, 0, 1) + distance_km(0, 0, 0, 2)) / 3)


def test_accuracy_at_10_km_and_by_geonames_id():
    text = "a b c d"
    gold = [Document("d", text, (
        GoldToponym(0, 1, "a", 0.0, 0.0, 161, geonameid=1),    # right id, 0 km
        GoldToponym(2, 3, "b", 0.0, 0.0, 161, geonameid=2),    # wrong id, ~56 km
        GoldToponym(4, 5, "c", 0.0, 0.0, 161),                 # no id: not in the id figure
        GoldToponym(6, 7, "d", None, None, 161, geonameid=4),  # id without a point: counted
    ))]
    pred = {"d": PredictedDocument("d", (
        Prediction("a", 0, 1, None, 0.0, 0.0, geonameid=1),
        Prediction("b", 2, 3, None, 0.0, 0.5, geonameid=9),
        Prediction("c", 4, 5, None, 0.0, 0.05),
        Prediction("d", 6, 7, None, 1.0, 1.0, geonameid=4),
    ))}
    o = score_distance(FlatCorpus.build(gold, pred), SPAN, {}).overall.as_dict()
    assert o["n"] == 3
    assert o["accuracy_10"] == pytest.approx(2 / 3)   # 0 km and ~5.6 km, not ~56 km
    assert o["accuracy_161"] == 1.0
    assert o["n_geonameid"] == 3 and o["accuracy_geonameid"] == pytest.approx(2 / 3)


def test_accuracy_by_geonames_id_is_not_applicable_for_a_system_that_gives_no_ids():
    """It printed "acc by GeoNames id 0.000" for a system that gives no ids at all."""
    from evaluation.reports.score_output import render_text

    gold = [Document("d", "a b", (GoldToponym(0, 1, "a", 0.0, 0.0, 161, geonameid=1),
                                  GoldToponym(2, 3, "b", 0.0, 0.0, 161, geonameid=2)))]
    pred = {"d": PredictedDocument("d", (Prediction("a", 0, 1, None, 0.0, 0.0),
                                         Prediction("b", 2, 3, None, 0.0, 0.0)))}
    r = score_distance(FlatCorpus.build(gold, pred), SPAN, {})
    assert "accuracy_geonameid" not in r.to_json()["overall"]
    assert r.overall.as_dict()["n_geonameid"] == 2
    assert "| 1.000 | n/a | 0.000 |" in r.to_markdown()  # acc@tolerance, by id, mean km
    assert any("no GeoNames ids" in n for n in r.notes)
    header, row = render_text(r, "csv").splitlines()[:2]
    cells = dict(zip(header.split(","), row.split(","), strict=True))
    assert cells["accuracy_geonameid"] == ""
    from rich.console import Console

    from evaluation.reports.score_output import print_table

    console = Console(record=True, width=200)
    print_table(console, r)
    lines = console.export_text().splitlines()
    head = next(line for line in lines if "acc by id" in line).split()
    values = next(line for line in lines if line.strip().startswith("overall")).split()
    assert values[head.index("by") - 1] == "n/a"  # "acc by id" is three words
    one_id = {"d": PredictedDocument("d", (Prediction("a", 0, 1, None, 0.0, 0.0, geonameid=1),
                                           Prediction("b", 2, 3, None, 0.0, 0.0)))}
    o = score_distance(FlatCorpus.build(gold, one_id), SPAN, {}).overall.as_dict()
    assert o["accuracy_geonameid"] == 0.5  # a wrong or missing id of a system that gives ids


def test_n_zero_and_one_give_null_never_nan():
    gold, pred = _case([(0.0, 0.0, 10, None)])
    o = score_distance(FlatCorpus.build(gold, pred), SPAN, {}).overall.as_dict()
    assert o == {"n": 0, "accuracy_161": None, "accuracy_tolerance": None, "accuracy_10": None,
                 "n_geonameid": 0, "mean_km": None,
                 "median_km": None, "auc": None}
    gold, pred = _case([(10.0, 10.0, 10, (10.0, 10.0))])
    o = score_distance(FlatCorpus.build(gold, pred), SPAN, {}).overall.as_dict()
    assert o["n"] == 1 and o["mean_km"] == 0.0 and o["auc"] is None


def test_unresolved_and_pointless_gold_are_counted_not_scored():
    text = "a b"
    gold = [Document("d", text, (GoldToponym(0, 1, "a", 1.0, 1.0, 10),
                                 GoldToponym(2, 3, "b", tolerance_km=10)))]
    pred = {"d": PredictedDocument("d", (Prediction("a", 0, 1), Prediction("b", 2, 3, None,
                                                                           1.0, 1.0)))}
    r = score_distance(FlatCorpus.build(gold, pred), SPAN, {})
    assert r.overall.n == 0
    assert r.counts == {"matched": 2, "unresolved": 1, "gold_without_coordinates": 1}


def test_within_km_agrees_with_the_geodesic_including_near_the_bound():
    from geoparser.distance import within_km

    for lat2 in (10.0, 10.5, 11.0, 11.5, -10.0, 80.0):
        for km in (1.0, 55.0, 111.0, 150.0, 5000.0):
            d = distance_km(10.0, 20.0, lat2, 20.3)
            assert within_km(10.0, 20.0, lat2, 20.3, km) is (d <= km)
    d = distance_km(0.0, 0.0, 1.0, 0.0)
    assert within_km(0.0, 0.0, 1.0, 0.0, d) and not within_km(0.0, 0.0, 1.0, 0.0, d - 1e-6)


def test_spherical_mean_is_the_middle_across_the_antimeridian():
    from geoparser.distance import spherical_mean

    lat, lon = spherical_mean([(0.0, 179.0), (0.0, -179.0)])
    assert abs(lat) < 1e-9 and abs(abs(lon) - 180.0) < 1e-9  # not 0, as a plain mean gives
    lat, lon = spherical_mean([(10.0, 20.0)])
    assert (round(lat, 9), round(lon, 9)) == (10.0, 20.0)
