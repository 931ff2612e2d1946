"""Helpers for Mage Wars rule tests: a position from a few lines, and its cards by id.

Rule references name lines of shared/rules/mage-wars.md (`mage-wars.md:NN`) or rulings
of docs/rules/mage-wars.md (`R#`).
"""

from typing import Any

from engine.core.match import Match, from_scenario
from engine.rulesets.mage_wars.game import MageWarsState
from engine.rulesets.mage_wars.state import WIN_FROM
from engine.rulesets.mage_wars.table import Card


def game(*seats: dict[str, Any], seed: int = 1, **extra: Any) -> Match:
    """A main-phase match for seat `active` (0 unless given), with the seats described;
    in round `WIN_FROM` unless given, past the Opening (R33), so that a win can happen."""
    extra.setdefault("round", WIN_FROM)
    return from_scenario("mage-wars", {"seats": list(seats), **extra}, seed)


def state(match: Match) -> MageWarsState:
    return match.state


def card(match: Match, card_id: str, cards: list[Card] | None = None) -> Card:
    """The first card with this id in `cards` (default: anywhere but the decks)."""
    s = state(match)
    if cards is None:  # the table: works, pets, items, board, wards, levels, the centre
        cards = list(s.centre)
        for side in s.seats:
            cards += side.works + side.pets + list(side.items.values())
            cards += side.board + side.wards + side.levels
    return next(c for c in cards if c.proto.id == card_id)


def hand(match: Match, seat: int, card_id: str) -> Card:
    return card(match, card_id, state(match).seats[seat].hand)


def actions(match: Match) -> list[tuple]:
    return list(match.pending[0].actions) if match.pending else []


def do(match: Match, *action: Any) -> None:
    """Apply an action for whoever has the open decision."""
    match.apply(match.pending[0].player, tuple(action))


def settle(match: Match) -> None:
    """Answer every prompt with its first choice until a main phase (or the end)."""
    while match.pending and match.pending[0].kind != "main":
        d = match.pending[0]
        match.apply(d.player, tuple(d.actions[: d.min_picks]) if d.multi else d.actions[0])


def end_turn(match: Match) -> None:
    """End the turn and settle the prompts on the way to the next main phase."""
    do(match, "end")
    settle(match)


def visible_uids(view) -> set[int]:
    """Every card uid a view shows face up, in any zone, attached cards included."""
    zones = [z for seat in view.seats for z in seat.zones.values()] + list(view.table.values())
    found: set[int] = set()
    for zone in zones:
        for c in zone.cards or ():
            found.add(c.uid)
            found.update(a.uid for a in c.attached)
    return found
