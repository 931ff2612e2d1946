"""Invariants that must hold after every action of every Clash game.

Each check returns a list of broken promises (empty when all is well), so one failing game
reports everything wrong with it at once.
"""

from engine.core.events import CardDrawn
from engine.core.match import Match
from engine.rulesets.clash.game import ClashState
from engine.rulesets.clash.state import BOARD_SLOTS, MAX_MANA

DECK_SIZE = 30


def card_counts(state: ClashState) -> list[int]:
    """Non-token cards per owner, wherever they are (equipment rides on monsters)."""
    counts = [0, 0]
    for side in state.sides:
        for zone in (side.deck, side.hand, side.graveyard):
            for card in zone:
                counts[card.owner] += 1
        for monster in side.board:
            if not monster.proto.token:
                counts[monster.owner] += 1
            for item in monster.attached:
                counts[item.owner] += 1
    return counts


def broken_invariants(match: Match, expected_cards: list[int]) -> list[str]:
    state: ClashState = match.state
    problems = []
    if card_counts(state) != expected_cards:
        problems.append(f"cards per owner {card_counts(state)} != {expected_cards}")
    for side in state.sides:
        if not 0 <= side.mana <= MAX_MANA or not 0 <= side.max_mana <= MAX_MANA:
            problems.append(f"{side.name} mana {side.mana}/{side.max_mana} outside 0..10")
        if len(side.board) > BOARD_SLOTS:
            problems.append(f"{side.name} has {len(side.board)} monsters")
        for monster in side.board:
            if monster.health > monster.max_health:
                problems.append(f"{monster.proto.name} health {monster.health} > max")
            if monster.health <= 0 and not match.over:
                # R9: once the deciding damage lands nothing more happens, so a monster
                # that fell in that same effect is still on the board of a finished match
                # (regression: clash-seed-175.json). Until then, deaths are settled at once.
                problems.append(f"{monster.proto.name} at {monster.health} health on the board")
            if monster.power < 0 or monster.toughness < 0:
                problems.append(f"{monster.proto.name} has a negative stat")
    problems += leaks(match)
    return problems


def hidden_uids(state: ClashState, viewer: int) -> set[int]:
    """Cards `viewer` must not see: the opponent's hand and every deck."""
    hidden = {c.uid for c in state.sides[1 - viewer].hand}
    for side in state.sides:
        hidden |= {c.uid for c in side.deck}
    return hidden


def leaks(match: Match) -> list[str]:
    state: ClashState = match.state
    problems = []
    for viewer in (0, 1):
        view = match.view(viewer)
        opponent = view.seats[1 - viewer]
        if opponent.zones["hand"].cards is not None:
            problems.append(f"view({viewer}) shows the opponent's hand")
        if any(seat.zones["deck"].cards is not None for seat in view.seats):
            problems.append(f"view({viewer}) shows a deck's cards")
        shown = {
            card.uid
            for seat in view.seats
            for zone in seat.zones.values()
            for card in (zone.cards or ())
        }
        secret = shown & hidden_uids(state, viewer)
        if secret:
            problems.append(f"view({viewer}) holds hidden card uids {sorted(secret)}")
        for event in view.events:
            if isinstance(event, CardDrawn) and event.player != viewer and event.card:
                problems.append(f"view({viewer}) names the opponent's drawn card")
    return problems


def seed_leaks(match: Match) -> list[str]:
    """The seed decides every shuffle: no view may carry it (checked once per game)."""
    seed = str(match.meta.seed)
    problems = []
    for viewer in (0, 1, None):
        text = repr(match.view(viewer))
        if "seed" in text.lower() or (len(seed) > 3 and seed in text):
            problems.append(f"view({viewer}) shows the seed")
    return problems
