"""No tells: what the other players observe must not depend on a player's hidden cards.

Two copies of one match are played in lockstep. Partway through, one player's hidden
cards are swapped in the second copy: a card of their hand trades places with a card of a
pile nobody can see (their deck, or a shared deck), one the others cannot tell apart from
it (`ALIKE`). From then on every other player's choices are the same in both copies, and
the swapped player makes only choices open in both copies that do not touch the swapped
cards, so the public history stays the same. After every step, everything the other
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

#: (state, player, hand card, pile card) -> whether the others cannot tell the two apart
Alike = Callable[[Any, int, Any, Any], bool]


def _same_back(state: Any, player: int, held: Any, lying: Any) -> bool:
    """Mage Wars: the six decks have six backs, so everyone saw from which deck each card
    in a hand was drawn (mw:118); a hand card may trade places only with a card of its own
    deck. A card taken into hand from health (mw:30) is known to have come from there and
    carries its discount (a view shows "from health"): it stays."""
    return held.proto.deck == lying.proto.deck and not held.discount


def _not_committed(state: Any, player: int, held: Any, lying: Any) -> bool:
    """Enchantoria: a player who is ready has committed their secret choice of the window
    (`plan`: the spells cast, `step`: one half chosen, `pick`: a Preparation or Discard
    choice), which names hand cards by uid and is revealed as it stands. A card so named
    is no longer just a hand card (swapping it would make a choice the player never could
    have made); every other hand card is fair game."""
    me = state.players[player]
    named = _uids((me.plan, me.step, me.pick))
    return held.uid not in named


def _uids(value: Any) -> set[int]:
    """Every int inside nested tuples and lists (the uids a secret choice names)."""
    if isinstance(value, (tuple, list)):
        found: set[int] = set()
        for part in value:
            found |= _uids(part)
        return found
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def _any(state: Any, player: int, held: Any, lying: Any) -> bool:
    """A player's own deck is one face-down pile of one back: any card of it will do."""
    return True


ALIKE: dict[str, Alike] = {
    "clash": _any,
    "battle-mages": _any,
    "enchantoria": _not_committed,
    "magic-core": _any,
    "mage-wars": _same_back,
}


def card_id(card: Any) -> str:
    return str(card.proto.id)


def swap_hidden_in(
    state: Any, ruleset: str, player: int, rng: random.Random
) -> tuple[Any, Any] | None:
    """Trade a card of `player`'s hand for a different card of a hidden pile that the
    others cannot tell from it (in place), or None when there is none."""
    hand, piles = PILES[ruleset](state, player)
    alike = ALIKE[ruleset]
    pairs = [
        (i, pile, j)
        for i, a in enumerate(hand)
        for pile in piles
        for j, b in enumerate(pile)
        if card_id(a) != card_id(b) and alike(state, player, a, b)
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


def warm_up(match: Match, rng: random.Random, *, least: int, most: int) -> int | None:
    """Random play (seeded by `rng`) for at least `least` actions, then on until a player
    who is not deciding holds a card (at most `most` actions in all): that player's seat,
    or None when the game ended or no such moment came."""
    piles = PILES[match.ruleset.id]
    for step in range(most):
        if match.over:
            return None
        if step >= least:
            asked = {d.player for d in match.pending}
            free = [
                p for p in range(len(match.players)) if p not in asked and piles(match.state, p)[0]
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


def check(match: Match, seed: int, *, steps: int) -> tuple[int, str | None]:
    """One game of the check from a new `match`: random play to a position where a player
    who is not deciding holds a card, a swap, then `lockstep` for up to `steps` actions.
    Deterministic per seed: (steps compared, the first tell found or None)."""
    rng = random.Random(seed)
    hidden = warm_up(match, rng, least=rng.randint(0, 80), most=300)
    if hidden is None:
        return 0, None
    made = counterfactual(match, hidden, rng)
    if made is None:
        return 0, None
    first, second, uids, names = made
    compared, tell = lockstep(first, second, hidden, uids, names, rng, steps=steps)
    return compared, None if tell is None else f"seed {seed}: {tell}"
