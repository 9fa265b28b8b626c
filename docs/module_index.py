"""Write the "Every module" section of docs/architecture.md from the modules' docstrings, so
the page names every module of ``geoparser/`` and ``evaluation/`` and cannot drift from them.

    python docs/module_index.py          # rewrite the section
    python docs/module_index.py --check  # exit 1 if the page is not what the code says

Each module is listed with the first sentence of its docstring, read with ``ast`` (nothing is
imported). ``tests/test_architecture.py`` runs the check.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
START, END = "<!-- modules:start -->", "<!-- modules:end -->"
PACKAGES = ("geoparser", "evaluation")
MAX_CHARS = 240


#: Words a full stop follows inside a sentence ("Mr. Smith", "e.g. Paris", "Smith et al.").
ABBREVIATIONS = frozenset({"al", "e.g", "i.e", "cf", "vs", "Mr", "Mrs", "Ms", "Dr",
                           "St", "Mt", "Ft", "U.S", "U.K"})


def first_sentence(doc: str | None) -> str:
    """The docstring's first sentence, on one line, with Markdown pipes escaped: it ends at
    the first ".", "!" or "?" before a capital, a bracket, a quote or the end, unless the
    full stop closes an abbreviation (``ABBREVIATIONS``)."""
    if not doc:
        return "(no docstring)"
    text = " ".join(doc.strip().split("\n\n")[0].split())
    sentence = text
    for end in re.finditer(r"[.!?](?=\s+[A-Z(`\"]|$)", text):
        words = text[:end.start()].split()
        word = words[-1].lstrip("(\"'`") if words else ""
        if end.group() == "." and word in ABBREVIATIONS:
            continue
        sentence = text[:end.end()]
        break
    if len(sentence) > MAX_CHARS:  # a sentence that lists a file format in full
        sentence = sentence[:MAX_CHARS].rsplit(" ", 1)[0] + " …"
    return sentence.replace("|", "\\|")


def section() -> str:
    rows = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
            rows.append(f"| `{name}` | {first_sentence(doc)} |")
    return "\n".join([START, "", "| module | what it does (its docstring's first sentence) |",
                      "|---|---|", *rows, "", END])


def rewritten(page: str) -> str:
    before, rest = page.split(START, 1)
    _, after = rest.split(END, 1)
    return before + section() + after


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    new = rewritten(page)
    if "--check" in argv:
        if new != page:
            print(f"{PAGE} is out of date: run python docs/module_index.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
