"""What an Enchantoria player may see, and how each legal action reads on a button.

The secret part of a window (a player's plan, the spell half chosen, a pick) lives only
in that player's own view: everyone else sees the state as it was when the window opened,
the same hand count and mana, and a decision that says only "choosing in secret" (R3).
"""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action, action_id
from engine.core.events import Event
from engine.core.view import CardView, DecisionView, SeatView, ZoneView
from engine.rulesets.enchantoria.cards import SUMMON, CardInst, Proto
from engine.rulesets.enchantoria.entities import effective_power, recycle_value, stunned
from engine.rulesets.enchantoria.events import PhaseBegan

if TYPE_CHECKING:
    from engine.core.decision import Decision
    from engine.rulesets.enchantoria.entities import Player
    from engine.rulesets.enchantoria.state import TableState

EVENTS_SHOWN = 14
PHASE_NAMES = {
    "preparation": "Preparation Phase",
    "combat": "Combat Phase",
    "discard": "Discard Phase",
    "over": "over",
    "start": "start",
}


def proto_stats(proto: Proto) -> dict[str, int]:
    if proto.type != SUMMON:
        return {}
    stats = {"power": proto.power, "health": proto.health} if proto.power else {}
    return stats or {"health": proto.health}


def cost_of(proto: Proto) -> int | None:
    return None if proto.x else proto.cost


def card_view(card: CardInst) -> CardView:
    proto = card.proto
    kind = proto.being if proto.type == SUMMON else "spell"
    name = proto.name + (" (X)" if proto.x else "")
    return CardView(card.uid, proto.id, name, kind, cost_of(proto), proto.text, proto_stats(proto))


def effect_tags(entity: "Player | CardInst", turn: int) -> list[str]:
    tags = []
    prot = entity.protection
    if prot is not None:
        span = f", {prot.turns} turn(s)" if prot.turns else ""
        tags.append(f"protection {prot.power}{span}")
    for status in entity.statuses:
        tags.append(f"{status.label} ({status.turns} turn(s))")
    return tags


def being_view(being: CardInst, turn: int, name: str) -> CardView:
    proto = being.proto
    stats = {"health": max(being.health, 0), "max_health": being.max_health}
    if proto.being == "creature":
        stats = {"power": effective_power(being), **stats}
    tags = [proto.being]
    if being.health <= 0:
        tags.append("falling")  # at 0 health: it leaves in the Discard Phase
    if proto.being == "creature" and being.summoned_turn >= turn:
        tags.append("arriving")
    if stunned(being):
        tags.append("stunned")
    for word in ("ward", "aura", "pulse", "well"):
        if getattr(proto, word):
            tags.append(f"{word} {getattr(proto, word)}")
    tags += effect_tags(being, turn)
    return CardView(
        being.uid, proto.id, name, proto.being, proto.cost, proto.text, stats, tuple(tags)
    )


def _plan_views(state: "TableState", p: "Player") -> tuple[CardView, ...]:
    shown = []
    for entry in p.plan:
        card = state.cards[entry[1]]
        if entry[0] == "order":
            text = f"attacks {state.ref_name(entry[2])}"
            name = state.short_name(card)
            shown.append(CardView(card.uid, card.proto.id, name, "order", None, text))
            continue
        x = f"X={entry[2]} " if card.proto.x else ""
        at = f"at {state.ref_name(entry[3])}" if entry[3] is not None else ""
        base = card_view(card)
        shown.append(
            CardView(
                card.uid,
                base.card_id,
                base.name,
                base.kind,
                base.cost,
                f"{x}{at}".strip(),
                base.stats,
                ("chosen",),
            )
        )
    if p.step is not None:  # the spell being chosen: its X or its target is still open
        base = card_view(state.cards[p.step[1]])
        wanted = "X" if p.step[0] == "x" else "target"
        shown.append(
            CardView(
                base.uid,
                base.card_id,
                base.name,
                base.kind,
                base.cost,
                f"choosing its {wanted}",
                base.stats,
                ("choosing",),
            )
        )
    return tuple(shown)


