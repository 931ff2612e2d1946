"""What a Mage Wars player cannot see, re-dealt for the search agent
(engine/core/hidden.py): every deck, the other players' hands, and every health and armor
pile (face down, their owner's included, R1). Each card is re-dealt among the hidden
slots holding cards of its own deck: which deck a card in a hand or a pile came from is
public (the draws say so), which card it is is not."""

import random

from engine.core.hidden import group_by, redeal
from engine.rulesets.mage_wars.game import MageWarsState
from engine.rulesets.mage_wars.table import Card


def determinize(state: MageWarsState, viewer: int, rng: random.Random) -> MageWarsState:
    twin = state.clone()
    hidden: list[Card] = []
    piles = [*twin.decks.values()]
    for side in twin.seats:
        piles += [side.health, side.armor]
    for pile in piles:
        # a clone shares the cards lying in piles with the real state (MageWarsState.clone):
        # own them before they are given new identities
        for i, card in enumerate(pile):
            pile[i] = twin.own(card)
        hidden += pile
    for side in twin.seats:
        if side.seat != viewer:
            hidden += side.hand
    redeal(group_by(hidden, lambda card: card.proto.deck), rng)
    twin._decisions = None
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
