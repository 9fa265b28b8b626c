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


def test_strip_diacritics_deletes_exactly_the_combining_characters():
    """The table is filled in as characters are met: every combining character goes, every
    other stays, whichever is met first."""
    import unicodedata

    from geoparser.names import strip_diacritics

    points = [*range(0x2FF, 0x372), *range(0x1AB0, 0x1B02), 0x20D0, 0xE9, 0x5D0, 0x1F600]
    text = "".join(chr(cp) for cp in points)
    expected = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                       if not unicodedata.combining(ch))
    assert strip_diacritics(text) == expected
    assert strip_diacritics("Ḥalab São Zürich") == "Halab Sao Zurich"


@pytest.mark.parametrize(("text", "key"), [
    ("LAX", "=lax"), ("NYC", "=nyc"), (" SOF ", "=sof"), ("Lax", None), ("Add", None),
    ("la", None), ("A", None), ("ABCDEF", None), ("Ind.", None), ("L.A.", None), ("D.C.", None),
])
def test_a_code_is_keyed_apart_only_as_written_in_capitals(text, key):
    from geoparser.names import code_key

    assert code_key(text) == key
    assert code_key(text) != normalise_name(text)
