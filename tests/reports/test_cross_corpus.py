"""End-to-end scores of a recogniser's mentions: acc@161, by GeoNames id, false positives."""

from evaluation.reports.cross_corpus import end_to_end_scores
from geoparser.model import Document, GoldToponym, Mention, ParsedDocument
from geoparser.resolution import create_policy

TEXT = "Rain in Paris and Lyon and Nice."


def _gold(paris_id: int | None) -> Document:
    return Document("d", TEXT, (
        GoldToponym(8, 13, "Paris", 48.857, 2.352, geonameid=paris_id),
        GoldToponym(18, 22, "Lyon", 45.764, 4.836),
        GoldToponym(27, 31, "Nice", 43.70, 7.27, geonameid=2990440)))


def _parsed(doc: Document) -> ParsedDocument:
    mentions = [Mention(8, 13, "Paris", "GPE"), Mention(18, 22, "Lyon", "GPE"),
                Mention(0, 4, "Rain", "GPE")]  # Nice is missed, "Rain" is no toponym
    return ParsedDocument(doc, mentions)


def test_by_geonames_id_counts_the_gold_with_an_id_found_and_resolved_to_it(offline_gazetteer):
    scores = end_to_end_scores([_parsed(_gold(2988507))], offline_gazetteer,
                               create_policy("population"))
    assert scores["gold_with_id"] == 2  # Paris and Nice; Lyon has none
    assert scores["acc_id"] == 0.5  # Paris found and resolved to its id; Nice missed
    assert scores["acc161"] == 2 / 3
    assert scores["fp_per_100"] == 100 / 3


def test_a_wrong_id_is_not_counted_even_within_161_km(offline_gazetteer):
    scores = end_to_end_scores([_parsed(_gold(1))], offline_gazetteer,
                               create_policy("population"))
    assert scores["acc_id"] == 0.0 and scores["acc161"] == 2 / 3


def test_by_id_is_undefined_without_gold_ids(offline_gazetteer):
    doc = Document("d", TEXT, (GoldToponym(8, 13, "Paris", 48.857, 2.352),))
    scores = end_to_end_scores([_parsed(doc)], offline_gazetteer, create_policy("population"))
    assert scores["gold_with_id"] == 0 and scores["acc_id"] is None
    assert scores["acc161"] == 1.0


def test_a_placed_name_the_text_repeats_is_scored_as_parse_outputs_it(offline_gazetteer):
    """End to end means what ``parse`` writes: a placed name read again where the recogniser
    missed it counts (``repeated_names``); the raw row asks for the recogniser alone."""
    text = "Rain in Lyon. Lyon is wet."
    doc = Document("d", text, (GoldToponym(8, 12, "Lyon", 45.764, 4.836),
                               GoldToponym(14, 18, "Lyon", 45.764, 4.836)))
    parsed = [ParsedDocument(doc, [Mention(8, 12, "Lyon", "GPE")])]
    policy = create_policy("population")
    assert end_to_end_scores(parsed, offline_gazetteer, policy)["acc161"] == 1.0
    alone = end_to_end_scores(parsed, offline_gazetteer, policy, repeat_names=False)
    assert alone["acc161"] == 0.5
