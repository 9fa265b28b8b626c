"""The pipeline's own steps: looking names up for resolution."""

from geoparser.pipeline import lookup_all


def _areas(candidates):
    return {(c.country_code, c.admin1 if c.feature_code == "ADM1" else None)
            for c in candidates if c.feature_class == "A"}


def test_a_code_written_so_gets_the_area_it_stands_for(offline_gazetteer):
    found = lookup_all(offline_gazetteer, ["CA", "NSW", "WA", "DRC", "N.Y.", "B.C."])
    assert ("US", "CA") in _areas(found["CA"])
    assert ("AU", "02") in _areas(found["NSW"])
    assert {("US", "WA"), ("AU", "08")} <= _areas(found["WA"])
    assert ("CD", None) in _areas(found["DRC"])
    assert ("US", "NY") in _areas(found["N.Y."])
    assert ("CA", "02") in _areas(found["B.C."])
    assert len(found["NSW"]) == len({id(c) for c in found["NSW"]})


def test_a_word_is_not_a_code(offline_gazetteer):
    """Codes match as written: "In" is no Indiana, "ca" no California."""
    found = lookup_all(offline_gazetteer, ["In", "ca", "Me"])
    assert ("US", "IN") not in _areas(found["In"])
    assert ("US", "CA") not in _areas(found["ca"])
    assert ("US", "ME") not in _areas(found["Me"])


def test_the_gazetteer_itself_does_not_expand_codes(offline_gazetteer):
    """A recogniser scanning text looks names up directly: "CA" stays what the gazetteer
    says, so the expansion cannot add "ACT"-like false toponyms to recognition."""
    assert ("US", "CA") not in _areas(offline_gazetteer.lookup("CA"))
