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


class _Seen:
    """A policy that records the context it was given and chooses nothing."""

    name = "seen"

    def __init__(self) -> None:
        self.contexts = []

    def choose(self, mention, candidates, context):
        from geoparser.model import Resolution

        self.contexts.append(context)
        return Resolution(mention, None, len(candidates), self.name, "recorded")


def test_a_gazetteer_match_no_model_made_lends_no_context(offline_gazetteer):
    from geoparser.model import Document, Mention, ParsedDocument
    from geoparser.pipeline import resolve

    text = "Ripley met officials in Derby."
    guess = Mention(0, 6, "Ripley", "GPE", "hybrid", "gazetteer match", evidence=False)
    model = Mention(24, 29, "Derby", "GPE", "hybrid")
    policy = _Seen()
    [out] = resolve([ParsedDocument(Document("d", text), [guess, model])], offline_gazetteer,
                    policy)
    assert [r.mention.text for r in out.resolutions] == ["Ripley", "Derby"]  # both resolved
    assert all([m.text for m in c.mentions] == ["Derby"] for c in policy.contexts)


def test_the_confidence_reuses_the_policys_feature_rows(offline_gazetteer, monkeypatch):
    """The confidence model read each toponym's evidence rows anew: they were cached by the
    identity of the candidate list, and each resolution held a copy of it. Each name's rows
    are now computed once a document (by the policy), and its resolution holds the very
    candidates the policy weighed."""
    from geoparser.model import Document, Mention, ParsedDocument
    from geoparser.pipeline import resolve
    from geoparser.resolution.context import ContextPolicy
    from geoparser.resolution.features import FeatureExtractor

    text = "Paris and London: Paris, Texas is no London."
    mentions = [Mention(0, 5, "Paris", "GPE", "t"), Mention(10, 16, "London", "GPE", "t"),
                Mention(18, 23, "Paris", "GPE", "t"), Mention(37, 43, "London", "GPE", "t")]
    calls = []
    rows = FeatureExtractor._rows

    def counted(self, *args, **kwargs):
        calls.append(repr(args[2:7]))  # the name and its cues
        return rows(self, *args, **kwargs)

    monkeypatch.setattr(FeatureExtractor, "_rows", counted)
    [out] = resolve([ParsedDocument(Document("d", text), mentions)], offline_gazetteer,
                    ContextPolicy())
    assert all(r.confidence is not None for r in out.resolutions)
    assert calls and len(calls) == len(set(calls))  # no name with the same cues twice
    assert out.resolutions[0].candidates is out.resolutions[2].candidates


def test_a_candidate_holding_a_list_is_named_and_weighed_as_any_other():
    """Candidates are remembered by value (``pipeline._named``, ``place_facts.FACTS``); a
    plug-in's candidate that holds a list cannot be, and is named and weighed anew."""
    from geoparser.model import Candidate
    from geoparser.pipeline import _named
    from geoparser.resolution.place_facts import _FactsCache

    odd = Candidate(source="plug-in", source_id="1", name="Lyon", lat=45.76, lon=4.84,
                    population=500_000, country_code="FR", feature_class="P",
                    feature_code="PPL", missing=["geonameid"])  # type: ignore[arg-type]
    named = _named(odd)
    assert named.country_name == "France" and named.name == "Lyon"
    facts = _FactsCache().get([named])
    assert facts.top is named


def test_a_chunk_is_resolved_and_decided_as_each_of_its_documents_alone(offline_gazetteer):
    """The confidence model and the span decision are asked once a chunk, and a name said
    again reuses its rows and its choice; every document's output must still be what
    resolving it alone gives, in any order of the chunk."""
    from geoparser.decision.span_decision import decision_for
    from geoparser.defaults import DEFAULT_POLICY, DEFAULT_RECOGNISER
    from geoparser.model import Document, Mention, ParsedDocument
    from geoparser.pipeline import resolve
    from geoparser.resolution import create_policy

    decision = decision_for(DEFAULT_RECOGNISER, DEFAULT_POLICY, keep_rejected=True)
    texts = ["Paris and London: Paris, Texas is no London.",
             "Floods in Galway; Galway city and Cork were hit.",
             "Lancaster, Pennsylvania, and Lancaster again."]
    docs = []
    for k, text in enumerate(texts):
        mentions = []
        for word in ("Paris", "London", "Texas", "Galway", "Cork", "Lancaster",
                     "Pennsylvania"):
            at = 0
            while (start := text.find(word, at)) >= 0:
                mentions.append(Mention(start, start + len(word), word, "GPE", "tagger"))
                at = start + 1
        docs.append(ParsedDocument(Document(f"d{k}", text),
                                   sorted(mentions, key=lambda m: m.start)))

    def run(batch):
        return resolve(batch, offline_gazetteer, create_policy(DEFAULT_POLICY),
                       repeat_names=True, decision=decision)

    alone = [run([d])[0] for d in docs]
    assert run(docs) == alone
    assert run(docs[::-1]) == alone[::-1]
    assert any(r.confidence is not None for p in alone for r in p.resolutions)
