"""The defaults the command line, the Python API and the reports share, in one light module
(importing a stage package to read a name would slow every command's start)."""

#: The resolution policy of ``parse``, ``resolve`` and ``Geoparser()``: the best by the
#: leave-one-corpus-out table in docs/resolution.md.
DEFAULT_POLICY = "context"
#: The recogniser of ``parse``, ``resolve --context-ner``, ``Geoparser()`` and the spaCy
#: component: the best mean end-to-end acc@161 across held-out corpora among recognisers with
#: at most 25 false positives per 100 gold toponyms (docs/recognition-model.md). ``make run``'s
#: Question 1 stays spaCy's ``en_core_web_sm``, as the coursework asks.
DEFAULT_RECOGNISER = "toponym-transformer-orgs"
#: Whose point stands for a country (``resolution.base.POINT_CONVENTIONS``): GeoNames' own,
#: the best of the three conventions on every shared corpus (docs/resolution.md).
DEFAULT_POINTS = "geonames"
#: Below what confidence (the probability that a point lies within 161 km of the right one) a
#: toponym is output unplaced: ``None``, the minimum chosen for the policy's confidence model
#: on the shared corpora (docs/confidence.md).
DEFAULT_MIN_CONFIDENCE: float | None = None
#: Set to "1" by the command line for its own process and the workers it starts: there the
#: shipped boosters read NumPy arrays only, so lightgbm is imported without pandas
#: (``resolution.boosted_trees``). An environment variable, not a flag in a stage's module, so
#: that setting it imports no stage and spawned workers inherit it.
LEAN_LIGHTGBM_ENV = "TOPOSCOPE_LEAN_LIGHTGBM"
