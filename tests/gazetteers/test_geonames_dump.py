"""GeoNames dumps: the 19-column place files and alternate names, streamed into an index."""

import tracemalloc
import zipfile

import pytest

from geoparser.errors import InputError, UsageError
from geoparser.gazetteers import create_gazetteer, sqlite_index
from geoparser.gazetteers.geonames_dump import build_dump_index, iter_alternate_names, iter_places
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "data" / "geonames"
AD = FIXTURES / "AD.txt"
ALT = FIXTURES / "alternateNamesV2.txt"


def zipped(tmp_path, src, name):
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "GeoNames readme\n")
        zf.write(src, src.name)
    return path


def test_place_rows_become_candidates_with_all_their_names():
    records = list(iter_places(AD))
    assert len(records) == 6
    town = next(r for r in records if r.candidate.geonameid == 3041563)
    c = town.candidate
    assert (c.name, c.lat, c.lon, c.population) == ("Andorra la Vella", 42.50779, 1.52109, 20430)
    assert (c.feature_class, c.feature_code, c.country_code, c.admin1) == ("P", "PPLC", "AD", "07")
    assert c.source == "geonames-dump" and c.licence == "CC-BY-4.0 (GeoNames)"
    assert {"Andorra-a-Velha", "Andorre-la-Vieille"} <= set(town.names)
    assert {r.candidate.feature_class for r in records} == {"A", "P", "H", "T"}


def test_a_towns_airport_letters_are_a_code_found_only_in_capitals(tmp_path):
    town = next(r for r in iter_places(AD) if r.candidate.geonameid == 3041563)
    assert town.codes == ("ALV",) and "ALV" not in town.names
    out = tmp_path / "dump.sqlite"
    build_dump_index([AD], out)
    gaz = create_gazetteer("geonames-dump", index_path=out)
    assert [c.geonameid for c in gaz.lookup("ALV")] == [3041563]
    assert gaz.lookup("Alv") == []


def test_zip_is_read_like_the_text_file_it_holds(tmp_path):
    from_zip = list(iter_places(zipped(tmp_path, AD, "AD.zip")))
    assert from_zip == list(iter_places(AD))


def test_a_zip_listing_millions_of_members_is_refused_before_they_are_built(tmp_path):
    import zipfile

    from geoparser.errors import InputError
    from geoparser.gazetteers.geonames_dump import MAX_ZIP_MEMBERS, open_lines

    crafted = tmp_path / "AD.zip"
    with zipfile.ZipFile(crafted, "w") as zf:
        zf.write(AD, "AD.txt")
        for k in range(MAX_ZIP_MEMBERS + 1):
            zf.writestr(f"empty-{k}.bin", b"")
    with pytest.raises(InputError, match="members"), open_lines(crafted) as lines:
        next(lines)
    small = zipped(tmp_path, AD, "small.zip")  # a dump's own zip still reads
    with open_lines(small) as lines:
        assert next(lines)


def test_alternate_names_skip_links_and_codes():
    pairs = list(iter_alternate_names(ALT))
    assert (3041563, "Andorra la Vieja") in pairs
    assert not [n for _, n in pairs if n.startswith("https://")]


def test_build_merges_overlapping_files_and_adds_alternate_names(tmp_path):
    cities = tmp_path / "cities500.txt"
    cities.write_text("".join(line for line in AD.read_text().splitlines(keepends=True)
                              if "\tP\t" in line))
    out = tmp_path / "dump.sqlite"
    n, _ = build_dump_index([zipped(tmp_path, AD, "AD.zip"), cities,
                             zipped(tmp_path, ALT, "alternateNamesV2.zip")], out)
    assert n == 6  # the two towns are in both files, indexed once
    gaz = create_gazetteer("geonames-dump", index_path=out)
    assert [c.geonameid for c in gaz.lookup("Andorra la Vieja")] == [3041563]
    assert gaz.lookup("London") == []  # an alternate name of a place not imported
    assert gaz.index.meta["inputs"] == "AD.zip, cities500.txt, alternateNamesV2.zip"


def test_row_with_wrong_column_count_is_located(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(AD.read_text() + "123\tOnly three\tcolumns\n")
    with pytest.raises(InputError, match=r"bad\.txt:7: expected 19 tab-separated columns"):
        list(iter_places(bad))


def test_no_place_file_and_missing_index_are_user_errors(tmp_path):
    with pytest.raises(InputError, match="at least one GeoNames place file"):
        build_dump_index([ALT], tmp_path / "x.sqlite")
    with pytest.raises(UsageError, match="toposcope gazetteer build"):
        create_gazetteer("geonames-dump", index_path=tmp_path / "absent.sqlite")


def test_memory_stays_bounded_however_long_the_file(tmp_path, monkeypatch):
    """Peak memory of an import does not grow with the number of rows (streamed, batched)."""
    monkeypatch.setattr(sqlite_index, "BATCH", 1000)
    row = AD.read_text().splitlines()[2].split("\t")

    def peak(n_rows: int) -> int:
        path = tmp_path / f"rows{n_rows}.txt"
        with path.open("w") as f:
            for i in range(n_rows):
                f.write("\t".join([str(10_000_000 + i), f"Place {i}", *row[2:]]) + "\n")
        tracemalloc.start()
        build_dump_index([path], tmp_path / f"rows{n_rows}.sqlite")
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(2_000), peak(20_000)
    assert large < 2 * small, (small, large)
