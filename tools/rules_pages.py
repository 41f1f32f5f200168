"""The rules pages: ``<game>-rules.html`` for each game with a content file, web/rules/<game>.json.

Each page is written whole here, in CPython: every text in both languages (the reader's shows,
the other is hidden by the style sheet, so the first paint needs no script and the Korean page
is complete), every diagram drawn by the engine (a step-through sequence is one picture per step,
all in the page, switched by ``js/rules-page.js``: a later step's in a <template>, put in the
document when first shown; what several pictures draw alike is written once, see
``share_parts``), and each exercise's starting position. The
engine's worker is named in the page but PyScript is only loaded when the reader starts an
exercise, so a page that is only read downloads no Python at all.

The content format is docs/rules-pages.md. ``load_content`` checks the parts the build relies on;
tests/test_rules_pages.py checks the rest (every claim against the engine).

The build (tools/build_site.py) calls ``write_rules_pages`` after the other pages; the content
files are its input only and are not copied into the site.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from py_engine import GAMES, load_game
from py_engine.core import Game

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "web" / "rules"
TEMPLATE = RULES / "page.html"
LANGS = ("en", "ko")
# What a claim may say (see docs/rules-pages.md).
CLAIM_KEYS = {
    "ply", "after", "legal", "illegal", "legal_count", "score", "to_move", "over", "result",
    "entry", "match", "count", "equals",
}
# Where a picture drawn for looking at would be a thing to click: the build takes these out of
# its parts, and a button's name with them (a picture is one image, named as a whole by its
# root); the words drawn in it (data-i18n with its values) stay.
ACTIVE_ATTRIBUTE = re.compile(r' (?:tabindex|data-action|data-select|data-info|role)="[^"]*"')
BUTTON_NAME = re.compile(r' (?:aria-label|data-i18n-label|data-i18n-values)="[^"]*"')
BUTTON_TAG = re.compile(r'<[^>]* (?:role="button"|data-info="")[^>]*>')
# A tag of the engine's SVG (attribute values are quoted and escaped, so hold no ">").
TAG = re.compile(r'<(/?)([A-Za-z][\w:.-]*)[^>]*?(/?)>')
CLASS = re.compile(r'class="([^"]*)"')
SVG_ROOT = re.compile(r"<svg\b[^>]*>")
# A part of a picture shorter than this stays in it, even when other pictures draw it too.
SHARED_MIN_CHARS = 400
STYLE_SHEETS = (ROOT / "web" / "css" / "site.css", ROOT / "web" / "css" / "rules.css")

Text = dict[str, str]


def page_name(game: str) -> str:
    """The file name of a game's rules page."""
    return f"{game}-rules.html"


def rules_link(game: str, catalogue: dict[str, str], new_tab: bool = False) -> str:
    """The link to a game's rules page ("" when the game has none): on its home page card, and
    in its game page's header, where it opens a new tab (``new_tab``) so the game stays."""
    if not (RULES / f"{game}.json").exists():
        return ""
    tab = ""
    if new_tab:
        label = html.escape(catalogue["rules.link.new-tab"], quote=True)
        tab = (
            f' target="_blank" rel="noopener" aria-label="{label}"'
            ' data-i18n-label="rules.link.new-tab"'
        )
    return (
        f'<a class="rules-link" href="{page_name(game)}"{tab} data-i18n="rules.link">'
        f"{html.escape(catalogue['rules.link'])}</a>"
    )


def load_content(path: Path) -> dict[str, Any]:
    """A content file, with the parts the build relies on checked (ValueError names the part)."""
    content: dict[str, Any] = json.loads(path.read_text("utf-8"))
    if content.get("game") not in GAMES or content["game"] != path.stem:
        raise ValueError(f"{path.name}: 'game' must be the file's game, one of {list(GAMES)}")
    for key in ("title", "intro", "sections", "first_game"):
        if key not in content:
            raise ValueError(f"{path.name}: no {key!r}")
    for where, text in texts(content):
        if not isinstance(text, dict) or any(not text.get(lang) for lang in LANGS):
            raise ValueError(f"{path.name}: {where} needs text in {', '.join(LANGS)}")
    return content


