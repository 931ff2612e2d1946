"""What a magic-core player cannot see (engine/core/hidden.py): their hand, to the other
players, and their library, to everyone. The search agent re-deals from it: each other
player's hand and library together, and the order of its own library."""

import random

from engine.core.hidden import HiddenZones, redeal, unseen_groups
from engine.rulesets.magic_core.game import MagicState


def zones(state: MagicState, seat: int) -> HiddenZones:
    player = state.players[seat]
    return HiddenZones(hand=player.hand, draw_piles=(player.library,))


def determinize(state: MagicState, viewer: int, rng: random.Random) -> MagicState:
    twin = state.clone()
    for player in twin.players:
        # a clone shares library cards with the real state (MagicState.clone_plan): own them
        # before they are given new identities
        library = player.library
        for i, obj in enumerate(library):
            library[i] = twin.objs[obj.uid] = obj.copy()
    seats = [zones(twin, player.seat) for player in twin.players]
    redeal(unseen_groups(seats, viewer), rng)
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
