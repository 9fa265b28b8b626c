"""What a document says about its toponyms, counted once a document (``document_evidence``)."""

from collections import Counter

import pytest

from geoparser.model import Document, Mention
from geoparser.resolution.base import ResolutionContext
from geoparser.resolution.document_evidence import DocumentEvidence
from geoparser.resolution.place_facts import is_country_level
from tests.helpers import place as c

PLACES = {
    "Lancaster": [c("Lancaster", 40.04, -76.31, 59_000, "US", "PA", gid=1),
                  c("Lancaster", 54.05, -2.80, 52_000, "GB", "ENG", gid=3)],
    "Pennsylvania": [c("Pennsylvania", 40.9, -77.7, None, "US", "PA", "A", "ADM1", gid=2)],
    "York": [c("York", 39.96, -76.73, 44_000, "US", "PA", gid=5),
             c("York", 53.96, -1.08, 153_000, "GB", "ENG", gid=6)],
    "England": [c("England", 52.5, -1.5, None, "GB", "ENG", "A", "ADM1", gid=7)],
    "Galway": [c("Galway", 53.27, -9.05, 85_910, "IE", "C", gid=8)],
}


def _counted_over(others):
    """The counts as ``FeatureExtractor._rows`` made them over the other names' facts."""
    return (
        len(others),
        Counter(o.top.country_code for o in others if o.top.country_code),
        Counter((o.top.country_code, o.top.admin1) for o in others
                if o.top.country_code and o.top.admin1 and not is_country_level(o.top)),
        Counter(cc for o in others for cc in o.countries),
        Counter(k for o in others for k in o.first_levels),
        set().union(*(o.named_countries for o in others)),
        set().union(*(o.named_first_levels for o in others)),
        {(o.top.country_code, o.top.admin1) for o in others
         if o.top.feature_code == "ADM1" and o.top.country_code and o.top.admin1},
    )


def test_the_other_names_counts_are_the_documents_less_the_names_own():
    """``around`` takes a name's counts from the document's instead of counting over every
    other name for each name: the counts must be those of the others, name by name."""
    text = "Lancaster, Pennsylvania and York, England; Galway; and York again. Nowhere."
    mentions = []
    for name in ["Lancaster", "Pennsylvania", "York", "England", "Galway", "Nowhere"]:
        start = text.index(name)
        mentions.append(Mention(start, start + len(name), name, "GPE"))
    found = {(m.start, m.end): PLACES.get(m.text, []) for m in mentions}
    doc = DocumentEvidence(ResolutionContext(Document("d", text), tuple(mentions), None, found))
    for own in ["lancaster", "pennsylvania", "york", "england", "galway", "nowhere"]:
        got = doc.around(own)
        want = _counted_over([n for k, n in doc.names.items() if k != own])
        assert got.n == want[0]
        assert +got.top_cc == want[1] and +got.top_a1 == want[2]
        assert +got.in_country == want[3] and +got.in_first_level == want[4]
        assert set(got.named_countries) == want[5]
        assert set(got.named_first_levels) == want[6]
        assert set(got.named_states) == want[7]
        assert all(v > 0 for v in got.named_states.values())


def _many_names(n, lats=None, lons=None):
    """A document listing ``n`` distinct towns, each with one candidate spread over the world
    (a fixed pseudo-random pattern unless given), as "Aid went to A, B, C, ..." reads."""
    import numpy as np

    rng = np.random.default_rng(7)
    if lats is None:
        lats, lons = rng.uniform(-60, 70, n), rng.uniform(-180, 180, n)
    names = [f"Town{k}" for k in range(n)]
    text = "Aid went to " + ", ".join(names) + "."
    mentions, found, start = [], {}, len("Aid went to ")
    for k, name in enumerate(names):
        m = Mention(start, start + len(name), name, "GPE")
        mentions.append(m)
        found[m.start, m.end] = [c(name, float(lats[k]), float(lons[k]), 1000 + k, "XX",
                                   gid=k + 1)]
        start += len(name) + 2
    return DocumentEvidence(ResolutionContext(Document("d", text), tuple(mentions), None, found))


