"""CoNLL token-per-line files read as gold (``toposcope convert --from conll``): CoNLL-2003,
BTC, WNUT-17, CrossNER and most NER data sets researchers keep their own annotation in.

A line holds a token and its tag in the last column, separated by tabs (when the file's first
token line has one) or spaces; any columns between (CoNLL-2003's part of speech and chunk) are
ignored, but their number may not change within a file. Tags are BIO in any of its variants
(``bio_tags``: IOB1, IOB2, BIOES, detected from the whole file unless ``--tags`` says).
A blank line ends a sentence; ``-DOCSTART-`` lines start documents (``--documents docstart``)
or, without them, each sentence is a document (``--documents blank``); by default a file with
``-DOCSTART-`` lines is read the first way, any other the second. A document's text is its
tokens joined by single spaces, a sentence a line, so every offset is exact. Entity types go to
toponyms or other entities by ``entity_types`` (and ``--types``).

A folder is read whole: every ``.conll``, ``.txt``, ``.tsv``, ``.bio``, ``.iob``, ``.iob2``
and ``.bioes`` file under it, in name order; document ids are the file's path inside the folder
without its extension, a dash and the document's number in the file (``politics/train-12``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.bio_tags import SCHEMES, TagError, scheme_of, spans, split_tag
from geoparser.corpora.entity_types import TypeMap
from geoparser.corpora.token_text import TokenText, TypedSpan, document
from geoparser.errors import InputError, UsageError
from geoparser.io.bounded_read import read_whole_file

SUFFIXES = (".conll", ".txt", ".tsv", ".bio", ".iob", ".iob2", ".bioes")
DOCSTART = "-DOCSTART-"
DOCUMENT_MODES = ("auto", "docstart", "blank")


@dataclass
class Token:
    text: str
    tag: tuple[str, str | None]
    line: int


@dataclass
class _Document:
    sentences: list[list[Token]] = field(default_factory=list)


def corpus_files(path: Path, suffixes: tuple[str, ...]) -> list[tuple[Path, str]]:
    """The files to read, each with the name its documents' ids start with: ``path`` itself
    (named by its stem), or every file under the folder ``path`` whose name ends in one of
    ``suffixes``, in path order (named by its path inside, without the suffix)."""
    if not path.is_dir():
        return [(path, path.stem)]
    found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
    if not found:
        raise InputError(f"a folder without {', '.join(suffixes)} files", path)
    return [(p, p.relative_to(path).with_suffix("").as_posix()) for p in found]


def decoded_lines(path: Path, what: str) -> list[str]:
    """The file's lines, UTF-8 (a byte-order mark allowed), line ends stripped."""
    data = read_whole_file(path, what)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path,
                         data.count(b"\n", 0, exc.start) + 1) from None
    return [line.rstrip("\r") for line in text.split("\n")]


def _columns(line: str, tabs: bool) -> list[str]:
    return line.split("\t") if tabs else line.split()


def _documents(path: Path, lines: list[str], mode: str, blank_tokens: list[int]
               ) -> list[_Document]:
    """The file's documents of sentences of tokens, split as ``mode`` says; the lines of
    tokens that are empty or only white space (tagged O) are skipped and added to
    ``blank_tokens``."""
    token_lines = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if mode == "auto":
        starts = any(line.split()[0] == DOCSTART for _, line in token_lines)
        mode = "docstart" if starts else "blank"
    tabs = bool(token_lines) and "\t" in token_lines[0][1]
    width: tuple[int, int] | None = None  # (columns, first line with them)
    docs: list[_Document] = [_Document()]
    sentence: list[Token] = []

    def end_sentence() -> None:
        nonlocal sentence
        if sentence:
            docs[-1].sentences.append(sentence)
            if mode == "blank":
                docs.append(_Document())
        sentence = []

    for n, line in enumerate(lines, 1):
        if not line.strip():
            end_sentence()
            continue
        columns = _columns(line, tabs)
        if columns[0].strip() == DOCSTART:
            end_sentence()
            if mode == "docstart" and docs[-1].sentences:
                docs.append(_Document())
            continue
        if width is None:
            width = (len(columns), n)
        elif len(columns) != width[0]:
            raise InputError(f"{len(columns)} columns where line {width[1]} has {width[0]} "
                             f"({'tab' if tabs else 'space'}-separated)", path, n)
        if len(columns) < 2:
            raise InputError("a token without a tag: a line holds the token and its tag in "
                             "the last column", path, n)
        try:
            tag = split_tag(columns[-1].strip(), 0)
        except TagError as exc:
            raise InputError(str(exc), path, n) from None
        token = columns[0].strip()
        if not token:
            if tag[0] != "O":
                raise InputError(f"an empty token tagged {columns[-1].strip()}", path, n)
            blank_tokens.append(n)  # nothing to add to the text, nothing annotated
            continue
        sentence.append(Token(token, tag, n))
    end_sentence()
    return [d for d in docs if d.sentences]


def _read_file(path: Path, prefix: str, options: ReadOptions, types: TypeMap,
               out: Conversion) -> None:
    blank_tokens: list[int] = []
    docs = _documents(path, decoded_lines(path, "CoNLL file"), options.documents, blank_tokens)
    if blank_tokens:
        lines = ", ".join(map(str, blank_tokens[:5])) + (", ..." if len(blank_tokens) > 5 else "")
        out.warnings.append(f"{path.name}: {len(blank_tokens)} tokens empty or only white space "
                            f"(tagged O) were skipped: line {lines}")
    sentences = [[t.tag for t in s] for d in docs for s in d.sentences]
    scheme = scheme_of(sentences) if options.tags == "auto" else options.tags
    for k, doc in enumerate(docs, 1):
        text = TokenText()
        typed: list[TypedSpan] = []
        for sentence in doc.sentences:
            text.break_line()
            first = len(text.offsets)
            for token in sentence:
                text.add(token.text)
            try:
                found = spans([t.tag for t in sentence], scheme)  # type: ignore[arg-type]
            except TagError as exc:
                raise InputError(str(exc), path, sentence[exc.index].line) from None
            typed += [TypedSpan(first + a, first + b - 1, kind) for a, b, kind in found]
        out.documents.append(document(f"{prefix}-{k}", text, typed, types))
    if options.tags == "auto" and scheme == "iob1":
        out.notes.append(f"{path.name}: tags read as IOB1 (entities start with I-)")


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of a CoNLL file, or of every CoNLL file in a folder."""
    options = options or ReadOptions()
    if options.documents not in DOCUMENT_MODES:
        raise UsageError(f"--documents: {options.documents!r} is not one of "
                         f"{', '.join(DOCUMENT_MODES)}")
    if options.tags not in SCHEMES:
        raise UsageError(f"--tags: {options.tags!r} is not one of {', '.join(SCHEMES)}")
    types = TypeMap(options.types)  # type: ignore[arg-type]
    out = Conversion()
    for file, prefix in corpus_files(path, SUFFIXES):
        _read_file(file, prefix, options, types, out)
    out.warnings += types.notes()
    return out
