"""The home page's game cards, written by the build (``tools/build_site.py``).

Each playable game gets a card with a picture of a typical position in the middle of a game,
drawn here in CPython by the engine (so the page needs no Python to show it), how many play,
about how long a game lasts, a one-line pitch, and buttons that start a game at once: against a
friend at this screen, or against the computer at a level chosen on the card
(``web/js/home-page.js`` does the starting). A game not yet in the engine is listed as coming.
Every text is the English message of its catalogue key, marked ``data-i18n`` so that the page's
script shows it in the reader's language.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from py_engine import GAMES, new_game
from py_engine.ai import LEVELS as ENGINE_LEVELS

# The computer's levels, weakest first, as the engine names them (web/js/computer.js too).
LEVELS = tuple(ENGINE_LEVELS)
# The level a card offers before the reader has chosen one.
FIRST_LEVEL = "medium" if "medium" in LEVELS else LEVELS[0]


class Picture(NamedTuple):
    """How a card's position is reached: ``plies`` random actions chosen by a generator seeded
    with ``seed`` from the start with the default options; ``draw``: the picture's options."""

    seed: int
    plies: int
    draw: dict[str, Any]


# A position from the middle of a game, for each game's card. Bosk's park is drawn without its
# wind board, so that the park stays legible at a card's width.
PICTURES: dict[str, Picture] = {
    "bounders": Picture(seed=3, plies=34, draw={}),
    "splinter": Picture(seed=5, plies=26, draw={}),
    "bosk": Picture(seed=7, plies=40, draw={"panel": False}),
}


# A game added without an entry above gets this one.
DEFAULT_PICTURE = Picture(seed=1, plies=20, draw={})


def picture_of(name: str) -> Picture:
    """How the card of ``name`` gets its picture."""
    return PICTURES.get(name, DEFAULT_PICTURE)


def mid_game(name: str) -> Any:
    """The game of ``name`` after its card's seeded actions (fewer if the game ends first)."""
    picture = picture_of(name)
    rng = random.Random(picture.seed)
    game = new_game(name)
    for _ in range(picture.plies):
        if game.to_move is None:
            break
        game.play(rng.choice(sorted(game.legal_actions())))
    return game


def card_picture(name: str) -> str:
    """The card's picture: the engine's SVG of the mid-game position, nothing to click."""
    return str(mid_game(name).svg(highlight=False, **picture_of(name).draw))


def seat_counts(name: str) -> str:
    """How many play, as text: ``2`` or ``2–4``."""
    option = GAMES[name].OPTIONS.get("players")
    counts = sorted(option.choices) if option else [new_game(name).players]
    low, high = counts[0], counts[-1]
    return str(low) if low == high else f"{low}–{high}"


def message(catalogue: dict[str, str], key: str, values: dict[str, str] | None = None,
            tag: str = "span", attributes: str = "") -> str:
    """An element holding the English message of ``key``, marked for translation."""
    text = catalogue[key]
    marks = f' data-i18n="{key}"'
    if values:
        for field, value in values.items():
            text = text.replace(f"{{{field}}}", value)
        marks += f' data-i18n-values="{html.escape(json.dumps(values), quote=True)}"'
    return f"<{tag}{attributes}{marks}>{html.escape(text)}</{tag}>"


def playable_card(name: str, catalogue: dict[str, str], links: str = "") -> str:
    """A playable game's card: picture, title (the link to its page), facts, pitch, buttons,
    and ``links`` (markup made by the build, such as the link to the game's rules) at its foot."""
    level_options = "".join(
        f'<option value="{level}"{" selected" if level == FIRST_LEVEL else ""}'
        f' data-i18n="home.level.{level}">{html.escape(catalogue[f"home.level.{level}"])}</option>'
        for level in LEVELS
    )
    parts = [
        f'<li class="game-card" data-game="{name}">',
        f'<div class="card-picture">{card_picture(name)}</div>',
        '<div class="card-text">',
        f'<h2 class="game-title" id="title-{name}"><a href="{name}.html"'
        f' data-i18n="game.{name}.title">{html.escape(catalogue[f"game.{name}.title"])}</a></h2>',
        '<p class="card-facts">'
        + message(catalogue, "home.players", {"players": seat_counts(name)},
                  attributes=' class="players"')
        + " · "
        + message(catalogue, f"game.{name}.length", attributes=' class="length"')
        + "</p>",
        message(catalogue, f"game.{name}.blurb", tag="p", attributes=' class="pitch"'),
        f'<div class="quick-start" role="group" aria-labelledby="title-{name}">',
        f'<button type="button" class="primary start-friend" data-game="{name}"'
        f' data-i18n="home.play-friend">{html.escape(catalogue["home.play-friend"])}</button>',
        '<span class="start-computer">',
        f'<label>{message(catalogue, "home.level")} '
        f'<select class="level" name="level-{name}">{level_options}</select></label>',
        f'<button type="button" class="start-computer-button" data-game="{name}"'
        f' data-i18n="home.play-computer">{html.escape(catalogue["home.play-computer"])}</button>',
        "</span>",
        "</div>",
    ]
    if links:
        parts.append(f'<div class="card-links">{links}</div>')
    parts += ["</div>", "</li>"]
    return "".join(parts)


def coming_card(name: str, catalogue: dict[str, str]) -> str:
    """A game the engine does not have yet: its title and pitch, marked as coming."""
    title = html.escape(catalogue.get(f"game.{name}.title", name))
    blurb = html.escape(catalogue.get(f"game.{name}.blurb", ""))
    coming = html.escape(catalogue["home.coming"])
    return (
        f'<li class="game-card coming" data-game="{name}"><div class="card-text">'
        f'<h2 class="game-title" data-i18n="game.{name}.title">{title}</h2> '
        f'<span class="badge" data-i18n="home.coming">{coming}</span>'
        f'<p class="pitch" data-i18n="game.{name}.blurb">{blurb}</p></div></li>'
    )


def home_cards(games: Sequence[str], catalogue: dict[str, str],
               links: Callable[[str], str] | None = None) -> str:
    """Every game's card, in the order given: playable ones in full, the others as coming.
    ``links(name)``, when given, is the markup of the links at the foot of a playable card."""
    return "\n".join(
        playable_card(name, catalogue, links(name) if links else "") if name in GAMES
        else coming_card(name, catalogue)
        for name in games
    )
