"""Mid-game Enchantoria positions for tests and puzzles, checked field by field.

A scenario opens a Preparation or Combat window. Every value is checked before it is used,
and a bad one is refused with a ScenarioError that says where it is ("seat 2, board 1:
health must be 1 or more"), so a typo never builds a position the rules could not reach.

data: {"turn": 3, "phase": "combat", "seats": [seat, seat]}; a seat: name, health,
max_health, mana, max_mana, fatigue, hand / deck (top first) / discard: card ids, board:
summon card ids or {"card", "health", "max_health", "arrived", "protection", "statuses"},
protection: {"power", "turns", "applied_turn", "source"}, statuses: [{"kind", "amount",
"turns", "applied_turn", "source"}].
"""

from typing import Any

from engine.core.errors import ScenarioError
from engine.core.rng import MatchRng
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, protos
from engine.rulesets.enchantoria.entities import START_HEALTH, Protection, Status, mana_for_turn
from engine.rulesets.enchantoria.game import EnchantoriaState
from engine.rulesets.enchantoria.steps import open_window

PHASES = ("preparation", "combat")
SEAT_FIELDS = {
    "name",
    "health",
    "max_health",
    "mana",
    "max_mana",
    "fatigue",
    "hand",
    "deck",
    "discard",
    "board",
    "protection",
    "statuses",
}
BEING_FIELDS = {"card", "health", "max_health", "arrived", "protection", "statuses"}
PROTECTION_FIELDS = {"power", "turns", "applied_turn", "source"}
STATUS_FIELDS = {"kind", "amount", "turns", "applied_turn", "source"}
STATUS_KINDS = ("burn", "regen", "ward", "stun", "weaken")
BEING_ONLY = ("stun", "weaken")  # R12: they act on creatures


def load_scenario(data: Any, rng: MatchRng) -> EnchantoriaState:
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a mapping with 'seats'")
    unknown = sorted(set(data) - {"seats", "turn", "phase"})
    if unknown:
        raise ScenarioError(f"unknown scenario field(s) {unknown}")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        raise ScenarioError("an Enchantoria scenario has exactly two seats")
    for i, seat in enumerate(seats):
        _fields(seat, SEAT_FIELDS, f"seat {i + 1}")
    names = [str(s.get("name", f"Player {i + 1}")) for i, s in enumerate(seats)]
    if names[0] == names[1]:
        raise ScenarioError("the two seats need different names")
    state = EnchantoriaState(names, rng)
    state.turn = _int(data, "turn", 3, 1, "the scenario")
    phase = data.get("phase", "combat")
    if phase not in PHASES:
        raise ScenarioError(f"a scenario opens a window: phase is one of {PHASES}")
    for p, seat in zip(state.players, seats, strict=True):
        where = f"seat {p.seat + 1}"
        p.max_health = _int(seat, "max_health", START_HEALTH, 1, where)
        p.health = _int(seat, "health", p.max_health, 1, where, high=p.max_health)
        p.max_mana = _int(seat, "max_mana", mana_for_turn(state.turn), 0, where)
        p.mana = _int(seat, "mana", p.max_mana, 0, where)
        p.fatigue = _int(seat, "fatigue", 0, 0, where)
        p.deck = [_card(state, c, p.seat) for c in reversed(_ids(seat, "deck", where))]
        p.hand = [_card(state, c, p.seat) for c in _ids(seat, "hand", where)]
        p.discard = [_card(state, c, p.seat) for c in _ids(seat, "discard", where)]
        board = seat.get("board", [])
        if not isinstance(board, list):
            raise ScenarioError(f"{where}: board is a list")
        p.board = [_being(state, b, p.seat, f"{where}, board {n}") for n, b in enumerate(board, 1)]
        _effects(state, p, seat, where)
    open_window(state, phase)
    return state


def _fields(spec: Any, allowed: set[str], where: str) -> None:
    if not isinstance(spec, dict):
        raise ScenarioError(f"{where}: expected a mapping, got {spec!r}")
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown field(s) {unknown} (known: {sorted(allowed)})")


def _int(spec: dict, key: str, default: int, low: int, where: str, high: int | None = None) -> int:
    value = spec.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where}: {key} must be a whole number, not {value!r}")
    if value < low:
        raise ScenarioError(f"{where}: {key} must be {low} or more, not {value}")
    if high is not None and value > high:
        raise ScenarioError(f"{where}: {key} {value} is above its maximum {high}")
    return value


def _ids(seat: dict, zone: str, where: str) -> list[str]:
    ids = seat.get(zone, [])
    if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
        raise ScenarioError(f"{where}: {zone} is a list of card ids, not {ids!r}")
    return ids


def _card(state: EnchantoriaState, card_id: Any, owner: int) -> CardInst:
    if card_id not in protos():
        raise ScenarioError(f"unknown card '{card_id}'")
    return state.new_card(protos()[card_id], owner)


def _being(state: EnchantoriaState, spec: Any, owner: int, where: str) -> CardInst:
    spec = {"card": spec} if isinstance(spec, str) else spec
    _fields(spec, BEING_FIELDS, where)
    being = _card(state, spec.get("card"), owner)
    if being.proto.type != SUMMON:
        raise ScenarioError(f"'{being.proto.id}' is a spell, not a creature or construct")
    where = f"{where} ({being.name})"
    being.max_health = _int(spec, "max_health", being.proto.health, 1, where)
    # at 0 it would have left play in the last Discard Phase (enchantoria.md:21)
    being.health = _int(spec, "health", being.max_health, 1, where, high=being.max_health)
    arrived = spec.get("arrived", False)
    if not isinstance(arrived, bool):
        raise ScenarioError(f"{where}: arrived is true or false, not {arrived!r}")
    being.summoned_turn = state.turn if arrived else state.turn - 1
    _effects(state, being, spec, where)
    return being


def _effects(state: EnchantoriaState, entity: Any, spec: dict, where: str) -> None:
    prot = spec.get("protection")
    if prot is not None:
        at = f"{where}, protection"
        _fields(prot, PROTECTION_FIELDS, at)
        entity.protection = Protection(
            _int(prot, "power", 0, 1, at),  # a spent source has ended (enchantoria.md:16)
            str(prot.get("source", "scenario")),
            _int(prot, "applied_turn", state.turn - 1, 0, at, high=state.turn),
            _int(prot, "turns", 0, 0, at),
        )
    statuses = spec.get("statuses", [])
    if not isinstance(statuses, list):
        raise ScenarioError(f"{where}: statuses is a list")
    for n, raw in enumerate(statuses, 1):
        at = f"{where}, status {n}"
        _fields(raw, STATUS_FIELDS, at)
        kind = raw.get("kind")
        if kind not in STATUS_KINDS:
            raise ScenarioError(f"{at}: kind is one of {STATUS_KINDS}, not {kind!r}")
        if kind in BEING_ONLY and not isinstance(entity, CardInst):
            raise ScenarioError(f"{at}: {kind} is for creatures and constructs only (R12)")
        if any(s.kind == kind for s in entity.statuses):
            raise ScenarioError(f"{at}: two {kind} effects conflict (enchantoria.md:26)")
        entity.statuses.append(
            Status(
                kind,
                _int(raw, "amount", 0, 0, at),
                _int(raw, "turns", 1, 1, at),  # at 0 it has ended (enchantoria.md:27)
                _int(raw, "applied_turn", state.turn - 1, 0, at, high=state.turn),
                str(raw.get("source", "scenario")),
            )
        )
