"""Agents, simulation and the engine contract for Enchantoria."""

import pytest

from engine.agents import make_agent
from engine.core.errors import NotYourDecision, ScenarioError
from engine.core.match import from_scenario, new_match, replay
from engine.rulesets.enchantoria.ruleset import RULESET
from engine.simulate import play_out, simulate
from tests.rules.enchantoria.conftest import cast, scenario


def test_simulate_reports_games_per_second() -> None:
    result = simulate("enchantoria", 6, ("random", "random"), seed=4)
    assert sum(result.wins) == 6
    summary = result.summary()
    assert summary.startswith("games=6 wins=") and "games_per_sec=" in summary


def test_the_greedy_agent_beats_the_random_one() -> None:
    decks = RULESET.preconstructed_decks()
    names = sorted(decks)
    greedy_wins = 0
    for seed in range(10):
        pair = [decks[names[seed % 3]], decks[names[(seed + 1) % 3]]]
        match = new_match("enchantoria", ["G", "R"], pair, seed)
        play_out(match, [make_agent("greedy", seed), make_agent("random", seed)])
        greedy_wins += match.winner == 0
        assert replay(match.record).winner == match.winner
    assert greedy_wins >= 7


def test_a_committed_player_has_no_choice_left() -> None:
    match = scenario({"hand": ["ember_orb"]}, {"hand": ["ember_orb"]})
    cast(match, 0, "ember_orb", "p1")
    match.apply(0, ("done",))
    with pytest.raises(NotYourDecision):
        match.apply(0, ("done",))


def test_scenarios_refuse_what_they_cannot_build() -> None:
    seats = [{"name": "A"}, {"name": "B"}]
    with pytest.raises(ScenarioError, match="unknown card"):
        from_scenario("enchantoria", {"seats": [{"hand": ["nope"]}, {}]})
    with pytest.raises(ScenarioError, match="spell, not a creature"):
        from_scenario("enchantoria", {"seats": [{"board": ["ember_orb"]}, {}]})
    with pytest.raises(ScenarioError, match="phase"):
        from_scenario("enchantoria", {"seats": seats, "phase": "discard"})
    with pytest.raises(ScenarioError, match="two seats"):
        from_scenario("enchantoria", {"seats": seats[:1]})


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        ({"health": "abc"}, "seat 1: health must be a whole number, not 'abc'"),
        ({"health": 0}, "seat 1: health must be 1 or more"),
        ({"health": 31}, "seat 1: health 31 is above its maximum 30"),
        ({"mana": -3}, "seat 1: mana must be 0 or more"),
        ({"bogus": 1}, "seat 1: unknown field(s) ['bogus']"),
        ({"hand": "ember_orb"}, "seat 1: hand is a list of card ids"),
        ({"statuses": [{"kind": "foo", "turns": 2}]}, "status 1: kind is one of"),
        ({"statuses": [{"turns": 2}]}, "status 1: kind is one of"),
        ({"statuses": [{"kind": "stun", "turns": 2}]}, "stun is for creatures and constructs"),
        ({"statuses": [{"kind": "burn", "amount": 1, "turns": 0}]}, "turns must be 1 or more"),
        ({"protection": {"power": 0}}, "seat 1, protection: power must be 1 or more"),
        ({"board": [{"card": "mossling", "health": 0}]}, "board 1 (Mossling): health must be"),
        ({"board": [{"card": "mossling", "hp": 2}]}, "board 1: unknown field(s) ['hp']"),
        (
            {"statuses": [{"kind": "burn", "turns": 2}, {"kind": "burn", "turns": 1}]},
            "two burn effects conflict",
        ),
    ],
)
def test_scenarios_name_the_bad_field(seat: dict, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        from_scenario("enchantoria", {"seats": [seat, {}]})
    assert words in str(caught.value)
