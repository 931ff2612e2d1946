"""The search agent: it decides from its own view only (no peeking), is deterministic for a
seed and a budget in playouts, answers forced choices at once, and plays every game."""

import random
from typing import Any

import pytest

from engine.agents import SearchAgent, make_agent
from engine.core.decision import Decision
from engine.core.errors import EngineError
from engine.core.match import Match, new_match
from engine.core.ruleset import Ruleset, get_ruleset, ruleset_ids
from engine.simulate import simulate
from tests.support.no_tells import swap_hidden_in


def _seat_decision(match: Match, seat: int) -> Decision | None:
    for decision in match.pending:
        choices = [a for a in decision.actions if not match.ruleset.for_people(a)]
        if decision.player == seat and not decision.multi and len(choices) > 1:
            return decision
    return None


def _midgame(ruleset: str, seed: int, *, players: int = 2, warmup: int = 40) -> Match:
    """A match played at random for `warmup` actions, then on to a real choice of seat 0
    (the next seeds if a game ends first)."""
    for attempt in range(8):
        match = _played(ruleset, seed + 100 * attempt, players, warmup)
        if match is not None:
            return match
    raise AssertionError(f"{ruleset}: no game from seed {seed} reached a choice of seat 0")


def _played(ruleset: str, seed: int, players: int, warmup: int) -> Match | None:
    rules = get_ruleset(ruleset)
    pool = rules.preconstructed_decks()
    names = sorted(pool)
    decks = [pool[names[(seed + i) % len(names)]] for i in range(players)]
    match = new_match(ruleset, [f"p{i}" for i in range(players)], decks, seed)
    agent = make_agent("random", seed)
    steps = 0
    while not match.over:
        if steps >= warmup and _seat_decision(match, 0) is not None:
            return match
        decision = match.pending[-1] if steps % 2 else match.pending[0]
        match.apply(decision.player, agent.choose(match, decision))
        steps += 1
    return None


# -- swapping an opponent's hidden cards for others that fit what seat 0 has seen ------


def _hide_differently(match: Match) -> int:
    """Trade the opponents' hand cards for cards of the piles they are drawn from that seat
    0 cannot tell apart from them, as each ruleset declares (`Ruleset.hidden_zones`, the
    declaration the no-tells harness swaps by); how many trades were made."""
    rng = random.Random(0)
    swapped = 0
    for seat in range(1, len(match.players)):
        for _ in match.ruleset.hidden_zones(match.state, seat).hand:
            swapped += swap_hidden_in(match.state, match.ruleset, seat, rng) is not None
    return swapped


def _search(match: Match, decision: Decision, **budget: Any) -> tuple[Any, dict]:
    agent = SearchAgent(11, playouts=budget.pop("playouts", 24), **budget)
    action = agent.choose(match, decision)
    return action, {"visits": agent.last_visits, "values": agent.last_values}


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_no_peeking_its_choice_is_the_same_when_the_hidden_cards_differ(ruleset: str) -> None:
    """The opponents' hidden cards are swapped for others that fit everything seat 0 has
    seen (its view is the same): the search weighs exactly the same, so it chooses the same."""
    for seed in range(1, 12):
        match = _midgame(ruleset, seed)
        decision = _seat_decision(match, 0)
        assert decision is not None
        before = match.view(0)
        chosen, weighed = _search(match, decision)
        if _hide_differently(match) == 0:
            continue  # nothing to swap in this position: try another one
        assert match.view(0) == before, "the swap must not show in seat 0's view"
        again, weighed_again = _search(match, decision)
        assert again == chosen
        assert weighed_again == weighed
        return
    pytest.fail(f"no {ruleset} position with hidden cards to swap")


