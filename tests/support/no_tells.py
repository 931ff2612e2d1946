"""No tells: what the other players observe must not depend on a player's hidden cards.

Two copies of one match are played in lockstep. Partway through, one player's hidden
cards are swapped in the second copy: a card of their hand trades places with a card of a
pile nobody can see (their deck, or a shared deck). From then on every other player's
choices are the same in both copies, and the swapped player makes only choices open in
both copies that do not touch the swapped cards, so the public history stays the same.
After every step, everything the other players can observe must be equal in both copies:
their views (which include whether and what every player is being asked), and their own
decisions (kind, prompt, number, options). Once a swapped card is shown to anyone but its
owner, the copies may rightly differ, and the comparison stops.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.match import Match

#: ruleset id -> (player's hand, piles others cannot see) of a state
Piles = Callable[[Any, int], tuple[list[Any], list[list[Any]]]]

PILES: dict[str, Piles] = {
    "clash": lambda s, p: (s.sides[p].hand, [s.sides[p].deck]),
    "battle-mages": lambda s, p: (s.sides[p].hand, [s.sides[p].spellbook]),
    "enchantoria": lambda s, p: (s.players[p].hand, [s.players[p].deck]),
    "magic-core": lambda s, p: (s.players[p].hand, [s.players[p].library]),
    "mage-wars": lambda s, p: (s.seats[p].hand, [d for d in s.decks.values() if d]),
}


def card_id(card: Any) -> str:
    return str(card.proto.id)


def swap_hidden_in(
    state: Any, ruleset: str, player: int, rng: random.Random
) -> tuple[Any, Any] | None:
    """Trade a card of `player`'s hand for a different card of a hidden pile (in place)."""
    hand, piles = PILES[ruleset](state, player)
    pairs = [
        (i, pile, j)
        for i, a in enumerate(hand)
        for pile in piles
        for j, b in enumerate(pile)
        if card_id(a) != card_id(b)
    ]
    if not pairs:
        return None
    i, pile, j = rng.choice(pairs)
    a, b = hand[i], pile[j]
    hand[i], pile[j] = b, a
    for attr in ("zone", "owner", "controller"):
        if hasattr(a, attr) and hasattr(b, attr):
            va, vb = getattr(a, attr), getattr(b, attr)
            setattr(a, attr, vb)
            setattr(b, attr, va)
    return a, b


def counterfactual(
    match: Match, hidden: int, rng: random.Random
) -> tuple[Match, Match, set[int], set[str]] | None:
    """Two fresh matches from the position of `match`: as it is, and with one of
    `hidden`'s cards swapped (or None when there is nothing to swap). Both number their
    decisions afresh, so their numbers can be compared. Call it while `hidden` has no open
    decision: a decision already built from the old hand would be stale."""
    state = match.state.clone()
    found = PILES[match.ruleset.id](state, hidden)
    if not found[0]:
        return None
    swapped = swap_hidden_in(state, match.ruleset.id, hidden, rng)
    if swapped is None:
        return None
    first = Match(match.ruleset, match.state.clone(), match.meta)
    second = Match(match.ruleset, state, match.meta)
    uids = {getattr(c, "uid", -1) for c in swapped}
    names = {c.proto.name for c in swapped}
    return first, second, uids, names


def observed(match: Match, viewer: int) -> tuple[Any, ...]:
    """Everything `viewer` can observe: their view, and their own open decision."""
    decision = match.decision_for(viewer)
    own = None
    if decision is not None:
        own = (decision.kind, decision.prompt, decision.seq, tuple(decision.actions))
    return repr(match.view(viewer)), own


def shows(match: Match, viewer: int, names: set[str]) -> bool:
    """Whether a swapped card's name appears in what `viewer` observes."""
    text = repr(match.view(viewer))
    return any(name in text for name in names)


def involves(action: Any, uids: set[int]) -> bool:
    if isinstance(action, tuple):
        return any(involves(part, uids) for part in action)
    return isinstance(action, int) and not isinstance(action, bool) and action in uids


def lockstep(
    first: Match, second: Match, hidden: int, uids: set[int], names: set[str], rng: random.Random
) -> tuple[int, str | None]:
    """Play both copies together; (steps compared, the first tell found or None)."""
    seats = range(len(first.players))
    others = [s for s in seats if s != hidden]
    for step in range(400):
        if any(shows(m, s, names) for m in (first, second) for s in [None, *others]):
            return step, None  # a swapped card is out in the open: the copies may differ
        for seat in others:
            a, b = observed(first, seat), observed(second, seat)
            if a != b:
                return step, f"seat {seat} observes a difference at step {step}: {_diff(a, b)}"
        if repr(first.view(None)) != repr(second.view(None)):
            return step, f"the public view differs at step {step}"
        if first.over or second.over:
            return step, None if first.over == second.over else "only one copy ended"
        decision = first.pending[0]
        seat = decision.player
        if seat != hidden:
            action = pick(decision, rng)
        else:
            twin = second.decision_for(seat)
            if twin is None:
                return step, None  # the hidden player's own choices differ: not observable
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
    return 400, None


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
