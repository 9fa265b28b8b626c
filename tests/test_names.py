import pytest

from geoparser.names import normalise_name


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("St. Ives", "Saint Ives"),
        ("st ives", "SAINT-IVES"),
        ("Zürich", "Zurich"),
        ("Reykjavík", "Reykjavik"),
        ("King's Lynn", "Kings Lynn"),
        ("Bury  St Edmunds", "bury saint edmunds"),
        ("Mt. Vernon", "Mount Vernon"),
        ("Stoke-on-Trent", "Stoke on Trent"),
    ],
)
def test_equivalent_names_share_a_key(a, b):
    assert normalise_name(a) == normalise_name(b)


@pytest.mark.parametrize(("a", "b"), [("Stoke", "Stoke on Trent"), ("Paris", "Perth")])
def test_different_names_differ(a, b):
    assert normalise_name(a) != normalise_name(b)


def test_punctuation_only_is_empty():
    assert normalise_name(" .,- ") == ""


def test_normalise_name_is_memoised():
    normalise_name.cache_clear()
    normalise_name("Zürich")
    normalise_name("Zürich")
    assert normalise_name.cache_info().hits == 1


def test_a_word_broken_by_a_hyphen_at_a_line_end_is_one_word():
    from geoparser.names import normalise_name

    assert normalise_name("Bul-\ngaria") == normalise_name("Bulgaria")
    assert normalise_name("Aus-\r\ntralia") == "australia"
    assert normalise_name("Hadejia-\r\nNguru") == normalise_name("Hadejia-Nguru")  # a real one
    assert normalise_name("Foster\r\nCity") == "foster city"
