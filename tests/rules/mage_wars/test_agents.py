"""The generic agents play Mage Wars: random, and greedy through evaluate/choose_many."""

from dataclasses import replace

from engine.agents import GreedyAgent, RandomAgent
from engine.core.match import new_match
from engine.core.ruleset import get_ruleset
from tests.rules.mage_wars.conftest import do, game, state

RULES = get_ruleset("mage-wars")


def test_greedy_and_random_agents_finish_games_of_two_to_four() -> None:
    for players in (2, 3, 4):
        m = new_match("mage-wars", [f"P{i}" for i in range(players)], [["random"]] * players, 8)
        agents = [GreedyAgent(0)] + [RandomAgent(i) for i in range(1, players)]
        for _ in range(5000):
            if m.over:
                break
            d = m.pending[0]
            action = agents[d.player].choose(m, d)
            assert d.is_legal(action)
            m.apply(d.player, action)
        assert m.over and m.winner is not None


def test_evaluate_reads_only_public_facts() -> None:
    # The score must not change when hidden cards (a rival's hand, the decks) change.
    m = new_match("mage-wars", ["A", "B", "C"], [["random"]] * 3, 12)
    s = state(m)
    before = RULES.evaluate(s, 0)
    twin = s.clone()
    twin.seats[1].hand.reverse()
    for deck in twin.decks.values():
        deck.reverse()
    for side in twin.seats:
        side.health.reverse()
    assert RULES.evaluate(twin, 0) == before


def test_evaluate_prefers_progress_towards_ones_own_win() -> None:
    m = game({"mage": "thornmother_ivra", "pets": ["thornvine"]}, {"mage": "cinder_archon"})
    plain = game({"mage": "thornmother_ivra"}, {"mage": "cinder_archon"})
    assert RULES.evaluate(state(m), 0) > RULES.evaluate(state(plain), 0)


def test_choose_many_picks_a_legal_discard() -> None:
    hand = ["ember_shard"] * 5 + ["oath_of_the_adept"] + ["iron_ore"] * 2  # 8, Selme keeps 6
    m = game({"mage": "tidewarden_selme", "hand": hand}, {"mage": "cinder_archon"})
    do(m, "end")
    d = m.pending[0]
    picks = RULES.choose_many(state(m), d)
    assert d.multi and d.is_legal(picks) and len(picks) == d.min_picks == 2


def look(s, viewer) -> str:
    """A view without its decisions, whose numbers the match (not the state) assigns."""
    return repr(replace(s.view(viewer), decisions=()))
