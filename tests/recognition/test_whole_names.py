"""A mention widened to the whole place name it is part of, where the gazetteer lists it."""

import pytest

from geoparser.model import Mention
from geoparser.recognition.gazetteer_check import GazetteerCheck, GazetteerNames
from geoparser.recognition.whole_names import MAX_WORDS, whole_names


def listed(*names):
    def ask(candidates):
        return {n: n in names for n in candidates}
    return ask


def at(text, name, nth=0):
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Mention(start, start + len(name), name, "TOPONYM", "r")


def widened(text, found, *names):
    return [m.text for m in whole_names(text, [at(text, f) for f in found], listed(*names))]


def test_two_pieces_of_one_name_become_one_toponym():
    text = "Refugees reached Goz Beida in eastern Chad."
    assert widened(text, ["Goz", "Beida", "Chad"], "Goz Beida") == ["Goz Beida", "Chad"]


def test_a_name_with_particles_is_widened_whole():
    text = "Fighting in the Democratic Republic of the Congo spread."
    assert widened(text, ["Congo"], "Democratic Republic of the Congo") == [
        "Democratic Republic of the Congo"]
    assert widened("to Dar es Salaam by air", ["Dar"], "Dar es Salaam") == ["Dar es Salaam"]


def test_a_hyphenated_name_is_widened_whole():
    assert widened("in KwaZulu-Natal today", ["Natal"], "KwaZulu-Natal") == ["KwaZulu-Natal"]
    assert widened("to Port-au-Prince", ["Prince"], "Port-au-Prince") == ["Port-au-Prince"]


def test_york_inside_new_york_is_new_york():
    assert widened("He moved to New York in May.", ["York"], "New York") == ["New York"]


def test_a_county_and_a_possessive_county_are_widened_to_the_county():
    text = "Dallas County and Queen Anne's County voted."
    assert widened(text, ["Dallas", "Queen Anne"], "Dallas County", "Queen Anne's County") == [
        "Dallas County", "Queen Anne's County"]


def test_the_longest_listed_name_wins():
    text = "He flew to Mexico City Airport."
    assert widened(text, ["Mexico"], "Mexico City", "Mexico City Airport") == [
        "Mexico City Airport"]


def test_st_louis_opens_with_its_abbreviation():
    assert widened("They won in St. Louis on Sunday.", ["Louis"], "St. Louis") == ["St. Louis"]


def test_washington_stays_washington_in_washington_post():
    text = "The Washington Post reported it."
    assert widened(text, ["Washington"], "New Washington") == ["Washington"]


def test_a_name_no_entry_lists_is_not_widened():
    assert widened("in Goz Beida today", ["Beida"]) == ["Beida"]


def test_no_widening_across_a_full_stop_or_a_comma():
    text = "It rained in Kenya. Nairobi flooded. Paris, Texas was dry."
    found = ["Kenya", "Nairobi", "Paris", "Texas"]
    assert widened(text, found, "Kenya Nairobi", "Paris Texas", "Paris, Texas") == found


def test_a_sentence_stop_or_possessive_after_the_name_stays_outside_it():
    assert widened("They reached Goz Beida.", ["Goz"], "Goz Beida") == ["Goz Beida"]
    assert widened("Goz Beida's camps", ["Goz"], "Goz Beida") == ["Goz Beida"]


def test_an_article_or_a_direction_word_is_not_taken_in():
    assert widened("He lives in The Hague now.", ["Hague"], "The Hague") == ["Hague"]
    assert widened("across Southern Africa", ["Africa"], "Southern Africa") == ["Africa"]


def test_particles_never_end_a_name():
    assert widened("the Bay of Bengal", ["Bay"], "Bay of") == ["Bay"]


def test_a_widening_that_would_cut_another_mention_is_not_made():
    text = "from New York Harbor Bridge"
    out = widened(text, ["York", "Harbor Bridge"], "New York Harbor", "New York")
    assert out == ["New York", "Harbor Bridge"]


def test_no_name_is_longer_than_the_limit():
    words = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta"]
    text = " ".join(words)
    assert widened(text, ["Alpha"], text) == ["Alpha"]
    assert widened(text, ["Alpha"], " ".join(words[:MAX_WORDS])) == [" ".join(words[:MAX_WORDS])]


