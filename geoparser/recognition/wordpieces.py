"""Text to the transformer tagger's inputs: sentences, words, word pieces and case features.

One module for training and inference, so the tagger reads text at run time exactly as it was
taught. Words are spaCy's English tokens (the tokenizer of ``en_core_web_sm`` and of the gold
converters), sentences its rule-based sentencizer's; word pieces come from the base model's
uncased WordPiece vocabulary. The base model lowercases everything, so each piece also carries
its word's *case class* ("Paris" Title, "PARIS" UPPER, "paris" lower, sentence-initial or not):
a toponym tagger that cannot see capitals cannot tell "Reading" from "reading".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from geoparser.errors import InputError

#: Case classes of a word (``case_class``); a sentence-initial word adds ``len(CASES)``.
CASES = ("pad", "lower", "title", "upper", "mixed", "digits", "other")
N_CASE_IDS = 2 * len(CASES)
#: Word pieces in one window, [CLS] and [SEP] included. Chosen by hand; the shipped tagger
#: was trained with it (its training record keeps ``max_pieces``).
MAX_PIECES = 128


#: Words whose case class is remembered: news repeats its words, and working each out anew was
#: a tenth of building the windows (measured).
#: The size is chosen by hand (a memo's size changes speed, never a result).
CASE_MEMO = 1 << 16


@lru_cache(maxsize=CASE_MEMO)
def case_class(word: str, first: bool = False) -> int:
    """The case feature of ``word``: its class in ``CASES``, shifted when it opens a sentence
    (where a capital says nothing)."""
    letters = [c for c in word if c.isalpha()]
    if not letters:
        kind = "digits" if any(c.isdigit() for c in word) else "other"
    elif all(c.islower() for c in letters):
        kind = "lower"
    elif len(letters) > 1 and all(c.isupper() for c in letters):
        kind = "upper"
    elif letters[0].isupper() and all(c.islower() for c in letters[1:]):
        kind = "title"  # "Paris", and a lone capital ("A", "X.")
    else:
        kind = "mixed"  # "McAllen", "iPhone", "DeKalb"
    return CASES.index(kind) + (len(CASES) if first else 0)


@dataclass(frozen=True)
class Window:
    """One model input: word pieces of a run of words of one sentence.

    ``spans`` are the words' (start, end) character offsets in the document; ``first[i]`` is
    the position in ``ids`` of word ``i``'s first piece (the piece its label is read from)."""

    spans: tuple[tuple[int, int], ...]
    ids: tuple[int, ...]
    case: tuple[int, ...]
    first: tuple[int, ...]


@lru_cache(maxsize=1)
def word_splitter():  # noqa: ANN201 - a spaCy Language; spaCy is imported lazily
    """spaCy's English tokenizer with the rule-based sentencizer (no statistical model)."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


def sentence_words(text: str) -> list[list[tuple[str, int, int]]]:
    """``text``'s sentences as lists of (word, start, end); white space is no word. A text
    longer than spaCy reads at once is a clear error, as for every spaCy recogniser."""
    nlp = word_splitter()
    if len(text) > nlp.max_length:
        raise InputError(f"a text of {len(text):,} characters is more than the "
                         f"{nlp.max_length:,} the spaCy pipeline that splits it into words "
                         "reads at once; split it into documents")
    doc = nlp(text)
    out = []
    for sent in doc.sents:
        words = [(t.text, t.idx, t.idx + len(t.text)) for t in sent if not t.is_space]
        if words:
            out.append(words)
    return out


class WordPieces:
    """The base model's WordPiece vocabulary, splitting word lists into windows."""

    def __init__(self, vocab: Path, max_pieces: int = MAX_PIECES) -> None:
        from tokenizers import BertWordPieceTokenizer

        self.tokenizer = BertWordPieceTokenizer(str(vocab), lowercase=True)
        self.cls = self.tokenizer.token_to_id("[CLS]")
        self.sep = self.tokenizer.token_to_id("[SEP]")
        self.max_pieces = max_pieces

    def windows(self, sentences: Sequence[Sequence[tuple[str, int, int]]]) -> list[Window]:
        """Windows for each sentence in order (one, or several where it has too many pieces);
        a word with no piece (a control character) gets no window position (``first`` -1)."""
        encodings = self.tokenizer.encode_batch(
            [[w for w, _, _ in s] for s in sentences], is_pretokenized=True,
            add_special_tokens=False) if sentences else []
        out: list[Window] = []
        for words, enc in zip(sentences, encodings, strict=True):
            pieces: list[list[int]] = [[] for _ in words]
            for piece, word in zip(enc.ids, enc.word_ids, strict=True):
                if word is not None:
                    pieces[word].append(piece)
            out.extend(self._cut(words, pieces))
        return out

    def _cut(self, words: Sequence[tuple[str, int, int]],
             pieces: Sequence[list[int]]) -> Iterator[Window]:
        room = self.max_pieces - 2
        start = 0
        while start < len(words):
            end, used = start, 0
            while end < len(words) and used + min(len(pieces[end]), room) <= room:
                used += min(len(pieces[end]), room)
                end += 1
            end = max(end, start + 1)
            ids, case, first = [self.cls], [0], []
            for i in range(start, end):
                word, _, _ = words[i]
                own = pieces[i][:room]
                first.append(len(ids) if own else -1)
                ids.extend(own)
                case.extend([case_class(word, i == 0)] * len(own))
            ids.append(self.sep)
            case.append(0)
            yield Window(tuple((a, b) for _, a, b in words[start:end]), tuple(ids),
                         tuple(case), tuple(first))
            start = end


def batches(windows: Sequence[Window], size: int) -> Iterable[list[int]]:
    """Indices of ``windows`` in batches of about equal length (less padding)."""
    order = sorted(range(len(windows)), key=lambda i: len(windows[i].ids))
    for k in range(0, len(order), size):
        yield order[k:k + size]
