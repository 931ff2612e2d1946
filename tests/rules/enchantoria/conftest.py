"""Helpers for the Enchantoria rules tests: a window in a few lines, choices by card id.

`scenario()` opens a Combat (or Preparation) window with `from_scenario`; `cast()` and
`order()` take a player's secret steps through the match, so every step is validated
exactly as a front end's would be; `commit()` ends a player's window.
"""

from typing import Any

from engine.core.events import Event
from engine.core.match import Match, from_scenario
from engine.rulesets.enchantoria.game import EnchantoriaState

FILLER = "mossling"
NAMES = ("Ann", "Bob")


def scenario(
    p0: dict[str, Any] | None = None,
    p1: dict[str, Any] | None = None,
    *,
    turn: int = 3,
    phase: str = "combat",
    seed: int = 0,
) -> Match:
    seats = []
    for i, given in enumerate((p0, p1)):
        seat = dict(given or {})
        seat.setdefault("name", NAMES[i])
        seat.setdefault("mana", 10)
        seat.setdefault("deck", [FILLER] * 6)
        seats.append(seat)
    return from_scenario("enchantoria", {"seats": seats, "turn": turn, "phase": phase}, seed)


def state(match: Match) -> EnchantoriaState:
    return match.state


def uid_in_hand(match: Match, seat: int, card_id: str) -> int:
    me = state(match).players[seat]
    planned = me.planned_uids()
    for card in me.hand:
        if card.proto.id == card_id and card.uid not in planned:
            return card.uid
    raise AssertionError(f"no unplanned {card_id} in seat {seat}'s hand")


def being(match: Match, seat: int, card_id: str, nth: int = 0):
    found = [b for b in state(match).players[seat].board if b.proto.id == card_id]
    return found[nth]


def ref(match: Match, target: Any) -> Any:
    """'p0'/'p1' stay; (seat, card_id) names a being on the board."""
    if isinstance(target, tuple):
        return being(match, *target).uid
    return target


def cast(match: Match, seat: int, card_id: str, target: Any = None, x: int | None = None):
    """Plan one spell as a player would: pick it, then its X, then its target."""
    match.apply(seat, ("cast", uid_in_hand(match, seat, card_id)))
    me = state(match).players[seat]
    if x is not None:
        match.apply(seat, ("x", x))
    if me.step is not None and me.step[0] == "target":
        match.apply(seat, ("target", ref(match, target)))
    assert me.step is None, f"{card_id} is still half chosen: {me.step}"


def order(match: Match, seat: int, creature: str, target: Any, nth: int = 0) -> None:
    match.apply(seat, ("order", being(match, seat, creature, nth).uid, ref(match, target)))


def commit(match: Match, *seats: int) -> None:
    """Commit the Combat choices of `seats` (both by default); the window then resolves."""
    turn = state(match).turn
    for seat in seats or (0, 1):
        decision = match.decision_for(seat)
        if decision is not None and decision.kind == "cast" and state(match).turn == turn:
            match.apply(seat, ("done",))


def next_combat(match: Match) -> None:
    """Both players recycle nothing: the next Combat window opens."""
    for seat in (0, 1):
        decision = match.decision_for(seat)
        if decision is not None and decision.kind == "recycle":
            match.apply(seat, ("keep",))


def health(match: Match, seat: int) -> int:
    return state(match).players[seat].health


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]
