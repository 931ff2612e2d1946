"""Mage Wars' greedy heuristics (engine/rulesets/mage_wars/ai.py): a choice of deck goes to
the deck that serves the Mage's win condition, read from the drawn card's back only."""

from typing import Any

from engine.agents import GreedyAgent, make_agent
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset
from engine.rulesets.mage_wars import ai


def _deck_choices(games: int) -> list[tuple[Match, Any, str]]:
    """Positions where a Mage whose win condition has a serving deck (ai.SOURCE) is asked
    which deck to draw from, with that deck among the options; random play gets there."""
    rules = get_ruleset("mage-wars")
    pool = rules.preconstructed_decks()
    names = sorted(pool)
    found = []
    for seed in range(games):
        decks = [pool[names[(seed + i) % len(names)]] for i in range(2)]
        match = new_match("mage-wars", ["a", "b"], decks, seed)
        agent = make_agent("random", seed)
        while not match.over and len(found) < 12:
            decision = match.pending[0]
            side = match.state.seats[decision.player]
            source = ai.SOURCE.get(side.mage.proto.data.win.kind)
            if decision.kind == "deck" and ("deck", source) in decision.actions:
                found.append((match, decision, source))
                break
            match.apply(decision.player, agent.choose(match, decision))
    return found


def test_greedy_draws_from_the_deck_that_serves_its_win_condition() -> None:
    positions = _deck_choices(30)
    assert len(positions) >= 5
    for match, decision, source in positions:
        assert GreedyAgent(0).choose(match, decision) == ("deck", source)


def test_without_the_heuristic_the_choice_is_a_coin_toss(monkeypatch) -> None:
    """The control: with the serving deck worth nothing, greedy's seeded coin picks other
    decks too, so the test above can fail."""
    monkeypatch.setattr(ai, "FROM_SOURCE", 0.0)
    positions = _deck_choices(30)
    picks = [
        GreedyAgent(seed).choose(m, d) == ("deck", s) for seed, (m, d, s) in enumerate(positions)
    ]
    assert not all(picks)
