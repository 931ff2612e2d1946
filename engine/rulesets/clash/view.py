"""What a Clash player may see, and how each legal action reads on a button."""

from typing import TYPE_CHECKING, Any

from engine.core.decision import Action
from engine.core.naming import numbered
from engine.core.view import CardView, SeatView, ZoneView
from engine.rulesets.clash.cards import CardInst, Proto

if TYPE_CHECKING:
    from engine.rulesets.clash.state import Side, TableState


def proto_stats(proto: Proto) -> dict[str, int]:
    """The numbers a card shows off the board: in hand, in a deck list, on /card."""
    if proto.kind == "monster":
        return {"power": proto.power, "toughness": proto.toughness, "health": proto.health}
    if proto.kind == "equipment":
        return {"power": proto.power, "toughness": proto.toughness}
    return {}


def card_view(
    card: CardInst, state: "TableState | None" = None, on_board: bool = False, active: bool = True
) -> CardView:
    proto = card.proto
    if not on_board:
        if card.static_view is None:
            stats = proto_stats(proto)
            card.static_view = CardView(
                card.uid, proto.id, proto.name, proto.kind, proto.cost, proto.text, stats
            )
        return card.static_view
    tags = []
    if proto.token:
        tags.append("token")
    if proto.haste:
        tags.append("haste")
    if state is not None:
        if card.attacked and active:  # the flag is cleared only at its owner's next turn
            tags.append("attacked")
        elif card.summoned_turn == state.turn and not proto.haste:
            tags.append("asleep")
    return CardView(
        card.uid,
        proto.id,
        proto.name,
        proto.kind,
        proto.cost,
        proto.text,
        {
            "power": card.power,
            "toughness": card.toughness,
            "health": max(card.health, 0),
            "max_health": card.max_health,
        },
        tuple(tags),
        tuple(card_view(a) for a in card.attached),
    )


def seat_view(state: "TableState", side: "Side", viewer: int | None) -> SeatView:
    own = viewer == side.seat
    zones = {
        "hand": ZoneView(
            "hand", len(side.hand), tuple(card_view(c) for c in side.hand) if own else None
        ),
        "deck": ZoneView("deck", len(side.deck), None),  # order is nobody's business
        "board": ZoneView(
            "board",
            len(side.board),
            tuple(card_view(c, state, True, side.seat == state.active) for c in side.board),
        ),
        "graveyard": ZoneView(
            "graveyard", len(side.graveyard), tuple(card_view(c) for c in side.graveyard)
        ),
    }
    stats = {
        "health": side.health,
        "mana": side.mana,
        "max_mana": side.max_mana,
        "fatigue": side.fatigue,
        "wins": state.series.wins[side.seat],
    }
    return SeatView(side.seat, side.name, stats, zones)


def header(state: "TableState") -> tuple[int, str, int | None, dict[str, str]]:
    """(turn, phase, active, notes) for the view's header."""
    phase = state.phase
    notes = {"game": str(state.game_no), "best_of": str(state.series.best_of)}
    if phase in ("starter", "mulligan"):
        notes["coin"] = state.names[state.coin_winner]
    return state.turn, phase, state.active if phase == "main" else None, notes


def _ref_name(state: "TableState", ref: Any) -> str:
    if isinstance(ref, str):
        return state.names[int(ref[1])]
    card = state.find(ref)
    return board_name(state, card) if card is not None else "?"


def board_name(state: "TableState", card: CardInst) -> str:
    """The card's name, with its board position when its side has two of that name."""
    side = state.side_of(card)
    if side is None:
        return card.proto.name
    return numbered(card.proto.name, side.board, card, _proto_name)


def _proto_name(card: CardInst) -> str:
    return card.proto.name


def describe_action(state: "TableState", action: Action) -> tuple[str, str, int | None, Any]:
    """(label, group, card uid, target) for one legal action."""
    head = action[0] if action else None
    if head == "play":
        card = state.cards[action[1]]
        name = f"{card.proto.name} ({card.proto.cost})"
        target = action[2]
        label = f"Play {name}" + (f" → {_ref_name(state, target)}" if target is not None else "")
        return label, "play", action[1], target
    if head == "attack":
        card = state.cards[action[1]]
        label = f"{board_name(state, card)} attacks {_ref_name(state, action[2])}"
        return label, "attack", action[1], action[2]
    if head == "end":
        return "End turn", "end", None, None
    if head == "first":
        return "I go first", "starter", None, None
    if head == "second":
        return "Opponent goes first", "starter", None, None
    if head == "card":
        card = state.cards[action[1]]
        return f"{card.proto.name} ({card.proto.cost})", "card", action[1], None
    return str(action), "", None, None
