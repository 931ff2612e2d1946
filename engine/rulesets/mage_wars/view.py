"""What a Mage Wars player may see, and how each legal action reads on a button.

Hidden: other players' hands, every deck's order and contents, health and armor piles
(face down, their owner included: R1; only their sizes are shown, as the `health` and
`armor` stats) and charges (face down). Everything else is face up.
"""

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cards.mage_wars.text import DECK_NAMES, ICON_WORDS, bonus_text, effects_text, win_text
from engine.core.decision import Action
from engine.core.naming import numbered
from engine.core.view import CardView, SeatView, ZoneView
from engine.rulesets.mage_wars.cards import DECKS, Proto, use_effects
from engine.rulesets.mage_wars.death import payment

if TYPE_CHECKING:
    from engine.rulesets.mage_wars.state import TableState
    from engine.rulesets.mage_wars.table import Card, Seat

EVENTS_SHOWN = 14


_PRINTED: dict[tuple[str, int], CardView] = {}


def proto_view(proto: Proto, uid: int = 0) -> CardView:
    """A card as printed: in a hand, a discard pile, or looked up with /card.

    Views are rebuilt after every action and most cards never change, so the printed
    face is kept (never mutated: table_view copies it).
    """
    key = (proto.id, uid)
    view = _PRINTED.get(key)
    if view is None:
        if len(_PRINTED) > 50_000:
            _PRINTED.clear()
        view = _PRINTED[key] = _printed(proto, uid)
    return view


def _printed(proto: Proto, uid: int) -> CardView:
    d = proto.data
    stats: dict[str, int] = {}
    tags: list[str] = [proto.deck] if proto.type != "mage" else []
    if proto.type in ("creature", "item", "structure"):
        stats["health"] = d.health
    if getattr(d, "power", 0):
        stats["power"] = d.power
    if proto.type == "mage":  # its numbers, and on the table what it lives for
        stats = {"health": d.health, "armor": d.armor, "pets": d.pets, "fate": d.fate}
        stats["hand"] = d.hand
        if d.power:
            stats["power"] = d.power
        tags.append(d.alignment)
        tags.append("wins: " + win_text(d))
        tags.append("resurrect: " + " ".join(ICON_WORDS[i] for i in d.resurrect))
    if proto.type == "level":
        stats["level"] = d.level
    if proto.type == "creature" and d.plant:
        tags.append("plant")
    if getattr(d, "charged", False):
        tags.append("charged")
    if proto.requires:
        tags.append("needs " + " ".join(ICON_WORDS[i] for i in proto.requires))
    return CardView(uid, proto.id, proto.name, proto.type, None, proto.text, stats, tuple(tags))


def hand_view(card: "Card") -> CardView:
    """A card in hand; one spent from health shows the requirements it will waive (R5)."""
    base = proto_view(card.proto, card.uid)
    if not card.discount or not card.proto.requires:
        return base
    return replace(base, tags=(*base.tags, f"from health: waives {card.discount}"))


def table_view(card: "Card", state: "TableState") -> CardView:
    """A card on the table: what still lies under it, its charges, whether it is spent."""
    base = proto_view(card.proto, card.uid)
    tags = [t for t in base.tags if not t.startswith("needs ")]
    spent = state.turn in (card.used, card.tapped)
    if not card.need and not card.charges and not card.under and not spent:
        return base if len(tags) == len(base.tags) else replace(base, tags=tuple(tags))
    stats = dict(base.stats)
    if card.proto.type == "level" and card.under and not card.need:  # R10: filled, not done
        tags.append("waiting for its quest")
    if card.need:
        tags.append("in the making")
        tags.append("needs " + " ".join(ICON_WORDS[i] for i in card.need))
    if card.charges:
        stats["charges"] = len(card.charges)
    if card.used == state.turn:
        tags.append("used")
    if card.tapped == state.turn:
        tags.append("resource given")
    under = tuple(proto_view(c.proto, c.uid) for c, _ in card.under if c is not None)
    return replace(base, stats=stats, tags=tuple(tags), attached=under)


def board_cards(side: "Seat") -> list["Card"]:
    """A seat's play area in the order its board zone lists it (and labels number it)."""
    board = [side.mage, *side.levels, *side.pets, *side.items.values(), *side.board]
    return board + side.wards + [c for c, _ in side.trials] + side.works


def card_name(state: "TableState", card: "Card") -> str:
    """How an option names a card: one in a hand spent from health says so (it waives
    requirements another copy does not), one on the table or in the centre is numbered by
    its place there when a card of the same name is there too (`Ashwood Bow #3`)."""
    name = card.proto.name
    for side in state.seats:
        if card in side.hand:
            return f"{name} (from health)" if card.discount and card.proto.requires else name
        board = board_cards(side)
        if card in board:
            return numbered(name, board, card, _proto_name)
    if card in state.centre:
        return numbered(name, state.centre, card, _proto_name)
    return name


def _proto_name(card: "Card") -> str:
    return card.proto.name


