"""Property tests: 1,000 seeded random Enchantoria games, invariants checked after every
action; every tenth game is also checked for leaks after every action and replayed from
its JSON record to the identical state.

Besides the bookkeeping (cards, health, mana, effects), each action is checked for
secrecy (R3): an action that reveals nothing must leave the other player's and the
public view exactly as they were, and only a window's last commit may add events.
"""

from dataclasses import replace

import pytest

from engine.agents import RandomAgent
from engine.core.events import CardDrawn
from engine.core.match import Match, new_match, replay
from engine.core.record import MatchRecord
from engine.core.ruleset import get_ruleset
from engine.rulesets.enchantoria.game import EnchantoriaState
from tests.support.fingerprint import fingerprint
from tests.support.samples import seed_ranges

GAMES = 1000
CHUNK = 100
SAMPLE = 30  # games in every tier; the rest are marked slow (tests/support/samples.py)
DECK_SIZE = 30
DECKS = get_ruleset("enchantoria").preconstructed_decks()


def public_of(match: Match, seat: int) -> tuple[str, str]:
    """What the other player and the public see, without the list of who still chooses."""
    return tuple(repr(replace(match.view(v), decisions=())) for v in (1 - seat, None))


def broken(match: Match) -> list[str]:
    """The bookkeeping: cards, health, mana and effects."""
    state: EnchantoriaState = match.state
    problems = []
    for p in state.players:
        count = len(p.deck) + len(p.hand) + len(p.discard) + len(p.board)
        if count != DECK_SIZE:
            problems.append(f"{p.name} owns {count} cards")
        if p.health > p.max_health:
            problems.append(f"{p.name} health {p.health} > {p.max_health}")
        if p.mana < 0 or p.spent(state) > p.mana:
            problems.append(f"{p.name} mana {p.mana}, plan {p.spent(state)}")
        for entity in (p, *p.board):
            if entity.protection is not None and entity.protection.power <= 0:
                problems.append(f"{entity.name} keeps a spent protection")
            if any(s.turns <= 0 for s in entity.statuses):
                problems.append(f"{entity.name} keeps an expired effect")
            kinds = [s.kind for s in entity.statuses]
            if len(kinds) != len(set(kinds)):
                problems.append(f"{entity.name} has conflicting effects {kinds}")
        for being in p.board:
            if being.owner != p.seat or being.health > being.max_health:
                problems.append(f"{being.name} is wrong: {being.health}/{being.max_health}")
            if being.health <= 0 and not match.over:
                problems.append(f"{being.name} at {being.health} outlived the Discard Phase")
    return problems


def leaks(match: Match) -> list[str]:
    """Hidden information in any view: hands, decks, plans, other players' options."""
    problems = []
    for viewer in (0, 1, None):
        view = match.view(viewer)
        for seat in view.seats:
            if seat.zones["deck"].cards is not None:
                problems.append(f"view({viewer}) shows a deck")
            if seat.seat != viewer and seat.zones["hand"].cards is not None:
                problems.append(f"view({viewer}) shows {seat.name}'s hand")
            if seat.seat != viewer and "your secret choices" in seat.zones:
                problems.append(f"view({viewer}) shows {seat.name}'s plan")
        for d in view.decisions:
            if d.player != viewer and (d.options is not None or d.kind != "secret"):
                problems.append(f"view({viewer}) shows {d.player_name}'s choice")
        for event in match.events_seen_by(viewer, max(0, len(match.events) - 40)):
            if isinstance(event, CardDrawn) and event.player != viewer and event.card:
                problems.append(f"view({viewer}) names a card drawn by another")
    return problems


def play_checked(seed: int) -> Match:
    """Every game keeps the bookkeeping; every tenth is also watched for leaks (views are
    dear to build, and the suite must stay fast)."""
    watched = seed % 10 == 0
    decks = DECKS
    names = sorted(decks)
    pair = [decks[names[seed % 3]], decks[names[(seed // 3) % 3]]]
    match = new_match("enchantoria", ["A", "B"], pair, seed)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    while not match.over:
        pending = match.pending  # simultaneous: take them in either order
        decision = pending[(seed + len(match.actions)) % len(pending)]
        seat = decision.player
        action = agents[seat].choose(match, decision)
        before = public_of(match, seat) if watched else None
        events = len(match.events)
        match.apply(seat, action)
        if len(match.events) != events:  # only a window's last commit reveals anything
            head = action[0] if isinstance(action[0], str) else "card"
            assert head in ("done", "keep", "recycle", "card"), f"seed {seed}: {action} told"
        elif watched:  # nothing revealed: nothing may show (R3)
            assert public_of(match, seat) == before, f"seed {seed}: {action} showed"
        if len(match.events) == events and not watched:
            # a secret step moves no card and no health: only the plan's cost can go wrong
            me = match.state.players[seat]
            assert me.spent(match.state) <= me.mana, f"seed {seed}: plan over budget"
            continue
        problems = broken(match) + (leaks(match) if watched else [])
        assert not problems, f"seed {seed} after action {len(match.actions)}: {problems}"
    return match


@pytest.mark.parametrize("seeds", seed_ranges(GAMES, chunk=CHUNK, sample=SAMPLE))
def test_random_games_keep_every_invariant_and_replay_exactly(seeds: range) -> None:
    for seed in seeds:
        match = play_checked(seed)
        assert match.winner in (0, 1)
        if seed % 10:
            continue
        seed_text = str(match.meta.seed)
        for viewer in (0, 1, None):
            text = repr(match.view(viewer))
            assert "seed" not in text.lower() and (len(seed_text) < 4 or seed_text not in text)
        record = MatchRecord.from_json(match.record.to_json())
        assert fingerprint(replay(record)) == fingerprint(match), f"seed {seed} replays apart"
