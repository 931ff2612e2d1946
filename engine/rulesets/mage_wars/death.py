"""Health lost and healed, death, and resurrection (mw:101, mw:132-139, R7, R11, R12, R34)."""

from itertools import combinations

from engine.core import events as ev
from engine.core.events import Note
from engine.rulesets.mage_wars.state import TableState
from engine.rulesets.mage_wars.table import Card, Seat


def lose_health(state: TableState, victim: Seat, amount: int, by: Seat | None, source: str) -> None:
    """mw:101 — health cards go face up to their discard piles; at none the Mage dies."""
    if victim.dead or victim.gone:
        return
    lost = min(amount, len(victim.health))
    if by is not None and by is not victim:  # R34: what an attack takes, not what it deals
        by.wounds += lost
    for _ in range(lost):
        state.discard(state.own(victim.health.pop()))
    state.events.append(ev.Damaged(victim.name, lost, len(victim.health), source))
    if not victim.health:
        kill(state, victim, by)


def heal(state: TableState, side: Seat, amount: int) -> None:
    """R7: health cards drawn from the Mage's decks, never above its health."""
    decks = side.mage.proto.data.health_decks
    healed = 0
    while healed < amount and len(side.health) < state.max_health(side):
        if not state.put_health(side, decks[len(side.health) % len(decks)]):
            break
        healed += 1
    if healed:
        state.events.append(ev.Healed(side.name, healed, len(side.health)))
    else:
        state.events.append(Note(f"{side.name}'s Mage is already at full health."))


def strip(state: TableState, side: Seat, *, everything: bool = False) -> list[Card]:
    """What a dying Mage discards (mw:133-135); a leaving player discards all (R16)."""
    armor = [state.own(c) for c in side.armor]
    cards = side.hand + side.pets + list(side.items.values()) + armor + side.works
    cards += [c for c, _ in side.trials]
    side.hand, side.pets, side.armor, side.works, side.trials = [], [], [], [], []
    side.items = {}
    if everything:
        cards += [state.own(c) for c in side.health] + side.board + side.wards + side.levels
        side.health, side.board, side.wards, side.levels = [], [], [], []
    return cards


def kill(state: TableState, victim: Seat, by: Seat | None) -> None:
    victim.dead = True
    state.events.append(ev.Died(f"Mage {victim.mage.proto.name}", victim.name))
    for card in strip(state, victim):
        state.discard(card)
    if by is not None and by is not victim:
        by.kills += 1
    if victim.seat == state.active and not state.over:  # R12: the turn ends at once
        state.steps.clear()  # what was waiting, an open prompt included
        for card in state.limbo:
            state.discard(card)
        state.limbo = []
        state.phase = "ending"  # the next turn comes once the stack is empty (game.py)


def payment(side: Seat) -> list[Card] | None:
    """Hand cards that pay every Resurrect requirement, one card each (R11)."""
    needs = sorted(side.mage.proto.data.resurrect, key=lambda n: n == "any")
    cards = [c for c in side.hand if c.proto.resources]
    return _match(needs, cards, [])


def resurrect(state: TableState, side: Seat) -> None:
    """mw:139 — pay and draw health cards (then a turn at once: turn.RisePrompt)."""
    paid = payment(side)
    assert paid is not None  # the rise prompt offers this only when the hand pays
    for card in paid:
        side.hand.remove(card)
        state.discard(card)
    side.dead = False
    heal(state, side, state.max_health(side))
    state.events.append(Note(f"{side.name}'s Mage {side.mage.proto.name} is resurrected!"))


def needs_paid(needs: list[str], cards: list[Card]) -> int:
    """How many of the Resurrect requirements `needs` these cards could pay at most, one
    card each: what a dead Mage's choice of cards to keep looks at (ai.choose_many)."""
    needs = sorted(needs, key=lambda n: n == "any")
    payers = [c for c in cards if c.proto.resources]
    for count in range(len(needs), 0, -1):
        for subset in combinations(needs, count):
            if _match(list(subset), payers, []) is not None:
                return count
    return 0


def _match(needs: list[str], cards: list[Card], used: list[Card]) -> list[Card] | None:
    """A small backtracking match of requirements to distinct cards."""
    if not needs:
        return used
    need = needs[0]
    for card in cards:
        if card in used:
            continue
        if need == "any" or need in card.proto.resources:
            found = _match(needs[1:], cards, [*used, card])
            if found is not None:
                return found
    return None
