"""What an Enchantoria player cannot see, re-dealt for the search agent
(engine/core/hidden.py): the other player's hand and deck together, the order of their own
deck, and the other player's secret choice in the open window (taken back: in the
imagined game they choose again, as the agent cannot know what they chose)."""

import random

from engine.core.hidden import redeal
from engine.rulesets.enchantoria.cards import CardInst
from engine.rulesets.enchantoria.game import EnchantoriaState


def _refresh(card: CardInst) -> None:
    card.health = card.max_health = card.proto.health


def determinize(state: EnchantoriaState, viewer: int, rng: random.Random) -> EnchantoriaState:
    twin = state.clone()
    groups = []
    for player in twin.players:
        # a clone shares the cards of the decks with the real state (Player.clone_plan):
        # own them before they are given new identities
        player.deck[:] = [twin.own(card) for card in player.deck]
        if player.seat == viewer:
            groups.append(player.deck)
            continue
        player.plan, player.step, player.pick, player.ready = [], None, None, False
        groups.append(player.hand + player.deck)
    redeal(groups, rng, refresh=_refresh)
    twin._decisions = None
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
