"""What a Battle Mages player may see, and how each legal action reads on a button."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action
from engine.core.naming import numbered
from engine.core.view import CardView, SeatView, ZoneView
from engine.rulesets.battle_mages.cards import CREATURE, CardInst, Proto
from engine.rulesets.battle_mages.casting import Attempt
from engine.rulesets.battle_mages.triggers import Triggers
from engine.rulesets.battle_mages.words import STEP_NAMES

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


def crystal_words(proto: Proto) -> str:
    """What a crystal is and gives, in a few words: `small, 1 mana` or `big, 2 mana,
    enters exhausted` (battle-mages.md:27; the opening choice said nothing)."""
    words = f"{proto.size}, {proto.value} mana"
    return words + ", enters exhausted" if proto.size == "big" else words


def proto_stats(proto: Proto) -> dict[str, int]:
    if proto.kind == CREATURE:
        return {"power": proto.power, "health": proto.health}
    if proto.kind == "crystal":
        return {"mana": proto.value}
    return {}


def static_view(card: CardInst | Proto, uid: int = 0) -> CardView:
    proto = card if isinstance(card, Proto) else card.proto
    tags = [proto.rarity]
    if proto.kind == "crystal":
        tags.append(proto.size)  # big or small (battle-mages.md:27)
    tags += sorted(proto.keywords)
    if proto.boast:
        tags.append("boast")
    cost = None if proto.kind == "crystal" else proto.cost
    return CardView(
        uid, proto.id, proto.name, proto.kind, cost, proto.text, proto_stats(proto), tuple(tags)
    )


def field_view(card: CardInst, state: "TableState") -> CardView:
    proto = card.proto
    tags = [proto.size] if proto.kind == "crystal" else []
    for keyword in ("flying", "rush", "attentiveness"):
        if card.has(keyword):
            tags.append(keyword)
    if proto.boast:
        tags.append("boast")
    for kind, word in (("poison", "poison"), ("shield", "shield"), ("str", "str"), ("ice", "ice")):
        if getattr(card, kind):
            tags.append(f"{word} {getattr(card, kind)}")
    if card.damage:
        tags.append(f"damage {card.damage}")
    if card.attacking:
        tags.append("attacking")
    if card.blocking:
        tags.append(f"blocking {card_name(state, state.cards[card.blocking])}")
    if card.exhausted:
        tags.append("exhausted")  # prepared is the usual state, left unsaid
    if proto.kind == CREATURE and card.entered == state.turn and not card.has("rush"):
        tags.append("new")
    stats = {}
    if proto.kind == CREATURE:
        stats = {"power": card.power, "health": max(0, proto.health - card.damage)}
        if card.damage:
            stats["max_health"] = proto.health
    elif proto.kind == "crystal":
        stats = {"mana": proto.value}
    return CardView(
        card.uid, proto.id, proto.name, proto.kind, proto.cost, proto.text, stats, tuple(tags)
    )


def card_name(state: "TableState", card: CardInst) -> str:
    """A card's name, with its position on its field (or among its crystals) when a card
    of the same name is there too: `Frostcap Owl #2`, as the board numbers it."""
    for side in state.sides:
        for place in (side.field, side.crystals):
            if card in place:
                return numbered(card.name, place, card, _name)
    return card.name


def _name(card: CardInst) -> str:
    return card.name


def stack_view(state: "TableState") -> ZoneView:
    """Bottom first, the top (which resolves next) last."""
    cards = []
    for item in state.stack:
        source = state.cards[item.source[0]]
        targets = state.targets_text(item)
        text = item.script.text if not item.spell else source.proto.text
        tags = ["spell" if item.spell else "ability", f"by {state.names[item.controller]}"]
        if targets:
            tags.append(f"targets {targets}")
        if item.paid is None:
            tags.append("its cost not yet paid or declined")
        elif not item.paid:
            tags.append("unpaid")
        kind = source.proto.kind if item.spell else "ability"
        cards.append(
            CardView(
                source.uid if item.spell else 0,
                source.proto.id,
                item.label,
                kind,
                None,
                text,
                {},
                tuple(tags),
            )
        )
    return ZoneView("stack", len(cards), tuple(cards))


def seat_view(state: "TableState", seat: int, viewer: int | None) -> SeatView:
    """One Mage's side: the hand only for its owner, the decks face down."""
    side = state.sides[seat]
    own = viewer == side.seat
    zones = {
        "hand": ZoneView(
            "hand",
            len(side.hand),
            tuple(static_view(c, c.uid) for c in side.hand) if own else None,
        ),
        "deck": ZoneView("deck", len(side.spellbook), None),
        "crystal collection": ZoneView("crystal collection", len(side.collection), None),
        "board": ZoneView(
            "board", len(side.field), tuple(field_view(c, state) for c in side.field)
        ),
        "crystals": ZoneView(
            "crystals", len(side.crystals), tuple(field_view(c, state) for c in side.crystals)
        ),
        "graveyard": ZoneView(
            "graveyard",
            len(side.graveyard),
            tuple(static_view(c, c.uid) for c in side.graveyard),
        ),
    }
    stats = {"health": side.life, "mana": side.mana, "max_mana": side.max_mana}
    if own:
        stats["stop"] = int(side.stop)
    return SeatView(side.seat, side.name, stats, zones)