def test_the_no_peeking_test_catches_an_agent_that_reads_the_real_cards(monkeypatch) -> None:
    """A search whose imagined games are plain copies of the real state (it would know the
    opponent's hand) weighs differently once the hidden cards differ: the test above could
    fail."""
    rules = get_ruleset("clash")
    monkeypatch.setattr(type(rules), "determinize", lambda self, state, viewer, rng: state.clone())
    differed = 0
    for seed in range(1, 12):
        match = _midgame("clash", seed)
        decision = _seat_decision(match, 0)
        assert decision is not None
        _, weighed = _search(match, decision, playouts=60)
        if _hide_differently(match) == 0:
            continue
        _, weighed_again = _search(match, decision, playouts=60)
        differed += weighed_again != weighed
    assert differed > 0


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_determinized_worlds_keep_seat_0s_view(ruleset: str) -> None:
    """An imagined game is one seat 0 could be in: it sees there what it sees here."""
    match = _midgame(ruleset, 3)
    rules = match.ruleset
    for draw in range(3):
        world = rules.determinize(match.state, 0, random.Random(draw))
        assert _visible(world.view(0)) == _visible(match.view(0))


def _visible(view: Any) -> Any:
    """A view without its events (an imagined game's new events are none yet anyway)."""
    return (view.turn, view.phase, view.active, view.seats, view.table, view.over)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_same_seed_and_playouts_choose_the_same(ruleset: str) -> None:
    match = _midgame(ruleset, 5)
    decision = _seat_decision(match, 0)
    assert decision is not None
    first = _search(match, decision)
    second = _search(match, decision)
    assert first == second
    assert sum(first[1]["visits"].values()) > 0


def test_a_forced_or_lone_choice_is_answered_without_searching() -> None:
    match = _midgame("clash", 2)
    rules = match.ruleset
    agent = SearchAgent(0, playouts=10_000)
    lone = Decision(0, "test", "", [("only",)], always_ask=True)
    assert agent.decide(rules, match.state, lone) == ("only",)
    assert agent.last_playouts == 0
    forced = Decision(0, "test", "", [("only",)])
    assert agent.decide(rules, match.state, forced) == ("only",)
    assert agent.last_playouts == 0
    decision = _seat_decision(match, 0)
    assert decision is not None
    SearchAgent(0, playouts=7).decide(rules, match.state, decision)


def test_a_time_budget_stops_the_search() -> None:
    import time

    match = _midgame("clash", 4)
    decision = _seat_decision(match, 0)
    assert decision is not None
    agent = SearchAgent(0, seconds=0.05)
    started = time.perf_counter()
    agent.choose(match, decision)
    assert time.perf_counter() - started < 1.0
    assert agent.last_playouts >= 1


def test_a_budget_must_be_positive() -> None:
    with pytest.raises(EngineError):
        SearchAgent(0, playouts=0)
    with pytest.raises(EngineError):
        SearchAgent(0, seconds=0)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [("magic-core", 3), ("mage-wars", 4)])
def test_search_plays_whole_games_of_three_and_four(ruleset: str, players: int) -> None:
    result = simulate(
        ruleset, 1, ("search", *["random"] * (players - 1)), 2, agent_options={"playouts": 4}
    )
    assert result.games == 1 and sum(result.wins) <= 1


@pytest.mark.slow
def test_search_plays_simultaneous_choices_to_the_end() -> None:
    result = simulate(
        "enchantoria", 2, ("search", "random"), 1, alternate_seats=True,
        agent_options={"playouts": 6},
    )  # fmt: skip
    assert result.agent_wins is not None and sum(result.agent_wins) <= 2


def test_alternated_seats_count_wins_per_agent() -> None:
    result = simulate("clash", 6, ("greedy", "random"), 3, alternate_seats=True)
    assert result.agent_wins is not None
    assert sum(result.agent_wins) == sum(result.wins)
    assert result.agent_names == ("greedy", "random")
    lines = result.report()
    assert lines[0].startswith("agent=greedy wins=") and "ci95=" in lines[0]


@pytest.mark.parametrize("ruleset", ["clash", "enchantoria"])
def test_the_tree_below_the_root_and_ucb_at_the_root_also_play(ruleset: str) -> None:
    """The variants measured no better (docs/ai.md) still search legally: UCB picks the
    root action of each playout and the tree grows below it."""
    match = _midgame(ruleset, 6)
    decision = _seat_decision(match, 0)
    assert decision is not None
    agent = SearchAgent(2, playouts=30, depth=4, paired=False, prior=0)
    action = agent.choose(match, decision)
    assert decision.is_legal(action)
    assert agent.last_playouts == 30 and sum(agent.last_visits.values()) == 30


