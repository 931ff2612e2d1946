"""Property tests: seeded random Mage Wars games for 2, 3 and 4 players, invariants checked
after every action, some players leaving mid-game, and records replayed exactly.

Invariants: no card is created, lost or in two places; a living Mage has health cards and
a dead one none; nobody sees another player's hand, a deck's order or a health pile; every
game ends within Last Light (docs/rules/mage-wars.md R15).
"""

from collections import Counter

import pytest

from engine.agents import RandomAgent
from engine.core.match import Match, new_match, replay
from engine.core.ruleset import get_ruleset
from engine.rulesets.mage_wars.state import ROUND_LIMIT
from tests.support.samples import seed_ranges

GAMES = 510
CHUNK = 85
SAMPLE = 30  # games in every tier; the rest are marked slow (tests/support/samples.py)
RULES = get_ruleset("mage-wars")


def problems(match: Match, total: int, look: bool) -> list[str]:
    s = match.state
    found = []
    cards = s.all_cards()
    if len(cards) != total:
        found.append(f"{len(cards)} cards, expected {total}")
    if len({c.uid for c in cards}) != len(cards):
        dup = [u for u, n in Counter(c.uid for c in cards).items() if n > 1]
        found.append(f"cards in two places: {dup}")
    for side in s.seats:
        if side.gone:
            continue
        if side.dead == bool(side.health):
            found.append(f"{side.name}: dead={side.dead} with {len(side.health)} health")
        if len(side.pets) > s.max_pets(side) + 1:  # a lost buff may leave one too many
            found.append(f"{side.name}: {len(side.pets)} pets")
    if s.round > ROUND_LIMIT + 1:
        found.append(f"round {s.round} past Last Light")
    for d in match.pending:
        if s.seats[d.player].gone:
            found.append("a decision for a player who left")
    if look:
        for viewer in (*range(len(s.seats)), None):
            view = match.view(viewer)
            for seat in view.seats:
                if seat.seat != viewer and seat.zones["hand"].cards is not None:
                    found.append(f"viewer {viewer} sees {seat.name}'s hand")
            piles = {c.uid for side in s.seats for c in side.health + side.armor}
            for zone in [z for seat in view.seats for z in seat.zones.values()]:
                if piles & {c.uid for c in zone.cards or ()}:
                    found.append("a health or armor card is face up")
            if any(z.cards is not None for n, z in view.table.items() if n.endswith("deck")):
                found.append("a deck is face up")
            for event in view.events:
                owner = event.private_to
                if owner is not None and owner != viewer:
                    found.append(f"viewer {viewer} sees {event.text}")
    return found


def play(seed: int) -> Match:
    players = 2 + seed % 3
    mages = RULES.preconstructed_decks()
    names = sorted(mages)
    decks = [mages[names[(seed + i) % len(names)]] for i in range(players)]
    match = new_match("mage-wars", [f"P{i}" for i in range(players)], decks, seed)
    total = len(match.state.all_cards())
    agents = [RandomAgent(seed * 5 + i) for i in range(players)]
    leave_at = 40 + seed % 60 if players > 2 and seed % 7 == 0 else -1
    while not match.over:
        if len(match.actions) == leave_at:
            match.resign(seed % players, "left the table")
            continue
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
        found = problems(match, total, look=len(match.actions) % 25 == 0)
        if found:
            pytest.fail(f"seed {seed} after action {len(match.actions)}: {found}")
    return match


@pytest.mark.parametrize("seeds", seed_ranges(GAMES, chunk=CHUNK, sample=SAMPLE))
def test_random_games_keep_every_invariant(seeds: range) -> None:
    ends = Counter()
    for seed in seeds:
        match = play(seed)
        assert match.winner is not None
        ends["last light" if "Last Light" in match.events[-1].text else "won"] += 1
        if seed % 17 == 0:  # the record replays to the identical game
            twin = replay(match.record)
            assert [e.text for e in twin.events] == [e.text for e in match.events]
            assert repr(twin.view(None)) == repr(match.view(None))
    assert ends["won"] > ends["last light"]  # most games end by a Mage's own condition
