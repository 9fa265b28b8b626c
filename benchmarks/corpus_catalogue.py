"""Every shared corpus in one place: its name, its entry in ``corpus_conventions.json``, the
converter and path that read it, the reading options it needs, and which of its documents
annotate people (for "people drawn as places").

``benchmarks.public_corpora.CORPORA`` lists the four corpora the ranker's training and
``bench_accuracy`` read and stays as it is; this list holds all ten folders of
``../shared/corpora`` (read in place, never copied), for the table per corpus
(``benchmarks.accuracy.corpus_table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from geoparser.corpora.base import ReadOptions, convert
from geoparser.corpora.conventions import load_conventions
from geoparser.errors import UsageError
from geoparser.io.documents import gold_from_objects
from geoparser.model import Document

#: The tolerance gold points get where a corpus gives none: acc@161's radius.
TOLERANCE_KM = 161.0


class PeopleAnnotated(Enum):
    """Where a corpus marks people, so that a false positive lying on one can be told."""

    #: Every document: its people are entities (CoNLL PER, GUM person, ...).
    EVERYWHERE = "every document"
    #: Only the documents that carry entities (WoTR: its test JSON; its XML marks none).
    DOCUMENTS_WITH_ENTITIES = "documents with entities"
    #: Nowhere the converter reads (GeoWebNews' Non_Toponym marks are not typed as people).
    NOWHERE = "nowhere"


@dataclass(frozen=True)
class CatalogueEntry:
    """One shared corpus: ``name`` as tables show it, ``convention`` its key in
    ``corpus_conventions.json``, ``converter`` the ``convert --from`` format, ``path`` under
    ``shared/corpora``; ``options`` the reading options (CoNLL type map, document split)."""

    name: str
    convention: str
    converter: str
    path: str
    people: PeopleAnnotated = PeopleAnnotated.NOWHERE
    options: ReadOptions | None = None
    #: What a reader of its figures must know (its annotation leaves things out).
    note: str = ""
    #: Names the default's models know it by (``trained_on`` lists, config files).
    aliases: tuple[str, ...] = field(default=())
    #: The tagger fold that never saw it: ``make train-ner`` writes that tagger to
    #: ``<work>/without-<fold>/tagger`` (``document_parts.fold_key``); ``None``: no tagger
    #: trained on it, so every tagger is out of fold.
    fold: str | None = None
    #: Whether the tagger learned it by its own convention, a part at a time: ``make train-ner``
    #: writes the tagger that never saw part ``k`` to ``<work>/without-part-<k>/tagger``
    #: (``train_tagger --held-part``), so each part is scored by its own.
    parts: bool = False

    def read(self, corpora: Path) -> list[Document]:
        """The corpus as gold documents (161 km where a point has no tolerance of its own)."""
        path = corpora / self.path
        objects = convert(self.converter, path, self.options).documents
        return gold_from_objects(objects, path, TOLERANCE_KM)


#: The ten shared corpora, SemEval-2019 in two rows: the training papers the tagger learnt
#: from and the validation papers no model saw. The CoNLL and CoNLL-U type maps are the
#: converters' defaults (docs/formats.md: LOC, location, country, place are toponyms; PER,
#: person, politician are people), which are these corpora's types; no corpus needs ``--types``.
ALL: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("GeoWebNews", "geowebnews", "gwn", "geowebnews/brat",
                   aliases=("GeoWebNews",), fold="geowebnews",
                   note="each article read without its unannotated TITLE/LINK line, as "
                        "GWN.xml gives it"),
    CatalogueEntry("GeoVirus", "geovirus", "geovirus", "geovirus/GeoVirus.xml",
                   aliases=("GeoVirus",), fold="geovirus"),
    CatalogueEntry("SemEval-2019 T12 (train)", "semeval2019_task12", "semeval2019",
                   "semeval2019_task12/Training/Training_Data_Participant",
                   aliases=("SemEval-2019 T12", "SemEval-2019 T12 (train)"), fold="semeval-2019",
                   note="the papers' front matter (authors, affiliations) and references are "
                        "unannotated (67 of the 69 training papers with a References heading "
                        "have no gold toponym after it)"),
    CatalogueEntry("SemEval-2019 T12 (validation)", "semeval2019_task12", "semeval2019",
                   "semeval2019_task12/Training/Validation_Data_Codalab/resolution",
                   note="the task's 32 validation papers (none of the 73 training papers), "
                        "which no model here trained on: SemEval-2019 held out without a fold "
                        "tagger; front matter and references unannotated, as in the training "
                        "papers (25 of the 27 with a References heading have no gold toponym "
                        "after it)"),
    CatalogueEntry("WikToR", "wiktor", "wiktor", "wiktor/WikToR_reconstructed_from_EUPEG.jsonl",
                   aliases=("WikToR",),
                   note="only the page's own toponym is annotated: every other place a page "
                        "names counts as a false positive, so its FP and precision say little"),
    CatalogueEntry("LGL (development half)", "lgl-dev", "lgl", "lgl-dev/lgl-dev.xml",
                   aliases=("LGL (development half)",), parts=True,
                   note="streets, buildings and places inside organisations' names are not "
                        "annotated (SOURCE.md)"),
    CatalogueEntry("BTC", "btc", "conll", "btc", PeopleAnnotated.EVERYWHERE,
                   ReadOptions(documents="blank"), aliases=("BTC", "Broad Twitter Corpus"),
                   note="tweets; no points"),
    CatalogueEntry("WNUT-17", "wnut17", "conll", "wnut17", PeopleAnnotated.EVERYWHERE,
                   ReadOptions(documents="blank"), aliases=("WNUT-17",),
                   note="tweets and comments; rare entities by design; no points"),
    CatalogueEntry("CrossNER", "crossner", "conll", "crossner", PeopleAnnotated.EVERYWHERE,
                   ReadOptions(documents="blank"), aliases=("CrossNER",),
                   note="Wikipedia sentences; no points"),
    CatalogueEntry("GUM", "gum", "conllu", "gum", PeopleAnnotated.EVERYWHERE,
                   aliases=("GUM",), note="named places only; no points"),
    CatalogueEntry("WoTR", "wotr", "wotr", "wotr", PeopleAnnotated.DOCUMENTS_WITH_ENTITIES,
                   aliases=("WoTR", "War of the Rebellion"),
                   note="people and organisations marked in the test JSON only"),
)


def entry(name: str) -> CatalogueEntry:
    """The entry called ``name``, else the first whose convention key is ``name``
    (case-insensitive)."""
    return select([name])[0]


def select(names: Sequence[str]) -> tuple[CatalogueEntry, ...]:
    """The entries called one of ``names`` or whose convention key is one of them
    (case-insensitive: every row of a corpus by its key), in the catalogue's order; an unknown
    name is a usage error naming the choices."""
    wanted = {n.strip().lower() for n in names if n.strip()}
    by_name = {e.name.lower() for e in ALL}
    unknown = sorted(n for n in wanted if n not in by_name
                     and n not in {e.convention.lower() for e in ALL})
    if unknown or not wanted:
        raise UsageError(f"unknown corpus {', '.join(map(repr, unknown)) or '(none)'} (known: "
                       f"{', '.join(dict.fromkeys(e.convention for e in ALL))})")
    named = [e for e in ALL if e.name.lower() in wanted]
    return tuple(e for e in ALL if e in named or e.convention.lower() in wanted - by_name)


def check_conventions() -> None:
    """Every entry names a convention ``corpus_conventions.json`` has, with the same folder."""
    known = load_conventions().corpora
    for e in ALL:
        if e.convention not in known:
            raise KeyError(f"{e.name}: no convention {e.convention!r} in corpus_conventions.json")
        if not e.path.startswith(known[e.convention].folder):
            raise ValueError(f"{e.name}: {e.path} is not under {known[e.convention].folder}")
