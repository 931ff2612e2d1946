"""No tells, in every ruleset: whether and what the others are asked, and what
they see, never depends on a player's hidden cards (tests/support/no_tells.py). Part of
the contract suite (test_contract.py), run over every registered ruleset and Relay. Which
cards are hidden, and which of them the others could not tell apart, each ruleset declares
(`Ruleset.hidden_zones`).

Each game is played at random (seeded: the same games every run) to a position where a
player who is not deciding holds a card, then checked; every ruleset must compare enough
steps for the pass to mean something, and the control test shows the check catching a
tell put back on purpose. The wide check below also plays four seats, swaps within and
between face-down piles, has seats leave and plays series; its long run compares at
least 20,000 steps per game (`pytest -m long tests/contract/test_no_tells.py`), and its
control puts back the tell of a seat leaving.
"""

import random
from collections import Counter
from typing import Any

import pytest

from engine.core.decision import Decision
from engine.core.match import RESIGN, Match, new_match
from engine.rulesets.clash import steps as clash_steps
from tests.support.contract import RELAY, games, rules_of, start
from tests.support.no_tells import SWAPS, Variant, check, swap_hidden_in, warm_up
from tests.support.samples import seed_ranges

GAMES = 40  # two-seat games per ruleset; the seeds are 0..GAMES-1
STEPS = 150  # the most actions compared after a swap
LEAST = 800  # steps compared per ruleset, at the least: four times the old bar of 200
#: A ruleset for more than two also plays three-seat games (priority passes round more
#: players, and each other player must see nothing): fewer, to keep the run short.
GAMES_OF_THREE, LEAST_OF_THREE = 20, 400
#: Relay's games last a few actions: it warms up for at most 2 before the swap (the real
#: games for up to 80), and its bar is what its short games can compare.
RELAY_WARM_UP, RELAY_LEAST = 2, 20
#: The games every tier plays where all of them take long: a quarter (the rest are a long
#: run, tests/support/samples.py); every other ruleset plays all its two-seat games. Each
#: part is held to its share of the bar, so the parts together meet the whole bar (Mage
#: Wars' first games compare fewer steps than its later ones: it is not split).
SAMPLE = {"battle-mages": 10, "magic-core": 10, "enchantoria": 10}
SAMPLE_OF_THREE = 5


def run(
    ruleset: str, seeds: range = range(GAMES), players: int = 2, warm_up_for: int = 80
) -> tuple[int, list[str]]:
    """(steps compared over the games of `seeds` with `players` seats, the tells found)."""
    compared, tells = 0, []
    for seed in seeds:
        match = start(ruleset, seed, players)
        steps, tell = check(match, seed, steps=STEPS, warm_up_for=warm_up_for)
        compared += steps
        if tell is not None:
            tells.append(tell)
    return compared, tells


def _cases(game: str, players: int, games: int, least: int, sample: int) -> list[object]:
    warm_up_for = RELAY_WARM_UP if game == RELAY else 80
    least = min(least, RELAY_LEAST) if game == RELAY else least
    name = game if players == 2 else f"{game}-{players}"
    cases: list[object] = []
    for part in seed_ranges(games, chunk=games, sample=sample):
        seeds = part.values[0]  # type: ignore[attr-defined]
        share = least * len(seeds) / games
        marks, id_ = part.marks, f"{name}-{part.id}"  # type: ignore[attr-defined]
        cases.append(pytest.param(game, players, seeds, share, warm_up_for, marks=marks, id=id_))
    return cases


CASES = [case for g in games() for case in _cases(g, 2, GAMES, LEAST, SAMPLE.get(g, GAMES))] + [
    case
    for g in games()
    if rules_of(g).max_players > 2
    for case in _cases(g, 3, GAMES_OF_THREE, LEAST_OF_THREE, SAMPLE_OF_THREE)
]


# The wide check below swaps hand cards too, in every tier; this narrower one (hand
# swaps at two and three seats) runs whole behind -m long.
@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize(("ruleset", "players", "seeds", "least", "warm_up_for"), CASES)
def test_the_others_observe_nothing_of_a_swapped_hidden_card(
    ruleset: str, players: int, seeds: range, least: float, warm_up_for: int
) -> None:
    compared, tells = run(ruleset, seeds, players, warm_up_for)
    assert not tells, "\n".join(tells)
    assert compared >= least, f"{ruleset}, {players} seats: only {compared} steps compared"


