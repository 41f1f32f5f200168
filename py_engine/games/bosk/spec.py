"""Bosk, declared for the engine, the search and the site."""

from ...core import GameSpec

SPEC = GameSpec(
    name='bosk',
    title='Bosk',
    order=3,
    game='Bosk',
    players=(2, 3, 4),
    notation='plant 3@c4, wind N, tree c4, tile 5 or tile S, leaf d5, squirrel d6',
    knowledge='BoskKnowledge',
    panel=True,
)
