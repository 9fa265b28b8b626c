"""The report as blocks (headings, paragraphs, tables, images) rendered to Markdown and HTML.

The HTML goes through one Jinja2 environment with autoescaping on, so text from the data
(captions, ids, names) is always escaped: a ``<script>`` in a caption shows as text. Paragraphs
may carry a little inline Markdown of our own (``code``, **bold**, *italic*, [link](file));
it is applied after escaping, and links may only name a file next to the report.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import pandas as pd
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Para:
    """A paragraph of our prose; values from the data are escaped like any other text."""

    text: str


@dataclass(frozen=True)
class Table:
    frame: pd.DataFrame


@dataclass(frozen=True)
class Image:
    alt: str
    name: str


Block = Heading | Para | Table | Image


@cache
def environment() -> Environment:
    """The one template environment for every HTML page Toposcope writes."""
    env = Environment(
        loader=PackageLoader("evaluation.reports", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["inline"] = inline_markup
    return env


_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\(([\w.-]+)\)")  # a file beside the report, nothing else


def inline_markup(text: str) -> Markup:
    """Escape ``text``, then turn our few inline Markdown forms into tags."""
    parts = _CODE.split(str(escape(text)))
    out = []
    for i, part in enumerate(parts):
        if i % 2:  # inside backticks: code, nothing else applies
            out.append(f"<code>{part}</code>")
            continue
        part = _LINK.sub(r'<a href="\2">\1</a>', part)
        part = _BOLD.sub(r"<strong>\1</strong>", part)
        out.append(_ITALIC.sub(r"<em>\1</em>", part))
    return Markup("".join(out))


def markdown_table(df: pd.DataFrame) -> str:
    if not len(df):
        return "_(no rows)_"
    clean = df.astype(object).where(df.notna(), None)
    clean = clean.map(lambda v: v.replace("|", "\\|").replace("\n", " ")
                      if isinstance(v, str) else v)
    return clean.to_markdown(index=False, missingval="—", disable_numparse=True)


_RISKY_LINK = re.compile(r"\]\((?=\s*<?\s*(?:javascript|vbscript|data|file)\s*:)", re.I)


def inert_markdown(text: str) -> str:
    """Markdown we write, made safe to render: no raw HTML (``<`` and ``&`` become entities,
    which every renderer shows as the characters) and no link to a ``javascript:``-like
    address (its ``(`` escaped, so it stays text). Our own Markdown uses neither; every
    Markdown file or stream we write (``report.md``, ``compare.md``, ``score --format
    markdown``) passes here last, so a caption id or text cannot add either."""
    text = text.replace("&", "&amp;").replace("<", "&lt;")
    return _RISKY_LINK.sub("]\\(", text)


def to_markdown(blocks: Sequence[Block]) -> str:
    lines: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            lines.append(f"{'#' * b.level} {b.text}")
        elif isinstance(b, Para):
            lines.append(b.text)
        elif isinstance(b, Table):
            lines.append(markdown_table(b.frame))
        else:
            lines.append(f"![{b.alt}]({b.name})")
        lines.append("")
    return inert_markdown("\n".join(lines))


def _cell(value: object) -> str:
    if value is None or (not isinstance(value, str | list | tuple) and pd.isna(value)):
        return "—"
    return str(value)


_NUMBER = re.compile(r"-?[\d,]+(\.\d+)?")


def _numeric(column: pd.Series) -> bool:
    """Whether a column holds numbers (possibly formatted as text), to right-align it."""
    values = [v for v in column if v is not None and v not in ("—", "undefined", "n/a")]
    return bool(values) and all(
        (isinstance(v, int | float) and not isinstance(v, bool))
        or (isinstance(v, str) and _NUMBER.fullmatch(v) is not None) for v in values)


def to_html(blocks: Sequence[Block], images: Mapping[str, bytes], title: str) -> str:
    """One self-contained page: images inlined as data URIs, every text escaped."""
    rendered = []
    for b in blocks:
        if isinstance(b, Table):
            frame = b.frame
            rendered.append({
                "kind": "table",
                "columns": [str(c) for c in frame.columns],
                "rows": [[_cell(v) for v in row] for row in frame.itertuples(index=False)],
                "numeric": [_numeric(frame[c]) for c in frame.columns],
            })
        elif isinstance(b, Image):
            data = images.get(b.name)
            src = (f"data:image/png;base64,{base64.b64encode(data).decode('ascii')}"
                   if data is not None else b.name)
            rendered.append({"kind": "image", "alt": b.alt, "src": src})
        elif isinstance(b, Heading):
            rendered.append({"kind": "heading", "level": b.level, "text": b.text})
        else:
            rendered.append({"kind": "para", "text": b.text})
    return environment().get_template("report.html.j2").render(title=title, blocks=rendered)
