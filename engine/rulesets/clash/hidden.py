"""What a Clash player cannot see, re-dealt for the search agent (engine/core/hidden.py):
the other player's hand and deck together, and the order of their own deck."""

import random

from engine.core.hidden import redeal
from engine.rulesets.clash.cards import CardInst
from engine.rulesets.clash.game import ClashState


def _refresh(card: CardInst) -> None:
    """Printed stats and what is built from the printed card, as `ClashState.new_deck`."""
    card.reset()
    card.static_view = None
    card.attack_cache = card.play_cache = None


def determinize(state: ClashState, viewer: int, rng: random.Random) -> ClashState:
    twin = state.clone()
    groups = [side.deck if side.seat == viewer else side.hand + side.deck for side in twin.sides]
    redeal(groups, rng, refresh=_refresh)
    for side in twin.sides:
        side.hand_version += 1
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