def test_the_check_catches_a_tell_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: Clash as it was before its no-tells fix, where a turn whose every card in
    hand is unplayable ends by itself (the lone "end turn" taken silently), so the
    opponent learns the hand is unplayable. The same check, over the same seeds, must
    report it; otherwise a pass above would prove nothing."""
    decisions = clash_steps.Main.decisions

    def telling(self: clash_steps.Main, state: Any) -> list[Decision]:
        found = decisions(self, state)
        for decision in found:
            if decision.actions == [clash_steps.END]:
                decision.forced = clash_steps.END  # asked only with a playable card
        return found

    monkeypatch.setattr(clash_steps.Main, "decisions", telling)
    compared, tells = run("clash")
    assert tells, f"no tell found in {compared} steps compared"


def test_a_swap_trades_only_cards_the_others_cannot_tell_apart() -> None:
    """The harness's own honesty (`HiddenZones.alike`, as the rulesets declare it): in Mage
    Wars a hand card trades only with a card of the deck it was drawn from (the backs
    differ) and never one taken from health; in Enchantoria never a card the player's
    committed choice names."""
    seen = {"mage-wars": 0, "enchantoria": 0}
    for ruleset in seen:
        for seed in range(30):
            match = start(ruleset, seed)
            rng = random.Random(seed)
            hidden = warm_up(match, rng, least=rng.randint(0, 80), most=300)
            if hidden is None:
                continue
            state: Any = match.state.clone()
            swapped = swap_hidden_in(state, match.ruleset, hidden, rng)
            if swapped is None:
                continue
            held, lying = swapped  # `held` now lies in the pile, `lying` in the hand
            seen[ruleset] += 1
            if ruleset == "mage-wars":
                assert held.proto.deck == lying.proto.deck and not held.discount
            else:
                me = state.players[hidden]
                assert held.uid not in me.planned_uids() and held.uid != me.pick
                assert lying in me.hand and held in me.deck
    assert min(seen.values()) >= 20, seen


# -- every seat count, every hidden pile, a seat leaving, a series ---------------------

#: The wide check: each seed is one game of a `Variant` (`variant`), together every kind
#: of swap (a hand card, two cards of one pile, cards of two players' piles), two to four
#: seats (four most often where the game takes them), a seat leaving partway in half the
#: games of three or more, and a best of three in half the two-seat games of a game that
#: plays series. The first range of seeds is the sample every tier runs; the rest, the
#: long run (`-m long`), compare at least `WIDE_LEAST` steps per game without it, each
#: range its share.
WIDE_STEPS = 300  # the most actions compared after a swap
WIDE_LEAST = 20_000
#: Seeds per game: the steps a game compares differ (a swapped Mage Wars card comes into
#: the open soonest, from its deck's public discard pile), measured and given a third
#: more, so that every range meets its share.
WIDE_GAMES = {
    "clash": 576,
    "battle-mages": 240,
    "enchantoria": 384,
    "magic-core": 288,
    "mage-wars": 1152,
}
#: The sample goes through every variant once (`variant`), and must compare at least
#: `WIDE_SAMPLE_LEAST` steps; the long ranges end on multiples of `WIDE_CHUNK`.
WIDE_SAMPLE, WIDE_SAMPLE_LEAST, WIDE_CHUNK = 12, 100, 96
#: Relay's games last a few actions: many, each with a short warm-up, and bars of what
#: they can compare.
RELAY_WIDE_GAMES, RELAY_WIDE_LEAST, RELAY_SAMPLE_LEAST = 1440, 2_000, 10


def variant(game: str, seed: int) -> Variant:
    """The variant of seed `seed`: the swap turns over every seed, the seat count every
    three (four seats, four, three, two, where the game takes four), and every other seed
    has a seat leave (of three or more) or plays a best of three (of two, in a game that
    plays series); every twelve seeds go through them all."""
    rules = rules_of(game)
    swap = SWAPS[seed % len(SWAPS)]
    counts = [min(4, rules.max_players)] * 2 + [min(3, rules.max_players), 2]
    players = counts[seed // len(SWAPS) % len(counts)]
    odd = seed % 2 == 1
    leave_at = 5 + seed % 37 if players > 2 and odd else None
    series = "best_of" in rules.options_model.model_fields
    best_of = 3 if players == 2 and odd and series else 1
    return Variant(players=players, swap=swap, leave_at=leave_at, best_of=best_of)


def begin(game: str, seed: int, chosen: Variant) -> Match:
    """A new match of `game` for `chosen` between preconstructed decks (by the seed)."""
    decks = list(rules_of(game).preconstructed_decks().values())
    picked = [decks[(seed + i) % len(decks)] for i in range(chosen.players)]
    names = [f"P{i}" for i in range(chosen.players)]
    options = {"best_of": chosen.best_of} if chosen.best_of > 1 else {}
    return new_match(game, names, picked, seed, options)


def run_wide(game: str, seeds: range) -> tuple[int, list[str], Counter[str]]:
    """(steps compared over the games of `seeds`, the tells found, steps compared per
    feature: each kind of swap, each seat count, a seat leaving, a series)."""
    compared, tells, features = 0, [], Counter[str]()
    warm_up_for = RELAY_WARM_UP if game == RELAY else 80
    for seed in seeds:
        chosen = variant(game, seed)
        match = begin(game, seed, chosen)
        steps, tell = check(match, seed, steps=WIDE_STEPS, warm_up_for=warm_up_for, variant=chosen)
        compared += steps
        features[chosen.swap] += steps
        features[f"{chosen.players} seats"] += steps
        features["a seat leaves"] += steps if chosen.leave_at is not None else 0
        features["best of 3"] += steps if chosen.best_of == 3 else 0
        if tell is not None:
            tells.append(tell)
    return compared, tells, features


def _wide_cases() -> list[object]:
    cases: list[object] = []
    for game in games():
        total = RELAY_WIDE_GAMES if game == RELAY else WIDE_GAMES[game]
        least = RELAY_WIDE_LEAST if game == RELAY else WIDE_LEAST
        sample_least = RELAY_SAMPLE_LEAST if game == RELAY else WIDE_SAMPLE_LEAST
        for part in seed_ranges(total, chunk=WIDE_CHUNK, sample=WIDE_SAMPLE):
            seeds = part.values[0]  # type: ignore[attr-defined]
            if seeds.start == 0:
                share = float(sample_least)
            else:
                share = least * len(seeds) / (total - WIDE_SAMPLE)
            marks, id_ = part.marks, f"{game}-{part.id}"  # type: ignore[attr-defined]
            cases.append(pytest.param(game, seeds, share, marks=marks, id=id_))
    return cases


@pytest.mark.parametrize(("ruleset", "seeds", "least"), _wide_cases())
def test_nobody_observes_a_swap_in_any_seat_count_pile_or_series(
    ruleset: str, seeds: range, least: float
) -> None:
    compared, tells, features = run_wide(ruleset, seeds)
    print(f"{ruleset} {seeds.start}-{seeds.stop}: {compared} steps compared")
    assert not tells, "\n".join(tells)
    assert compared >= least, f"{ruleset}: only {compared} steps compared"
    most = min(4, rules_of(ruleset).max_players)
    wanted = [*SWAPS, f"{most} seats"]
    wanted += ["a seat leaves"] if most > 2 else []
    wanted += ["best of 3"] if "best_of" in rules_of(ruleset).options_model.model_fields else []
    assert all(features[name] > 0 for name in wanted), f"{ruleset}: compared {features}"


def test_the_wide_check_catches_a_leaver_renumbering_by_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Control: the match as it was when a seat leaving renumbered only the open
    decisions whose options changed, so whether a player's number moved told the others
    whether their hand could target the leaver (magic-core, four seats: seed 75 has P3
    leave while P2, the swapped hand, holds priority). The wide check must report it."""

    def renumbering_by_hand(self: Match, player: int, reason: str = "resigned") -> None:
        self.state.concede(player, reason)
        self.dropped = self.state.dropped
        self.actions.append((player, (RESIGN, reason)))
        self._advance(player, self.state.decisions())

    monkeypatch.setattr(Match, "resign", renumbering_by_hand)
    compared, tells, _ = run_wide("magic-core", range(75, 76))
    assert tells, f"no tell found in {compared} steps compared"
