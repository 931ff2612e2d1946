"""What a Battle Mages player cannot see (engine/core/hidden.py): their hand, to the other
player, but for a card being attempted (the prompt names it); their spellbook and every
Crystal Collection, to everyone (face down, the owner included). The search agent
re-deals from it: the other player's hand and spellbook together, the order of its own
spellbook, and each collection."""

import random

from engine.core.hidden import HiddenZones, redeal, unseen_groups
from engine.rulesets.battle_mages.game import BattleMagesState


def zones(state: BattleMagesState, seat: int) -> HiddenZones:
    side = state.sides[seat]
    attempted = {getattr(step, "source_uid", None) for step in state.steps}
    return HiddenZones(
        hand=side.hand,
        draw_piles=(side.spellbook,),
        face_down=(side.collection,),
        announced=lambda card: card.uid in attempted,
    )


def determinize(state: BattleMagesState, viewer: int, rng: random.Random) -> BattleMagesState:
    twin = state.clone()
    for side in twin.sides:
        # a clone shares the cards of the face-down piles with the real state
        # (Side.clone_plan): own them before they are given new identities
        for pile in (side.spellbook, side.collection):
            pile[:] = [twin.own(card) for card in pile]
    seats = [zones(twin, side.seat) for side in twin.sides]
    redeal(unseen_groups(seats, viewer), rng)
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
