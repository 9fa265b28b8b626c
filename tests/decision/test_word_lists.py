"""``decision.word_lists``: the person-name shares read from the shipped table."""

from __future__ import annotations

import gzip

from geoparser.decision.word_lists import PERSON_NAMES, person_name_share


def test_person_name_share_gives_the_tables_numbers_and_zero_for_other_words():
    with gzip.open(PERSON_NAMES, "rt", encoding="ascii") as fh:
        next(fh)  # the provenance line
        rows = [next(fh).rstrip("\n").split("\t") for _ in range(50)]
    for name, surname, given in rows:
        assert person_name_share(name) == (float(surname), float(given))
        assert person_name_share(name.upper()) == (float(surname), float(given))
    assert person_name_share("smith")[0] > 0.5
    assert person_name_share("xqzvy") == (0.0, 0.0)
