"""What an Enchantoria player cannot see (engine/core/hidden.py): their hand, to the other
player, and their deck, to everyone. The search agent re-deals from it: the other
player's hand and deck together, the order of its own deck, and the other player's secret
choice in the open window taken back (in the imagined game they choose again, as the
agent cannot know what they chose)."""

import random
from typing import Any

from engine.core.hidden import HiddenZones, redeal, unseen_groups
from engine.rulesets.enchantoria.cards import CardInst
from engine.rulesets.enchantoria.game import EnchantoriaState


def zones(state: EnchantoriaState, seat: int) -> HiddenZones:
    """A player who is ready has committed their secret choice of the window (`plan`: the
    spells cast, `step`: one half chosen, `pick`: a Preparation or Discard choice), which
    names hand cards by uid and is revealed as it stands: a card so named could not trade
    places with a deck card unnoticed (the choice would name another card)."""
    player = state.players[seat]
    named = _uids((player.plan, player.step, player.pick))
    return HiddenZones(
        hand=player.hand,
        draw_piles=(player.deck,),
        alike=lambda held, lying: held.uid not in named,
    )


def _uids(value: Any) -> set[int]:
    """Every int inside nested tuples and lists (the uids a secret choice names)."""
    if isinstance(value, tuple | list):
        found: set[int] = set()
        for part in value:
            found |= _uids(part)
        return found
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def _refresh(card: CardInst) -> None:
    card.health = card.max_health = card.proto.health


def determinize(state: EnchantoriaState, viewer: int, rng: random.Random) -> EnchantoriaState:
    twin = state.clone()
    for player in twin.players:
        # a clone shares the cards of the decks with the real state (Player.clone_plan):
        # own them before they are given new identities
        player.deck[:] = [twin.own(card) for card in player.deck]
        if player.seat != viewer:
            player.plan, player.step, player.pick, player.ready = [], None, None, False
    seats = [zones(twin, player.seat) for player in twin.players]
    redeal(unseen_groups(seats, viewer), rng, refresh=_refresh)
    twin._decisions = None
    twin.rng = twin.rng.reseeded(rng.getrandbits(32))
    return twin
