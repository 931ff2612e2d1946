"""No tells: what a player observes must not depend on cards hidden from them.

Two copies of one match are played in lockstep. Partway through, hidden cards trade
places in the second copy, two cards the players who cannot see them could not tell
apart where they lie, as the ruleset declares (`Ruleset.hidden_zones`: `hand`,
`draw_piles`, `face_down`, `alike`). Three kinds of swap (`SWAPS`):

- `hand`: a card of one player's hand and a card of a pile it is drawn from (their deck,
  or a shared deck). That player knows; the others must observe nothing.
- `pile`: two cards of one of a player's own face-down piles (library order; Mage Wars'
  health and armor, hidden from their owner too). Nobody knows, so nobody, the owner
  included, may observe a difference.
- `across`: a card of one player's pile and one of another player's pile of the same
  kind (their decks, their health piles), whose backs are alike. Nobody knows.

From then on the players who do not know choose alike in both copies, and a player who
knows (`knowing`) makes only choices open in both copies that do not touch the swapped
cards, so the public history stays the same. After every step, everything each player
who does not know observes must be equal in both copies: their view (which includes
whether and what every player is being asked), their own decision (kind, prompt, number,
and each option: its action, label, group, card and target) and every event they
receive; the public view likewise. A player who may have seen a swapped card (its card
shown to them, or its name occurring once more in what they observe) joins those who
know, and is compared no more, as is one whose hand differs between the copies (they
drew a swapped card); once the public view shows one, the comparison stops.

A match may be of four seats, a seat may leave in both copies at a chosen step
(`Variant.leave_at`), and a match of a game that plays series may be a best of three
(`Variant.best_of`): the comparison goes on into the next game.

The position is reached by random play (`warm_up`, seeded), not by always taking the
first option: a steady first-option game rarely leaves a player who is not deciding with
cards in hand, and a check that compares nothing proves nothing.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.core.errors import EngineError
from engine.core.hidden import HiddenZones
from engine.core.match import Match
from engine.core.ruleset import Ruleset
from tests.support.contract import identity

SWAPS = ("hand", "pile", "across")
#: Where a card lies: (seat, "hand" | "draw" | "face", the pile's index among the seat's
#: draw piles or face-down piles, the card's place in it).
Where = tuple[int, str, int, int]
#: How often a swap is tried at random before the position is given up.
TRIES = 60


@dataclasses.dataclass(frozen=True, slots=True)
class Variant:
    """One game of the check: how many seats, which swap, whether (and after how many
    compared steps) a seat leaves, and how many games the match is the best of."""

    players: int = 2
    swap: str = "hand"
    leave_at: int | None = None
    best_of: int = 1


def card_id(card: Any) -> str:
    """A card's printed id: a card of the rules carries its printed card, a plain id
    (Relay) is one."""
    proto = getattr(card, "proto", None)
    return str(card if proto is None else proto.id)


def swap_hidden_in(
    state: Any, rules: Ruleset, player: int, rng: random.Random
) -> tuple[Any, Any] | None:
    """Trade a card of `player`'s hand for a different card of a pile the hand is drawn
    from that the others cannot tell from it (in place), or None when there is none.
    Which cards those are the ruleset declares (`Ruleset.hidden_zones`)."""
    zones = rules.hidden_zones(state, player)
    hand = zones.hand
    pairs = [
        (i, pile, j)
        for i, a in enumerate(hand)
        if not zones.announced(a)
        for pile in zones.draw_piles
        for j, b in enumerate(pile)
        if card_id(a) != card_id(b) and zones.alike(a, b)
    ]
    if not pairs:
        return None
    i, pile, j = rng.choice(pairs)
    return _trade(hand, i, pile, j)


def _trade(one: list[Any], i: int, other: list[Any], j: int) -> tuple[Any, Any]:
    """Swap `one[i]` and `other[j]` in place, with what each card records of where it
    lies (zone, owner, controller)."""
    a, b = one[i], other[j]
    one[i], other[j] = b, a
    for attr in ("zone", "owner", "controller"):
        if hasattr(a, attr) and hasattr(b, attr):
            va, vb = getattr(a, attr), getattr(b, attr)
            setattr(a, attr, vb)
            setattr(b, attr, va)
    return a, b


def _pile(zones: HiddenZones, role: str, index: int) -> list[Any]:
    if role == "hand":
        return zones.hand
    return list(zones.draw_piles if role == "draw" else zones.face_down)[index]


def _own_piles(all_zones: list[HiddenZones], seat: int) -> list[tuple[str, int, list[Any]]]:
    """(role, index, pile) of the piles `seat` alone declares: a deck shared by every seat
    (Mage Wars') is nobody's own."""
    others = {id(pile) for s, held in enumerate(all_zones) if s != seat for pile in held.piles()}
    held = all_zones[seat]
    found = [("draw", k, pile) for k, pile in enumerate(held.draw_piles)]
    found += [("face", k, pile) for k, pile in enumerate(held.face_down)]
    return [(role, k, pile) for role, k, pile in found if id(pile) not in others and pile]


def choose_swap(match: Match, kind: str, rng: random.Random) -> tuple[Where, Where] | None:
    """Two places whose cards may trade (`kind`, one of `SWAPS`) in the position of
    `match` as it is, or None. Never a card an open decision names (its chooser sees it),
    nor, for `hand`, the hand of a player who is deciding (their decision was built from
    it)."""
    rules, state = match.ruleset, match.state
    seats = range(len(match.players))
    zones = [rules.hidden_zones(state, seat) for seat in seats]
    named: set[int] = set()
    for decision in match.pending:
        for action in decision.actions:
            named |= _ints(action)
    for _ in range(TRIES):
        found = _try_swap(match, zones, kind, rng)
        if found is None:
            continue
        (sa, ra, ka, ia), (sb, rb, kb, ib) = found
        a = _pile(zones[sa], ra, ka)[ia]
        b = _pile(zones[sb], rb, kb)[ib]
        if card_id(a) == card_id(b):
            continue
        if {getattr(a, "uid", None), getattr(b, "uid", None)} & named:
            continue
        if kind == "hand":
            if zones[sa].announced(a) or not zones[sa].alike(a, b):
                continue
        elif not (zones[sa].alike(a, b) and zones[sb].alike(b, a)):
            continue
        return found
    return None


def _try_swap(
    match: Match, zones: list[HiddenZones], kind: str, rng: random.Random
) -> tuple[Where, Where] | None:
    """One pair of places drawn at random for a swap of `kind`, unchecked."""
    seats = list(range(len(zones)))
    if kind == "hand":
        free = [s for s in seats if match.decision_for(s) is None and zones[s].hand]
        if not free:
            return None
        seat = rng.choice(free)
        piles = [(k, p) for k, p in enumerate(zones[seat].draw_piles) if p]
        if not piles:
            return None
        k, pile = rng.choice(piles)
        i = rng.randrange(len(zones[seat].hand))
        return (seat, "hand", 0, i), (seat, "draw", k, rng.randrange(len(pile)))
    if kind == "pile":
        seat = rng.choice(seats)
        owned = [(r, k, p) for r, k, p in _own_piles(zones, seat) if len(p) >= 2]
        if not owned:
            return None
        role, k, pile = rng.choice(owned)
        i, j = rng.sample(range(len(pile)), 2)
        return (seat, role, k, i), (seat, role, k, j)
    one, other = rng.sample(seats, 2)
    theirs = {(r, k): p for r, k, p in _own_piles(zones, other)}
    mine = [(r, k, p) for r, k, p in _own_piles(zones, one) if (r, k) in theirs]
    if not mine:
        return None
    role, k, pile = rng.choice(mine)
    far = theirs[role, k]
    return (one, role, k, rng.randrange(len(pile))), (other, role, k, rng.randrange(len(far)))


def _ints(value: Any) -> set[int]:
    if isinstance(value, tuple):
        found: set[int] = set()
        for part in value:
            found |= _ints(part)
        return found
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def counterfactual(
    match: Match, swap: tuple[Where, Where]
) -> tuple[Match, Match, set[int], set[str]]:
    """Two fresh matches from the position of `match`: as it is, and with the cards of
    `swap` traded. Both number their decisions afresh, so their numbers can be compared."""
    rules = match.ruleset
    first = Match(rules, match.state.clone(), match.meta)
    state = match.state.clone()
    zones = [rules.hidden_zones(state, seat) for seat in range(len(match.players))]
    places = []
    for seat, role, index, at in swap:
        pile = _pile(zones[seat], role, index)
        if role != "hand":
            pile[at] = _owned(state, pile[at])
        places.append((pile, at))
    (one, i), (other, j) = places
    swapped = _trade(one, i, other, j)
    if hasattr(state, "_decisions"):
        state._decisions = None  # asked afresh, of the traded cards
    second = Match(rules, state, match.meta)
    uids = {uid for uid, _ in (identity(rules, c) for c in swapped) if uid is not None}
    names = {name for _, name in (identity(rules, c) for c in swapped)}
    return first, second, uids, names


def _owned(state: Any, card: Any) -> Any:
    """`card`, lying in a face-down pile, as the state's own copy to change: a clone may
    share the cards of its piles with the state it was cloned from (each ruleset's `own`,
    magic-core's `_own`); a ruleset without one copies every card (Clash), or its cards
    are plain ids (Relay)."""
    for name in ("own", "_own"):
        own = getattr(state, name, None)
        if callable(own):
            return own(card)
    return card


def warm_up(match: Match, rng: random.Random, *, least: int, most: int) -> int | None:
    """Random play (seeded by `rng`) for at least `least` actions, then on until a player
    who is not deciding holds a card (at most `most` actions in all): that player's seat,
    or None when the game ended or no such moment came."""
    rules = match.ruleset
    for step in range(most):
        if match.over:
            return None
        if step >= least:
            asked = {d.player for d in match.pending}
            free = [
                p
                for p in range(len(match.players))
                if p not in asked and rules.hidden_zones(match.state, p).secret_hand()
            ]
            if free:
                return rng.choice(free)
        play_one(match, rng)
    return None


def play_one(match: Match, rng: random.Random) -> None:
    """One random action of a random open decision."""
    pending = match.pending
    decision = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
    match.apply(decision.player, pick(decision, rng))


def observed(match: Match, viewer: int | None, seen: str, events: list[str]) -> tuple[Any, ...]:
    """Everything `viewer` can observe: their view (`seen`, its repr), their own open
    decision with its options as shown, and the events they received since the last
    step (`events`)."""
    decision = None if viewer is None else match.decision_for(viewer)
    own = None
    if decision is not None:
        options = tuple(
            (o.action, o.label, o.group, o.card_uid, o.target) for o in match.options(decision)
        )
        own = (decision.kind, decision.prompt, decision.seq, options)
    return seen, own, tuple(events)


def exposure(texts: Any, uids: set[int], names: set[str]) -> list[int] | None:
    """How often each swapped card's name occurs in what a viewer observes (`texts`, one
    per copy), or None once a swapped card itself is shown (a card view with its uid). A
    name may be on view from the start (another copy of the card on the table, in a
    discard pile, in an event): stopping on any mention would compare almost nothing, so
    a viewer is let go when a count grows, the moment a card of that name comes into the
    open, which may be the swapped one."""
    marks = [f"uid={uid}," for uid in uids]
    counts = []
    for text in texts:
        if any(mark in text for mark in marks):
            return None
        counts += [text.count(name) for name in sorted(names)]
    return counts


def involves(action: Any, uids: set[int]) -> bool:
    if isinstance(action, tuple):
        return any(involves(part, uids) for part in action)
    return isinstance(action, int) and not isinstance(action, bool) and action in uids


class _Events:
    """The events each viewer received since the last look, per copy (a new game of a
    series may start the list afresh)."""

    def __init__(self, matches: tuple[Match, Match]):
        self.matches = matches
        self.seen = [len(m.events) for m in matches]

    def new(self, viewers: list[int | None]) -> dict[tuple[int, int | None], list[str]]:
        fresh: dict[tuple[int, int | None], list[str]] = {}
        for copy, match in enumerate(self.matches):
            start = self.seen[copy] if self.seen[copy] <= len(match.events) else 0
            for viewer in viewers:
                fresh[copy, viewer] = [repr(e) for e in match.events_seen_by(viewer, start)]
            self.seen[copy] = len(match.events)
        return fresh


def lockstep(
    first: Match,
    second: Match,
    knowing: set[int],
    uids: set[int],
    names: set[str],
    rng: random.Random,
    *,
    steps: int = 400,
    leave_at: int | None = None,
) -> tuple[int, str | None]:
    """Play both copies together for up to `steps` actions; (steps compared, the first
    tell found or None). `knowing`: the seats that know of the swap (changed in place as
    others come to see a swapped card); at step `leave_at` a seat chosen at random leaves
    both copies."""
    seats = range(len(first.players))
    events = _Events((first, second))
    before: dict[int | None, list[int]] = {}
    for step in range(steps):
        if step == leave_at and not first.over:
            leaver = rng.choice(list(seats))
            refused = [_leave(match, leaver) for match in (first, second)]
            if refused[0] != refused[1]:
                return step, f"seat {leaver} may leave only one copy: {refused}"
        viewers: list[int | None] = [None, *(s for s in seats if s not in knowing)]
        received = events.new(viewers)
        seen = {
            (copy, viewer): repr(match.view(viewer))
            for copy, match in enumerate((first, second))
            for viewer in viewers
        }
        for viewer in viewers:
            texts = [seen[c, viewer] + "".join(received[c, viewer]) for c in (0, 1)]
            now = exposure(texts, uids, names)
            old = before.get(viewer)
            if (
                now is None
                or (old is not None and any(n > b for n, b in zip(now, old, strict=True)))
                or (viewer is not None and _hands_differ(first, second, viewer))
            ):
                if viewer is None:
                    return step, None  # a swapped card is out in the open: copies may differ
                knowing.add(viewer)
                continue
            before[viewer] = now
            a = observed(first, viewer, seen[0, viewer], received[0, viewer])
            b = observed(second, viewer, seen[1, viewer], received[1, viewer])
            if a != b:
                who = "the public" if viewer is None else f"seat {viewer}"
                return step, f"{who} observes a difference at step {step}: {_diff(a, b)}"
        if knowing.issuperset(seats):
            return step, None  # everyone may know: nothing is left to compare but the public
        if first.over or second.over:
            return step, None if first.over == second.over else "only one copy ended"
        decision = first.pending[0]
        seat = decision.player
        if seat not in knowing:
            action = pick(decision, rng)
        else:
            twin = second.decision_for(seat)
            if twin is None:
                return step, None  # the choices of one who knows differ: not observable
            common = [a for a in decision.actions if a in twin.actions and not involves(a, uids)]
            if decision.multi:
                action = tuple(common[: decision.min_picks])
                if len(action) < decision.min_picks:
                    return step, None
            elif not common:
                return step, None
            else:
                action = rng.choice(common)
        first.apply(seat, action)
        second.apply(seat, action)
    return steps, None


def _hands_differ(first: Match, second: Match, seat: int) -> bool:
    """Whether `seat` holds other cards in the two copies: it drew a swapped card (a name
    count alone can miss it, when a card of the same name left its hand at once)."""
    rules = first.ruleset
    held = [
        [card_id(card) for card in rules.hidden_zones(match.state, seat).hand]
        for match in (first, second)
    ]
    return held[0] != held[1]


def _leave(match: Match, seat: int) -> str | None:
    """`seat` leaves `match`, or why it may not (one who left already)."""
    try:
        match.resign(seat, "left")
    except EngineError as exc:
        return str(exc)
    return None


def pick(decision: Any, rng: random.Random) -> Any:
    """A random legal choice (several picks for a multi-pick decision)."""
    if decision.multi:
        count = rng.randint(decision.min_picks, min(decision.max_picks, len(decision.actions)))
        return tuple(rng.sample(list(decision.actions), count))
    return rng.choice(list(decision.actions))


def _diff(a: Any, b: Any) -> str:
    """Where two observations part, with a little context."""
    x, y = repr(a), repr(b)
    at = next(
        (i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y))
    )
    return f"...{x[max(0, at - 150) : at + 80]}... vs ...{y[max(0, at - 150) : at + 80]}..."


def check(
    match: Match,
    seed: int,
    *,
    steps: int,
    warm_up_for: int = 80,
    variant: Variant = Variant(),
) -> tuple[int, str | None]:
    """One game of the check from a new `match`: random play (for up to `warm_up_for`
    actions, then on) to a position where a swap of `variant.swap` can be made (for
    `hand`, a player who is not deciding holds a card), the swap, then `lockstep` for up
    to `steps` actions. Deterministic per seed: (steps compared, the first tell found or
    None)."""
    rng = random.Random(seed)
    least = rng.randint(0, warm_up_for)
    if variant.swap == "hand":
        hidden = warm_up(match, rng, least=least, most=300)
        if hidden is None:
            return 0, None
        swapped = _hand_swap(match, hidden, rng)
    else:
        swapped = None
        for played in range(300):
            if match.over:
                return 0, None
            if played >= least:
                swapped = choose_swap(match, variant.swap, rng)
                if swapped is not None:
                    break
            play_one(match, rng)
    if swapped is None:
        return 0, None
    first, second, uids, names = counterfactual(match, swapped)
    knowing = {swapped[0][0]} if variant.swap == "hand" else set()
    try:
        compared, tell = lockstep(
            first, second, knowing, uids, names, rng, steps=steps, leave_at=variant.leave_at
        )
    except EngineError as exc:  # one copy refused what the other took: a difference
        compared, tell = 0, f"the copies parted: {exc!r}"
    return compared, None if tell is None else f"seed {seed} ({variant}): {tell}"


def _hand_swap(match: Match, hidden: int, rng: random.Random) -> tuple[Where, Where] | None:
    """A `hand` swap for `hidden`, drawn as `swap_hidden_in` draws it, as places."""
    zones = match.ruleset.hidden_zones(match.state, hidden)
    pairs = [
        ((hidden, "hand", 0, i), (hidden, "draw", k, j))
        for i, a in enumerate(zones.hand)
        if not zones.announced(a)
        for k, pile in enumerate(zones.draw_piles)
        for j, b in enumerate(pile)
        if card_id(a) != card_id(b) and zones.alike(a, b)
    ]
    return rng.choice(pairs) if pairs else None
