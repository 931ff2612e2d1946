"""Property tests: a thousand seeded random magic-core games (800 two-player, 200
four-player), invariants checked after every action, hidden information checked along the
way, and a sample of finished games replayed from their JSON records to the same state.

Random agents are uniform over the legal actions; 'pass' is one action among many and
combat is meaningful, so every game ends by the rules (no turn limit is imposed: a library
runs out at the latest, 104.3c).
"""

import random

import pytest

from engine.agents import GreedyAgent, RandomAgent
from engine.core.events import CardDrawn
from engine.core.match import Match, new_match, replay
from engine.core.record import MatchRecord
from engine.rulesets.magic_core.game import HAND_LIMIT, M_PRIORITY
from engine.rulesets.magic_core.objects import BATTLEFIELD, STACK
from engine.rulesets.magic_core.resolution import Resolve
from engine.rulesets.magic_core.ruleset import RULESET
from engine.rulesets.magic_core.steps import M_CLEANUP, Choose, Free, XChoice
from tests.support.fingerprint import fingerprint
from tests.support.samples import seed_ranges

TWO_PLAYER = 800
FOUR_PLAYER = 200
CHUNK = 100
#: games of each in every tier; the rest are marked slow (tests/support/samples.py)
SAMPLE_TWO, SAMPLE_FOUR = 40, 20
DECKS = RULESET.preconstructed_decks()
NAMES = sorted(DECKS)


def owned_cards(state) -> list[int]:
    """Non-token cards per owner, wherever they are (a player who left has none left)."""
    counts = [0] * len(state.players)
    for p in state.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            for card in zone:
                counts[card.owner] += not card.proto.token
    for obj in state.battlefield:
        counts[obj.owner] += not obj.proto.token
    resolving = [step.item for step in state.steps if isinstance(step, Resolve)]
    for item in state.stack + resolving:
        if item.card is not None and not item.copy and item.card.zone == STACK:
            counts[item.card.owner] += 1
    if state.ended:  # a resolution the end of the game cut short left its card there
        held = {id(i.card) for i in state.stack + resolving}
        for obj in state.objs.values():
            if obj.zone == STACK and id(obj) not in held and not obj.proto.token:
                counts[obj.owner] += 1
    return counts


def deck_sizes(state) -> list[int]:
    return [sum(1 for o in state.objs.values() if o.owner == s) for s in range(len(state.players))]


def broken(match: Match, expected: list[int], full: bool, count: bool = True) -> list[str]:
    state = match.state
    problems = []
    counts = owned_cards(state) if count else expected
    for seat, p in enumerate(state.players):
        if p.left or not count:
            continue
        if counts[seat] != expected[seat]:
            problems.append(f"seat {seat} owns {counts[seat]} cards, not {expected[seat]}")
        if min(p.pool) < 0:
            problems.append(f"seat {seat} pool {p.pool}")
        for name in ("library", "hand", "graveyard", "exile"):
            for card in getattr(p, name):
                if card.zone != name or card.owner != seat:
                    problems.append(f"{card} listed in seat {seat}'s {name}")
    for obj in state.battlefield:
        if obj.zone != BATTLEFIELD:
            problems.append(f"{obj} on the battlefield list")
        if state.players[obj.controller].left and not state.ended:
            problems.append(f"{obj} controlled by a player who left")
    if not match.over and state.mode == M_PRIORITY and match.pending:
        # state-based actions were checked before priority (704.3)
        for obj in state.battlefield:
            if obj.proto.is_creature and obj.damage >= state.toughness(obj) > 0:
                problems.append(f"{obj} survives lethal damage")
        for p in state.players:
            if not p.left and (p.life <= 0 or p.poison >= 10 or p.drew_empty):
                problems.append(f"{p.name} should have lost")
            if any(o.proto.token for o in p.hand + p.graveyard + p.exile):
                problems.append(f"a token outlived its zone change ({p.name})")
    steps = state.steps.items
    # a resolution waits only for a choice it pushed above itself (608.2, 101.4)
    resolution = any(isinstance(step, Resolve) for step in steps)
    if resolution and match.pending and not isinstance(steps[-1], Choose | XChoice | Free):
        problems.append(f"a resolution pending under {steps[-1]!r}")
    if match.over and len(steps) != 1:
        problems.append(f"steps left pending after the match: {steps!r}")
    for d in match.pending:
        if state.players[d.player].left:
            problems.append(f"a decision for {d.player}, who left")
    if state.step == 12 and not state.ended and state.mode not in (M_PRIORITY,):
        active = state.players[state.active]
        if len(active.hand) > HAND_LIMIT and state.mode is not M_CLEANUP:
            problems.append("cleanup left more than seven cards")
    if full:
        for viewer in [None, *range(len(state.players))]:
            view = match.view(viewer)
            for seat in view.seats:
                if seat.zones["deck"].cards is not None:
                    problems.append("a library is visible")
                if seat.seat != viewer and seat.zones["hand"].cards is not None:
                    problems.append(f"seat {seat.seat}'s hand visible to {viewer}")
            for event in view.events:
                if isinstance(event, CardDrawn) and event.card and event.player != viewer:
                    problems.append(f"{viewer} sees a card drawn by {event.player}")
            if match.meta.seed > 1000 and str(match.meta.seed) in repr(view):
                problems.append("the seed shows")
    return problems


