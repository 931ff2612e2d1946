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


def split_lands(cards: tuple[CardView, ...]) -> tuple[list[CardView], list[CardView]]:
    """A board's cards, and apart from them its lands: a land is counted, not drawn (issue
    15). Views list lands last, so the others keep the positions labels give them."""
    others = [c for c in cards if c.kind != "land"]
    return others, [c for c in cards if c.kind == "land"]


def lands_line(lands: list[CardView]) -> str:
    """`Lands 7: 4 Wildwood, 3 Seamere · 2 tapped`."""
    counts: dict[str, int] = {}
    for land in lands:
        counts[land.name] = counts.get(land.name, 0) + 1
    names = ", ".join(f"{n} {name}" if n > 1 else name for name, n in counts.items())
    tapped = sum("tapped" in land.tags for land in lands)
    return f"Lands {len(lands)}: {names}" + (f" · {tapped} tapped" if tapped else "")


#: Tags that say how a card stands now rather than what it is: counted, not grouped by.
STATE_TAGS = ("exhausted", "tapped", "chosen", "choosing")
#: Zones every renderer shows in its own way (counts in the summary, the board drawn).
OWN_WAYS = ("hand", "deck", "board", "graveyard", "discard", "exile")


def side_zones(seat: SeatView) -> list[ZoneView]:
    """A seat's other zones whose cards everyone may see (Battle Mages' crystals,
    Enchantoria's effects): listed in one line each under the board, not only counted
    (crystals in play were only a count)."""
    return [
        zone
        for name, zone in seat.zones.items()
        if zone.cards and name not in OWN_WAYS and not _is_pile(name)
    ]


def zone_line(zone: ZoneView) -> str:
    """`Crystals 9 (11 mana): 3 Tide Shard (small), 2 Quarry Geode (big) · 4 exhausted`:
    like cards together, with what they have in common, and how many are in each state."""
    groups: dict[str, list[CardView]] = {}
    for card in zone.cards or ():
        groups.setdefault(card.name, []).append(card)
    parts = []
    for name, cards in groups.items():
        common = [t for t in cards[0].tags if t not in STATE_TAGS]
        common = [t for t in common if all(t in c.tags for c in cards)]
        what = f" ({', '.join(common)})" if common else ""
        parts.append(f"{len(cards)} {name}{what}" if len(cards) > 1 else f"{name}{what}")
    shown = zone.cards or ()
    mana = sum(c.stats.get("mana", 0) for c in shown)
    head = zone.name.replace("_", " ").capitalize() + f" {zone.count}"
    head += f" ({mana} mana)" if mana else ""
    states = [f"{n} {t}" for t in STATE_TAGS if (n := sum(t in c.tags for c in shown))]
    return f"{head}: " + ", ".join(parts) + "".join(f" · {s}" for s in states)


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


PILE_WORDS = ("discard", "graveyard")


def _is_pile(name: str) -> bool:
    """A discard pile or graveyard: only its top card and its size matter at a glance."""
    return name.lower().endswith(PILE_WORDS)


def table_lines(view: MatchView) -> list[str]:
    """Zones that belong to no seat: a stack lists its cards (top first); face-down decks
    share one line of counts, and discard piles one line of sizes and top cards (issue
    15: Mage Wars' thirteen piles took a dozen lines), each after the zones it replaces."""
    lines: list[str] = []
    decks = [z for z in view.table.values() if z.cards is None]
    piles = [z for name, z in view.table.items() if z.cards is not None and _is_pile(name)]
    for name, zone in view.table.items():
        label = name.replace("_", " ").capitalize()
        if zone.cards is None:
            if len(decks) > 1:
                if zone is decks[0]:
                    lines.append(_decks_line(decks))
                continue
            lines.append(f"{label}: {zone.count}")
        elif len(piles) > 1 and zone in piles:
            if zone is piles[0]:
                lines.append(_piles_line(piles))
        elif not zone.cards:
            lines.append(f"{label}: empty")
        else:
            shown = [card_line(c) for c in zone.cards[:TABLE_CARDS_SHOWN]]
            more = zone.count - len(shown)
            lines.append(f"{label}: " + "; ".join(shown) + (f" (+{more} more)" if more else ""))
    return lines


def _short_name(name: str, word: str) -> str:
    """`Arcane deck` -> `Arcane` when the line already says what they are."""
    cut = name[: -len(word)].strip() if name.lower().endswith(word) else name
    return (cut or name).replace("_", " ").capitalize()


def _decks_line(decks: list[ZoneView]) -> str:
    """`Decks: Mage 4 · Fate 13 · Arcane 3`: face-down piles as counts, one line."""
    return "Decks: " + " · ".join(f"{_short_name(z.name, 'deck')} {z.count}" for z in decks)


def _piles_line(piles: list[ZoneView]) -> str:
    """`Discard piles (size: top card): Fate 34: Twin Omens · Quest empty`."""
    parts = []
    for zone in piles:
        name = _short_name(zone.name, "discard")
        top = f": {zone.cards[0].name}" if zone.cards else ""
        parts.append(f"{name} {zone.count}{top}" if zone.count else f"{name} empty")
    return "Discard piles (size: top card): " + " · ".join(parts)


def header_notes(view: MatchView) -> dict[str, str]:
    """The view's notes without what a header already says (its step is the phase, its
    turn the turn), so no header repeats itself ("Turn 9 · Turn 9 · Turn: 9")."""
    notes = dict(view.notes)
    if notes.get("step") == view.phase:
        notes.pop("step")
    if notes.get("turn") == str(view.turn):
        notes.pop("turn")
    return notes


def notes_line(view: MatchView) -> str:
    """A ruleset's extra facts (`round: 3 · priority: Ann`); a series shows its game number
    only when it is one (best of 3 or more), and a step the header already names is left out."""
    notes = header_notes(view)
    game, best_of = notes.pop("game", None), notes.pop("best_of", None)
    parts = [f"game {game} of best of {best_of}"] if best_of not in (None, "1") else []
    parts += [f"{key.replace('_', ' ')}: {value}" for key, value in notes.items() if value]
    return " · ".join(parts)


def board_text(view: MatchView) -> str:
    """The table as anyone may see it: each seat's summary and cards in play, shared zones."""
    lines = []
    whose = view.seats[view.active].name if view.active is not None else "—"
    header = f"Turn {view.turn} · {view.phase}" if view.turn else view.phase
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
        lines += [f"   {line}" for line in board_lines(view, seat)]
    lines += table_lines(view)
    return "\n".join(lines)


def board_lines(view: MatchView, seat: SeatView) -> list[str]:
    """A seat's cards in play, numbered as option labels number twins ("Spark #2"), its
    lands counted on one line, and its listed side zones (crystals); the game's words
    when nothing is in play."""
    lines = []
    board = seat.zones.get("board")
    if board is not None and board.cards:
        cards, lands = split_lands(board.cards)
        lines += [f"{i}. {card_line(card)}" for i, card in enumerate(cards, start=1)]
        if lands:
            lines.append(lands_line(lands))
    elif board is not None:
        lines.append(f"({view.empty_board.lower()})")
    return lines + [zone_line(zone) for zone in side_zones(seat)]


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
