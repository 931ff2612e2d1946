"""What a magic-core player cannot see, re-dealt for the search agent
(engine/core/hidden.py): each other player's hand and library together, and the order of
their own library."""

import random

from engine.core.hidden import redeal
from engine.rulesets.magic_core.game import MagicState


def determinize(state: MagicState, viewer: int, rng: random.Random) -> MagicState:
    twin = state.clone()
    groups = []
    for player in twin.players:
        # a clone shares library cards with the real state (MagicState.clone_plan): own them
        # before they are given new identities
        library = player.library
        for i, obj in enumerate(library):
            library[i] = twin.objs[obj.uid] = obj.copy()
        groups.append(library if player.seat == viewer else player.hand + library)
    redeal(groups, rng)
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
