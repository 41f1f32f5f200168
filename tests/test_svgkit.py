"""The pictures' writer (py_engine/svgkit.py): it writes what ElementTree writes for the same
tree, escapes every text and attribute, and the engine draws without importing ElementTree."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from test_core import fresh_python

from py_engine import svgkit

TAGS = st.sampled_from(["g", "polygon", "circle", "text", "title", "path"])
NAMES = st.sampled_from(["class", "d", "data-action", "aria-label", "x", "fill", "data-i18n"])
# Any text a label or a player's name could hold, markup and line breaks included.
TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\r\n\t"),
    max_size=12,
) | st.sampled_from(["", "<b>bold</b>", 'say "hi" & go', "a\r\nb\tc", "흑 > 백", "]]>"])


@st.composite
def trees(draw: Any, depth: int = 0) -> tuple[str, dict[str, str], str | None, list[Any]]:
    tag = draw(TAGS)
    attrib = draw(st.dictionaries(NAMES, TEXT, max_size=3))
    text = draw(st.none() | TEXT)
    children = draw(st.lists(trees(depth + 1), max_size=3)) if depth < 3 else []
    return tag, attrib, text, children


def as_node(tree: tuple[str, dict[str, str], str | None, list[Any]]) -> svgkit.Node:
    tag, attrib, text, children = tree
    node = svgkit.Node(tag, dict(attrib))
    node.text = text
    node.children = [as_node(child) for child in children]
    return node


def as_element(tree: tuple[str, dict[str, str], str | None, list[Any]]) -> ET.Element:
    tag, attrib, text, children = tree
    element = ET.Element(tag, dict(attrib))
    element.text = text
    element.extend(as_element(child) for child in children)
    return element


def read_back(element: ET.Element) -> tuple[str, dict[str, str], str, list[Any]]:
    # An XML reader turns a text's line ends (\r\n or \r) into \n; in attributes the writer
    # keeps them as character references.
    text = (element.text or "").replace("\r\n", "\n").replace("\r", "\n")
    return (element.tag, element.attrib, text, [read_back(child) for child in element])


@given(trees())
def test_the_writer_writes_what_elementtree_writes(tree: Any) -> None:
    written = svgkit.to_string(as_node(tree))
    assert written == ET.tostring(as_element(tree), encoding="unicode")
    # and reading it back gives every text and attribute as it was: nothing became markup
    assert read_back(ET.fromstring(written)) == read_back(as_element(tree))


def test_text_and_attributes_are_escaped() -> None:
    svg = svgkit.root(10, 10, [("seat", {"name": "<b>"}, 'Seat "<script>" & co')], "board")
    svgkit.sub(svg, "text", "<img src=x onerror=alert(1)>", data_name="a\"b'c\nd", x=1.5)
    written = svgkit.to_string(svg)
    assert "<script>" not in written and "<img" not in written
    assert 'aria-label="Seat &quot;&lt;script&gt;&quot; &amp; co"' in written
    assert "<title>Seat \"&lt;script&gt;\" &amp; co</title>" in written
    assert ('<text data-name="a&quot;b\'c&#10;d" x="1.5">'
            "&lt;img src=x onerror=alert(1)&gt;</text>") in written
    assert written.endswith("</svg>")
    assert svgkit.to_string(svgkit.Node("g", {"class": "empty"})) == '<g class="empty" />'


def test_the_engine_draws_without_elementtree() -> None:
    script = (
        "import sys\n"
        "from py_engine import new_game\n"
        "names = ('bounders', 'splinter', 'bosk')\n"
        "pictures = [new_game(name).svg(coords=True) for name in names]\n"
        "assert all(p.startswith('<svg') for p in pictures)\n"
        "print(sorted(m for m in sys.modules if m.startswith('xml')))\n"
    )
    assert fresh_python(script).strip() == "[]"