def test_a_widened_mention_keeps_its_label_and_recogniser():
    text = "in Goz Beida"
    m = Mention(3, 6, "Goz", "GPE", "spacy")
    out = whole_names(text, [m], listed("Goz Beida"))
    assert (out[0].label, out[0].recogniser, out[0].start, out[0].end) == ("GPE", "spacy", 3, 12)


def test_no_mentions_ask_nothing():
    def refuse(names):
        raise AssertionError("asked")
    assert whole_names("Plain words.", [], refuse) == []


# with the offline gazetteer

class _Fixed:
    name = "fixed"

    def __init__(self, words):
        self.words = words

    def recognise(self, texts):
        for text in texts:
            yield [at(text, w) for w in self.words if w in text]


@pytest.fixture(scope="module")
def known():
    return GazetteerNames()


def test_written_names_are_the_index_s_own_not_derived_forms(known):
    written = known.written(["Goz Beida", "North Texas", "Texas", "Texas Rangers"])
    assert written["Goz Beida"] and written["Texas"]
    assert not written["North Texas"]  # a part of a place, worked out, not listed
    assert not written["Texas Rangers"]


def test_the_gazetteer_check_keeps_a_piece_of_a_listed_name_widened(known):
    text = "Aid reached Goz Beida and Guinea-Bissau."
    check = GazetteerCheck(_Fixed(["Goz", "Beida", "Bissau"]), known.gazetteer)
    (out,) = check.recognise([text])
    assert [m.text for m in out] == ["Goz Beida", "Guinea-Bissau"]


def test_a_name_broken_at_a_line_end_is_widened_whole():
    text = "cells (Invitrogen, Foster\r\nCity, CA) were grown"
    assert widened(text, ["Foster"], "Foster\r\nCity") == ["Foster\r\nCity"]
    text = "samples from Foz do\nIguaçu and Lima"
    assert widened(text, ["Iguaçu", "Lima"], "Foz do\nIguaçu") == ["Foz do\nIguaçu", "Lima"]


def test_a_word_a_hyphen_breaks_at_a_line_end_goes_on_in_lower_case():
    text = "isolates from Aus-\ntralia and Bul-\r\ngaria"
    assert widened(text, ["Aus-", "Bul"], "Aus-\ntralia", "Bul-\r\ngaria") == [
        "Aus-\ntralia", "Bul-\r\ngaria"]


def test_a_blank_line_ends_a_name():
    assert widened("in New\n\nYork", ["York"], "New\n\nYork") == ["York"]


def test_two_widened_names_never_overlap():
    text = "from Alpha Beta Gamma Delta"
    out = widened(text, ["Alpha", "Gamma"], "Alpha Beta", "Beta Gamma")
    assert out == ["Alpha Beta", "Gamma"]


def test_a_name_widened_at_a_sentence_end_leaves_the_full_stop_out():
    """The gazetteer reads "European Union." as "European Union", so the widened span must
    end where gold ends the name, before the full stop."""
    text = "the minimal target set by the European Union. This has been"
    assert widened(text, ["European"], "European Union", "European Union.") == [
        "European Union"]
    assert widened("He moved to St. Louis.", ["Louis"], "St. Louis") == ["St. Louis"]


def test_mount_etna_is_the_volcano_not_etna_ohio():
    """A natural feature's opening word before a name makes it the feature's, listed or not
    ("Etna" alone reads Etna, Ohio)."""
    assert widened("Mount Etna erupted on Sunday.", ["Etna"]) == ["Mount Etna"]
    assert widened("Ash fell from Mt. Etna overnight.", ["Etna"]) == ["Mt. Etna"]
    assert widened("the shore of Lake Qinghai", ["Qinghai"]) == ["Lake Qinghai"]


def test_a_listed_longer_name_wins_over_the_opener():
    text = "flights to Lake Charles Regional Airport"
    assert widened(text, ["Charles"], "Lake Charles") == ["Lake Charles"]


def test_no_opener_is_taken_from_another_mention_or_a_word_that_opens_none():
    text = "Mount Vernon Etna"
    assert [m.text for m in whole_names(text, [at(text, "Mount Vernon"), at(text, "Etna")],
                                        listed())] == ["Mount Vernon", "Etna"]
    assert widened("Greater Etna voted.", ["Etna"]) == ["Etna"]
    assert widened("mount Etna", ["Etna"]) == ["Etna"]
