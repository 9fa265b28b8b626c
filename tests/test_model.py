"""The data model is plain frozen dataclasses, whatever the readers decode into."""

import dataclasses

import pytest

from geoparser.model import CandidatePoint, Document, GoldToponym, PredictedDocument, Prediction


@pytest.mark.parametrize("cls", [GoldToponym, Document, Prediction, PredictedDocument,
                                 CandidatePoint])
def test_scored_records_are_frozen_dataclasses(cls):
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


def test_fields_and_defaults_that_readers_and_scorers_rely_on():
    t = GoldToponym(3, 9, "Whitby")
    assert (t.name, t.tolerance_km, t.has_point) == (None, None, False)
    p = Prediction("Whitby", 3, 9, lat=54.5, lon=-0.6)
    assert p.candidates == () and p.has_point and p.n_candidates is None
    assert Document("d", "x").toponyms == () and PredictedDocument("d").toponyms == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.start = 4  # type: ignore[misc]
