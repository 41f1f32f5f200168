"""Small helpers for drawing boards with ``xml.etree.ElementTree``.

ElementTree escapes every text and attribute, so names and labels can never become markup.
Colours are presentation attributes (defaults for a standalone picture); the site's CSS
overrides them through class names and CSS variables.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"


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


Sentences = list[tuple[str, dict[str, Any]]]


def root(
    width: float, height: float, label: str, css_class: str, pad: float = 0.0,
    sentences: Sentences | None = None,
) -> ET.Element:
    """An ``<svg>`` element with a viewBox, an accessible name and a ``<title>``.

    ``label`` is English; ``sentences`` (message keys with their placeholder values, a JSON
    list in ``data-i18n-sentences``) let the site say the same in the reader's language.
    """
    svg = ET.Element(
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
    ET.SubElement(svg, "title").text = label
    return svg


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """Append a child element; ``class_`` and ``data_action`` style keywords become attributes.

    Words drawn in a picture are English; a ``data_i18n`` key (with ``data_i18n_values``, a JSON
    object for its placeholders) lets the site show them in the reader's language instead.
    """
    element = ET.SubElement(parent, tag, _attrs(attrs))
    if text is not None:
        element.text = text
    return element


def to_string(svg: ET.Element) -> str:
    return ET.tostring(svg, encoding="unicode")


def points(coords: list[tuple[float, float]]) -> str:
    """The ``points`` attribute of a polygon."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in coords)
