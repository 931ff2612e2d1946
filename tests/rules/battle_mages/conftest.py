"""Helpers for the Battle Mages rules tests: a position in a few lines, actions by card id.

`scenario()` builds a position with `engine.core.match.from_scenario` (format in
engine/rulesets/battle_mages/ruleset.py). Both Mages ask to be stopped at every priority
window unless told otherwise (ruling B10), so a test passes explicitly and sees each step.
Every seat gets five Small Crystals and a Spellbook of Burrow Moles unless told otherwise.
"""

from typing import Any

from engine.core.match import Match, from_scenario, new_match
from engine.rulesets.battle_mages.ruleset import RULESET

NAMES = ("Ann", "Bob")
FILLER = "burrow_mole"  # a cost-1 vanilla 1/2 creature
CRYSTAL = "glimmer_shard"


def scenario(
    p0: dict[str, Any] | None = None,
    p1: dict[str, Any] | None = None,
    *,
    active: int = 0,
    turn: int = 3,
    step: str = "main1",
    stop: bool = True,
) -> Match:
    seats = []
    for i, given in enumerate((p0, p1)):
        seat = dict(given or {})
        seat.setdefault("name", NAMES[i])
        seat.setdefault("crystals", [CRYSTAL] * 5)
        seat.setdefault("spellbook", [FILLER] * 5)
        seat.setdefault("stop", stop)
        seats.append(seat)
    return from_scenario(
        "battle-mages", {"seats": seats, "active": active, "turn": turn, "step": step}
    )


def deck(name: str) -> list[str]:
    return list(RULESET.preconstructed_decks()[name])


def fresh(seed: int = 1, decks: tuple[str, str] = ("emberstorm", "frostveil")) -> Match:
    return new_match("battle-mages", list(NAMES), [deck(decks[0]), deck(decks[1])], seed)


# --- finding things ---------------------------------------------------------------------


def state(match: Match):
    return match.state


def side(match: Match, seat: int):
    return match.state.sides[seat]


def card(match: Match, card_id: str, seat: int | None = None, where: str = "field"):
    seats = (0, 1) if seat is None else (seat,)
    found = [c for s in seats for c in getattr(side(match, s), where) if c.proto.id == card_id]
    assert len(found) == 1, f"expected one {card_id} in {where} of {seats}: {found}"
    return found[0]


def uid(match: Match, card_id: str, seat: int | None = None, where: str = "field") -> int:
    return card(match, card_id, seat, where).uid


def ids(match: Match, seat: int, where: str = "field") -> list[str]:
    return [c.proto.id for c in getattr(side(match, seat), where)]


def stack_labels(match: Match) -> list[str]:
    return [item.label for item in match.state.stack]


def decision(match: Match):
    (only,) = match.pending
    return only


def legal(match: Match) -> list:
    return list(decision(match).actions)


def who(match: Match) -> int:
    return decision(match).player


# --- acting -----------------------------------------------------------------------------


def act(match: Match, action) -> None:
    match.apply(who(match), action)


def cast(match: Match, card_id: str, seat: int | None = None) -> None:
    seat = who(match) if seat is None else seat
    in_hand = [c for c in side(match, seat).hand if c.proto.id == card_id]
    assert in_hand, f"no {card_id} in seat {seat}'s hand"
    match.apply(seat, ("cast", in_hand[0].uid))


def ref(match: Match, target: Any) -> int:
    """A target: 'p0'/'p1' for a Mage, a uid, or a card id on a field or the stack."""
    if isinstance(target, int):
        return target
    if target in ("p0", "p1"):
        return -1 - int(target[1])
    for s in (0, 1):
        for zone in ("field", "crystals"):
            for c in getattr(side(match, s), zone):
                if c.proto.id == target:
                    return c.uid
    for item in match.state.stack:
        if item.spell and match.state.cards[item.source[0]].proto.id == target:
            return item.source[0]
    raise AssertionError(f"no {target} to refer to")


def target(match: Match, *targets: Any) -> None:
    """Choose targets; a choice with one legal target was already taken by the match
    (engine contract), then this checks the item on the stack holds that target."""
    d = decision(match)
    if d.kind not in ("target", "targets"):
        chosen = {r[0] for refs in match.state.stack[-1].targets.values() for r in refs}
        assert {ref(match, t) for t in targets} <= chosen, (targets, chosen, d)
        return
    picks = tuple(("target", ref(match, t)) for t in targets)
    match.apply(d.player, picks if d.multi else picks[0])


def choose(match: Match, *targets: Any) -> None:
    d = decision(match)
    picks = tuple(("choose", ref(match, t)) for t in targets)
    match.apply(d.player, picks if d.multi else picks[0])


def modes(match: Match, *indices: int) -> None:
    d = decision(match)
    picks = tuple(("mode", i) for i in indices)
    match.apply(d.player, picks if d.multi else picks[0])


def pass_(match: Match) -> None:
    assert decision(match).kind == "priority", decision(match)
    act(match, ("pass",))


def resolve_all(match: Match) -> None:
    """Both Mages pass until the stack is empty (choices on resolution must be made first)."""
    while match.state.stack and decision(match).kind == "priority":
        pass_(match)


def ability(match: Match, card_id: str, index: int = 0, seat: int | None = None) -> None:
    seat = who(match) if seat is None else seat
    match.apply(seat, ("ability", uid(match, card_id, seat), index))


def events_of(match: Match, kind, start: int = 0) -> list:
    return [e for e in match.events[start:] if isinstance(e, kind)]


def texts(match: Match, start: int = 0) -> list[str]:
    return [e.text for e in match.events[start:]]
