"""Helpers for the magic-core rules tests: a position in a few lines, actions by card id.

`scenario()` builds a position with priority in a step (format in
engine/rulesets/magic_core/ruleset.py). Every seat stops at every step unless told
otherwise and gets a library of ten basic lands, so a draw never loses by accident.
"""

from typing import Any

from engine.core.match import Match, from_scenario, new_match
from engine.rulesets.magic_core.ruleset import RULESET

NAMES = ("Ann", "Bob", "Cid", "Dee")
FILLER = ["meadowland"] * 10


def scenario(*seats: dict[str, Any], active: int = 0, step: str = "main 1", **top: Any) -> Match:
    specs = []
    for i, given in enumerate(seats or ({}, {})):
        seat = dict(given)
        seat.setdefault("name", NAMES[i])
        seat.setdefault("library", list(FILLER))
        specs.append(seat)
    if len(specs) == 1:
        specs.append({"name": NAMES[1], "library": list(FILLER)})
    return from_scenario("magic-core", {"seats": specs, "active": active, "step": step, **top})


def deck(name: str) -> list[str]:
    return RULESET.preconstructed_decks()[name]


def fresh(seed: int = 1, players: int = 2, **options: Any) -> Match:
    names = sorted(RULESET.preconstructed_decks())
    decks = [deck(names[i % len(names)]) for i in range(players)]
    return new_match("magic-core", list(NAMES[:players]), decks, seed, options)


def state(match: Match):
    return match.state


def player(match: Match, seat: int):
    return match.state.players[seat]


def objs(match: Match, card_id: str, zone: str = "battlefield") -> list:
    st = match.state
    if zone == "battlefield":
        pool = st.battlefield
    else:
        pool = [o for p in st.players for o in getattr(p, zone)]
    return [o for o in pool if o.proto.id == card_id]


def obj(match: Match, card_id: str, zone: str = "battlefield"):
    found = objs(match, card_id, zone)
    assert found, f"no {card_id} in {zone}"
    return found[0]


def uid(match: Match, card_id: str, zone: str = "battlefield") -> int:
    return obj(match, card_id, zone).uid


def decision(match: Match):
    assert match.pending, "no open decision"
    return match.pending[0]


def legal(match: Match, seat: int | None = None) -> list:
    d = match.decision_for(seat) if seat is not None else decision(match)
    return [] if d is None else list(d.actions)


def target_ref(match: Match, target: Any) -> Any:
    if (
        target is None
        or isinstance(target, int)
        or (isinstance(target, str) and target[0] == "p" and target[1:].isdigit())
    ):
        return target
    return uid(match, target)


def cast(match: Match, card_id: str, x: int = 0, target: Any = None, seat: int | None = None):
    seat = decision(match).player if seat is None else seat
    card = next(c for c in player(match, seat).hand if c.proto.id == card_id)
    match.apply(seat, ("cast", card.uid, x, target_ref(match, target)))


def activate(match: Match, card_id: str, index: int = 0, x: int = 0, target: Any = None):
    o = obj(match, card_id)
    match.apply(o.controller, ("act", o.uid, index, x, target_ref(match, target)))


def pass_(match: Match) -> None:
    d = decision(match)
    assert d.kind == "priority", d
    match.apply(d.player, ("pass",))


def resolve(match: Match) -> None:
    """Everyone passes until the stack is empty (or a non-priority choice comes up)."""
    while not match.over and match.state.stack:
        d = decision(match)
        if d.kind != "priority":
            return
        match.apply(d.player, ("pass",))


def pass_until(match: Match, step: str, active: int | None = None, limit: int = 400) -> None:
    """Pass priority (and decline attacks/blocks) until `step` of `active`'s turn begins."""
    from engine.rulesets.magic_core.game import STEP_NAMES

    for _ in range(limit):
        st = match.state
        if match.over:
            return
        d = decision(match)
        if (
            STEP_NAMES[st.step] == step
            and (active is None or st.active == active)
            and d.kind == "priority"
        ):
            return
        if d.kind == "priority":
            match.apply(d.player, ("pass",))
        elif d.kind == "attackers":
            match.apply(d.player, ("attack_done",))
        elif d.kind == "blockers":
            match.apply(d.player, ("block_done",))
        else:
            raise AssertionError(f"unexpected decision {d}")
    raise AssertionError(f"never reached {step}")


def notes(match: Match, start: int = 0) -> list[str]:
    return [e.text for e in match.events[start:]]


def until_priority(match: Match, seat: int, limit: int = 50) -> None:
    """Others pass until `seat` holds priority (players with nothing to do pass by themselves)."""
    for _ in range(limit):
        d = decision(match)
        if d.player == seat and d.kind == "priority":
            return
        assert d.kind == "priority", d
        match.apply(d.player, ("pass",))
    raise AssertionError(f"seat {seat} never got priority")
