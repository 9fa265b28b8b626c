"""Small helpers for the XML corpora."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from geoparser.errors import InputError
from geoparser.io.bounded_read import check_xml_tags, read_whole_file


def parse(path: Path) -> ET.Element:
    try:
        data = read_whole_file(path, "XML file")
        check_xml_tags(data, path, "XML file")
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise InputError(f"malformed XML ({exc})", path, exc.position[0]) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected an XML file", path) from None


def child_text(node: ET.Element, tag: str) -> str | None:
    found = node.find(tag)
    if found is None or found.text is None:
        return None
    return found.text.strip()


def number(node: ET.Element, tag: str) -> float | str | None:
    """The child's number; text that is not a number is returned as it is, so that the
    conversion's checks count it as a dropped value instead of it vanishing here."""
    value = child_text(node, tag)
    if value in (None, ""):
        return None
    try:
        return float(value)
    except ValueError:
        return value


def integer(value: str | None) -> int | None:
    try:
        return int(value.strip()) if value and value.strip() else None
    except ValueError:
        return None
