"""What taking one option leads to, for the "tell options apart" check: two
options may read the same only if taking either leads to the same game.

"The same game" is judged from every seat's view and the public one, right after the
action (and whatever the match then takes by itself), with card uids left out and each
zone's cards compared as a multiset: two copies of a card that nothing tells apart are
interchangeable, so which one moved, or where a hand keeps its cards, is not a difference.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from engine.core.decision import Action, Decision, Option
from engine.core.events import Event
from engine.core.match import Match
from engine.core.view import CardView, DecisionView, ZoneView


def _plain(obj: Any) -> Any:
    """A view as nested plain values, without uids, each zone's cards sorted."""
    if isinstance(obj, Event):
        return ("event", obj.text)
    if isinstance(obj, CardView):
        return tuple(
            (f.name, _plain(getattr(obj, f.name)))
            for f in dataclasses.fields(obj)
            if f.name != "uid"
        )
    if isinstance(obj, ZoneView):
        cards = None if obj.cards is None else tuple(sorted(repr(_plain(c)) for c in obj.cards))
        return ("zone", obj.name, obj.count, cards)
    if isinstance(obj, DecisionView):  # its options in any order (a hand's order)
        options = None if obj.options is None else tuple(sorted(obj.options))
        return ("decision", obj.player, obj.kind, obj.prompt, options)
    if dataclasses.is_dataclass(obj):
        return tuple((f.name, _plain(getattr(obj, f.name))) for f in dataclasses.fields(obj))
    if isinstance(obj, dict):
        return tuple(sorted((repr(k), _plain(v)) for k, v in obj.items()))
    if isinstance(obj, list | tuple):
        return tuple(_plain(x) for x in obj)
    return obj


def outcome(match: Match, player: int, action: Action) -> tuple:
    """Every viewer's view (uids left out) after `player` takes `action` on a copy."""
    twin = Match(match.ruleset, match.state.clone(), match.meta)
    twin.apply(player, action)
    seats = len(match.players)
    return tuple(repr(_plain(twin.view(viewer))) for viewer in [None, *range(seats)])


def picks(decision: Decision, item: Action, others: list[Action]) -> Action:
    """The whole action for one item of a decision (a tuple of picks when it takes
    several): the item, then the same filler picks for every item compared."""
    if not decision.multi:
        return item
    need = max(decision.min_picks, 1)
    return (item, *others[: need - 1])


def look_alikes(match: Match, decision: Decision) -> Iterator[tuple[str, Action, Action]]:
    """Pairs of options of `decision` with the same label that are not plainly the same
    choice: (label, first, second). Two options about two copies of a card lying alike in
    the chooser's hand (their views equal but for the uid), and otherwise naming the same,
    are the same choice without playing them out: a copy is a copy, and which one a rule
    later picks at random by its place in the hand (Mage Wars' random discard) is chance,
    not the option."""
    first: dict[str, Option] = {}
    hand: dict[int, Any] | None = None  # read only when two labels meet
    for option in match.options(decision):
        seen = first.get(option.label)
        if seen is None:
            first[option.label] = option
            continue
        if hand is None:
            hand = _hand(match, decision.player)
        if not _copies(seen, option, hand):
            yield option.label, seen.action, option.action


def _hand(match: Match, seat: int) -> dict[int, Any]:
    """The seat's own hand as it sees it: uid -> the card's view without its uid."""
    zone = match.view(seat).seats[seat].zones.get("hand")
    if zone is None or zone.cards is None:
        return {}
    return {card.uid: _plain(card) for card in zone.cards}


def _copies(a: Option, b: Option, hand: dict[int, Any]) -> bool:
    """True when `a` and `b` differ only by naming two alike copies in the hand."""
    if a.card_uid is None or b.card_uid is None or a.card_uid == b.card_uid:
        return False
    if a.card_uid not in hand or hand.get(a.card_uid) != hand.get(b.card_uid):
        return False
    swap = {a.card_uid: b.card_uid}
    return _renamed(a.action, swap) == b.action


def _renamed(action: Any, swap: dict[int, int]) -> Any:
    if isinstance(action, tuple):
        return tuple(_renamed(x, swap) for x in action)
    return swap.get(action, action) if isinstance(action, int) else action


def differing_look_alikes(match: Match) -> list[str]:
    """Every pair of same-label options of the open decisions that lead to different
    games, as readable lines (empty when none)."""
    problems = []
    for decision in match.pending:
        for label, a, b in look_alikes(match, decision):
            rest = [x for x in decision.actions if x != a and x != b]
            if decision.multi and (
                decision.max_picks < 1 or len(rest) < max(decision.min_picks, 1) - 1
            ):
                continue
            if outcome(match, decision.player, picks(decision, a, rest)) != outcome(
                match, decision.player, picks(decision, b, rest)
            ):
                problems.append(f"{decision.kind} {decision.prompt!r}: {label!r} ({a} vs {b})")
    return problems
