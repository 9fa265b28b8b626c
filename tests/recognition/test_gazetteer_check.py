"""The gazetteer check: a recogniser's mentions kept only where the gazetteer knows the name."""

from dataclasses import replace

from geoparser.model import Candidate, Mention
from geoparser.recognition.gazetteer_check import GazetteerCheck, GazetteerNames


class Listed:
    """A recogniser that returns the mentions it was given, text by text."""

    name = "listed"

    def __init__(self, *mentions: list[Mention]) -> None:
        self.mentions = mentions

    def recognise(self, texts):
        return iter([list(m) for m in self.mentions][:len(list(texts))])


class Known:
    """A gazetteer that knows a fixed set of names and counts its queries."""

    name = "known"

    def __init__(self, *names: str) -> None:
        self.names, self.queries = set(names), []

    def lookup(self, toponym):
        self.queries.append(toponym)
        if toponym not in self.names:
            return []
        return [Candidate(source="known", source_id="1", name=toponym, lat=0.0, lon=0.0)]


def mention(text: str, start: int = 0) -> Mention:
    return Mention(start, start + len(text), text, "TOPONYM", "listed")


def test_a_name_the_gazetteer_does_not_know_is_dropped():
    check = GazetteerCheck(Listed([mention("Pretoria"), mention("RT-PCR", 20)]),
                           Known("Pretoria"))
    [kept] = check.recognise(["one text"])
    assert [m.text for m in kept] == ["Pretoria"]
    assert kept[0].recogniser == "listed-checked"


def test_an_area_code_counts_as_known():
    check = GazetteerCheck(Listed([mention("Madison"), mention("WI", 9), mention("Wi", 20)]),
                           Known("Madison"))
    [kept] = check.recognise(["Madison, WI ... Wi"])
    assert [m.text for m in kept] == ["Madison", "WI"]  # codes match as written only


def test_each_name_is_looked_up_once_across_texts_and_batches():
    gaz = Known("Lyon")
    check = GazetteerCheck(Listed([mention("Lyon")], [mention("Lyon"), mention("Lyonx", 9)]),
                           gaz, name="checked")
    assert [len(ms) for ms in check.recognise(["a", "b"])] == [1, 1]
    list(check.recognise(["a", "b"]))
    assert sorted(gaz.queries) == ["Lyon", "Lyonx"]
    assert check.name == "checked"


def test_a_street_building_or_natural_feature_is_kept_unlisted():
    text = "Royal Street, Rogers Centre, Tijuana River, Lake Manassas, River Road, Big river"
    found = [mention(w, text.index(w)) for w in text.split(", ")]
    [kept] = GazetteerCheck(Listed(found), Known()).recognise([text])
    assert [m.text for m in kept] == ["Royal Street", "Rogers Centre", "Tijuana River",
                                      "Lake Manassas", "River Road"]


def test_known_names_tell_which_area_holds_a_place():
    from geoparser.recognition.gazetteer_check import GazetteerNames

    within = GazetteerNames().within([("Carlsbad", "CA"), ("Gauteng", "RSA"), ("Gauteng", "CA"),
                                  ("Nowhereville", "CA")])
    assert within == {("Carlsbad", "CA"): True, ("Gauteng", "RSA"): True,
                      ("Gauteng", "CA"): False, ("Nowhereville", "CA"): False}


def test_country_or_state_knows_countries_and_first_level_areas(offline_gazetteer):
    from geoparser.recognition.gazetteer_check import GazetteerNames

    answer = GazetteerNames(offline_gazetteer).country_or_state(
        ["France", "Texas", "Lyon", "Xyzzy"])
    assert answer == {"France": True, "Texas": True, "Lyon": False, "Xyzzy": False}


def test_known_names_tell_which_named_country_or_state_holds_a_place(offline_gazetteer):
    from geoparser.recognition.gazetteer_check import GazetteerNames

    pairs = [("Nancy", "France"), ("College Station", "Texas"), ("Nancy", "Texas"),
             ("Texas", "Texas"), ("Nancy", "Lyon"), ("Nowhereville", "France")]
    assert GazetteerNames(offline_gazetteer).within_named(pairs) == {
        ("Nancy", "France"): True, ("College Station", "Texas"): True,
        ("Nancy", "Texas"): False, ("Texas", "Texas"): False, ("Nancy", "Lyon"): False,
        ("Nowhereville", "France"): False}


def test_within_a_state_can_ask_for_a_town_of_a_size(offline_gazetteer):
    """"Austin TX" but not "Vincent AL" (a surname and initials in a paper's references):
    Vincent, Alabama has 2,000 people, and Lee County is no town called Lee."""
    known = GazetteerNames(offline_gazetteer)
    pairs = [("Austin", "TX"), ("Vincent", "AL"), ("Lee", "MS")]
    assert known.within(pairs) == {p: True for p in pairs}
    assert known.within(pairs, min_population=15_000) == {
        ("Austin", "TX"): True, ("Vincent", "AL"): False, ("Lee", "MS"): False}


class Towns(Known):
    """``Known`` whose places are towns (feature class P), but for ``areas`` (states)."""

    def __init__(self, *names: str, areas=()) -> None:
        super().__init__(*names, *areas)
        self.areas = set(areas)

    def lookup(self, toponym):
        return [replace(c, feature_class="A", feature_code="ADM1") if toponym in self.areas
                else replace(c, feature_class="P") for c in super().lookup(toponym)]


def test_a_township_whose_bare_name_is_a_town_is_kept():
    """The gazetteer files "Woodbridge Township" as Woodbridge: resolution looks it up bare."""
    text = "Woodbridge Township police and the Borough of Fair Lawn"
    check = GazetteerCheck(Listed([mention("Woodbridge Township"),
                                   mention("Borough of Fair Lawn", 32)]),
                           Towns("Woodbridge", "Fair Lawn"))
    [kept] = check.recognise([text])
    assert [m.text for m in kept] == ["Woodbridge Township", "Borough of Fair Lawn"]


def test_a_township_of_no_town_or_only_a_state_is_dropped():
    check = GazetteerCheck(Listed([mention("Lower Merion Township"),
                                   mention("Texas Township", 30)]),
                           Towns(areas=("Texas",)))
    [kept] = check.recognise(["one text"])
    assert kept == []


def test_a_club_named_for_its_city_is_not_kept_as_the_city():
    check = GazetteerCheck(Listed([mention("Manchester City")]), Towns("Manchester"))
    [kept] = check.recognise(["Manchester City won."])
    assert kept == []


def test_a_town_as_written_is_one_named_so_not_another_name_of_a_town(offline_gazetteer):
    """"Kansas City" and "Boulder City" are towns' own names; "Springfield City" is listed only
    as another name of Springfield, which is a town's own."""
    answer = GazetteerNames(offline_gazetteer).town_as_written(
        ["Kansas City", "Boulder City", "Springfield City", "Springfield", "Nowhere Such City"])
    assert answer == {"Kansas City": True, "Boulder City": True, "Springfield City": False,
                      "Springfield": True, "Nowhere Such City": False}
