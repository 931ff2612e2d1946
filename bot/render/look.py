"""Reading a card in full: every card a viewer can see, and its whole text.

Built on the engine's `MatchView` alone, the view a seat (or the public) is given: a
zone the viewer may not look into carries no cards there, so a hidden card can never be
listed here, whichever app asks (the terminal's `i N` / `look NAME`, Discord's "Look at a
card" menus). The order is stable within a view: each seat's hand and board, then its
other zones (the viewer's own seat first), then the table (the stack, shared piles).
"""

from dataclasses import dataclass

from bot.render.text import card_stats
from engine import CardView, MatchView, ZoneView


@dataclass(frozen=True, slots=True)
class SeenCard:
    """One card the viewer can see, and where: `your hand`, `Ann's board`, `the stack`."""

    card: CardView
    where: str

    @property
    def label(self) -> str:
        """`Carrion Matron · 3/1/4 (Ann's board)`: enough to tell it from a twin."""
        stats = card_stats(self.card)
        return f"{self.card.name}{f' · {stats}' if stats else ''} ({self.where})"


def _zone_name(zone: ZoneView) -> str:
    return zone.name.replace("_", " ")


def _add(found: list[SeenCard], cards: tuple[CardView, ...], where: str) -> None:
    for card in cards:
        found.append(SeenCard(card, where))
        for attached in card.attached:
            found.append(SeenCard(attached, f"on {card.name}, {where}"))


def visible_cards(view: MatchView, *, public_only: bool = False) -> list[SeenCard]:
    """Every card `view` shows, each once (attachments listed after their card).

    `public_only` leaves out the viewer's own hand: what a board's menu may offer, since
    everyone in the channel can open it (a view with no viewer has no hand anyway)."""
    found: list[SeenCard] = []
    me = view.viewer
    seats = sorted(view.seats, key=lambda s: s.seat != me)  # your own side first
    for seat in seats:
        for zone in sorted(seat.zones.values(), key=lambda z: z.name not in ("hand", "board")):
            if zone.cards is None or not zone.cards:
                continue  # hidden (only its count is known), or empty
            if zone.name == "hand" and public_only:
                continue  # a hand is never offered to everyone, even a view that shows it
            own = seat.seat == me
            whose = "your" if own else f"{seat.name}'s"
            _add(found, zone.cards, f"{whose} {_zone_name(zone)}")
    for zone in view.table.values():
        if zone.cards:
            _add(found, zone.cards, f"the {_zone_name(zone)}")
    return found


def find_cards(seen: list[SeenCard], typed: str) -> list[SeenCard]:
    """Cards whose name is `typed` (any case), else those whose name contains it."""
    folded = " ".join(typed.split()).casefold()
    if not folded:
        return []
    exact = [s for s in seen if s.card.name.casefold() == folded]
    return exact or [s for s in seen if folded in s.card.name.casefold()]


def card_details(card: CardView) -> str:
    """A card in full: name and cost, kind and stats, tags, its text, and each card
    attached to it with its own text; plain text (the terminal and Discord both show it)."""
    printed = card.cost_text or card.cost
    head = card.name + (f" ({printed})" if printed is not None and printed != "" else "")
    lines = [head]
    stats = card_stats(card)
    lines.append(card.kind + (f" · {stats}" if stats else ""))
    if card.tags:
        lines.append("Now: " + ", ".join(card.tags))
    if card.text:
        lines.append(card.text)
    if card.flavor:
        lines.append(card.flavor)
    for attached in card.attached:
        extra = card_stats(attached)
        text = f" — {attached.text}" if attached.text else ""
        lines.append(f"Attached: {attached.name}{f' ({extra})' if extra else ''}{text}")
    return "\n".join(lines)
