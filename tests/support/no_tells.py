"""No tells: what the other players observe must not depend on a player's hidden cards.

Two copies of one match are played in lockstep. Partway through, one player's hidden
cards are swapped in the second copy: a card of their hand trades places with a card of a
pile nobody can see (their deck, or a shared deck), one the others cannot tell apart from
it, as the ruleset declares (`Ruleset.hidden_zones`: `draw_piles`, `alike`). From then on
every other player's choices are the same in both copies, and the swapped player makes
only choices open in both copies that do not touch the swapped cards, so the public
history stays the same. After every step, everything the other
players can observe must be equal in both copies: their views (which include whether and
what every player is being asked), and their own decisions (kind, prompt, number,
options). Once a swapped card is shown to anyone but its owner, the copies may rightly
differ, and the comparison stops.

The position is reached by random play (`warm_up`, seeded), not by always taking the
first option: a steady first-option game rarely leaves a player who is not deciding with
cards in hand, and a check that compares nothing proves nothing.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.match import Match
from engine.core.ruleset import Ruleset
from tests.support.contract import identity


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
    assert match.decision_for(hidden) is None, "the swapped player must not be deciding"
    state = match.state.clone()
    swapped = swap_hidden_in(state, match.ruleset, hidden, rng)
    if swapped is None:
        return None
    first = Match(match.ruleset, match.state.clone(), match.meta)
    second = Match(match.ruleset, state, match.meta)
    uids = {uid for uid, _ in (identity(match.ruleset, c) for c in swapped) if uid is not None}
    names = {name for _, name in (identity(match.ruleset, c) for c in swapped)}
    return first, second, uids, names


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
        pending = match.pending
        decision = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
        match.apply(decision.player, pick(decision, rng))
    return None


def observed(match: Match, viewer: int, seen: str) -> tuple[Any, ...]:
    """Everything `viewer` can observe: their view (`seen`, its repr), and their own open
    decision."""
    decision = match.decision_for(viewer)
    own = None
    if decision is not None:
        own = (decision.kind, decision.prompt, decision.seq, tuple(decision.actions))
    return seen, own


def exposure(texts: Any, uids: set[int], names: set[str]) -> list[int] | None:
    """How often each swapped card's name occurs in what the others observe (`texts`,
    per copy and viewer), or None once a swapped card itself is shown (a card view with
    its uid). A name may be on view from the start (another copy of the card on the
    table, in a discard pile, in an event): stopping on any mention would compare almost
    nothing, so the check stops when a count grows, the moment a card of that name comes
    into the open, which may be the swapped one."""
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


def lockstep(
    first: Match,
    second: Match,
    hidden: int,
    uids: set[int],
    names: set[str],
    rng: random.Random,
    *,
    steps: int = 400,
) -> tuple[int, str | None]:
    """Play both copies together for up to `steps` actions; (steps compared, the first
    tell found or None)."""
    seats = range(len(first.players))
    others = [s for s in seats if s != hidden]
    before: list[int] | None = None
    for step in range(steps):
        # what each other player sees, as text (the public view shows nothing they do not
        # also see, so the names are counted in theirs alone)
        seen = {
            (copy, viewer): repr(match.view(viewer))
            for copy, match in enumerate((first, second))
            for viewer in others
        }
        now = exposure(seen.values(), uids, names)
        if now is None or (
            before is not None and any(n > b for n, b in zip(now, before, strict=True))
        ):
            return step, None  # a swapped card is out in the open: the copies may differ
        before = now
        for seat in others:
            a = observed(first, seat, seen[0, seat])
            b = observed(second, seat, seen[1, seat])
            if a != b:
                return step, f"seat {seat} observes a difference at step {step}: {_diff(a, b)}"
        if first.view(None) != second.view(None):
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
    return steps, None


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


def check(match: Match, seed: int, *, steps: int, warm_up_for: int = 80) -> tuple[int, str | None]:
    """One game of the check from a new `match`: random play (for up to `warm_up_for`
    actions, then on) to a position where a player who is not deciding holds a card, a
    swap, then `lockstep` for up to `steps` actions. Deterministic per seed: (steps
    compared, the first tell found or None)."""
    rng = random.Random(seed)
    hidden = warm_up(match, rng, least=rng.randint(0, warm_up_for), most=300)
    if hidden is None:
        return 0, None
    made = counterfactual(match, hidden, rng)
    if made is None:
        return 0, None
    first, second, uids, names = made
    compared, tell = lockstep(first, second, hidden, uids, names, rng, steps=steps)
    return compared, None if tell is None else f"seed {seed}: {tell}"
