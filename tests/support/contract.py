"""Helpers of the engine contract suite (tests/contract/): one way to start, play and
compare a match of any game, and what each game hides (as its ruleset declares it:
`Ruleset.hidden_zones`).

Every registered ruleset takes part, and Relay (tests/support/relay.py), the test-only
game for more than two seats, registered for the suite's run by `tests/contract/conftest.py`.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from engine.agents import RandomAgent
from engine.core.events import Event
from engine.core.match import Match, new_match
from engine.core.ruleset import Ruleset, get_ruleset, ruleset_ids
from engine.core.view import CardView, DecisionView, MatchView, SeatView, ZoneView
from tests.support.fingerprint import fingerprint
from tests.support.relay import RULESET as RELAY_RULESET

RELAY = RELAY_RULESET.id


def games() -> list[str]:
    """Every game the suite runs over: the registered rulesets, then Relay."""
    return [*ruleset_ids(), RELAY]


def start(game: str, seed: int, players: int = 2) -> Match:
    """A new match of `game` between preconstructed decks (chosen by the seed)."""
    decks = list(get_ruleset(game).preconstructed_decks().values())
    chosen = [decks[(seed + i) % len(decks)] for i in range(players)]
    return new_match(game, [f"P{i}" for i in range(players)], chosen, seed, {})


def rules_of(game: str) -> Ruleset:
    """The ruleset of `game`. Relay is registered only while a contract test runs
    (tests/contract/conftest.py), so before that, when the tests are collected, it is
    taken from its module."""
    return RELAY_RULESET if game == RELAY else get_ruleset(game)


def seat_counts(game: str) -> list[int]:
    """Two seats, and the most the game takes when that is more."""
    most = rules_of(game).max_players
    return [2] if most == 2 else [2, most]


def step(match: Match, agents: list[RandomAgent], rng: random.Random) -> None:
    """One action: a random open decision (several may be open at once), a random choice."""
    pending = match.pending
    decision = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
    match.apply(decision.player, agents[decision.player].choose(match, decision))


def playing(match: Match, seed: int, steps: int) -> Iterator[Match]:
    """Random play for up to `steps` actions (seeded); yields the match before each one
    and once more at the end."""
    agents = [RandomAgent(seed * 31 + i) for i in range(len(match.players))]
    rng = random.Random(seed)
    for _ in range(steps):
        yield match
        if match.over:
            return
        step(match, agents, rng)
    yield match


def play(match: Match, seed: int, steps: int) -> Match:
    for _ in playing(match, seed, steps):
        pass
    return match


def play_out(match: Match, seed: int, limit: int = 20000) -> Match:
    play(match, seed, limit)
    assert match.over, f"no end after {limit} random actions"
    return match


def snapshot(match: Match) -> tuple:
    """Everything an illegal action must leave as it was."""
    return (
        match.record.to_json(),
        fingerprint(match),
        tuple((d.player, d.kind, d.seq, tuple(d.actions)) for d in match.pending),
        match.over,
    )


# -- what each game hides ------------------------------------------------------------


def identity(rules: Ruleset, card: Any) -> tuple[int | None, str]:
    """(uid, name) of a card in a hidden place. A card of the rules carries both; a game
    whose cards are plain ids (Relay) names them through its catalog, without uid."""
    proto = getattr(card, "proto", None)
    if proto is not None:
        return card.uid, proto.name
    return None, rules.card_catalog()[card].name


def hidden(game: str, state: Any) -> tuple[dict[int, list[tuple[int | None, str]]], list]:
    """Each seat's secret hand as (uid, name) pairs, and every card of every hidden pile,
    as the ruleset declares them (`Ruleset.hidden_zones`)."""
    rules = rules_of(game)
    zones = [rules.hidden_zones(state, seat) for seat in range(len(state.names))]
    hands = {
        seat: [identity(rules, card) for card in held.secret_hand()]
        for seat, held in enumerate(zones)
    }
    piles = {id(pile): pile for held in zones for pile in held.piles()}
    return hands, [identity(rules, card) for pile in piles.values() for card in pile]


# -- walking a view --------------------------------------------------------------------

PLAIN = (str, int, float, bool, type(None))
VIEW_TYPES = (MatchView, SeatView, ZoneView, CardView, DecisionView, Event)


def walk(obj: Any, path: str = "view") -> Iterator[tuple[str, Any]]:
    """Every value reachable from a view, with where it was found. A view is plain data:
    any other kind of object in it (a state, a card of the rules, a random generator)
    fails here, since it could carry anything."""
    yield path, obj
    if isinstance(obj, PLAIN):
        return
    if isinstance(obj, tuple | list | frozenset | set):
        for i, item in enumerate(obj):
            yield from walk(item, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from walk(key, f"{path}.key")
            yield from walk(value, f"{path}[{key!r}]")
    elif isinstance(obj, VIEW_TYPES) and dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield from walk(getattr(obj, f.name), f"{path}.{f.name}")
    else:
        raise AssertionError(f"{path} is a {type(obj).__module__}.{type(obj).__qualname__}")


class Watcher:
    """Checks every seat's view (and the public one) of one match as it is played: no
    other seat's hand, no card of a hidden pile, no seed. Names a player has seen in the
    open (a card played, a card on the table) may appear in their view later; a name that
    is only in another seat's hand may not."""

    def __init__(self, game: str, match: Match, seed: int):
        self.game, self.match, self.seed = game, match, seed
        self.seen_in_public: set[str] = set()
        self.last_hidden: Counter[str] = Counter()
        self.checked = 0

    def follow(self) -> tuple[dict[int, list[tuple[int | None, str]]], list]:
        """Call after every action: names that came out in the open since the last call
        (a card played, discarded or shown on the table) are known to everyone from now."""
        hands, piles = hidden(self.game, self.match.state)
        now_hidden = Counter(name for hand in hands.values() for _, name in hand)
        now_hidden.update(name for _, name in piles)
        self.seen_in_public.update((self.last_hidden - now_hidden).keys())
        self.last_hidden = now_hidden
        public = self.match.view(None)
        self.seen_in_public.update(v.name for _, v in walk(public) if isinstance(v, CardView))
        return hands, piles

    def check(self) -> None:
        game, match = self.game, self.match
        hands, piles = self.follow()
        seats = len(match.players)
        pile_uids = {uid for uid, _ in piles if uid is not None}
        for viewer in [None, *range(seats)]:
            view = match.view(viewer)
            where = f"{game} seed {self.seed}, viewer {viewer}"
            values = list(walk(view))
            secret_uids = set(pile_uids)
            secret_names: set[str] = set()
            known = set(self.seen_in_public)
            if viewer is not None:
                known.update(name for _, name in hands[viewer])
            for seat, hand in hands.items():
                if seat != viewer:
                    secret_uids.update(uid for uid, _ in hand if uid is not None)
                    secret_names.update(name for _, name in hand if name not in known)
            for path, value in values:
                if isinstance(value, CardView):
                    assert value.uid not in secret_uids, (
                        f"{where}: {path} shows card {value.uid} ({value.name}), "
                        "which is in a hidden place"
                    )
                elif isinstance(value, ZoneView) and "deck" in value.name:
                    assert value.cards is None, f"{where}: {path} shows a deck's cards"
                elif isinstance(value, str):
                    assert str(self.seed) not in value, f"{where}: {path} holds the seed"
                    for name in secret_names:
                        assert name not in value, (
                            f"{where}: {path} names {name!r}, only in another player's hand: "
                            f"{value!r}"
                        )
                elif isinstance(value, int) and not isinstance(value, bool):
                    assert value != self.seed, f"{where}: {path} is the seed"
            self.checked += 1
