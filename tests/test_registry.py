"""Registries: parts registered in code, and parts a plug-in package declares as entry points."""

import textwrap

import pytest
from typer.testing import CliRunner

from geoparser.errors import UsageError
from geoparser.gazetteers import GAZETTEERS
from geoparser.recognition import RECOGNISERS
from geoparser.registry import ENTRY_POINT_GROUPS, Registry
from geoparser.resolution import POLICIES

PLUGIN = '''
from geoparser.model import Candidate, Mention, Resolution


class CapsRecogniser:
    """Every capitalised word is a toponym."""

    name = "caps"

    def __init__(self, labels=("GPE", "LOC")):
        self.labels = labels

    def recognise(self, texts):
        for text in texts:
            out, pos = [], 0
            for word in text.split():
                start = text.index(word, pos)
                pos = start + len(word)
                w = word.strip(".,")
                if w[:1].isupper():
                    out.append(Mention(start, start + len(w), w, "GPE", self.name))
            yield out


class AtlantisGazetteer:
    name = "atlantis"

    def lookup(self, toponym):
        if toponym != "Atlantis":
            return []
        return [Candidate("atlantis", str(i), "Atlantis", lat, 0.0, population=pop)
                for i, (lat, pop) in enumerate(((10.0, 5), (20.0, 50)))]


class SouthernmostPolicy:
    name = "southernmost"

    def choose(self, mention, candidates, context):
        placed = [c for c in candidates if c.has_point]
        best = min(placed, key=lambda c: c.lat) if placed else None
        return Resolution(mention, best, len(candidates), self.name, "the southernmost")


def broken():
    raise RuntimeError("never called")
'''


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    """A fake installed distribution, found by importlib.metadata on sys.path as a real one."""
    (tmp_path / "toposcope_atlantis.py").write_text(PLUGIN)
    info = tmp_path / "toposcope_atlantis-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toposcope-atlantis\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(f"""\
        [{ENTRY_POINT_GROUPS["recogniser"]}]
        caps = toposcope_atlantis:CapsRecogniser
        [{ENTRY_POINT_GROUPS["gazetteer"]}]
        atlantis = toposcope_atlantis:AtlantisGazetteer
        offline = toposcope_atlantis:AtlantisGazetteer
        [{ENTRY_POINT_GROUPS["policy"]}]
        southernmost = toposcope_atlantis:SouthernmostPolicy
        missing = toposcope_atlantis:no_such_thing
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    for registry in (RECOGNISERS, GAZETTEERS, POLICIES):
        registry.refresh()
    yield
    for registry in (RECOGNISERS, GAZETTEERS, POLICIES):
        for name in ("caps", "atlantis", "southernmost", "missing"):
            registry._factories.pop(name, None)
        registry.refresh()


def test_a_plugin_package_adds_a_recogniser_gazetteer_and_policy(plugin):
    from geoparser import Geoparser

    assert "caps" in RECOGNISERS and "atlantis" in GAZETTEERS and "southernmost" in POLICIES
    assert "southernmost" in POLICIES.names() and "population" in POLICIES.names()
    gp = Geoparser(ner="caps", gazetteer="atlantis", policy="southernmost")
    doc = gp.parse("Ships sailed to Atlantis.")
    (ship, atlantis) = doc.resolutions
    assert ship.candidate is None
    assert atlantis.candidate.lat == 10.0 and atlantis.reason == "the southernmost"


def test_a_builtin_name_wins_over_a_plugin_of_the_same_name(plugin):
    from geoparser.gazetteers.offline import OfflineGazetteer

    assert GAZETTEERS.get("offline") is OfflineGazetteer


def test_a_broken_plugin_is_a_clear_error(plugin):
    with pytest.raises(UsageError, match="policy 'missing' from the plug-in "
                                         "'toposcope_atlantis:no_such_thing' could not be loaded"):
        POLICIES.get("missing")


def test_cli_help_and_parse_see_the_plugin(plugin, tmp_path):
    from geoparser.cli.main import app

    runner = CliRunner()
    help_text = runner.invoke(app, ["parse", "--help"], terminal_width=200).output
    assert "southernmost" in " ".join(help_text.split())
    (tmp_path / "story.txt").write_text("Ships sailed to Atlantis.")
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["parse", "--in", str(tmp_path / "story.txt"), "--out", str(out),
                                 "--ner", "caps", "--gazetteer", "atlantis",
                                 "--policy", "southernmost"])
    assert result.exit_code == 0, result.output
    assert '"lat": 10.0' in out.read_text()


def test_registry_without_group_has_only_its_own():
    reg: Registry[object] = Registry("thing")
    reg.register("a")(object)
    assert reg.names() == ["a"] and "b" not in reg
    with pytest.raises(UsageError, match="unknown thing 'b' \\(known: a\\)"):
        reg.get("b")
