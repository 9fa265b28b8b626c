"""Records and columns from the model's documents: offsets, labels, the documents themselves."""

from geoparser.io.records import GoldRecords, PredictionRecords
from geoparser.model import Document, GoldToponym, PredictedDocument, Prediction

TEXT = "Rain over Perth and New York today"


def test_a_toponym_with_half_an_offset_counts_as_without():
    doc = Document("d", TEXT, (GoldToponym(10, 15, "Perth"), GoldToponym(20, None, "New")))
    spans = GoldRecords.of_documents([doc]).toponyms.spans
    assert spans[0].tolist() == [10, -1] and spans[2].tolist() == [True, False]


def test_labels_are_coded_in_order_of_first_use():
    doc = Document("d", TEXT, (GoldToponym(10, 15, "Perth", label="LOC"),
                               GoldToponym(20, 28, "New York"),
                               GoldToponym(24, 28, "York", label="GPE"),
                               GoldToponym(10, 15, "Perth", label="LOC")))
    cols = GoldRecords.of_documents([doc]).toponyms
    assert cols.labels == ("LOC", "GPE") and cols.label_codes.tolist() == [0, -1, 1, 0]


def test_predictions_for_documents_outside_the_gold_are_left_out():
    preds = {"b": PredictedDocument("b", (Prediction("York", 24, 28),)),
             "zz": PredictedDocument("zz", (Prediction("Perth"),)),
             "a": PredictedDocument("a")}
    records = PredictionRecords.of_documents(preds, ["a", "b"])
    assert records.ids == ["b", "a"] and records.gold_index.tolist() == [1, 0]
    assert records.toponyms.doc.tolist() == [0]
    assert set(records.predictions()) == {"a", "b"}


def test_no_documents_give_empty_columns():
    cols = GoldRecords.of_documents([]).toponyms
    assert len(cols.doc) == 0 and cols.spans[2].dtype == bool and cols.labels == ()
