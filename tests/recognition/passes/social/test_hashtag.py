"""The hashtag pass (social text): "#SierraLeone", "#Nepal"."""

from geoparser.recognition.passes.social.hashtag import Hashtag
from tests.recognition.passes.known import Known, proposed


class _Countries(Known):
    def country_or_state(self, names):
        return {n: n in {"Nepal", "UK"} for n in names}


def test_a_joined_name_or_a_country_s_tag_is_proposed():
    assert proposed(Hashtag(), "#SierraLeone #Nepal #UK #Hope", known=_Countries()) == [
        ("SierraLeone", "hashtag"), ("Nepal", "hashtag"), ("UK", "hashtag")]


def test_a_footnote_mark_before_a_name_is_no_hashtag():
    assert proposed(Hashtag(), "#Federal Biological Research Centre",
                    known=_Countries()) == []
