"""Plain-text rendering of views, shared by the terminal and the bot's embeds."""

from engine import CardView, MatchView, SeatView, ZoneView

STAT_ORDER = ("power", "toughness", "health")


def card_stats(card: CardView) -> str:
    """`3/1/4` for a power/toughness/health creature (with its maximum when hurt), `2/2` for
    one with power and toughness only, or each number by name (`3 power · 5 health`): a
    game without toughness must not read as if it had toughness 0. A card of kind
    "equipment" (it adds to another card) reads as bonuses: `+2 power`."""
    stats = card.stats
    if not stats:
        return ""
    shown = [k for k in stats if not (k.startswith("max_") and k[4:] in stats)]
    if card.kind != "equipment" and set(shown) == {"power", "toughness"}:
        return f"{stats['power']}/{stats['toughness']}"
    if "health" not in stats:
        return " ".join(
            f"+{stats[k]} {k}" if k in STAT_ORDER else f"{k} {stats[k]}" for k in shown if stats[k]
        )
    top = stats.get("max_health")
    hurt = f" (max {top})" if top is not None and top != stats["health"] else ""
    if all(k in stats for k in STAT_ORDER):
        return f"{stats['power']}/{stats['toughness']}/{stats['health']}{hurt}"
    return " · ".join(f"{stats[k]} {k.replace('_', ' ')}" for k in shown) + hurt


def card_line(card: CardView, show_text: bool = False) -> str:
    printed = card.cost_text or card.cost
    cost = f" ({printed})" if printed is not None and printed != "" else ""
    stats = card_stats(card)
    parts = [f"{card.name}{cost}", card.kind, stats]
    line = " · ".join(p for p in parts if p)
    if card.tags:
        line += f" [{', '.join(card.tags)}]"
    if card.attached:
        line += " + " + ", ".join(a.name for a in card.attached)
    if show_text and card.text:
        line += " — " + card.text.replace("\n", " / ")
    return line


ZONES_FIRST = ("hand", "deck", "graveyard")
TABLE_CARDS_SHOWN = 8


KEY_STATS = ("health", "mana")


def seat_numbers(seat: SeatView) -> tuple[list[tuple[str, str, bool]], list[ZoneView]]:
    """What every renderer shows of a seat besides its board: each stat as (key, value
    text, minor) — `x` with `max_x` reads "3/4", and a zero beyond health and mana is minor
    (fatigue 0, poison 0) — and every zone but the board, hand, deck and graveyard first."""
    stats = seat.stats
    numbers = []
    for key, value in stats.items():
        if key.startswith("max_") and key[4:] in stats:
            continue
        top = stats.get(f"max_{key}")
        text = str(value) if top is None else f"{value}/{top}"
        numbers.append((key, text, value == 0 and key not in KEY_STATS and top is None))
    zones = [seat.zones[z] for z in ZONES_FIRST if z in seat.zones]
    zones += [z for name, z in seat.zones.items() if name not in ZONES_FIRST and name != "board"]
    return numbers, zones


def seat_summary(seat: SeatView) -> str:
    """`Ann: health 30 · mana 3/4 · hand 5 · deck 20 · graveyard 2`: health and mana first,
    minor zeros left out, so the numbers that matter stand out."""
    numbers, zones = seat_numbers(seat)
    numbers.sort(key=lambda n: n[0] not in KEY_STATS)  # stable: the rest keep their order
    parts = [f"{key.replace('_', ' ')} {text}" for key, text, minor in numbers if not minor]
    parts += [f"{zone.name.replace('_', ' ')} {zone.count}" for zone in zones]
    return f"{seat.name}: " + " · ".join(parts)


def table_lines(view: MatchView) -> list[str]:
    """Zones that belong to no seat: a stack lists its cards (top first), a deck its count."""
    lines = []
    for name, zone in view.table.items():
        label = name.replace("_", " ").capitalize()
        if zone.cards is None:
            lines.append(f"{label}: {zone.count}")
        elif not zone.cards:
            lines.append(f"{label}: empty")
        else:
            shown = [card_line(c) for c in zone.cards[:TABLE_CARDS_SHOWN]]
            more = zone.count - len(shown)
            lines.append(f"{label}: " + "; ".join(shown) + (f" (+{more} more)" if more else ""))
    return lines


def notes_line(view: MatchView) -> str:
    """A ruleset's extra facts (`round: 3 · priority: Ann`); a series shows its game number
    only when it is one (best of 3 or more), and a step the header already names is left out."""
    notes = dict(view.notes)
    game, best_of = notes.pop("game", None), notes.pop("best_of", None)
    if notes.get("step") == view.phase:
        notes.pop("step")
    if notes.get("turn") == str(view.turn):
        notes.pop("turn")
    parts = [f"game {game} of best of {best_of}"] if best_of not in (None, "1") else []
    parts += [f"{key.replace('_', ' ')}: {value}" for key, value in notes.items() if value]
    return " · ".join(parts)


def board_text(view: MatchView) -> str:
    """The table as anyone may see it: each seat's summary and cards in play, shared zones."""
    lines = []
    whose = view.seats[view.active].name if view.active is not None else "—"
    header = view.phase
    if view.active is not None:
        header = f"Turn {view.turn} · {whose}'s turn · {view.phase}"
    if view.over:
        header = "Match over · a draw"
        if view.winner is not None:
            header = f"Match over · {view.seats[view.winner].name} wins"
    lines.append(f"== {header} ==")
    notes = notes_line(view)
    if notes and not view.over:
        lines.append(notes)
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
            lines.append("   (nothing in play)")
    lines += table_lines(view)
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
