"""The layout's promises (docs/architecture.md): no import circle among our modules, and imports
run one way only — core <- io <- stages <- pipeline and harness <- batch and reports <- cli.

Read from the source with ``ast``, so imports inside functions count too: a lazy import that
closes a circle is still a circle for whoever reads the code.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.conftest import ROOT

#: Every package of the tree, the measuring code included.
PACKAGES = ("geoparser", "evaluation", "benchmarks", "scripts")

#: Each wing's rank: a module may import from its own rank or below, never above.
RANKS = {
    "geoparser": 0,  # the core: model, registry, names, distance, errors, paths, ...
    "geoparser.io": 1,
    "geoparser.recognition": 2, "geoparser.gazetteers": 2, "geoparser.resolution": 2,
    "geoparser.corpora": 2, "geoparser.decision": 2,
    "geoparser.pipeline": 3, "geoparser.api": 3, "geoparser.spacy_component": 3,
    "geoparser.spacy_scorer": 3,
    "evaluation": 3, "evaluation.schemes": 3,  # the harness: matching, metrics, schemes
    "geoparser.batch": 4, "evaluation.reports": 4,
    "geoparser.cli": 5, "geoparser.__main__": 5, "geoparser.service": 5,
    # Measuring code may use every wing; no wing uses it. Within it, accuracy and training
    # share the corpora through ``benchmarks.public_corpora``.
    "benchmarks": 6, "scripts": 6,
}
#: The packages' own ``__init__`` expose the public API lazily (``Geoparser``, ``score``).
FACADES = {"geoparser", "evaluation"}


def modules() -> dict[str, Path]:
    found = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    targets.add(sub if sub in mods else node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[name] = {t for t in targets if t in mods and t != name}
    return graph


def rank(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in RANKS:
            return RANKS[".".join(parts[:n])]
    raise AssertionError(f"{module} is in no wing of docs/architecture.md")


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle():
    assert cycles(import_graph()) == []


def test_measuring_code_is_in_the_graph():
    graph = import_graph()
    assert "benchmarks.accuracy.bench_accuracy" in graph
    assert "benchmarks.public_corpora" in graph["benchmarks.training.ranker_data"]
    assert "benchmarks.training.train_ranker" in graph["benchmarks.accuracy.bench_accuracy"]


def test_measuring_code_has_one_home():
    assert not (ROOT / "bench").exists()
    assert {p.stem for p in (ROOT / "scripts").glob("*.py")} <= {
        "build_gazetteer_extras", "build_word_frequencies", "extract_world_outline",
        "extract_world_outline_10m", "build_person_names", "pinned_files", "us_census_places",
        "river_mouths", "breakaway_regions"}
    for sub in ("accuracy", "speed", "training"):
        assert (ROOT / "benchmarks" / sub / "__init__.py").is_file()


def test_measuring_code_runs_as_modules_without_path_hacks():
    hacks = [str(p.relative_to(ROOT)) for pkg in ("benchmarks", "scripts")
             for p in (ROOT / pkg).rglob("*.py") if "sys.path" in p.read_text(encoding="utf-8")]
    assert hacks == []


def test_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_imports_run_one_way():
    upward = [f"{m} -> {t}" for m, targets in import_graph().items() if m not in FACADES
              for t in targets if rank(t) > rank(m)]
    assert upward == []


def test_roots_hold_only_their_cores():
    core = {"__init__", "__main__", "api", "model", "pipeline", "registry", "names", "distance",
            "errors", "paths", "progress", "web_config", "spacy_component", "spacy_scorer",
            "stop_words",
            "defaults", "places", "shipped_taggers"}
    assert {p.stem for p in (ROOT / "geoparser").glob("*.py")} <= core
    harness = {"__init__", "matching", "assignment", "flat_corpus", "metrics", "results",
               "pairs_matched", "markdown", "calibration", "significance", "false_positives"}
    assert {p.stem for p in (ROOT / "evaluation").glob("*.py")} <= harness


def test_the_architecture_page_lists_every_module_as_its_docstring_says():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(ROOT / "docs" / "module_index.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in modules():
        if name.startswith(("geoparser", "evaluation")):
            assert f"| `{name}` |" in page, name


def _folder_rows() -> list[tuple[str, str]]:
    """The rows of the page's "What each folder holds" table: (folder, what it holds)."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = page.split("## What each folder holds", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+/)`(?: \(root\))? \| (.*) \|$", table, re.MULTILINE)


def test_the_page_names_every_stage_package_once_and_only_packages_that_exist():
    rows = _folder_rows()
    folders = [folder.rstrip("/") for folder, _ in rows]
    assert len(folders) == len(set(folders)), "a folder has two rows"
    assert not [f for f in folders if not (ROOT / f).is_dir()]
    stages = {str(p.parent.relative_to(ROOT)) for pkg in ("geoparser", "evaluation")
              for p in (ROOT / pkg).glob("*/__init__.py")}
    assert sorted(stages - set(folders)) == []
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    deeper = {p.parent.name for pkg in ("geoparser", "evaluation")
              for p in (ROOT / pkg).glob("*/*/**/__init__.py")}
    assert sorted(name for name in deeper if f"{name}/" not in page) == []


def test_every_file_the_folder_table_names_exists_in_its_folder():
    missing = []
    for folder, what in _folder_rows():
        for name in re.findall(r"`([\w*]+\.(?:py|sh))`", what):
            if not any((ROOT / folder).rglob(name)):
                missing.append(f"{folder}{name}")
    assert missing == []


def test_the_module_index_keeps_a_sentence_whole_past_an_abbreviation():
    import importlib.util

    spec = importlib.util.spec_from_file_location("module_index",
                                                  ROOT / "docs" / "module_index.py")
    index = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(index)
    assert index.first_sentence('Where a story names a person: "Mr. Smith". More.') == (
        'Where a story names a person: "Mr. Smith".')
    assert index.first_sentence("So that St. Ives meets. Then more.") == (
        "So that St. Ives meets.")
    assert index.first_sentence("One sentence. Two.") == "One sentence."