def header(state: "TableState") -> tuple[int, str, int | None, dict[str, str]]:
    """(turn, step, active seat, notes): who holds priority is public."""
    notes = {}
    if state.priority is not None and not state.over:
        notes["priority"] = state.names[state.priority]
    active = state.active if state.phase == "play" else None
    return state.turn, _step_name(state), active, notes


def _step_name(state: "TableState") -> str:
    if state.phase != "play":
        return {"starter": "choosing who starts", "start": "looking at crystals"}.get(
            state.phase, state.phase
        )
    return STEP_NAMES[state.step]


def describe_action(state: "TableState", action: Action) -> tuple[str, str, int | None, Any]:
    """(label, group, card uid, target) for one legal action."""
    head = action[0] if action else None
    if head == "cast":
        card = state.cards[action[1]]
        return f"Attempt {card.name} ({card.proto.cost})", "play", card.uid, None
    if head == "ability":
        card = state.cards[action[1]]
        script = card.proto.abilities[action[2]]
        return f"{card_name(state, card)}: {script.text}", "play", card.uid, None
    if head == "pass" and len(action) > 1:
        label = (
            "Pass; from now on ask me even with nothing to do"
            if action[1] == "stop"
            else "Pass; from now on pass for me when I can't react"
        )
        return label, "setting", None, None
    if head == "pass":
        if state.stack:
            return f"Pass (let {state.stack[-1].label} resolve)", "end", None, None
        if state.step in ("main1", "main2"):
            return ("Go to combat" if state.step == "main1" else "End turn"), "end", None, None
        return "Pass", "end", None, None
    if head == "stop":
        label = "Stop me even with nothing to do" if action[1] else "Pass for me when I can't react"
        return label, "setting", None, None
    if head in ("target", "choose"):
        return (
            _target_label(state, action[1]),
            "target",
            action[1] if action[1] > 0 else None,
            action[1],
        )
    if head == "mode":
        return _mode_label(state, action[1]), "mode", None, None
    if head == "attacker":
        card = state.cards[action[1]]
        return (
            f"{card_name(state, card)} ({card.power}/{card.proto.health - card.damage})",
            "attack",
            card.uid,
            None,
        )
    if head == "block":
        blocker, attacker = state.cards[action[1]], state.cards[action[2]]
        label = f"{card_name(state, blocker)} blocks {card_name(state, attacker)}"
        return label, "attack", blocker.uid, attacker.uid
    if head == "done":
        return "Done blocking", "end", None, None
    if head == "order":
        blocker = state.cards[action[2]]
        return f"{card_name(state, blocker)} takes damage next", "order", blocker.uid, None
    if head == "next":
        return _trigger_label(state, action[1]), "order", None, None
    if head == "pay":
        return "Pay", "play", None, None
    if head == "decline":
        return "Don't pay", "end", None, None
    if head in ("crystal", "top"):
        card = state.cards[action[1]]
        return f"{card.name} ({crystal_words(card.proto)})", "card", card.uid, None
    if head == "first":
        return "I go first", "starter", None, None
    if head == "second":
        return "Opponent goes first", "starter", None, None
    return str(action), "", None, None


def _target_label(state: "TableState", ref: int) -> str:
    """A card's name with its controller, so two Frostcap Owls on two fields differ."""
    if ref < 0:
        return f"{state.ref_name(ref)} (Mage)"
    card = state.cards[ref]
    owner = state.names[card.owner]
    if card.zone == "stack":
        return f"{card.name} (spell of {owner})"
    return f"{card_name(state, card)} ({owner})"


def _mode_label(state: "TableState", index: int) -> str:

    task = state.steps.items[-1] if state.steps else None
    if isinstance(task, Attempt):
        return task.item.script.bodies[index].text
    return f"Mode {index + 1}"


def _trigger_label(state: "TableState", index: int) -> str:

    task = state.steps.items[-1] if state.steps else None
    if isinstance(task, Triggers) and task.groups:
        trigger = task.groups[0][index]
        return f"{card_name(state, state.cards[trigger.source[0]])}: {trigger.script.text}"
    return f"Ability {index + 1}"
