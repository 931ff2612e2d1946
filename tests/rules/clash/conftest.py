"""Helpers for the Clash rules tests: a position in a few lines, actions named by card id.

`scenario()` builds a main-phase position with `engine.core.match.from_scenario` (format in
engine/rulesets/clash/ruleset.py). Every seat gets 10 mana and a small deck of Gravelhide
Pups unless told otherwise, so a turn change never runs into fatigue by accident.
"""

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core.events import Event
from engine.core.match import Match, from_scenario, new_match
from engine.rulesets.clash.ruleset import RULESET

FILLER = "gravelhide_pup"  # a cost-1 vanilla 1/1/3 monster
NAMES = ("Ann", "Bob")


# --- building positions ----------------------------------------------------------------


def scenario(
    p0: dict[str, Any] | None = None,
    p1: dict[str, Any] | None = None,
    *,
    active: int = 0,
    turn: int = 3,
    seed: int = 0,
    **top: Any,
) -> Match:
    """A main-phase match; p0/p1 are seat dicts (health, mana, hand, deck, board ...)."""
    seats = []
    for i, given in enumerate((p0, p1)):
        seat = dict(given or {})
        seat.setdefault("name", NAMES[i])
        seat.setdefault("mana", 10)
        seat.setdefault("deck", [FILLER] * 5)
        seats.append(seat)
    data = {"seats": seats, "active": active, "turn": turn, **top}
    return from_scenario("clash", data, seed=seed)


def mon(
    card: str,
    power: int | None = None,
    toughness: int | None = None,
    health: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A board entry; a given health is also the maximum unless max_health says otherwise."""
    spec: dict[str, Any] = {"card": card, **extra}
    if power is not None:
        spec["power"] = power
    if toughness is not None:
        spec["toughness"] = toughness
    if health is not None:
        spec["health"] = health
        spec.setdefault("max_health", health)
    return spec


def deck(name: str) -> list[str]:
    """A preconstructed 30-card deck: ember_rush, grave_tide or stone_wall."""
    return RULESET.preconstructed_decks()[name]


def fresh_match(
    seed: int = 1,
    decks: Sequence[Sequence[str]] | None = None,
    options: dict[str, Any] | None = None,
) -> Match:
    """A new match at the coin-flip decision."""
    decks = decks or (deck("ember_rush"), deck("stone_wall"))
    return new_match("clash", list(NAMES), [list(d) for d in decks], seed, options)


def started_match(seed: int = 1, starter: int = 0, **kw: Any) -> Match:
    """A new match where `starter` goes first and nobody puts cards back."""
    match = fresh_match(seed, **kw)
    winner = coin_winner(match)
    match.apply(winner, ("first",) if winner == starter else ("second",))
    for seat in (0, 1):
        if match.decision_for(seat) is not None:
            match.apply(seat, ())
    return match


def coin_winner(match: Match) -> int:
    (decision,) = match.pending
    assert decision.kind == "starter"
    return decision.player


# --- finding cards ----------------------------------------------------------------------


def side(match: Match, seat: int):
    return match.state.sides[seat]


def zone(match: Match, seat: int, name: str) -> list:
    return getattr(side(match, seat), name)


def ids(match: Match, seat: int, name: str = "board") -> list[str]:
    """Card ids in a zone (deck top last, as stored; use sorted() to compare contents)."""
    return [c.proto.id for c in zone(match, seat, name)]


def names(match: Match, seat: int, name: str = "board") -> list[str]:
    return [c.proto.name for c in zone(match, seat, name)]


def card(match: Match, card_id: str, seat: int | None = None, where: str = "board"):
    """The one card with this id in a zone of `seat` (or of either seat)."""
    seats = (0, 1) if seat is None else (seat,)
    found = [c for s in seats for c in zone(match, s, where) if c.proto.id == card_id]
    assert len(found) == 1, f"expected one {card_id} in {where} of seat(s) {seats}: {found}"
    return found[0]


def uid(match: Match, card_id: str, seat: int | None = None, where: str = "board") -> int:
    return card(match, card_id, seat, where).uid


def health(match: Match, seat: int) -> int:
    return match.view(None).seat(seat).stats["health"]


def mana(match: Match, seat: int) -> tuple[int, int]:
    """(current, maximum) mana of a seat."""
    stats = match.view(None).seat(seat).stats
    return stats["mana"], stats["max_mana"]


def active(match: Match) -> int:
    return match.state.active


# --- acting -----------------------------------------------------------------------------


def _target(match: Match, target: Any) -> Any:
    if target is None or isinstance(target, int) or target in ("p0", "p1"):
        return target
    return uid(match, target)  # a card id on either board


def play_action(match: Match, card_id: str, target: Any = None, seat: int | None = None):
    seat = active(match) if seat is None else seat
    in_hand = [c for c in zone(match, seat, "hand") if c.proto.id == card_id]
    assert in_hand, f"no {card_id} in seat {seat}'s hand"
    return ("play", in_hand[0].uid, _target(match, target))


def play(match: Match, card_id: str, target: Any = None) -> None:
    """The active player plays a card from hand (target: None, "p0"/"p1", uid or card id)."""
    match.apply(active(match), play_action(match, card_id, target))


def attack_action(match: Match, attacker: Any, target: Any):
    if isinstance(attacker, str):
        attacker = uid(match, attacker, active(match))
    return ("attack", attacker, _target(match, target))


def attack(match: Match, attacker: Any, target: Any) -> None:
    """An active player's monster (card id or uid) attacks "p0"/"p1" or an enemy monster."""
    match.apply(active(match), attack_action(match, attacker, target))


def end_turn(match: Match) -> None:
    match.apply(active(match), ("end",))


def next_turn_of(match: Match, seat: int) -> None:
    """End turns until `seat`'s next turn has started (turns with no choice end by
    themselves, engine contract: a decision with one legal action is taken automatically)."""
    start = match.state.turn
    while not match.over and not (active(match) == seat and match.state.turn > start):
        end_turn(match)


def legal(match: Match, seat: int | None = None) -> list:
    """The legal actions of a seat's open decision ([] when it has none)."""
    decision = match.decision_for(active(match) if seat is None else seat)
    return [] if decision is None else list(decision.actions)


def playable(match: Match, seat: int | None = None) -> set[str]:
    """Ids of the cards the player is offered to play."""
    return {match.state.cards[a[1]].proto.id for a in legal(match, seat) if a[0] == "play"}


def events(match: Match, kind: type[Event], start: int = 0) -> list:
    return [e for e in match.events[start:] if isinstance(e, kind)]


def snapshot(match: Match):
    """Everything a caller can observe, to prove an action changed nothing."""
    return (match.record, match.view(0), match.view(1), match.view(None), len(match.events))


@pytest.fixture
def legal_deck() -> list[str]:
    return list(deck("ember_rush"))
