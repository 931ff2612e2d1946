"""What a Battle Mages player cannot see, re-dealt for the search agent
(engine/core/hidden.py): the other player's hand and spellbook together, the order of
their own spellbook, and every Crystal Collection (face down, its owner included)."""

import random

from engine.core.hidden import redeal
from engine.rulesets.battle_mages.game import BattleMagesState


def determinize(state: BattleMagesState, viewer: int, rng: random.Random) -> BattleMagesState:
    twin = state.clone()
    groups = []
    for side in twin.sides:
        # a clone shares the cards of the face-down piles with the real state
        # (Side.clone_plan): own them before they are given new identities
        for pile in (side.spellbook, side.collection):
            pile[:] = [twin.own(card) for card in pile]
        groups.append(side.spellbook if side.seat == viewer else side.hand + side.spellbook)
        groups.append(side.collection)
    redeal(groups, rng)
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
