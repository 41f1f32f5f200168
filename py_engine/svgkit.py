"""Small helpers for drawing boards as SVG: a picture is a tree of ``Node`` elements, written
out by ``to_string``.

Every text and attribute value is escaped when written, so names and labels can never become
markup; the output is what ``xml.etree.ElementTree.tostring`` writes for the same tree. The
engine does not use ElementTree itself: importing it costs more than drawing a board in the
browser, where Python compiles it from source, and its writer is slower than this one.
Colours are presentation attributes (defaults for a standalone picture); the site's CSS
overrides them through class names and CSS variables.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"


class Node:
    """An element of a picture: its tag, its attributes in order, its text and its children."""

    __slots__ = ("tag", "attrib", "text", "children")

    def __init__(self, tag: str, attrib: dict[str, str] | None = None) -> None:
        self.tag = tag
        self.attrib: dict[str, str] = attrib if attrib is not None else {}
        self.text: str | None = None
        self.children: list[Node] = []

    def set(self, key: str, value: str) -> None:
        self.attrib[key] = value

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.attrib.get(key, default)

    def __len__(self) -> int:
        return len(self.children)

    def __iter__(self) -> Iterator[Node]:
        return iter(self.children)


def _escape_text(text: str) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


_ATTRIBUTE_ESCAPES = (
    ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"),
    ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"),
)


def _escape_attribute(value: str) -> str:
    for char, entity in _ATTRIBUTE_ESCAPES:
        if char in value:
            value = value.replace(char, entity)
    return value


def _write(node: Node, out: list[str]) -> None:
    out.append("<" + node.tag)
    for key, value in node.attrib.items():
        out.append(f' {key}="{_escape_attribute(value)}"')
    if node.text or node.children:
        out.append(">")
        if node.text:
            out.append(_escape_text(node.text))
        for child in node.children:
            _write(child, out)
        out.append(f"</{node.tag}>")
    else:
        out.append(" />")


def _attrs(attrs: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = _number(value) if isinstance(value, float) else str(value)
    return out


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# A position's description, as a game's ``description()`` gives it: sentences, each a message
# key of the site's catalogues, its placeholder values and the English words.
Sentence = tuple[str, dict[str, Any], str]
Said = list[Sentence]


def english(said: Said) -> str:
    """A description in English: its sentences' words joined by spaces."""
    return " ".join(words for _, _, words in said)


def root(width: float, height: float, said: Said, css_class: str, pad: float = 0.0) -> Node:
    """An ``<svg>`` element with a viewBox, an accessible name and a ``<title>``.

    Both say ``said`` in English; its message keys with their placeholder values (a JSON list
    in ``data-i18n-sentences``) let the site say the same in the reader's language.
    """
    label = english(said)
    sentences = [[key, values] for key, values, _ in said]
    svg = Node(
        "svg",
        _attrs(
            {
                "xmlns": SVG_NS,
                "viewBox": f"{-pad:g} {-pad:g} {width + 2 * pad:g} {height + 2 * pad:g}",
                "role": "img",
                "aria-label": label,
                "class": css_class,
                "data-i18n-sentences": json.dumps(sentences, separators=(",", ":"))
                if sentences else None,
            }
        ),
    )
    sub(svg, "title", label)
    return svg


def sub(parent: Node, tag: str, text: str | None = None, **attrs: Any) -> Node:
    """Append a child element; ``class_`` and ``data_action`` style keywords become attributes.

    Words drawn in a picture are English; a ``data_i18n`` key (with ``data_i18n_values``, a JSON
    object for its placeholders) lets the site show them in the reader's language instead.
    """
    element = Node(tag, _attrs(attrs))
    if text is not None:
        element.text = text
    parent.children.append(element)
    return element


def clickable(
    element: Node, label: str, *, action: str | None = None, select: str | None = None,
    key: str | None = None, values: dict[str, Any] | None = None,
) -> Node:
    """Make a drawn part something a player can click or reach with Tab and Enter: it carries
    the whole ``action`` it plays (``data-action``) or the ``select``, the first part of an
    action whose rest is picked next (``data-select``), and is a button named ``label`` for
    assistive technology. The page knows what a click means from these alone. ``key`` (a
    message key of the site's catalogues, with its placeholder ``values``) lets the site say
    the label in the reader's language."""
    if action is not None:
        element.set("data-action", action)
    if select is not None:
        element.set("data-select", select)
    element.set("tabindex", "0")
    element.set("role", "button")
    return _named(element, label, key, values)


def _named(element: Node, label: str, key: str | None, values: dict[str, Any] | None) -> Node:
    """``label`` as the part's accessible name, with the catalogue ``key`` and its ``values``
    that say it in the reader's language."""
    element.set("aria-label", label)
    if key is not None:
        element.set("data-i18n-label", key)
        if values:
            element.set("data-i18n-values", json.dumps(values, separators=(",", ":")))
    return element


def info(element: Node, label: str, *, key: str, values: dict[str, Any]) -> Node:
    """Name a drawn part a player can reach but not play (a cell with a stone on it, a piece
    of the side not to move), so that the board can be read part by part: ``data-info``
    marks it, ``label`` names it in English, ``key`` and ``values`` in the reader's language.
    The page makes it an unavailable button in the board's keyboard order."""
    element.set("data-info", "")
    return _named(element, label, key, values)


def seat(number: int, name: str) -> dict[str, Any]:
    """A placeholder value naming a seat (``number`` from 0): the site says the engine's
    default name ("Player 2") in the reader's language and a name the players chose as it is."""
    return {"seat": number, "name": name}


def to_string(svg: Node) -> str:
    """The picture as SVG text."""
    out: list[str] = []
    _write(svg, out)
    return "".join(out)


def points(coords: list[tuple[float, float]]) -> str:
    """The ``points`` attribute of a polygon."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in coords)
