"""CoNLL-U files read as gold (``toposcope convert --from conllu``), with the entity
annotation GUM and CorefUD keep in the MISC column.

``Entity=(13-place-new-nnnnn-cf4-3,4-sgl-Portsmouth`` opens a mention of entity 13 of type
``place`` on its token, ``13)`` closes it, ``(13-place-...)`` is a mention of one token;
mentions nest and one token may open or close several. The attributes' order is the file's
``# global.Entity`` (GUM: ``GRP-etype-infstat-salience-centering-minspan-link-identity``);
``identity`` is the Wikipedia title (URL-escaped, ``Durham%2C_England``), kept as the
entity's ``link`` and, for a place, as the toponym's ``name``.

Only named mentions are kept: those with a proper noun (``PROPN``) for a head, or linked to
Wikipedia and holding one; "the coast", "he", "the company", and "it" or "the city" for a
linked place, are mentions in GUM's coreference, not names. A mention is
a whole noun phrase; its name leaves out a leading determiner and a trailing possessive or
punctuation ("the UK's" is the toponym "UK"; a multiword token such as "Jane’s" stays whole).
A document starts at each ``# newdoc`` (else a file is one), its text the tokens joined by a
space except where MISC says ``SpaceAfter=No``, a paragraph (``# newpar``) on a new line. A
multiword token (``1-2``) is written as its surface form; a mention that starts or ends inside
it takes all of it. A folder is read whole: every ``.conllu`` file under it, in name order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from geoparser.corpora.base import Conversion, ReadOptions
from geoparser.corpora.conll import corpus_files, decoded_lines
from geoparser.corpora.entity_types import TypeMap
from geoparser.corpora.token_text import TokenText, TypedSpan, document
from geoparser.errors import InputError

GUM_ENTITY_FIELDS = "GRP-etype-infstat-salience-centering-minspan-link-identity"
_MENTION = re.compile(r"\((\d+)([^()]*)(\))?|(\d+)\)")
_WORD_ID = re.compile(r"^(\d+)(?:-(\d+))?$")


@dataclass
class _Open:
    first: int  # text token
    type: str
    identity: str | None
    words: list[tuple[int, int]] = field(default_factory=list)  # (sentence, word id)


@dataclass
class _Doc:
    id: str
    text: TokenText = field(default_factory=TokenText)
    spans: list[TypedSpan] = field(default_factory=list)
    open: dict[str, list[_Open]] = field(default_factory=dict)


class _Reader:
    def __init__(self, path: Path, prefix: str, types: TypeMap, out: Conversion):
        self.path, self.prefix, self.types, self.out = path, prefix, types, out
        self.fields = GUM_ENTITY_FIELDS.split("-")
        self.docs: list[_Doc] = []
        self.sentence = 0
        self.heads: dict[tuple[int, int], tuple[int, str]] = {}  # word: (head id, UPOS)
        self.tokens: dict[tuple[int, int], int] = {}  # word: its text token
        self.unnamed = 0

    def doc(self) -> _Doc:
        if not self.docs:
            self.docs.append(_Doc(self.prefix))
        return self.docs[-1]

    def comment(self, line: str) -> None:
        key, _, value = line[1:].partition("=")
        key, value = key.strip(), value.strip()
        if key == "global.Entity" and value:
            self.fields = value.split("-")
        elif key == "newdoc id" or key == "newdoc":
            self.finish()
            self.docs.append(_Doc(value or f"{self.prefix}-{len(self.docs) + 1}"))
        elif key == "newpar" or key.startswith("newpar "):
            self.doc().text.break_line("\n")

    def finish(self) -> None:
        if self.docs:
            left = sum(len(v) for v in self.docs[-1].open.values())
            if left:
                self.out.warnings.append(f"{self.path.name}: document {self.docs[-1].id}: "
                                         f"{left} entity mentions never closed were skipped")
            self.docs[-1].open.clear()

    def word(self, n: int, cols: list[str], token: int) -> None:
        """The Entity annotation of one word, on text token ``token``."""
        word_id = int(cols[0])
        head = cols[6]
        self.heads[(self.sentence, word_id)] = (int(head) if head.isdigit() else -1, cols[3])
        self.tokens[(self.sentence, word_id)] = token
        doc = self.doc()
        for stack in doc.open.values():  # the word lies inside every open mention
            for o in stack:
                o.words.append((self.sentence, word_id))
        misc = dict(part.partition("=")[::2] for part in cols[9].split("|") if part != "_")
        value = misc.get("Entity")
        if not value:
            return
        for m in _MENTION.finditer(value):
            if m.group(1) is not None:
                attrs = m.group(2).lstrip("-")
                opened = self._open(attrs, token)
                opened.words.append((self.sentence, word_id))
                if m.group(3):
                    self._close(doc, opened, token)
                else:
                    doc.open.setdefault(m.group(1), []).append(opened)
            else:
                stack = doc.open.get(m.group(4))
                if not stack:
                    raise InputError(f"Entity closes {m.group(4)}) but no mention of "
                                     f"{m.group(4)} is open", self.path, n)
                self._close(doc, stack.pop(), token)

    def _open(self, attrs: str, token: int) -> _Open:
        names = self.fields[1:]
        values = attrs.split("-", len(names) - 1) if attrs else []
        got = dict(zip(names, values, strict=False))
        etype = re.sub(r"\[.*?\]$", "", got.get("etype", "")) or "other"
        identity = got.get("identity") or None
        return _Open(token, etype, unquote(identity) if identity else None)

    def _close(self, doc: _Doc, opened: _Open, token: int) -> None:
        if self._named(opened):
            first, last = self._name_tokens(opened.words, opened.first, token)
            doc.spans.append(TypedSpan(first, last, opened.type, opened.identity))
        else:
            self.unnamed += 1

    def _name_tokens(self, words: list[tuple[int, int]], first: int, last: int
                     ) -> tuple[int, int]:
        """The text tokens a named mention's name covers: GUM's mentions are whole noun
        phrases ("the UK", "Jane 's"), and a name, as NER data marks it, leaves out a leading
        determiner and a trailing possessive or punctuation."""
        upos = [self.heads.get(w, (-1, ""))[1] for w in words]
        a, b = 0, len(words)
        while a < b - 1 and upos[a] == "DET":
            a += 1
        while b - 1 > a and upos[b - 1] in ("PART", "PUNCT"):
            b -= 1
        if (a, b) == (0, len(words)):
            return first, last
        return self.tokens.get(words[a], first), self.tokens.get(words[b - 1], last)

    def _named(self, opened: _Open) -> bool:
        """A name: its head is a proper noun ("the UK"), or it is linked to Wikipedia and holds
        one ("the city of London"). A pronoun or common noun that GUM links by coreference
        ("it", "the city" for London) is not."""
        inside = set(opened.words)
        proper = False
        for sentence, word in opened.words:
            head, upos = self.heads.get((sentence, word), (-1, ""))
            if upos == "PROPN":
                if (sentence, head) not in inside:
                    return True
                proper = True
        return proper and opened.identity is not None

    def read(self) -> None:
        covered: dict[int, int] = {}  # word id: text token of the multiword token holding it
        for n, line in enumerate(decoded_lines(self.path, "CoNLL-U file"), 1):
            if not line.strip():
                self.sentence += 1
                covered = {}
                if self.docs:
                    self.doc().text.break_line(" ")  # a sentence follows with a space
                continue
            if line.startswith("#"):
                self.comment(line)
                continue
            cols = line.split("\t")
            if len(cols) != 10:
                raise InputError(f"{len(cols)} columns where CoNLL-U has 10 (tab-separated)",
                                 self.path, n)
            found = _WORD_ID.match(cols[0])
            if found is None:
                if re.fullmatch(r"\d+\.\d+", cols[0]):
                    continue  # an empty node: no text
                raise InputError(f"ID {cols[0]!r} is not a word number or range", self.path, n)
            space = "SpaceAfter=No" not in cols[9].split("|")
            doc = self.doc()
            if found.group(2) is not None:  # a multiword token: its surface form is the text
                token = doc.text.add(cols[1], space)
                covered.update({k: token for k in range(int(found.group(1)),
                                                        int(found.group(2)) + 1)})
                continue
            word_id = int(found.group(1))
            token = covered[word_id] if word_id in covered else doc.text.add(cols[1], space)
            self.word(n, cols, token)
        self.finish()


def convert(path: Path, options: ReadOptions | None = None) -> Conversion:
    """The gold documents of a CoNLL-U file, or of every ``.conllu`` file in a folder."""
    options = options or ReadOptions()
    types = TypeMap(options.types)  # type: ignore[arg-type]
    out = Conversion()
    unnamed = 0
    for file, prefix in corpus_files(path, (".conllu",)):
        reader = _Reader(file, prefix, types, out)
        reader.read()
        unnamed += reader.unnamed
        out.documents += [document(d.id, d.text, d.spans, types) for d in reader.docs]
    if unnamed:
        out.notes.append(f"{unnamed} entity mentions without a name (no proper noun: "
                         "pronouns, common nouns) were left out")
    out.warnings += types.notes()
    return out
