"""Check that every number that changes a parse says where it came from, and write the table of
numbers chosen by hand in docs/numbers.md, so the page cannot drift from the code.

    python docs/number_origins.py          # rewrite the table
    python docs/number_origins.py --check  # exit 1 on an unsourced number or a stale table

A number is read with ``ast`` (nothing is imported) wherever it stands: a module constant, a
class field, a default argument or a literal inside a function body. It passes when the
comment on its line, the comment lines just above it or just above its statement, or the
``#:`` comment or docstring of the constant it sets gives one of ``ORIGINS``: a source (a URL,
a file of the repository, a "Source:" line, a citation), a measurement command (``python -m
...``, ``make ...``, ``toposcope ...``), the words "chosen by hand", or "fixed by" and what
fixes it (the length of a string or the count of columns the line names: no choice at all).
"Measured" alone is not an origin. ``tests/test_numbers.py`` runs the check.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "numbers.md"
START, END = "<!-- numbers:start -->", "<!-- numbers:end -->"

#: The code whose numbers change what a parse finds, where it places it, or how sure it says
#: it is: the three stages, the span decision, the word lists' loader and the shared core
#: (distances, names, places, defaults). Left out, each for a reason:
#: ``geoparser/io``, ``batch``, ``service``, ``cli``, ``web_config.py`` and
#: ``spacy_component.py`` hold sizes, limits, ports, batch sizes and worker counts, which bound
#: what is read or how it is split but never change a result (the tests hold the output to
#: chunk size, workers and order); ``geoparser/corpora`` reads published
#: file formats, whose numbers are the formats' fields; ``evaluation/`` and ``spacy_scorer.py``
#: define the scoring schemes, whose numbers (161 km, the SemEval and coursework rules) are the
#: schemes themselves, cited on docs/schemes.md; the trained tagger's own modules
#: (``recognition/transformer*``, ``recognition/training``) hold their training's settings,
#: written beside the model's files; ``gazetteers/web`` is the HTTP client (timeouts, retries,
#: status codes, bounds on an answer), which never changes what a given answer places.
SCANNED = ("geoparser/recognition", "geoparser/resolution", "geoparser/gazetteers",
           "geoparser/decision", "geoparser/vocabularies", "geoparser/distance.py",
           "geoparser/names.py", "geoparser/places.py", "geoparser/defaults.py",
           "geoparser/pipeline.py", "geoparser/stop_words.py", "geoparser/api.py")
SKIPPED = ("geoparser/recognition/transformer", "geoparser/recognition/training",
           "geoparser/gazetteers/web")

#: Numbers that choose nothing, so need no origin. Kept narrow on purpose:
#: 0, 1, -1 and 2 (start, step, last, a pair: counts and indexes), 0.0 and 1.0 (the ends of
#: a probability or share), a whole number used as a subscript (``row[3]``: a field's place
#: in a record, fixed by the record's format), 100 as a factor (``* 100``, ``/ 100``: a
#: percentage) and 1024 or 1_048_576 (bytes to kilobytes and megabytes). Everything else,
#: 0.5 and 3 included, is a choice that needs an origin.
TRIVIAL = frozenset({0, 1, -1, 2})
TRIVIAL_FLOATS = frozenset({0.0, 1.0})
SIZES = frozenset({1024, 1_048_576})

#: What a comment must hold to say where a number came from.
ORIGINS = (
    re.compile(r"chosen by hand", re.I),
    re.compile(r"https?://"),
    re.compile(r"\bsource:", re.I),
    re.compile(r"\b(python -m|make|toposcope) [a-z]"),
    re.compile(r"\b[\w.-]+/[\w./-]*\w\.(md|py|json|txt|csv|tsv)\b"),  # a file of the repository
    re.compile(r"\bdocs/[\w-]+\.md\b"),
    re.compile(r"\bet al\.? \(?\d{4}"),  # a citation
    re.compile(r"\bfixed by\b", re.I),  # a length or count of what the line names ("'s ")
)
HAND = re.compile(r"chosen by hand", re.I)


@dataclass(frozen=True)
class Number:
    """One number literal that chooses something, where it stands and what its comments say."""

    path: str
    line: int
    where: str  # the constant, class field or function it stands in
    value: str
    comment: str
    statement: int = 0  # the first line of the statement it stands in

    @property
    def sourced(self) -> bool:
        return any(origin.search(self.comment) for origin in ORIGINS)

    @property
    def by_hand(self) -> bool:
        return bool(HAND.search(self.comment))


def _comment_of(line: str) -> str:
    """The ``#`` comment on a line of code, or "" (a ``#`` inside a string is not one)."""
    try:
        import io
        import tokenize
        tokens = tokenize.generate_tokens(io.StringIO(line).readline)
        return " ".join(t.string.lstrip("#:").strip() for t in tokens
                        if t.type == tokenize.COMMENT)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return line.split("#", 1)[1].strip() if "#" in line else ""


def _block_above(lines: list[str], lineno: int) -> list[str]:
    """The comment-only lines directly above line ``lineno`` (1-based)."""
    found, i = [], lineno - 2
    while i >= 0 and lines[i].lstrip().startswith("#"):
        found.insert(0, lines[i].strip().lstrip("#:").strip())
        i -= 1
    return found


def _group_above(lines: list[str], lineno: int) -> list[str]:
    """The comment above a group of constants written under one comment, no blank line."""
    i = lineno - 2
    while i >= 0 and lines[i].strip() and not lines[i].lstrip().startswith("#"):
        i -= 1
    return _block_above(lines, i + 2)