def play(seed: int, players: int, agents=None) -> Match:
    decks = [DECKS[NAMES[(seed + i) % len(NAMES)]] for i in range(players)]
    match = new_match("magic-core", [f"P{i}" for i in range(players)], decks, seed)
    expected = deck_sizes(match.state)
    agents = agents or [RandomAgent(seed * 7 + i) for i in range(players)]
    count = 0
    while not match.over:
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
        count += 1
        problems = broken(match, expected, full=count % 100 == 0, count=count % 20 == 0)
        if problems:
            pytest.fail(f"seed {seed} ({players}p) after action {count}: {problems[:5]}")
    assert match.winner is None or not match.state.players[match.winner].left
    return match


@pytest.mark.parametrize("seeds", seed_ranges(TWO_PLAYER, chunk=CHUNK, sample=SAMPLE_TWO))
def test_two_player_random_games(seeds: range) -> None:
    for seed in seeds:
        match = play(seed, 2)
        if seed % 20 == 0:
            record = MatchRecord.from_json(match.record.to_json())
            assert fingerprint(replay(record)) == fingerprint(match), f"seed {seed} replays apart"


@pytest.mark.parametrize(
    "seeds", seed_ranges(FOUR_PLAYER, chunk=CHUNK, sample=SAMPLE_FOUR, first=10_000)
)
def test_four_player_random_games(seeds: range) -> None:
    for seed in seeds:
        match = play(seed, 4)
        if seed % 20 == 0:
            record = MatchRecord.from_json(match.record.to_json())
            assert fingerprint(replay(record)) == fingerprint(match), f"seed {seed} replays apart"


def test_three_player_and_greedy_games_end() -> None:
    for seed in range(5):
        match = play(20_000 + seed, 3)
        assert match.over
    greedy = play(30_000, 2, [GreedyAgent(1), RandomAgent(2)])
    assert greedy.over


def test_resignations_at_any_moment_keep_the_game_going() -> None:
    """Players resign at random moments (the coin flip and mulligans included); the game
    goes on without them, every invariant holds and the record replays."""
    for seed in range(60):
        players = 3 + seed % 2
        decks = [DECKS[NAMES[(seed + i) % len(NAMES)]] for i in range(players)]
        match = new_match("magic-core", [f"P{i}" for i in range(players)], decks, seed)
        agents = [RandomAgent(seed + i) for i in range(players)]
        chance = random.Random(seed)
        expected = deck_sizes(match.state)
        for step in range(5000):
            if match.over:
                break
            if chance.random() < (0.2 if step < 10 else 0.01):
                live = [s for s in range(players) if not match.state.players[s].left]
                match.resign(chance.choice(live))
            else:
                decision = match.pending[0]
                match.apply(decision.player, agents[decision.player].choose(match, decision))
            problems = broken(match, expected, step % 50 == 0, count=match.state.turn > 0)
            assert problems == [], f"seed {seed} step {step}: {problems}"
        assert match.over
        again = replay(MatchRecord.from_json(match.record.to_json()))
        assert fingerprint(again) == fingerprint(match)
