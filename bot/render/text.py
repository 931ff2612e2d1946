"""Plain-text rendering of views, shared by the terminal and the bot's embeds."""

from engine.core.view import CardView, MatchView, SeatView

STAT_ORDER = ("power", "toughness", "health")


def card_stats(card: CardView) -> str:
    """`3/1/4` (power/toughness/health), with the maximum when a monster is hurt."""
    stats = card.stats
    if not stats:
        return ""
    if "health" in stats:
        text = f"{stats.get('power', 0)}/{stats.get('toughness', 0)}/{stats['health']}"
        top = stats.get("max_health")
        if top is not None and top != stats["health"]:
            text += f" (max {top})"
        return text
    return " ".join(f"+{stats[k]} {k}" for k in STAT_ORDER if stats.get(k))


def card_line(card: CardView, show_text: bool = False) -> str:
    cost = f" ({card.cost})" if card.cost is not None else ""
    stats = card_stats(card)
    parts = [f"{card.name}{cost}", card.kind, stats]
    line = " · ".join(p for p in parts if p)
    if card.tags:
        line += f" [{', '.join(card.tags)}]"
    if card.attached:
        line += " + " + ", ".join(a.name for a in card.attached)
    if show_text and card.text:
        line += f" — {card.text}"
    return line


def seat_summary(seat: SeatView) -> str:
    stats = seat.stats
    parts = [f"health {stats.get('health', '?')}"]
    if "mana" in stats:
        parts.append(f"mana {stats['mana']}/{stats.get('max_mana', stats['mana'])}")
    for zone in ("hand", "deck", "graveyard"):
        if zone in seat.zones:
            parts.append(f"{zone} {seat.zones[zone].count}")
    if stats.get("fatigue"):
        parts.append(f"fatigue {stats['fatigue']}")
    return f"{seat.name}: " + " · ".join(parts)


def board_text(view: MatchView) -> str:
    """The table as anyone may see it: each seat's summary and monsters."""
    lines = []
    whose = view.seats[view.active].name if view.active is not None else "—"
    header = f"Turn {view.turn} · {whose}'s turn" if view.active is not None else view.phase
    if view.over and view.winner is not None:
        header = f"Match over · {view.seats[view.winner].name} wins"
    lines.append(f"== {header} ==")
    order = list(view.seats)
    if view.viewer is not None:  # your own side last, nearest to you
        order.sort(key=lambda s: s.seat == view.viewer)
    for seat in order:
        lines.append(seat_summary(seat))
        board = seat.zones.get("board")
        if board is not None and board.cards:
            for i, card in enumerate(board.cards, start=1):
                lines.append(f"   {i}. {card_line(card)}")
        elif board is not None:
            lines.append("   (no monsters)")
    return "\n".join(lines)


def hand_text(view: MatchView) -> str:
    """The viewer's own hand, or nothing for a spectator (the view holds no other hand)."""
    if view.viewer is None:
        return ""
    hand = view.seats[view.viewer].zones.get("hand")
    if hand is None or hand.cards is None:
        return ""
    if not hand.cards:
        return "Your hand is empty."
    lines = ["Your hand:"]
    lines += [f"   - {card_line(c, show_text=True)}" for c in hand.cards]
    return "\n".join(lines)
