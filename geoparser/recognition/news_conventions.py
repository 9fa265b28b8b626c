"""Toponyms that newspapers write by convention rather than in running prose.

* **Datelines**: a story opens with its place in capitals, often with a state or province
  abbreviation and the agency: "XENIA —", "CHARLESTON, W.Va. (AP) —", "EDMONTON, Ky —".
* **Area abbreviations after a place**: "Gatineau, Que.", "Lancaster, Pa.", "Davis, CA": the
  abbreviation is a toponym of its own (the state or province), as the corpora annotate it.
* **Lists closed by a plural**: "Becker, Clay, Douglas, Grant, Mahnomen counties", "Oconee and
  Oglethorpe counties": each name is a toponym (a county), not one span across the list.
* **Area abbreviations in a list of areas**: "S.C. and N.C.", "Va., Md. and D.C.", "Texas and
  Okla.": an abbreviation written with a full stop is a toponym when a list joins it to
  another such abbreviation or to a toponym already found; alone in running text it is not
  ("Col. Smith", "Miss. Jones").
* **A place before its area's abbreviation**: "(Invitrogen, Carlsbad, CA)", "Gauteng, RSA",
  "Madison, WI": one to three capitalised words right before ", " and an area abbreviation
  are a toponym when the gazetteer has a place of that name inside that area (the
  abbreviation itself is the rule above's). Social text leaves the comma out before a US
  state's or Canadian province's postal code ("Austin TX", "Halifax NS"): both are toponyms
  when the place is a town of 15,000 people there, as a surname and initials look the same
  ("Vincent AL, Lager KM", "Lee MS" in a paper's references).
* **A place before its country or state**: "(ANSES, Nancy, France)", "StataCorp LP, College
  Station, Texas": the whole run of one to three capitalised words right before ", " and a
  toponym already found is a toponym when that toponym is a country or first-level area and
  the gazetteer has a place of the name inside it; not a surname ending a longer run
  ("Walter Jones, Texas Republican") nor before a possessive ("Clinton, New York's").
* **A place whose name holds its area's abbreviation**: "Washington, D.C.", "Washington, DC":
  a place and the area abbreviation after it are one toponym when the gazetteer lists the
  whole as written as the name of a place inside that area (``KnownNames.written`` and
  ``within``), as news corpora annotate the capital; the pieces give way to it. Only a short
  code counts ("D.C.", "DC"), not a name written out: "San Antonio, Texas" is two toponyms,
  though Mexico has a San Antonio Texas.
* **Lists of places**: "Suba, Migori, Homa Bay, Rongo, Siaya, Kisumu and Bondo are among the
  worst affected districts": when a recogniser found at least ``LIST_EVIDENCE`` of a list's
  names, each of its other names is a toponym too. A list is of capitalised names of at most
  four words joined by commas, "and" or "or"; a name with a lower-case word breaks it.
* **A country's initials**: "DPRK", "ROK", "KSA", "UAE", "T&T", "BiH" (``gazetteers.
  abbreviations.COUNTRY_INITIALS``) standing as a word of their own are the country, as
  news corpora annotate them, also before a hyphen or a possessive ("the DPRK-South Korea
  summit", "the DPRK's concerns"); not inside a code ("A/DRC/07").
* **Acronyms a story defines**: "the Democratic Republic of the Congo (DRC)": an acronym of
  three or more capitals in brackets right after a toponym of as many capitalised words,
  spelling their initials, is a toponym wherever it stands as a word of its own in the story
  ("DRC", not "DRC-1" or "A/DRC/07"). A street's or building's name defines none ("Dubai World
  Trade Centre (DWTC)").

* **Peoples and adjectives of places**: a country's demonym, a continent's adjective or the
  people of a state or province, or the plural of one ("Russian jets", "Europeans", "Texans",
  "South African officials"), written as a name of its own, is a toponym of that place, as
  news corpora annotate it (GeoWebNews types them Demonym; the held-out news the issue
  describes writes "Ohioans", "Czechs"). A tagger taught by corpora that leave them out finds
  some and misses others, so the rule makes them one convention (``gazetteers.demonyms``).
  Not where the people opens a longer place name ("Indian Ocean", "British Columbia"), another
  people follows it ("African Americans", one people) or a direction word comes before it
  ("the North and South Poles"), unless the people is a continent's and the direction and it
  name a region the gazetteer knows: "Central American migrants" is a toponym of Central
  America. A people the rule adds lends no context to the story's other toponyms
  (``Mention.evidence``): "American" in a Wikipedia article on a town of Peru says little of
  where the town is.

* **A place named after its kind's word**: "the town of Toruń", "the villages of Bumbacari
  and Dudescu", "the province of Western Kasai": the longest run of up to three capitalised
  words right after a kind of place (town, village, city, district, province, state,
  island, …) in lower case and "of" is a toponym when the gazetteer knows it; after a plural,
  so is each name of the list that follows. Not a word in capitals ("the region of KBR", a
  gene's) nor a municipality's whole name ("The Town of Hempstead"). The fold taggers
  missed such names where they had not met them (Toruń, Puławy, Réunion in GeoVirus).

* **Footnote markers**: an affiliation or table in a paper writes its marker right after the
  place, "Lyon, France1", "Hong Kong4,5": a country or first-level area (one to three
  capitalised words) joined to one or two digits, or a list of them, is a toponym without the
  marker (only with a gazetteer that tells countries and areas apart: ``KnownNames``); a
  recogniser's piece of it ("Hong" of "Hong Kong4,5") gives way to it.

* **A street or building after a town's possessive**: "Seoul's Jamsil Stadium", "Harare's
  Third Street", "Derry's Altnagelvin Hospital": the capitalised name right after a
  toponym and "'s", up to its first street's or building's word, is a toponym (resolution
  places it at that town: ``resolution.facilities``).

* **Hashtags**: social text tags a place, its words run together ("#SierraLeone", "#NewYork",
  "#Nepal", "#UK"): the tag without its "#" is a toponym when it is a country or a
  first-level area, or names a place of two words or more joined; not a town's single word
  ("#Hope", "#Reading"), which tags a topic far more often, nor a "#" that marks a paper's
  footnote before a longer name ("#Federal Biological Research Centre").

Each rule adds a mention only where the gazetteer knows the name (the abbreviations are the
ones resolution expands: ``gazetteers.abbreviations.EXPANSIONS``), and never over a mention a
recogniser already made, except that a list's names replace one mention spanning several.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from geoparser.gazetteers.abbreviations import ABBREVIATIONS, COUNTRY_INITIALS, EXPANSIONS
from geoparser.gazetteers.area_parts import PART_WORDS
from geoparser.gazetteers.demonyms import names_a_continent_s_people, names_a_people
from geoparser.gazetteers.name_forms import facility_code
from geoparser.model import Mention
from geoparser.recognition.span_hygiene import LIST_JOINT

LABEL = "TOPONYM"
#: Why a people's or adjective's mention was made (``_peoples``).
PEOPLE = "the people or adjective of a place"
_DASH = r"(?:—|–|--|-)"
_CAPS = r"[A-Z][A-Z'.]*(?:[ -][A-Z][A-Z'.]*){0,3}"
DATELINE = re.compile(
    rf"(?m)^[ \t]*(?P<place>{_CAPS})(?:,[ \t]*(?P<area>[A-Z][A-Za-z.]*(?: [A-Z][a-z.]+)?))?"
    rf"(?:[ \t]*\((?:AP|Reuters|AFP|UPI|CNN|dpa)\))?[ \t]*{_DASH}")
_AREA_AFTER = re.compile(r",[ \t]+(?P<area>[A-Z][A-Za-z.]*(?:[ \t][A-Z][a-z]*\.)?)")
_NAME = r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?"
PLURAL_LIST = re.compile(
    rf"(?P<names>{_NAME}(?:(?:,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+){_NAME})+)[ \t]+"
    r"(?P<kind>counties|parishes|townships|boroughs|provinces|states)\b")
_LIST_NAME = re.compile(_NAME)
#: An abbreviation written with a full stop ("S.C.", "W.Va.", "Okla."), and what joins two
#: items of a list.
_DOTTED = re.compile(r"(?<![\w.])[A-Z][A-Za-z.]*\.(?: Va\.)?")
_LIST_JOIN = re.compile(LIST_JOINT)
_LIST_SEPARATOR = re.compile(r", (?:and |or )?| and | or ")
_LIST_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: How many of a list's names a recogniser must have found for the others to be read as
#: toponyms.
LIST_EVIDENCE = 2
_ACRONYM_AFTER = re.compile(r" \(([A-Z]{3,6})\)")
_COUNTRY_INITIALS = re.compile(
    r"(?<![\w&./-])(?:" + "|".join(re.escape(k) for k in sorted(COUNTRY_INITIALS, key=len,
                                                                  reverse=True))
    + r")(?![\w&/])(?!\.\w)(?!-[^A-Z])")
#: A footnote marker joined to the word before it: "France1", "Hong Kong4,5", "Denmark13".
_MARKER = re.compile(r"(?<=[a-z])\d{1,2}(?:,\d{1,2})*(?![\w])")
_CAPITALISED_BEFORE = re.compile(r"(?:[A-Z][a-z]+[ -]){0,2}[A-Z][a-z]+\Z")


def convention_mentions(text: str, mentions: Sequence[Mention],
                        known: Callable[[Sequence[str]], dict[str, bool]],
                        recogniser: str = "") -> list[Mention]:
    """``mentions`` with the toponyms of ``text``'s datelines, abbreviations after a place and
    plural lists added (see the module's docstring), sorted by offset."""
    found: list[tuple[int, int, str]] = []  # (start, end, why)
    for m in DATELINE.finditer(text):
        found.append((m.start("place"), m.end("place"), "dateline"))
        if m.group("area"):
            found.append((m.start("area"), m.end("area"), "dateline area"))
    places = [(m.start, m.end) for m in mentions] + [(a, b) for a, b, _ in found]
    before = _before_area_codes(text, places, known)
    found += [(a, b, "a place before its area's abbreviation") for a, b in before]
    places += before
    postal = _before_area_codes(text, places, known, _POSTAL_AFTER, POSTAL_CODES,
                                POSTAL_TOWN_POPULATION)
    found += [(a, b, "a place before its area's abbreviation") for a, b in postal]
    places += postal
    found += [(a, b, "area abbreviation after a place")
              for a, b in _postal_codes_after(text, places, known)]
    named = _before_named_areas(text, places, known)
    found += [(a, b, "a place before its country or state") for a, b in named]
    places += named
    # first, so that the place and its abbreviation give way to the whole
    found = [(a, b, NAMED_WITH_AREA) for a, b in _named_with_area(text, places, known)] + found
    for _, end in places:
        if (m := _AREA_AFTER.match(text, end)) and m.group("area") in EXPANSIONS:
            found.append((m.start("area"), m.end("area"), "area abbreviation after a place"))
    lists: list[tuple[int, int]] = []
    for m in PLURAL_LIST.finditer(text):
        lists.append((m.start("names"), m.end("names")))
        for n in _LIST_NAME.finditer(text, m.start("names"), m.end("names")):
            found.append((n.start(), n.end(), f"one of a list of {m.group('kind')}"))
    found += [(a, b, "one of a list of areas") for a, b in _listed_codes(text, places)]
    names_of_text = _names(text)
    found += [(a, b, "one of a list of places")
              for a, b in _place_lists(text, mentions, names_of_text)]
    found += [(a, b, "a place with a footnote marker")
              for a, b in _marked_places(text, known)]
    found += [(a, b, KIND_NAMED) for a, b in _kind_named(text, names_of_text, known)]
    found += [(a, b, PEOPLE) for a, b in _peoples(text, known)]
    found += [(a, b, "a hashtag") for a, b in _hashtags(text, known)]
    found += [(a, b, POSSESSED) for a, b in _possessed_facilities(text, places)]
    for acronym, long_form in _defined_acronyms(text, mentions).items():
        found += [(m.start(), m.end(), f"short for {long_form}") for m in
                  re.finditer(rf"(?<![\w/-]){acronym}(?![\w/-])", text)]
    found += [(m.start(), m.end(), "a country's initials")
              for m in _COUNTRY_INITIALS.finditer(text)]
    names = sorted({text[a:b] for a, b, why in found if not why.startswith("area")
                    and not why.endswith("areas") and not why.endswith("abbreviation")})
    is_known = known(names) if names else {}
    # a piece of a marked place ("Hong" of "Hong Kong4,5") or of an area's abbreviation
    # ("Alta" of "Red Deer, Alta.") gives way to the whole
    wholes = [(a, b) for a, b, why in found
              if why in ("a place with a footnote marker", "area abbreviation after a place",
                         "dateline area", NAMED_WITH_AREA)]
    kept = [m for m in mentions
            if not any(a <= m.start and m.end <= b and _spans_two(text, m) for a, b in lists)
            and not any(a <= m.start and m.end <= b and (a, b) != (m.start, m.end)
                        for a, b in wholes)]
    for start, end, why in found:
        name = text[start:end]
        if not (name in EXPANSIONS or is_known.get(name) or why.endswith("abbreviation")
                or why == POSSESSED):
            continue
        if any(start < k.end and k.start < end for k in kept):
            continue
        # a people no recogniser found says whose people a story is about more than where it
        # is: resolved and output, but no context for the other toponyms (docs: peoples)
        kept.append(Mention(start, end, name, LABEL, recogniser, why,
                            evidence=why != PEOPLE))
    return sorted(kept, key=lambda m: (m.start, m.end))


#: Why a place named after its kind's word was made (``_kind_named``).
KIND_NAMED = "named after its kind's word"
#: A kind of place and "of" before its name: "the town of Toruń", "the villages of Bumbacari
#: and Dudescu", "the province of Western Kasai"; in lower case, as prose writes it ("Town of
#: Hempstead" is a municipality's whole name).
_KIND_OF = re.compile(
    r"\b(?:towns?|villages?|cit(?:y|ies)|hamlets?|suburbs?|townships?|municipalit(?:y|ies)"
    r"|districts?|provinces?|count(?:y|ies)|prefectures?|governorates?|states?|islands?"
    r"|regions?|ports?)[ \t]+of[ \t]+")
#: The most words a name after its kind's word may have.
_KIND_NAME_WORDS = 3


def _kind_named(text: str, names: Sequence[tuple[int, int]],
                known: Callable[[Sequence[str]], dict[str, bool]]) -> list[tuple[int, int]]:
    """The names a story gives right after a kind of place and "of" ("the town of Toruń";
    after a plural, each name of the list that follows: "the villages of Bumbacari and
    Dudescu"): of the run of capitalised words there (``names``, ``_names``), the longest
    opening of up to ``_KIND_NAME_WORDS`` words the gazetteer knows; not a word in capitals
    ("the region of KBR" is a gene's). A tagger that has not met a small town's name misses it
    even there."""
    run_at = dict(names)  # a run's start -> its end
    runs: list[list[tuple[int, int]]] = []
    for m in _KIND_OF.finditer(text):
        plural = m.group().split()[0].endswith("s")
        at = m.end()
        while (end := run_at.get(at)) is not None:
            words: list[tuple[int, int]] = []
            for w in _LIST_WORD.finditer(text, at, end):
                if w.group().isupper() or len(words) == _KIND_NAME_WORDS:
                    break
                words.append(w.span())
            if not words:
                break
            runs.append(words)
            join = _LIST_JOIN.match(text, words[-1][1])
            if not (plural and join):
                break
            at = join.end()
    spans = [[(ws[0][0], ws[k][1]) for k in range(len(ws))] for ws in runs]
    is_known = known(sorted({text[a:b] for options in spans for a, b in options})) if (
        spans) else {}
    return [hit for options in spans
            if (hit := next(((a, b) for a, b in reversed(options) if is_known.get(text[a:b])),
                            None))]


def _marked_places(text: str, known: object) -> list[tuple[int, int]]:
    """The countries and first-level areas written with a footnote marker joined to them
    ("France1"): the longest run of up to three capitalised words before the marker that
    ``known.country_or_state`` says is one."""
    ask = getattr(known, "country_or_state", None)
    if ask is None:
        return []
    options: list[list[tuple[int, int]]] = []
    for m in _MARKER.finditer(text):
        run = _CAPITALISED_BEFORE.search(text, max(0, m.start() - 60), m.start())
        if run is None:
            continue
        words = [w.start() for w in re.finditer(r"[A-Z][a-z]+", text[run.start():m.start()])]
        options.append([(run.start() + w, m.start()) for w in words])
    if not options:
        return []
    is_place = ask(sorted({text[a:b] for spans in options for a, b in spans}))
    return [hit for spans in options
            if (hit := next(((a, b) for a, b in spans if is_place.get(text[a:b])), None))]


_CAPITAL_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?![\w'’-])")
#: How many capitalised words after a people are read for a longer place name it opens.
_PEOPLE_LOOK_AHEAD = 2
#: "and" and a capitalised word after a people: a longer place name it may open too ("Turks
#: and Caicos").
_AND_NAME = re.compile(r" (?:and|&) [A-Z][a-z]+")


def _peoples(text: str, known: Callable[[Sequence[str]], dict[str, bool]]
             ) -> list[tuple[int, int]]:
    """Spans of the demonyms, continent adjectives and state peoples of ``text`` written as
    names of their own ("Russian", "Europeans", "South African"): two capitalised words that
    name a people together, else one, or a direction word and a continent's people ("Central
    American": a toponym where the gazetteer knows the region the two name); none where the
    people opens a longer place name the gazetteer knows ("Indian Ocean", "British Columbia",
    "Turks and Caicos"), another people follows it ("African Americans") or a direction word
    the rule did not take comes before it ("the North and South Poles")."""
    words = [(m.start(), m.end()) for m in _CAPITAL_WORD.finditer(text)]
    runs: list[list[tuple[int, int]]] = []  # capitalised words one space apart
    for w in words:
        if runs and text[runs[-1][-1][1]:w[0]] == " ":
            runs[-1].append(w)
        else:
            runs.append([w])
    options: list[tuple[int, int, list[str]]] = []  # the people's span, longer names it opens
    for run in runs:
        i = 0
        while i < len(run):
            k = next((k for k in (2, 1) if i + k <= len(run)
                      and names_a_people(text[run[i][0]:run[i + k - 1][1]])), 0)
            if (not k and i + 1 < len(run)
                    and text[run[i][0]:run[i][1]].lower() in PART_WORDS
                    and names_a_continent_s_people(text[run[i + 1][0]:run[i + 1][1]])):
                k = 2  # the people of a region a direction names: "Central American"
            elif not k or (i and text[run[i - 1][0]:run[i - 1][1]].lower() in PART_WORDS):
                i += max(k, 1)
                continue
            ahead = run[i + k:i + k + _PEOPLE_LOOK_AHEAD]
            if ahead and names_a_people(text[ahead[0][0]:ahead[0][1]]):
                i += k + 1  # two peoples make one: "African Americans", "Irish American"
                continue
            end = run[i + k - 1][1]
            joined = [text[run[i][0]:m.end()] for m in [_AND_NAME.match(text, end)] if m]
            options.append((run[i][0], end, [text[run[i][0]:w[1]] for w in ahead] + joined))
            i += k
    longer = sorted({n for _, _, names in options for n in names})
    is_place = known(longer) if longer else {}
    return [(a, b) for a, b, names in options if not any(is_place.get(n) for n in names)]


def _spans_two(text: str, mention: Mention) -> bool:
    """Whether ``mention`` runs across a list's comma or "and" (two names as one span)."""
    inner = text[mention.start:mention.end]
    return "," in inner or " and " in inner


def _listed_codes(text: str, places: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of the area abbreviations with a full stop that a list joins to another such
    abbreviation or to one of ``places`` ("S.C. and N.C.", "Texas and Okla.")."""
    codes = {(m.start(), m.end()) for m in _DOTTED.finditer(text) if m.group() in EXPANSIONS}
    starts = {a: (a, b) for a, b in codes | set(places)}
    kept: set[tuple[int, int]] = set()
    for item in sorted(starts.values()):
        join = _LIST_JOIN.match(text, item[1])
        nxt = starts.get(join.end()) if join else None
        if nxt is not None:
            kept |= {item, nxt} & codes
    return sorted(kept)


def _names(text: str) -> list[tuple[int, int]]:
    """Spans of runs of one to four capitalised words joined by single spaces; a word that
    ends in a full stop ends its run."""
    runs: list[list[int]] = []
    for w in _LIST_WORD.finditer(text):
        capital = w.group()[0].isupper()
        last = runs[-1] if runs else None
        if (capital and last is not None and last[2] and last[3] < 4
                and text[last[1]:w.start()] == " "):
            last[1], last[3] = w.end(), last[3] + 1
        else:
            runs.append([w.start(), w.end(), capital, 1])
        if w.end() < len(text) and text[w.end()] == ".":
            runs[-1][2] = False
    return [(a, b) for a, b, capital, _ in runs if text[a].isupper()]


#: What a street's or building's mention after a town's possessive was made by.
POSSESSED = "a street or building of the place before it"
#: A person's title opening the words after a possessive: "Seoul's Mayor Park" is a person.
_TITLES = frozenset({
    "mayor", "governor", "president", "prime", "premier", "minister", "chief", "police",
    "senator", "sen.", "rep.", "representative", "councillor", "councilor", "judge", "justice",
    "coach", "general", "gen.", "captain", "capt.", "dr.", "mr.", "mrs.", "ms.", "sir", "lord",
    "bishop", "archbishop", "cardinal", "king", "queen", "prince", "princess", "sheriff",
    "commissioner", "officer", "sgt.", "detective", "professor", "prof.",
})
#: A capitalised name right after a possessive: up to six words, "of", "the" and "and" inside.
_AFTER_POSSESSIVE = re.compile(r"['’]s (?P<name>[A-Z0-9][\w'’.-]*"
                               r"(?: (?:of |the |and )?[A-Z0-9][\w'’.-]*){0,5})")


def _possessed_facilities(text: str, places: Sequence[tuple[int, int]]
                          ) -> list[tuple[int, int]]:
    """Spans of the streets and buildings named right after a toponym and "'s" ("Seoul's
    Jamsil Stadium"): the shortest run of the name after it that ends with a street's or
    building's word (``name_forms.facility_code``); none after a person's title ("Seoul's
    Mayor Park")."""
    out = []
    for _, end in places:
        m = _AFTER_POSSESSIVE.match(text, end)
        if m is None:
            continue
        words = m.group("name").split(" ")
        if words[0].lower() in _TITLES:
            continue
        for k in range(2, len(words) + 1):
            name = " ".join(words[:k]).rstrip(".,;:")
            if facility_code(name):
                out.append((m.start("name"), m.start("name") + len(name)))
                break
    return out


#: A hashtag's body: capitalised words run together ("SierraLeone"), one word ("Nepal") or
#: capitals ("UK"); not a paper's footnote mark before a name ("#Federal Research Centre").
_HASHTAG = re.compile(r"(?<![\w&#])#(?P<body>[A-Z][a-z]+(?:[A-Z][a-z]+){1,3}|[A-Z][a-z]+"
                      r"|[A-Z]{2,4})(?![\w])(?![ \t]+[A-Z][a-z])")
_JOINED_WORDS = re.compile(r"[A-Z][a-z]+")


def _hashtags(text: str, known: object) -> list[tuple[int, int]]:
    """Spans of the hashtags' bodies that tag a place (module docstring): a country or
    first-level area (``known.country_or_state``), or a joined name of two words or more."""
    tags = [(m.start("body"), m.end("body"),
             len(_JOINED_WORDS.findall(m.group("body"))) >= 2) for m in _HASHTAG.finditer(text)]
    if not tags:
        return []
    ask = getattr(known, "country_or_state", None)
    single = sorted({text[a:b] for a, b, joined in tags if not joined})
    is_area = ask(single) if ask is not None and single else {}
    return [(a, b) for a, b, joined in tags if joined or is_area.get(text[a:b])]


def _place_lists(text: str, mentions: Sequence[Mention], names: Sequence[tuple[int, int]]
                 ) -> list[tuple[int, int]]:
    """Spans of the names of lists at least ``LIST_EVIDENCE`` of whose names are among
    ``mentions`` (a name counts when it is a mention or ends with one: "In Kisumu"); ``names``
    are the text's runs of capitalised words (``_names``)."""
    found = {(m.start, m.end) for m in mentions}
    ends = {m.end: m.start for m in mentions}
    out: list[tuple[int, int]] = []
    chain: list[tuple[int, int]] = []

    def close() -> None:
        named = sum(1 for a, b in chain if (a, b) in found or (b in ends and ends[b] >= a))
        if len(chain) >= 3 and named >= LIST_EVIDENCE:
            out.extend(chain)

    for a, b in names:
        if chain and _LIST_SEPARATOR.fullmatch(text[chain[-1][1]:a]):
            chain.append((a, b))
            continue
        close()
        chain = [(a, b)]
    close()
    return out


def _defined_acronyms(text: str, mentions: Sequence[Mention]) -> dict[str, str]:
    """Acronym -> the toponym it is defined for ("DRC" -> "Democratic Republic of the
    Congo"): capitals in brackets right after a mention, spelling the initials of its
    capitalised words."""
    out = {}
    for m in mentions:
        if (a := _ACRONYM_AFTER.match(text, m.end)) is None or facility_code(m.text):
            continue
        initials = "".join(w[0] for w in re.findall(r"[^\W\d_][\w'’]*", m.text)
                           if w[0].isupper())
        if initials == a.group(1):
            out.setdefault(a.group(1), m.text)
    return out


_AREA_CODE_AFTER = re.compile(r",[ \t]+(?P<area>[A-Z][A-Za-z.]*)(?![\w])")
#: A US state's or Canadian province's postal code after a place without a comma, as social
#: text writes it ("Austin TX").
_POSTAL_AFTER = re.compile(r"[ \t]+(?P<area>[A-Z]{2})(?![\w'’-])(?!\.\w)")
POSTAL_CODES = frozenset(code for code, (cc, _) in ABBREVIATIONS.items()
                         if len(code) == 2 and code.isupper() and cc in ("US", "CA"))
#: Without the comma, a surname and initials look the same ("Vincent AL, Lager KM" in a
#: paper's references): the place must be a town of this many people.
POSTAL_TOWN_POPULATION = 15_000
_NAME_BEFORE = re.compile(r"(?<![\w.'’-])[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}\Z")


_COMMA_BEFORE = re.compile(r",[ \t\r\n]{1,6}\Z")
_WORD_BEFORE = re.compile(r"[A-Z][\w.'’-]* \Z")


def _before_named_areas(text: str, places: Sequence[tuple[int, int]],
                        known: Callable[[Sequence[str]], dict[str, bool]]
                        ) -> list[tuple[int, int]]:
    """Spans of the names right before ", " and a toponym already found that the gazetteer
    has inside it, when that toponym is a country or first-level area ("ANSES, Nancy,
    France", "StataCorp, College Station, Texas"; ``known.within_named``): the whole run of
    one to three capitalised words, not already among ``places``. A place at the end of a
    longer run is a person's surname ("Walter Jones, Texas Republican"), and one before a
    possessive ("Clinton, New York's senator") writes a person's role."""
    within = getattr(known, "within_named", None)
    if within is None:
        return []
    options: list[tuple[int, int, str, str]] = []
    for a, b in sorted(set(places)):
        comma = _COMMA_BEFORE.search(text, max(0, a - 7), a)
        if comma is None or text.startswith(("'s", "’s"), b):
            continue
        c = comma.start()
        before = _NAME_BEFORE.search(text, max(0, c - 80), c)
        if (before is None or _WORD_BEFORE.search(text, max(0, before.start() - 40),
                                                  before.start())
                or any(p < c and before.start() < q for p, q in places)):
            continue
        options.append((before.start(), c, before.group(), text[a:b]))
    answers = within([(name, area) for *_, name, area in options]) if options else {}
    return sorted({(a, b) for a, b, name, area in options if answers.get((name, area))})


NAMED_WITH_AREA = "a place whose name holds its area's abbreviation"
#: An abbreviation that may end a place's own name: a short code ("D.C.", "DC"), not a
#: name written out ("Texas").
_SHORT_CODE = re.compile(r"[A-Z](?:\.?[A-Z]){1,2}\.?")


def _named_with_area(text: str, places: Sequence[tuple[int, int]],
                     known: Callable[[Sequence[str]], dict[str, bool]]
                     ) -> list[tuple[int, int]]:
    """Spans of a place and the short area abbreviation after it ("Washington, D.C.") where
    the gazetteer lists the whole as written and as a place inside that area
    (``known.written`` and ``known.within``)."""
    written = getattr(known, "written", None)
    within = getattr(known, "within", None)
    if written is None or within is None:
        return []
    options = [(a, m.end("area"), m.group("area")) for a, b in sorted(set(places))
               if (m := _AREA_CODE_AFTER.match(text, b)) and m.group("area") in EXPANSIONS
               and _SHORT_CODE.fullmatch(m.group("area"))]
    if not options:
        return []
    listed = written([text[a:b] for a, b, _ in options])
    inside = within([(text[a:b], code) for a, b, code in options if listed[text[a:b]]])
    return [(a, b) for a, b, code in options if inside.get((text[a:b], code))]


def _postal_codes_after(text: str, places: Sequence[tuple[int, int]],
                        known: Callable[[Sequence[str]], dict[str, bool]]
                        ) -> list[tuple[int, int]]:
    """Spans of the postal codes right after a place, without a comma ("Austin TX"), where
    the gazetteer has a town of ``POSTAL_TOWN_POPULATION`` of that name inside the code's
    area (``known.within``)."""
    within = getattr(known, "within", None)
    if within is None:
        return []
    codes = [(text[a:b], m) for a, b in places
             if (m := _POSTAL_AFTER.match(text, b)) and m.group("area") in POSTAL_CODES]
    answers = within([(name, m.group("area")) for name, m in codes],
                     min_population=POSTAL_TOWN_POPULATION) if codes else {}
    return [(m.start("area"), m.end("area")) for name, m in codes
            if answers.get((name, m.group("area")))]


def _before_area_codes(text: str, places: Sequence[tuple[int, int]],
                       known: Callable[[Sequence[str]], dict[str, bool]],
                       after: re.Pattern[str] = _AREA_CODE_AFTER,
                       codes: Collection[str] = EXPANSIONS,
                       min_population: int = 0) -> list[tuple[int, int]]:
    """Spans of the names right before ", " and an area abbreviation (``after`` and
    ``codes``: or a space and a postal code) that the gazetteer has inside that area
    (``known.within``, a town of ``min_population`` when given; none when ``known`` cannot
    tell), the longest of one to three words, not already among ``places``."""
    within = getattr(known, "within", None)
    if within is None:
        return []
    options: list[list[tuple[int, int, str, str]]] = []
    for m in after.finditer(text):
        area = m.group("area")
        if area not in codes:
            continue
        before = _NAME_BEFORE.search(text, max(0, m.start() - 80), m.start())
        if before is None or any(p < m.start() and before.start() < q for p, q in places):
            continue
        words = before.group().split(" ")
        options.append([(m.start() - len(" ".join(words[k:])), m.start(),
                         " ".join(words[k:]), area) for k in range(len(words))])
    pairs = [(name, area) for spans in options for _, _, name, area in spans]
    answers = within(pairs, min_population=min_population) if pairs else {}
    out = []
    for spans in options:
        hit = next(((a, b) for a, b, name, area in spans if answers.get((name, area))), None)
        if hit is not None:
            out.append(hit)
    return sorted(out)
