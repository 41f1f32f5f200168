"""Bounders, declared for the engine, the search and the site."""

from ...core import GameSpec

SPEC = GameSpec(
    name='bounders',
    title='Bounders',
    order=1,
    game='Bounders',
    players=(2,),
    notation='a cell such as g7, or swap (tournament rules, second action only)',
    knowledge='BoundersKnowledge',
    panel=True,
)