def texts(content: dict[str, Any]) -> Iterator[tuple[str, Text]]:
    """Every text of the content (a dict of languages) with where it is."""
    yield "title", content["title"]
    yield "intro", content["intro"]
    for section in content["sections"]:
        sid = section.get("id", "?")
        yield f"{sid}.title", section["title"]
        for n, paragraph in enumerate(section.get("body", [])):
            yield f"{sid}.body[{n}]", paragraph
        for diagram in section.get("diagrams", []):
            if "caption" in diagram:
                yield f"{diagram['id']}.caption", diagram["caption"]
            for step in diagram.get("steps", []):
                yield f"{diagram['id']}.step {step['ply']}", step["caption"]
        exercise = section.get("exercise")
        if exercise:
            for key in ("prompt", "solved", "hint", "reason"):
                if key in exercise:
                    yield f"{exercise['id']}.{key}", exercise[key]
    for n, paragraph in enumerate(content["first_game"].get("body", [])):
        yield f"first_game.body[{n}]", paragraph


def at_ply(record: str, ply: int) -> Game:
    """The game a record reaches after its first ``ply`` actions."""
    game = load_game(record)
    if not 0 <= ply <= len(game.history):
        raise ValueError(f"ply {ply} is outside the record's {len(game.history)} actions")
    while len(game.history) > ply:
        game.undo()
    return game


