"""What a Clash player cannot see (engine/core/hidden.py): their hand, to the other player,
and their deck, to everyone. The search agent re-deals from it: the other player's hand
and deck together, and the order of its own deck."""

import random

from engine.core.hidden import HiddenZones, redeal, unseen_groups
from engine.rulesets.clash.cards import CardInst
from engine.rulesets.clash.game import ClashState


def zones(state: ClashState, seat: int) -> HiddenZones:
    side = state.sides[seat]
    return HiddenZones(hand=side.hand, draw_piles=(side.deck,))


def _refresh(card: CardInst) -> None:
    """Printed stats and what is built from the printed card, as `ClashState.new_deck`."""
    card.reset()
    card.static_view = None
    card.attack_cache = card.play_cache = None


def determinize(state: ClashState, viewer: int, rng: random.Random) -> ClashState:
    twin = state.clone()
    seats = [zones(twin, side.seat) for side in twin.sides]
    redeal(unseen_groups(seats, viewer), rng, refresh=_refresh)
    for side in twin.sides:
        side.hand_version += 1
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
