"""Splinter, declared for the engine, the search and the site."""

from ...core import GameSpec

SPEC = GameSpec(
    name='splinter',
    title='Splinter',
    order=2,
    game='Splinter',
    players=(2,),
    notation="a piece's square and the square it steps to, such as h9-h10",
    knowledge='SplinterKnowledge',
    panel=True,
)