def recent_events(state: "TableState", viewer: int | None) -> tuple[Event, ...]:
    """The last events this viewer may read. Another player's draw and the Draw Phase line
    (the Preparation line follows it at once) are left out: hand counts say as much, and
    the board's short log is kept for the reveals (what was recycled and cast)."""
    shown = []
    for event in reversed(state.events):
        owner = event.private_to
        if isinstance(event, PhaseBegan) and event.phase == "Draw":
            continue
        if owner is None or owner == viewer:
            shown.append(event)
            if len(shown) == EVENTS_SHOWN:
                break
    return tuple(reversed(shown))


def seat_view(state: "TableState", p: "Player", viewer: int | None) -> SeatView:
    turn = state.turn
    phase = state.phase
    own = viewer == p.seat
    planned = p.planned_uids() if own else set()
    if own and p.step is not None:
        planned.add(p.step[1])
    hand = tuple(card_view(c) for c in p.hand if c.uid not in planned) if own else None
    zones = {
        "hand": ZoneView("hand", len(p.hand) - len(planned), hand),
        "deck": ZoneView("deck", len(p.deck), None),
        "board": ZoneView(
            "board",
            len(p.board),
            tuple(being_view(b, turn, state.short_name(b)) for b in p.board),
        ),
        "discard": ZoneView("discard", len(p.discard), tuple(card_view(c) for c in p.discard)),
    }
    tags = effect_tags(p, turn)
    if tags:  # protection and timed effects on the player
        shown = tuple(CardView(0, "effect", t, "effect") for t in tags)
        zones["effects"] = ZoneView("effects", len(tags), shown)
    if own and phase == "combat" and (p.plan or p.step):
        plan = _plan_views(state, p)
        zones["your secret choices"] = ZoneView("your secret choices", len(plan), plan)
    elif own and p.ready and p.pick and phase in ("preparation", "discard"):
        picked = (p.pick,) if phase == "preparation" else p.pick
        plan = tuple(card_view(state.cards[uid]) for uid in picked)
        zones["your secret choices"] = ZoneView("your secret choices", len(plan), plan)
    stats = {
        "health": p.health,
        "max_health": p.max_health,
        "mana": p.mana - (p.spent(state) if own else 0),
        "income": p.max_mana,  # mana can run above it (recycling, wells): not a maximum
        "protection": p.protection.power if p.protection else 0,
        "fatigue": p.fatigue,
    }
    return SeatView(p.seat, p.name, stats, zones)


def decision_view(state: "TableState", d: "Decision", viewer: int | None) -> DecisionView:
    if viewer == d.player:
        options = tuple(o.label for o in state.options(d))
        return DecisionView(d.player, state.names[d.player], d.kind, d.prompt, d.seq, options)
    # R3: a secret choice shows only that someone is choosing
    name = state.names[d.player]
    return DecisionView(d.player, name, "secret", f"{name} is choosing in secret.", 0, None)


def describe_action(state: "TableState", action: Action) -> tuple[str, str, Any, Any]:
    """(label, group, card uid, target) for one legal action: only its chooser sees it."""
    head = action[0]
    if head == "reveal":  # taken by the match, never shown
        return action_id(action), "", None, None
    if head == "cast":
        card = state.cards[action[1]]
        cost = "X" if card.proto.x else card.proto.cost
        return f"Cast {card.name} ({cost})", "cast", card.uid, None
    if head == "x":
        return f"X = {action[1]}", "x", None, None
    if head == "target":
        return f"At {state.ref_name(action[1])}", "target", None, action[1]
    if head == "order":
        card = state.cards[action[1]]
        label = f"{state.short_name(card)} attacks {state.ref_name(action[2])}"
        return label, "order", card.uid, action[2]
    if head == "undo":
        return "Take back", "undo", None, None
    if head == "done":
        return "Done (commit)", "done", None, None
    if head == "recycle":
        card = state.cards[action[1]]
        gain = recycle_value(card.proto.mana_value)
        return f"Recycle {card.name} (+{gain} mana)", "recycle", card.uid, None
    if head == "keep":
        return "Recycle nothing", "keep", None, None
    if head == "card":
        card = state.cards[action[1]]
        return card.name, "card", card.uid, None
    return str(action), "", None, None
