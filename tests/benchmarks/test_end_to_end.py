"""The rule that picks the default recogniser from the end-to-end table."""

from benchmarks.accuracy.end_to_end import MAX_FP_PER_100, choose_default


def row(acc, fp):
    return {"acc161": acc, "fp_per_100": fp}


def test_the_default_places_most_among_recognisers_with_few_false_positives():
    results = {"A": {"hybrid": row(0.70, 50), "toponym": row(0.55, 10),
                     "toponym-transformer": row(0.60, 14)},
               "B": {"hybrid": row(0.80, 40), "toponym": row(0.70, 8),
                     "toponym-transformer": row(0.72, 12)}}
    assert choose_default(results, ["A", "B"]) == "toponym-transformer"


def test_one_fold_over_the_false_positive_bound_rules_a_recogniser_out():
    results = {"A": {"toponym": row(0.50, 5), "toponym-transformer": row(0.90, 10)},
               "B": {"toponym": row(0.50, 5), "toponym-transformer": row(0.90,
                                                                         MAX_FP_PER_100 + 1)}}
    assert choose_default(results, ["A", "B"]) == "toponym"


def test_of_two_that_place_as_many_the_one_with_fewer_false_positives_wins():
    results = {"A": {"toponym-transformer": row(0.5, 14),
                     "toponym-transformer-checked": row(0.5, 9)}}
    assert choose_default(results, ["A"]) == "toponym-transformer-checked"


def test_the_raw_spacy_row_is_never_the_default():
    results = {"A": {"en_core_web_sm (raw)": row(0.9, 1), "toponym": row(0.5, 5)}}
    assert choose_default(results, ["A"]) == "toponym"


def test_the_bound_applies_to_the_news_folds_named():
    results = {"news": {"toponym": row(0.5, 10), "hybrid": row(0.6, 30)},
               "papers": {"toponym": row(0.4, 140), "hybrid": row(0.5, 150)}}
    assert choose_default(results, ["news", "papers"], ["news"]) == "toponym"
    assert choose_default(results, ["news", "papers"]) is None


def test_no_held_out_fold_chooses_nothing():
    assert choose_default({"WikToR": {"toponym": {"acc161": 0.5}}}, []) is None


def test_rows_limits_the_table_to_the_rows_asked_for():
    from benchmarks.accuracy.end_to_end import _only

    rows = {"hybrid": object, "toponym-transformer-checked": object}
    assert list(_only(rows, ["toponym-transformer-checked"])) == ["toponym-transformer-checked"]
    assert _only(rows, None) is rows and _only(rows, []) is rows


def test_rows_rescored_keep_the_other_rows_of_the_earlier_table():
    from benchmarks.accuracy.end_to_end import merged

    earlier = {"hybrid": row(0.7, 50), "toponym": row(0.5, 5)}
    assert merged(earlier, {"toponym": row(0.6, 4)}, keep=True) == {
        "hybrid": row(0.7, 50), "toponym": row(0.6, 4)}
    assert merged(earlier, {"toponym": row(0.6, 4)}, keep=False) == {"toponym": row(0.6, 4)}