def matches(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` (plain data from the engine) agrees with ``expected``: a dict's keys
    are a subset, lists agree item by item, ``{"len": n}`` is a list's length, numbers compare
    as numbers."""
    if isinstance(expected, dict):
        if set(expected) == {"len"} and isinstance(actual, list):
            return bool(len(actual) == expected["len"])
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(expected == actual)


def reason_key(game: str, key: str, known: Callable[[str], bool]) -> str:
    """The message for a wrong try: the game's own wording of ``key`` when the catalogues have
    ``<key>.<game>``, else ``key`` (the page script chooses the same way)."""
    own = f"{key}.{game}"
    return own if known(own) else key


def picture(game: Game, draw: dict[str, Any], active: bool = False) -> str:
    """The engine's picture of the position, for looking at unless ``active``."""
    options = {"highlight": False, **draw}
    svg = game.svg(**options)
    if active:
        return svg
    # the root is never a button: it keeps its name and description, and becomes an image
    named = BUTTON_TAG.sub(lambda tag: BUTTON_NAME.sub("", tag.group(0)), svg)
    return ACTIVE_ATTRIBUTE.sub("", named).replace("<svg ", '<svg role="img" ', 1)


def fitted(game: Game, draw: dict[str, Any]) -> str:
    """The picture for looking at, or, when a narrow screen needs its own (``Game.narrow_picture``),
    both: the style sheet shows the one that fits (rules.css, .rules-wide / .rules-narrow) and
    hides the other from everyone, screen readers too. What both draw alike, such as the park,
    is written once in the page (see ``share_parts``)."""
    narrow = game.narrow_picture(draw)
    if narrow is None:
        return picture(game, draw)
    return mark_root(picture(game, draw), "rules-wide") + mark_root(
        picture(game, narrow), "rules-narrow"
    )


def mark_root(svg: str, name: str) -> str:
    """The picture with ``name`` added to its root's classes."""
    root = SVG_ROOT.match(svg)
    assert root and ' class="' in root.group(0), "the engine's picture has a class"
    return root.group(0).replace(' class="', f' class="{name} ', 1) + svg[root.end():]


def both(text: Text, tag: str = "span", attrs: str = "") -> str:
    """A text in both languages: one element per language, the reader's shown by the CSS."""
    return "".join(
        f'<{tag} class="l-{lang}" lang="{lang}"{attrs}>{html.escape(text[lang])}</{tag}>'
        for lang in LANGS
    )


def paragraphs(text: Text) -> str:
    """A body paragraph in both languages; one made of "- " lines is a list, and one whose
    first line leads into such lines is that line and the list."""
    out = []
    for lang in LANGS:
        lines = text[lang].split("\n")
        lead = [] if lines[0].startswith("- ") or len(lines) == 1 else lines[:1]
        listed = lines[len(lead):]
        if all(line.startswith("- ") for line in listed):
            if lead:
                out.append(f'<p class="l-{lang}" lang="{lang}">{html.escape(lead[0])}</p>')
            items = "".join(f"<li>{html.escape(line[2:])}</li>" for line in listed)
            out.append(f'<ul class="l-{lang}" lang="{lang}">{items}</ul>')
        else:
            out.append(f'<p class="l-{lang}" lang="{lang}">{html.escape(text[lang])}</p>')
    return "".join(out)


def words(key: str, catalogue: dict[str, str], values: dict[str, Any] | None = None) -> str:
    """A message of the interface (English here; the page script says it in the reader's),
    with its placeholders' ``values``."""
    if not values:
        return f'<span data-i18n="{key}">{html.escape(catalogue[key])}</span>'
    said = catalogue[key].format(**values)
    given = html.escape(json.dumps(values), quote=True)
    return f'<span data-i18n="{key}" data-i18n-values="{given}">{html.escape(said)}</span>'


def diagram_html(diagram: dict[str, Any], catalogue: dict[str, str]) -> str:
    """A figure: one picture, or a picture per step with its caption and step buttons."""
    draw = diagram.get("draw", {})
    did = diagram["id"]
    if "steps" not in diagram:
        game = load_game(diagram["record"])
        return (
            f'<figure class="rules-diagram" id="{did}">'
            f'<div class="board-frame">{fitted(game, draw)}</div>'
            f"<figcaption>{both(diagram['caption'])}</figcaption></figure>"
        )
    frames, captions = [], []
    steps = diagram["steps"]
    for n, step in enumerate(steps):
        game = at_ply(diagram["record"], step["ply"])
        hidden = "" if n == 0 else " hidden"
        drawn = fitted(game, {**draw, **step.get("draw", {})})
        if n:  # a later step's picture is put in the page when it is first shown
            drawn = f"<template>{drawn}</template>"
        frames.append(f'<div class="rules-frame" data-step="{n}"{hidden}>{drawn}</div>')
        captions.append(f'<p data-step="{n}"{hidden}>{both(step["caption"])}</p>')
    label = html.escape(catalogue["rules.steps"])

    def button(go: str) -> str:
        return (
            f'<button type="button" data-go="{go}" data-i18n="rules.step.{go}">'
            f"{html.escape(catalogue[f'rules.step.{go}'])}</button>"
        )

    values = html.escape(json.dumps({"n": 1, "of": len(steps)}), quote=True)
    counter = (
        f'<span class="rules-count" aria-live="polite" data-i18n="rules.step.count" '
        f'data-i18n-values="{values}">'
        f"{html.escape(catalogue['rules.step.count'].format(n=1, of=len(steps)))}</span>"
    )
    controls = button("first") + button("back") + counter + button("forward") + button("last")
    return (
        f'<figure class="rules-diagram rules-sequence" id="{did}" data-steps="{len(steps)}">'
        f'<div class="board-frame">{"".join(frames)}</div>'
        f'<figcaption>{"".join(captions)}</figcaption>'
        f'<div class="rules-steps" role="group" aria-label="{label}" '
        f'data-i18n-label="rules.steps">{controls}</div></figure>'
    )


def exercise_html(exercise: dict[str, Any], catalogue: dict[str, str], within: str) -> str:
    """An exercise: its prompt, its position drawn here (the engine starts when the reader
    starts the exercise), its buttons (the hint and the answer among them from the first, for a
    reader who does not know where to start) and, hidden, its hint and the words for a solved
    one."""
    game = load_game(exercise["record"])
    data = {
        "id": exercise["id"],
        "record": exercise["record"],
        "goal": exercise["goal"],
        "answer": exercise["answer"],
        "draw": exercise.get("draw", {}),
        "open": bool(exercise.get("open")),
    }
    narrow = game.narrow_picture(data["draw"])
    if narrow is not None:  # the options the engine draws it with on a narrow screen
        data["narrow"] = narrow
    eid = exercise["id"]
    standings = STANDINGS[exercise["standings"]](game, catalogue) if "standings" in exercise else ""
    hint = ""
    if "hint" in exercise:
        hint = f'<div class="rules-hint" hidden>{both(exercise["hint"], "p")}</div>'

    def button(act: str, hidden: bool = True) -> str:
        shown = " hidden" if hidden else ""
        kind = ' class="primary"' if act == "start" else ""
        return (
            f'<button type="button" data-act="{act}"{kind}{shown} data-i18n="rules.exercise.{act}">'
            f"{html.escape(catalogue[f'rules.exercise.{act}'])}</button>"
        )

    # Help for a reader who does not know where to start, there from the first: the hint (when
    # the exercise has one) and the answer, after a word that asks for a try first.
    help_buttons = (button("hint", False) if hint else "") + button("answer", False)

    return (
        # named "Try it" and its section's title, so that each exercise's region has a name
        # of its own
        f'<section class="panel rules-exercise" id="{eid}" aria-labelledby="{eid}-title '
        f'{within}-title" '
        f'data-exercise="{html.escape(json.dumps(data, separators=(",", ":")), quote=True)}">'
        f'<h3 id="{eid}-title">{words("rules.exercise.title", catalogue)}</h3>'
        f'<div class="rules-prompt">{both(exercise["prompt"], "p")}</div>'
        f"{standings}"
        f'<div class="board-frame rules-board" tabindex="-1">'
        f"{fitted(game, exercise.get('draw', {}))}</div>"
        '<div class="choices" hidden></div>'
        '<p class="rules-verdict" role="status" aria-live="polite"></p>'
        f'<div class="rules-solved" hidden>{both(exercise["solved"], "p")}</div>'
        f'<div class="rules-reason" hidden>{both(exercise["reason"], "p")}</div>'
        f"{hint}"
        f'<div class="buttons">{button("start", False)}{button("again")}</div>'
        f'<div class="rules-help">{words("rules.exercise.stuck", catalogue)}'
        f"{help_buttons}</div></section>"
    )


def bosk_winter_standings(game: Game, catalogue: dict[str, str]) -> str:
    """Bosk's park as it stands before the reader's move: each region's spaces per player and
    the points they would bring if winter came now, then winter's, summer's and both totals."""
    score = game.score()
    seats = range(len(score["names"]))
    heads = [words("bosk.winter.region", catalogue)]
    heads += [words("seat.player", catalogue, {"n": seat + 1}) for seat in seats]
    rows = []
    for region in score["winter_now"]:
        name = region["region"]
        if region["lake"]:
            name = words("bosk.winter.lake", catalogue, {"region": name})
        cells = [
            words("bosk.spaces-points", catalogue, {"sum": spaces, "points": points})
            for spaces, points in zip(region["spaces"], region["points"], strict=True)
        ]
        rows.append([name, *cells])
    summer, winter = score["summer_totals"], score["winter_now_totals"]
    totals = [
        ("rules.standings.winter", winter),
        ("rules.standings.summer", summer),
        ("rules.standings.total", [a + b for a, b in zip(summer, winter, strict=True)]),
    ]
    foot = [[words(key, catalogue), *map(str, values)] for key, values in totals]
    return (
        '<div class="table-scroll rules-standings"><table class="regions">'
        f"<caption>{words('rules.standings.caption', catalogue)}</caption>"
        f"<thead>{table_row(heads, 'th')}</thead>"
        f"<tbody>{''.join(table_row(cells) for cells in rows)}</tbody>"
        f"<tfoot>{''.join(table_row(cells) for cells in foot)}</tfoot></table></div>"
    )


def bosk_summer_standings(game: Game, catalogue: dict[str, str]) -> str:
    """Bosk's park in spring before the reader's tree: each line's tree values per player and
    the summer points they would bring if spring ended now (``score()["summer_now"]``), the rows
    and the columns side by side, then summer's totals as they stand."""
    score = game.score()
    seats = range(len(score["names"]))
    players = [words("seat.player", catalogue, {"n": seat + 1}) for seat in seats]

    def lines(kind: str) -> str:
        rows = []
        for line in score["summer_now"]:
            named, _, at = line["line"].partition(" ")
            if named != kind:
                continue
            cells = [
                words("bosk.sum-points", catalogue, {"sum": total, "points": points})
                for total, points in zip(line["sums"], line["points"], strict=True)
            ]
            rows.append(table_row([html.escape(at), *cells]))
        heads = table_row([words(f"rules.standings.{kind}", catalogue), *players], "th")
        return (
            f'<div class="table-scroll"><table class="regions">'
            f"<thead>{heads}</thead><tbody>{''.join(rows)}</tbody></table></div>"
        )

    totals = " · ".join(
        f"{player} {points}" for player, points in zip(players, score["summer_now_totals"],
                                                       strict=True)
    )
    return (
        '<div class="rules-standings rules-standings-lines">'
        '<p class="rules-standings-caption">'
        f"{words('rules.standings.lines-caption', catalogue)}</p>"
        f'<div class="rules-standings-pair">{lines("row")}{lines("column")}</div>'
        f'<p class="rules-standings-total">{words("rules.standings.summer-now", catalogue)} '
        f"{totals}</p></div>"
    )


def table_row(cells: list[str], tag: str = "td") -> str:
    """A row of a table of standings."""
    return "<tr>" + "".join(f"<{tag}>{cell}</{tag}>" for cell in cells) + "</tr>"


# An exercise's standings before the move ("standings" in its content), by kind.
STANDINGS: dict[str, Callable[[Game, dict[str, str]], str]] = {
    "bosk-winter": bosk_winter_standings,
    "bosk-summer": bosk_summer_standings,
}


def first_game_html(content: dict[str, Any], catalogue: dict[str, str]) -> str:
    """The first-game section: tips and a link that opens a new game against the Beginner
    computer."""
    game = content["game"]
    options = content["first_game"].get("options", {})
    fragment = "&".join(f"{k}={v}" for k, v in options.items())
    href = html.escape(f"{game}.html#{fragment}{'&' if fragment else ''}moves=", quote=True)
    body = "".join(paragraphs(p) for p in content["first_game"]["body"])
    return (
        f'<section class="rules-section" id="first-game" aria-labelledby="first-game-title">'
        f'<h2 id="first-game-title">{words("rules.first.title", catalogue)}</h2>{body}'
        f'<p><a class="button primary" id="first-game-link" href="{href}" data-game="{game}">'
        f"{words('rules.first.play', catalogue)}</a></p>"
        f'<p class="lede">{words("rules.first.note", catalogue)}</p></section>'
    )


def sections_html(content: dict[str, Any], catalogue: dict[str, str]) -> tuple[str, str]:
    """The contents list and the sections."""
    nav, parts = [], []
    for section in content["sections"]:
        sid = section["id"]
        exercise = section.get("exercise")
        mark = f' data-exercise="{exercise["id"]}"' if exercise else ""
        nav.append(f'<li{mark}><a href="#{sid}">{both(section["title"])}</a></li>')
        body = "".join(paragraphs(p) for p in section.get("body", []))
        figures = "".join(diagram_html(d, catalogue) for d in section.get("diagrams", []))
        practice = exercise_html(exercise, catalogue, sid) if exercise else ""
        parts.append(
            f'<section class="rules-section" id="{sid}" aria-labelledby="{sid}-title">'
            f'<h2 id="{sid}-title">{both(section["title"])}</h2>{body}{figures}{practice}'
            "</section>"
        )
    nav.append(f'<li><a href="#first-game">{words("rules.first.title", catalogue)}</a></li>')
    return "\n".join(nav), "\n".join(parts) + "\n" + first_game_html(content, catalogue)


def board_selectors() -> list[frozenset[str]]:
    """What the style sheets' rules inside a board (`.board X`) name after `.board`: for each,
    its classes (".cell"), element names ("text") and attributes ("[data-action]")."""
    found = []
    for sheet in STYLE_SHEETS:
        for selectors in re.findall(r"([^{}]*)\{", sheet.read_text("utf-8")):
            for selector in selectors.split(","):
                inside = re.split(r"\.board(?![\w-])", selector, maxsplit=1)[1:]
                if not inside:
                    continue
                rest = re.sub(r"::?[\w-]+(\([^)]*\))?", "", inside[0])
                names = {f".{c}" for c in re.findall(r"\.([\w-]+)", rest)}
                names |= {f"[{a}" for a in re.findall(r"\[([\w-]+)", rest)}
                names |= set(re.findall(r"(?:^|[\s>+~])([a-zA-Z][\w-]*)", rest))
                if names:
                    found.append(frozenset(names))
    return found


def names_in(part: str) -> set[str]:
    """The classes, element names and attributes of a part of a picture, as board_selectors
    writes them."""
    names = {f".{c}" for found in CLASS.findall(part) for c in found.split()}
    names |= {tag for _, tag, _ in TAG.findall(part)}
    return names | {f"[{a}" for a in re.findall(r" ([\w-]+)=", part)}


def pictures(text: str) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """Each <svg> picture in ``text``: where it starts and ends, and its parts (the spans of its
    root's children)."""
    at = text.find("<svg")
    while at >= 0:
        depth, parts, start = 0, [], 0
        for tag in TAG.finditer(text, at):
            closing, single = tag.group(1) == "/", tag.group(3) == "/"
            if closing:
                depth -= 1
                if depth == 1:
                    parts.append((start, tag.end()))
                elif depth == 0:
                    break
            elif depth == 1 and single:
                parts.append((tag.start(), tag.end()))
            elif not single:
                if depth == 1:
                    start = tag.start()
                depth += 1
        yield at, tag.end(), parts
        at = text.find("<svg", tag.end())


def share_parts(html_text: str, prefix: str) -> tuple[str, str]:
    """Write once what several pictures of a page draw alike: a part of a picture (a child of
    its root, such as Bosk's park: its spaces, textures, borders and grid, most of every Bosk
    picture) found whole in two pictures or more goes into the page's shared <defs>, and each
    picture draws it where it stood with a <use>, which carries the part's own classes. A part
    with words of the interface, or with a class the style sheets restyle inside a board, stays
    in place: the copy a <use> draws is styled as the part in the <defs>, which is in no board
    (only what the <use> itself is given, such as a filter, reaches it). Returns the shared
    <svg> (empty when nothing is shared) and the text with the parts replaced."""
    styled = board_selectors()

    def shareable(part: str) -> bool:
        if len(part) < SHARED_MIN_CHARS or "data-i18n" in part or " id=" in part:
            return False
        names = names_in(part)
        return not any(selector <= names for selector in styled)

    seen: dict[str, int] = {}
    found = list(pictures(html_text))
    for _, _, parts in found:
        for start, end in parts:
            part = html_text[start:end]
            if shareable(part):
                seen[part] = seen.get(part, 0) + 1
    names: dict[str, str] = {}
    for part, times in seen.items():
        if times > 1:
            names[part] = f"{prefix}-{len(names) + 1}"
    if not names:
        return "", html_text
    out, done = [], 0
    for _, _, parts in found:
        for start, end in parts:
            part = html_text[start:end]
            name = names.get(part)
            if name:
                out.append(html_text[done:start])
                # the <use> carries the part's own classes, so that a rule naming the part by
                # its class inside a board (a filter) reaches the copy too
                own = CLASS.search(part[: part.find(">") + 1])
                classes = f' class="{own[1]}"' if own else ""
                out.append(f'<use href="#{name}"{classes} />')
                done = end
    out.append(html_text[done:])
    defs = "".join(f'<g id="{name}">{part}</g>' for part, name in names.items())
    shared = (
        '<svg class="rules-shared" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" '
        f'focusable="false" width="0" height="0"><defs>{defs}</defs></svg>'
    )
    return shared, "".join(out)


Filler = Callable[[str, dict[str, str], dict[str, str]], str]


def write_rules_pages(
    out: Path, catalogue: dict[str, str], fill: Filler, values: dict[str, str]
) -> list[str]:
    """Write ``<game>-rules.html`` for every content file into ``out`` (``values``: the shared
    parts of a page, such as its head, the preferences and the engine's script; ``fill``: the
    build's template filler); the copied content files are removed from ``out``. Returns the
    games that have a rules page."""
    template = TEMPLATE.read_text("utf-8")
    written = []
    for path in sorted(RULES.glob("*.json")):
        content = load_content(path)
        game = content["game"]
        nav, sections = sections_html(content, catalogue)
        shared, sections = share_parts(sections, f"{game}-part")
        page = {
            **values,
            "game": game,
            "game_page": f"{game}.html",
            "title": html.escape(content["title"]["en"]),
            "heading": both(content["title"]),
            "intro": paragraphs(content["intro"]),
            "nav": nav,
            "sections": shared + sections,
        }
        (out / page_name(game)).write_text(fill(template, page, catalogue), "utf-8")
        written.append(game)
    shutil.rmtree(out / "rules", ignore_errors=True)
    return written