def seat_view(state: "TableState", side: "Seat", viewer: int | None) -> SeatView:
    own = viewer == side.seat
    # The whole play area in one zone, the one every renderer lists: the Mage card first
    # (its win condition in its tags), then what is finished, then what is in the making.
    board = board_cards(side)
    shown: tuple[CardView, ...] = (proto_view(side.mage.proto, side.mage.uid),)
    shown += tuple(table_view(c, state) for c in board[1:])
    zones = {
        "hand": ZoneView(
            "hand",
            len(side.hand),
            tuple(hand_view(c) for c in side.hand) if own else None,
        ),
        "board": ZoneView("board", len(board), shown),
    }
    have, need = state.progress(side)
    stats = {
        "health": len(side.health),
        "max_health": state.max_health(side),
        "armor": len(side.armor),
        "defence": state.defence(side),
        "level": side.level,
        "fate": state.fate_count(side),
        "hand_max": state.max_hand(side),
        "pets_max": state.max_pets(side),
        "kills": side.kills,
        "wounds": side.wounds,
        "structures": side.built,
        "challenges": side.won,
        "win_progress": have,
        "win_needs": need,
        "dead": int(side.dead),
        "left": int(side.gone),
    }
    return SeatView(side.seat, side.name, stats, zones)


def table_zones(state: "TableState") -> dict[str, ZoneView]:
    """The zones of no seat: the decks (face down), the discard piles, the centre."""
    table = {"mage deck": ZoneView("mage deck", len(state.decks["mage"]), None)}
    for deck in DECKS:
        name = DECK_NAMES[deck]
        table[f"{name} deck"] = ZoneView(f"{name} deck", len(state.decks[deck]), None)
        pile = state.discards[deck]
        table[f"{name} discard"] = ZoneView(  # top card first: salvage takes the top
            f"{name} discard", len(pile), tuple(proto_view(c.proto, c.uid) for c in reversed(pile))
        )
    table["centre"] = ZoneView(
        "centre", len(state.centre), tuple(table_view(c, state) for c in state.centre)
    )
    return table


def _ref(state: "TableState", ref: Any) -> str:
    if ref is None:
        return ""
    if isinstance(ref, str):
        return f"{state.names[int(ref[1:])]}'s Mage"
    card = state.cards.get(ref)
    if card is None:
        return "?"
    name = card_name(state, card)
    if card.owner is not None and card.owner != state.active:  # whose, in a game of 3 or 4
        return f"{state.names[card.owner]}'s {name}"
    if card in state.centre:
        return f"{name} (centre)"
    return name


def _short(text: str) -> str:
    """An effect summary to follow the card's name, whole: a front end with a length
    limit shortens the label itself, keeping what tells it apart."""
    return text[:1].lower() + text[1:]


def describe_action(state: "TableState", action: Action) -> tuple[str, str, int | None, Any]:
    """(label, group, card uid, target) for one legal action."""
    head = action[0]
    name = (
        card_name(state, state.cards[action[1]])
        if len(action) > 1 and isinstance(action[1], int) and action[1] in state.cards
        else ""
    )
    if head == "play":
        card = state.cards[action[1]]
        verb = "Lay" if card.proto.requires and card.discount < len(card.proto.requires) else "Play"
        return f"{verb} {name}", "play", action[1], None
    if head == "fill":
        return f"{name} → fill {_ref(state, action[2])}", "fill", action[1], action[2]
    if head == "tap":
        return f"{name}'s resource → {_ref(state, action[2])}", "fill", action[1], action[2]
    if head == "spend":
        return "Spend a health card", "health", None, None
    if head == "attack":
        return f"{name} attacks {_ref(state, action[2])}", "attack", action[1], action[2]
    if head == "once" and len(action) == 2:
        what = _short(effects_text(use_effects(state.cards[action[1]].proto)))
        return f"Use {name} once: {what} (then choose a target)", "use", action[1], None
    if head == "once":
        what = _short(effects_text(use_effects(state.cards[action[1]].proto)))
        on = f" → {_ref(state, action[2])}" if action[2] is not None else f": {what}"
        return f"Use {name} once{on}", "use", action[1], action[2]
    if head in ("use", "cast"):
        verb = {"use": "Use", "cast": "Cast"}[head]
        on = f" → {_ref(state, action[2])}" if action[2] is not None else ""
        return f"{verb} {name}{on}", "use", action[1], action[2]
    if head == "pet":
        bonus = bonus_text(state.cards[action[1]].proto.data.bonus)
        extra = f" ({bonus})" if bonus else ""
        extra += f", releasing {_ref(state, action[2])}" if len(action) > 2 else ""
        return f"Keep {name} as a pet{extra}", "keep", action[1], None
    if head == "slot":
        slot = state.cards[action[1]].proto.data.slot
        extra = f", replacing {_ref(state, action[2])}" if len(action) > 2 else ""
        return f"Put {name} in your {slot} slot{extra}", "keep", action[1], None
    if head == "fizzle":
        return f"Discard {name}", "discard", action[1], None
    if head == "card":
        return name, "card", action[1], None
    if head == "deck":
        return f"{DECK_NAMES[action[1]]} deck", "deck", None, None
    if head == "pile":
        if action[1] is None:
            return "Take nothing", "deck", None, None
        top = state.discards[action[1]][-1]
        pile = f"{DECK_NAMES[action[1]]} discard pile"
        return f"Take {top.proto.name} from the {pile}", "deck", top.uid, None
    if head == "accept":
        return "Suffer the curse", "curse", None, None
    if head == "negate":
        return f"Cancel it with {name}", "curse", action[1], None
    if head == "deflect":
        return f"Turn it onto {state.names[action[2]]} with {name}", "curse", action[1], None
    if head == "resurrect":
        prompt = state.prompt
        paying = payment(state.seats[prompt.player]) if prompt is not None else None
        names = ", ".join(c.proto.name for c in paying or ())
        return f"Resurrect, discarding {names}" if names else "Resurrect", "rise", None, None
    if head == "wait":
        return "Not yet", "rise", None, None
    if head == "end":
        return "End turn", "end", None, None
    return str(action), "", None, None
