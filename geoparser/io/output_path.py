"""The one check every command makes on where it will write, before doing any work.

``check_output`` refuses an output that is one of the command's inputs (it would be
overwritten), a folder where a file is expected or a file where a folder is expected, a special
file other than a character device or pipe, and a folder the user cannot write to; each with
one line naming the path. ``output_format`` picks the format from ``--format`` or the file's
extension and refuses a mismatch between the two.

Standard output (``-``, ``/dev/stdout``), ``/dev/fd/N`` and existing character devices or named
pipes are written straight to, never renamed over (see ``atomic``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from geoparser.errors import OutputError, UsageError
from geoparser.io.atomic import STDOUT, is_stream, open_descriptor
from geoparser.io.documents import DATASET_FILENAME, GOLD_FILENAME
from geoparser.io.geo import GPKG_LAYER

#: Output formats by file extension.
EXTENSIONS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".geojson": "geojson", ".csv": "csv",
              ".parquet": "parquet", ".pq": "parquet", ".gpkg": "gpkg"}
#: The file name ending of Label Studio's import format (a ``.json`` file of tasks).
LABEL_STUDIO_SUFFIX = ".labelstudio.json"
#: Format used when neither ``--format`` nor the extension says (also for ``-``).
DEFAULT_FORMAT = "jsonl"


def check_output(out: Path | str, inputs: Iterable[Path | str | None] = (), *,
                 folder: bool = False, option: str = "--out",
                 kept: Mapping[str, Path | str | None] | None = None) -> Path:
    """``out`` as a path once it is safe to write there (a file, or with ``folder`` a folder),
    else ``OutputError``. ``inputs`` are the files or dataset folders the command reads;
    ``kept`` names other files it must not replace (``{"the web cache": path}``)."""
    path = Path(out)
    if not folder and open_descriptor(out) is not None:
        return path
    if folder:
        if path.exists() and not path.is_dir():
            raise OutputError(f"{option} {path} is a file; give a folder for the results")
    elif path.is_dir():
        raise OutputError(f"{option} {path} is a folder; give a file name")
    elif path.exists() and not path.is_file() and not is_stream(path):
        raise OutputError(f"{option} {path} is a special file (not a regular file, "
                          "character device or pipe); cannot write to it")
    for given in inputs:
        if given is not None and str(given) != STDOUT:
            for source in _files_of(Path(given)):
                if _same_file(path, source):
                    raise OutputError(f"{option} {path} is the input {source}; it would be "
                                      "overwritten; choose another output")
    for what, other in (kept or {}).items():
        if other is not None and not folder and _same_file(path, Path(other)):
            raise OutputError(f"{option} {path} is {what}; it would be replaced; choose "
                              "another output")
    if not is_stream(path):
        _check_folder_exists(path.parent, path, option)
        _check_writable(path if folder else path.parent, option)
    return path


#: The description Toposcope gives its GeoPackage layer (``gpkg_contents.description``).
GPKG_DESCRIPTION = "Toposcope toponyms (toposcope parse)"
#: Columns every toponym layer Toposcope writes has, before the description marked it: a
#: layer named ``toponyms`` with them is taken for ours.
_OUR_COLUMNS = frozenset({"doc_id", "start", "end", "text", "recogniser", "policy", "reason",
                          "n_candidates", "confidence"})


def check_geopackage_replaceable(path: Path, layer: str = GPKG_LAYER) -> None:
    """Refuse to replace an existing GeoPackage that holds anything but our ``layer``: a
    GeoPackage is a database of layers, and the user's ``roads`` would go with the file; nor
    one whose only layer has our layer's name but is not ours (no Toposcope description, not
    our columns). A file that is not SQLite at all is replaced as any other output is."""
    import sqlite3

    if open_descriptor(path) is not None or not path.is_file():
        return
    with path.open("rb") as fh:
        if fh.read(16) != b"SQLite format 3\x00":
            return
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = con.execute("SELECT * FROM gpkg_contents")
            names = [d[0] for d in rows.description]
            described = "description" in names
            contents = {row[names.index("table_name")]:
                        row[names.index("description")] if described else None for row in rows}
            columns = ({row[1] for row in con.execute(f"PRAGMA table_info('{layer}')")}
                       if layer in contents else set())
        finally:
            con.close()
    except sqlite3.Error:
        raise OutputError(f"--out {path} is an SQLite database but not a GeoPackage Toposcope "
                          "wrote; it would be replaced: choose another output") from None
    others = sorted(set(contents) - {layer})
    if others:
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        raise OutputError(f"--out {path} is a GeoPackage holding other layers ({shown}); "
                          "writing it would replace the whole file: choose another output")
    if layer in contents and contents[layer] != GPKG_DESCRIPTION and not columns >= _OUR_COLUMNS:
        raise OutputError(f"--out {path} is a GeoPackage whose layer {layer!r} Toposcope did not "
                          "write; writing it would replace the whole file: choose another output")


def _check_folder_exists(parent: Path, path: Path, option: str) -> None:
    """The folder an output goes in must exist: a mistyped path (``/nonexistent/e.csv``) is
    refused, as a shell redirection would refuse it, never a chain of folders made from it."""
    if str(parent) and not parent.exists():
        raise OutputError(f"{option} {path}: the folder {parent} does not exist; create it "
                          "first or give another path")
    if parent.exists() and not parent.is_dir():
        raise OutputError(f"{option}: {parent} is a file, not a folder")


def _files_of(given: Path) -> list[Path]:
    """The files an input names: itself, or for a dataset folder the files read from it."""
    if given.is_dir():
        return [given, given / GOLD_FILENAME, given / DATASET_FILENAME]
    return [given]


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


def _check_writable(folder: Path, option: str) -> None:
    """The nearest existing folder on the way to ``folder`` must be a folder we can write in."""
    for parent in (folder, *folder.parents):
        if parent.exists():
            break
    else:
        return
    if not parent.is_dir():
        raise OutputError(f"{option}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"{option}: cannot write in {parent} (permission denied or read-only)")


def output_format(out: Path | str, given: str | None, known: Sequence[str], *,
                  option: str = "--format") -> str:
    """The format to write ``out`` in: ``given`` if set, else the one its extension names,
    else JSON Lines. A ``given`` format that contradicts the extension is a ``UsageError``, as
    is a format this command cannot write."""
    suffix = "" if str(out) == STDOUT else Path(out).suffix.lower()
    by_name = EXTENSIONS.get(suffix)
    if str(out).lower().endswith(LABEL_STUDIO_SUFFIX):
        suffix, by_name = LABEL_STUDIO_SUFFIX, "labelstudio"
    if given is not None:
        if given not in known:
            raise UsageError(f"unknown output format {given!r} (known: {', '.join(known)})")
        # CLIFF's answers are JSON lines too: ``--format cliff --out answers.jsonl`` is fine, as
        # is ``--format csv-excel --out toponyms.csv``.
        if by_name is not None and by_name != given and (by_name, given) not in (
                ("jsonl", "cliff"), ("csv", "csv-excel")):
            raise UsageError(f"{option} {given} does not match the file name {out} ({by_name}); "
                             f"rename the output or drop {option}")
        return given
    if suffix == ".json":
        raise UsageError(f"cannot tell whether {out} is to be GeoJSON or JSON Lines; name it "
                         f".geojson or .jsonl, or give {option}")
    fmt = by_name or DEFAULT_FORMAT
    if fmt not in known:
        raise UsageError(f"cannot write {fmt} here ({out}); formats: {', '.join(known)}")
    return fmt
