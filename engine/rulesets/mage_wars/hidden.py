"""What a Mage Wars player cannot see (engine/core/hidden.py): their hand, to the other
players; every deck, and their health and armor piles, to everyone (face down, their
owner's included, R1). The search agent re-deals all of it but the viewer's hand, each
card among the hidden slots holding cards of its own deck: which deck a card in a hand or
a pile came from is public (the draws say so), which card it is is not."""

import random

from engine.core.hidden import HiddenZones, group_by, redeal, unseen_cards
from engine.rulesets.mage_wars.game import MageWarsState
from engine.rulesets.mage_wars.table import Card


def zones(state: MageWarsState, seat: int) -> HiddenZones:
    """The six decks have six backs, so everyone saw from which deck each card in a hand
    was drawn (mw:118): a hand card is alike only to a card of its own deck. A card taken
    into hand from health (mw:30) is known to have come from there and carries its
    discount (a view shows "from health"): it is alike to none."""
    side = state.seats[seat]
    return HiddenZones(
        hand=side.hand,
        draw_piles=tuple(state.decks.values()),
        face_down=(side.health, side.armor),
        alike=_same_back,
    )


def _same_back(held: Card, lying: Card) -> bool:
    return held.proto.deck == lying.proto.deck and not held.discount


def determinize(state: MageWarsState, viewer: int, rng: random.Random) -> MageWarsState:
    twin = state.clone()
    seats = [zones(twin, side.seat) for side in twin.seats]
    for pile in {id(pile): pile for held in seats for pile in held.piles()}.values():
        # a clone shares the cards lying in piles with the real state (MageWarsState.clone):
        # own them before they are given new identities
        for i, card in enumerate(pile):
            pile[i] = twin.own(card)
    redeal(group_by(unseen_cards(seats, viewer), lambda card: card.proto.deck), rng)
    twin._decisions = None
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