def _brute_medoid(doc, own):
    """The other names' point with the least summed distance to the others, from scratch."""
    import numpy as np

    from geoparser.distance import haversine_km

    others = [doc.names[k].top for k in doc.focus_keys if k != own]
    lat = np.array([o.lat for o in others])
    lon = np.array([o.lon for o in others])
    d = haversine_km(lat[:, None], lon[:, None], lat[None, :], lon[None, :])
    return others[int(np.argmin(d.sum(axis=1)))]


class _Work:
    """Counts the distance-matrix entries the medoids compute or copy: the haversine's
    results and the sub-matrices taken (``np.ix_``)."""

    def __init__(self, monkeypatch):
        import numpy as np

        import geoparser.resolution.document_evidence as evidence

        self.entries = 0
        real_haversine, real_ix = evidence.haversine_km, np.ix_

        def haversine(*args):
            out = real_haversine(*args)
            self.entries += np.size(out)
            return out

        def ix(*axes):
            self.entries += int(np.prod([len(a) for a in axes]))
            return real_ix(*axes)

        monkeypatch.setattr(evidence, "haversine_km", haversine)
        monkeypatch.setattr(np, "ix_", ix)


@pytest.mark.parametrize("n", [400, 900])
def test_the_focus_of_each_of_many_names_costs_work_linear_in_the_names(monkeypatch, n):
    """"Aid went to " and 3,000 city names cost 100 s: each name's focus summed a copy of the
    others' whole distance matrix (names cubed). Every name's focus together now touches at
    most a few times names squared entries, a name's own at most a few times the names."""
    doc = _many_names(n)
    work = _Work(monkeypatch)
    for key in doc.focus_keys:
        doc.focus(key)
    assert work.entries <= 3 * n * n, (work.entries, n)


@pytest.mark.parametrize("n", [40, 400])
def test_the_focus_of_many_names_is_the_medoid_of_the_others(n):
    doc = _many_names(n)
    for key in doc.focus_keys[:: max(1, n // 25)]:
        assert doc.focus(key) == _brute_medoid(doc, key), key
    assert doc.focus("nowhere") == _brute_medoid(doc, "nowhere")


def test_of_many_names_coinciding_medoids_go_to_the_first_as_the_exact_sums_send_them():
    """Three towns at the centre of a ring of 400: each is the medoid, tied in exact
    arithmetic; the first of the others is chosen, whatever the rounding."""
    import numpy as np

    angles = np.linspace(0, 2 * np.pi, 400, endpoint=False)
    lats = np.concatenate([[10.0, 10.0, 10.0], 10 + 5 * np.sin(angles)])
    lons = np.concatenate([[20.0, 20.0, 20.0], 20 + 5 * np.cos(angles)])
    doc = _many_names(403, lats, lons)
    first, second, third = (doc.names[k].top for k in doc.focus_keys[:3])
    assert doc.focus("nowhere") == first
    assert doc.focus(doc.focus_keys[0]) == second
    assert doc.focus(doc.focus_keys[1]) == first
    assert doc.focus(doc.focus_keys[5]) == first == _brute_medoid(doc, doc.focus_keys[5])


@pytest.mark.parametrize("n", [400, 900])
def test_a_candidates_median_distance_among_many_names_costs_the_same_whatever_their_number(
        monkeypatch, n):
    """``median_nearest`` measured each candidate against every other placed name: a
    document of 3,000 names paid 3,000 for each. Of many, a fixed sample is measured."""
    import numpy as np

    from geoparser.resolution.document_evidence import MEDIAN_SAMPLE, median_nearest

    doc = _many_names(n)
    work = _Work(monkeypatch)
    own = doc.placed_keys[3]
    facts = doc.names[own]
    near = median_nearest(facts.rep_lats, facts.rep_lons, doc, own)
    assert work.entries <= len(facts.rep_lats) * (n if n <= 300 else MEDIAN_SAMPLE) * 2
    assert all(v is not None and np.isfinite(v) for v in near)