def _scored_turns(monkeypatch, ruleset: str, **options: Any) -> tuple[int, list[int]]:
    """The search's starting turn and the `turn` of every unfinished position it scored."""
    from engine.agents import search

    scored: list[int] = []
    real_score = search._score

    def spy(rules: Any, world: Any, seats: int, base: list[float]) -> list[float]:
        if not world.over:
            scored.append(world.turn)
        return real_score(rules, world, seats, base)

    monkeypatch.setattr(search, "_score", spy)
    match = _midgame(ruleset, 7)
    decision = _seat_decision(match, 0)
    assert decision is not None
    start = match.state.turn
    SearchAgent(3, playouts=20, prior=0, **options).choose(match, decision)
    return start, scored


def test_rollouts_stop_at_the_same_moment_of_the_game_for_every_action(monkeypatch) -> None:
    """Clash's rollouts (its `search_turns`) play through the other player's whole turn
    and stop as the agent's next turn begins, whatever the root action: "end turn" and
    "play a card" are judged at the same moment, after the other player's answer."""
    start, scored = _scored_turns(monkeypatch, "clash")
    assert scored and set(scored) == {start + 2}


def test_mage_wars_rollouts_stop_once_the_players_own_turn_is_over(monkeypatch) -> None:
    """Mage Wars' rollouts (its `search_turns`: one turn) play the rest of the player's turn
    and stop as the next one begins, whatever the root action: "end turn" and "fill a
    work" are judged at the same moment, where six actions stopped anywhere in a turn
    of twenty."""
    start, scored = _scored_turns(monkeypatch, "mage-wars")
    assert scored and set(scored) == {start + 1}


def test_a_fixed_number_of_rollout_actions_stops_anywhere(monkeypatch) -> None:
    """The control: six actions and no turn limit (the former rollout, still magic-core's)
    end at different moments, so the checks above and below can fail."""
    _, scored = _scored_turns(monkeypatch, "clash", turns=0, rollout=6)
    assert len(set(scored)) > 1


def test_width_keeps_greedys_best_root_actions_only() -> None:
    """`width` plays out only the root actions greedy's one-ply view ranks best: the
    others get no playout and are not chosen."""
    match = _midgame("clash", 8)
    decision = _seat_decision(match, 0)
    assert decision is not None
    choices = [a for a in decision.actions if not match.ruleset.for_people(a)]
    assert len(choices) > 2
    agent = SearchAgent(4, playouts=20, prior=0, width=2)
    action = agent.choose(match, decision)
    assert action in agent.last_visits
    assert len(agent.last_visits) == 2 and all(agent.last_visits.values())


def test_with_no_budget_named_a_decision_gets_its_rulesets_playouts() -> None:
    """Clash is measured at 240 playouts (docs/ai.md): an agent built with no budget
    spends them, and one given 40 spends 40; a game that sets none keeps the default."""
    from engine.agents.search import DEFAULT_PLAYOUTS, playouts_for

    assert playouts_for("clash") == get_ruleset("clash").search_playouts == 240
    assert "search_playouts" not in vars(type(get_ruleset("enchantoria")))
    assert playouts_for("enchantoria") == Ruleset.search_playouts == DEFAULT_PLAYOUTS
    match = _midgame("clash", 4)
    decision = _seat_decision(match, 0)
    assert decision is not None
    actions = len(decision.actions)
    chosen = SearchAgent(0)
    chosen.choose(match, decision)
    given = SearchAgent(0, playouts=DEFAULT_PLAYOUTS)
    given.choose(match, decision)
    # whole imagined games: the most that fit in the budget, at least one
    assert chosen.last_playouts == max(actions, 240 // actions * actions)
    assert given.last_playouts == max(actions, DEFAULT_PLAYOUTS // actions * actions)
    assert chosen.last_playouts > given.last_playouts


def test_the_terminals_hard_computer_plays_at_its_rulesets_playouts_within_a_second() -> None:
    from bot.terminal.play import TerminalGame
    from engine.agents.search import playouts_for

    for ruleset in ruleset_ids():
        game = TerminalGame(_midgame(ruleset, 1), 0, "search")
        assert isinstance(game.agent, SearchAgent)
        assert game.agent.playouts == playouts_for(ruleset)
        assert game.agent.seconds == 1.0