def _is_trivial(node: ast.Constant, value: float, parent: ast.AST | None) -> bool:
    if isinstance(value, int) and value in TRIVIAL:
        return True
    if isinstance(value, float) and value in TRIVIAL_FLOATS:
        return True
    if isinstance(parent, ast.Subscript) and parent.slice is node and isinstance(value, int):
        return True
    if value == 100 and isinstance(parent, ast.BinOp) and isinstance(parent.op,
                                                                      (ast.Mult, ast.Div)):
        return True
    return value in SIZES


def _attribute_docstring(body: list[ast.stmt], index: int) -> str:
    """The string written just after an assignment (the Sphinx attribute docstring), or ""."""
    if index + 1 < len(body):
        following = body[index + 1]
        if isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant) \
                and isinstance(following.value.value, str):
            return following.value.value
    return ""


class _Reader(ast.NodeVisitor):
    def __init__(self, path: str, source: str) -> None:
        self.path, self.lines = path, source.splitlines()
        self.found: list[Number] = []
        self.where: list[str] = []
        self.statements: list[ast.stmt] = []
        self.extra: list[str] = []  # docstrings and group comments of the constant being read
        self.parents: dict[ast.AST, ast.AST] = {}

    def read(self, tree: ast.Module) -> list[Number]:
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self._body(tree.body, constants=True)
        return self.found

    def _body(self, body: list[ast.stmt], constants: bool) -> None:
        for index, statement in enumerate(body):
            extra, name = [], ""
            if constants and isinstance(statement, (ast.Assign, ast.AnnAssign)):
                extra = [_attribute_docstring(body, index),
                         " ".join(_group_above(self.lines, statement.lineno))]
                target = (statement.targets[0] if isinstance(statement, ast.Assign)
                          else statement.target)
                name = target.id if isinstance(target, ast.Name) else ""
            self.extra.append(" ".join(extra))
            self.where.append(name)
            self.visit(statement)
            self.where.pop()
            self.extra.pop()

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt):
            self.statements.append(node)
            super().generic_visit(node)
            self.statements.pop()
        else:
            super().generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.where.append(node.name)
        for part in [*node.decorator_list, *node.bases, *node.keywords]:
            self.visit(part)
        self._body(node.body, constants=True)
        self.where.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.where.append(node.name)
        self.statements.append(node)
        for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
            if part is not None:
                self.visit(part)
        self.statements.pop()
        self._body(node.body, constants=False)
        self.where.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return
        parent = self.parents.get(node)
        shown = node
        if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub):
            value, shown = -value, parent
            parent = self.parents.get(parent)
        if _is_trivial(node if shown is node else shown, value, parent):
            return
        statement = self.statements[-1] if self.statements else node
        comments = [_comment_of(self.lines[n - 1])
                    for n in range(shown.lineno, (shown.end_lineno or shown.lineno) + 1)]
        comments += _block_above(self.lines, shown.lineno)
        comments += _block_above(self.lines, statement.lineno)
        comments += [_comment_of(self.lines[statement.lineno - 1])]
        comments += self.extra[-1:]
        where = ".".join(w for w in self.where if w) or "(module)"
        said = " ".join(dict.fromkeys(c.strip() for c in comments if c.strip()))
        self.found.append(Number(self.path, shown.lineno, where, repr(value), said,
                                 statement.lineno))


def numbers_in(source: str, path: str = "<source>") -> list[Number]:
    """Every number literal of ``source`` that is not in ``TRIVIAL``, with its comments."""
    return _Reader(path, source).read(ast.parse(source))


def unsourced(source: str, path: str = "<source>") -> list[Number]:
    """The numbers of ``source`` whose comments give no origin."""
    return [number for number in numbers_in(source, path) if not number.sourced]


def scanned_files(root: Path = ROOT) -> list[Path]:
    """The Python files of ``SCANNED`` under ``root``, less ``SKIPPED``."""
    files = []
    for part in SCANNED:
        where = root / part
        found = sorted(where.rglob("*.py")) if where.is_dir() else [where] * where.is_file()
        files += [path for path in found
                  if not path.relative_to(root).as_posix().startswith(SKIPPED)]
    return files


def every_number(root: Path = ROOT) -> list[Number]:
    return [number for path in scanned_files(root)
            for number in numbers_in(path.read_text(encoding="utf-8"),
                                     path.relative_to(root).as_posix())]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def section(numbers: list[Number]) -> str:
    """The table of ``numbers`` chosen by hand, one row per module, place and value."""
    rows = sorted({(n.path, n.where, n.value) for n in numbers if n.by_hand})
    lines = [START, "", "| module | where | number |", "|---|---|---|"]
    lines += [f"| `{path}` | `{_cell(where)}` | `{value}` |" for path, where, value in rows]
    return "\n".join([*lines, "", END])


def rewritten(page: str, numbers: list[Number]) -> str:
    before, rest = page.split(START, 1)
    _, after = rest.split(END, 1)
    return before + section(numbers) + after


def problems(root: Path = ROOT, page: Path = PAGE) -> list[str]:
    """One line per number under ``root`` that says not where it came from, and one if
    ``page``'s table is not the numbers chosen by hand: empty when all is well."""
    numbers = every_number(root)
    found = [f"{n.path}:{n.line}: {n.value} in {n.where} says not where it came from "
             "(a source, a command, or \"chosen by hand\")" for n in numbers if not n.sourced]
    text = page.read_text(encoding="utf-8")
    if rewritten(text, numbers) != text:
        found.append(f"{page} is out of date: run python docs/number_origins.py")
    return found


def main(argv: list[str]) -> int:
    if "--check" not in argv:
        PAGE.write_text(rewritten(PAGE.read_text(encoding="utf-8"), every_number()),
                        encoding="utf-8")
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
