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
        groups.append(side.spellbook if side.seat == viewer else side.hand + side.spellbook)
        groups.append(side.collection)
    redeal(groups, rng)
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
