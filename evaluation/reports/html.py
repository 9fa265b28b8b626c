"""A single self-contained HTML page from the Markdown report: images inlined as data URIs.

Opens from disk with no network; only the interactive folium maps, linked from it as separate
files, need a connection (for their map tiles).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Mapping

import markdown

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1200px; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.45; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
img { max-width: 100%; border: 1px solid #eee; }
code { background: #f6f6f6; padding: 0 0.2em; }
"""


def to_html(markdown_text: str, images: Mapping[str, bytes], title: str) -> str:
    """Render ``markdown_text``; ``<img src="NAME">`` whose NAME is in ``images`` is inlined."""
    body = markdown.markdown(markdown_text, extensions=["tables", "fenced_code"])

    def inline(match: re.Match[str]) -> str:
        name = html.unescape(match.group(1))
        if name not in images:
            return match.group(0)
        data = base64.b64encode(images[name]).decode("ascii")
        return f'src="data:image/png;base64,{data}"'

    body = re.sub(r'src="([^"]+)"', inline, body)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>\n{body}\n</body></html>\n"
    )
