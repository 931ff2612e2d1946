"""Mage Wars' greedy (engine/rulesets/mage_wars/ai.py): "end turn" is scored within the
player's own turn, as every other action is, and a dead Mage keeps the drawn cards that
pay its Resurrect requirements."""

import random
from collections.abc import Callable

from engine.agents import GreedyAgent, RandomAgent, search
from engine.core.decision import Decision
from engine.core.match import Match
from engine.core.ruleset import Ruleset, get_ruleset
from engine.rulesets.mage_wars import ai
from tests.rules.mage_wars.conftest import do, game, state

CINDER = {"mage": "cinder_archon"}
SELME = {"mage": "tidewarden_selme"}
IVRA = {"mage": "thornmother_ivra"}  # wins by pets: no threat to Selme's health
#: The other player's next fate cards, unknown to the player: harmless ones, or a
#: Meteor Drizzles (1 damage to each enemy, through armor).
CALM = ["path_of_embers"] * 4
STORM = ["meteor_drizzle"] * 4


def _end_scores(score_action: Callable[..., float]) -> list[float]:
    """The score of "end turn" for Selme (4 health) under each of the two fate decks."""
    rules = get_ruleset("mage-wars")
    scores = []
    for fate in (CALM, STORM):
        m = game({**SELME, "health": 4}, CINDER, decks={"fate": fate})
        scores.append(score_action(rules, state(m), 0, ("end",)))
    return scores


def test_ending_the_turn_is_scored_before_the_next_players_fate_cards() -> None:
    calm, storm = _end_scores(lambda rules, s, p, a: rules.score_action(s, p, a))
    assert calm == storm  # the hidden fate deck changes nothing


def test_the_default_scoring_would_read_the_hidden_fate_card() -> None:
    """The control of the test above: the core's default scores "end turn" after the
    next player's fate cards, so the two fate decks give different scores."""
    calm, storm = _end_scores(Ruleset.score_action)
    assert calm > storm


def test_ending_the_turn_costs_a_health_card_against_spending_one() -> None:
    """With nothing else to do, "spend a health card" and "end turn" tie (END_TURN equals
    a health card's worth), so greedy's coin decides; with END_TURN at 0, as the plain
    position would have it, greedy never spends."""
    rules = get_ruleset("mage-wars")
    m = game({**SELME, "health": 6}, IVRA, decks={"fate": CALM})
    s = state(m)
    assert rules.score_action(s, 0, ("end",)) == rules.score_action(s, 0, ("spend",))
    picks = {GreedyAgent(seed).choose(m, m.pending[0])[0] for seed in range(8)}
    assert picks == {"end", "spend"}


def test_without_the_cost_greedy_never_spends(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ai, "END_TURN", 0.0)
    m = game({**SELME, "health": 6}, IVRA, decks={"fate": CALM})
    picks = {GreedyAgent(seed).choose(m, m.pending[0])[0] for seed in range(8)}
    assert picks == {"end"}


def test_against_a_mage_that_wins_by_wounds_greedy_keeps_its_health() -> None:
    """The same position against Cinder Archon (wins by wounds, R34): a health card is
    worth `HUNTED` more, so "end turn" beats "spend a health card" for every seed."""
    rules = get_ruleset("mage-wars")
    m = game({**SELME, "health": 6}, CINDER, decks={"fate": CALM})
    s = state(m)
    assert rules.score_action(s, 0, ("end",)) > rules.score_action(s, 0, ("spend",))
    picks = {GreedyAgent(seed).choose(m, m.pending[0])[0] for seed in range(8)}
    assert picks == {"end"}


def test_without_the_hunted_weight_the_wounder_changes_nothing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The control: with `HUNTED` at 0 the rival's win condition is not looked at, and
    spending ties with ending the turn against Cinder as against Ivra."""
    monkeypatch.setattr(ai, "HUNTED", 0.0)
    rules = get_ruleset("mage-wars")
    m = game({**SELME, "health": 6}, CINDER, decks={"fate": CALM})
    s = state(m)
    assert rules.score_action(s, 0, ("end",)) == rules.score_action(s, 0, ("spend",))


def _lay_picks() -> set[str]:
    """Cinder (seat 0) against Selme (wins by structures), holding only a structure card
    and nothing to fill it with: what greedy does, over eight seeds."""
    m = game({**CINDER, "hand": ["tidal_library"]}, SELME, decks={"fate": CALM})
    assert set(m.pending[0].actions) >= {("end",), ("play", m.state.seats[0].hand[0].uid)}
    return {GreedyAgent(seed).choose(m, m.pending[0])[0] for seed in range(8)}


def test_greedy_lays_no_structure_for_a_rival_that_wins_by_structures() -> None:
    """A structure laid in the centre is one the rival may finish (mw:68): with
    `CENTRE_THREAT` it counts for the rival more than ending the turn costs (spending a
    health card ties with ending it, as against any Mage that does not wound)."""
    assert _lay_picks() == {"end", "spend"}


def test_without_the_threat_greedy_lays_the_structure(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The control: without `CENTRE_THREAT` laying it costs less than ending the turn,
    and greedy lays it every time."""
    monkeypatch.setattr(ai, "CENTRE_THREAT", 0.0)
    assert _lay_picks() == {"play"}


def _keep_position():  # type: ignore[no-untyped-def]
    """Selme dead (Resurrect: tide and any), a hand of five ember cards and room for one
    more: of the three cards drawn (stone, tide, stone) one is kept."""
    m = game(
        CINDER,
        {**SELME, "dead": True, "hand": ["ember_shard"] * 5},
        decks={
            "enchanted": ["amber_sap"],
            "mystic": ["moonstone"],
            "arcane": ["iron_ore"],
            "fate": CALM,
        },
    )
    do(m, "end")
    m.apply(1, tuple(m.pending[0].actions))  # the three decks
    keep = m.pending[0]
    assert keep.kind == "keep" and keep.min_picks == 2
    return m, keep


def test_a_dead_mage_keeps_the_card_that_pays_its_resurrection() -> None:
    m, keep = _keep_position()
    s = state(m)
    discarded = get_ruleset("mage-wars").choose_many(s, keep)
    kept = {a[1] for a in keep.actions} - {a[1] for a in discarded}
    assert [s.cards[uid].proto.id for uid in kept] == ["moonstone"]
    m.apply(1, discarded)
    assert m.pending[0].kind == "rise" and ("resurrect",) in m.pending[0].actions


def test_the_former_rule_would_keep_a_card_that_cannot_pay() -> None:
    """The control: discards ranked by resource icon and then age alone (the former rule)
    keep a stone card here, and the Mage stays dead with a full hand."""
    m, keep = _keep_position()
    s = state(m)
    ranked = sorted(
        keep.actions, key=lambda a: (bool(s.cards[a[1]].proto.resources), s.cards[a[1]].uid)
    )
    kept = {a[1] for a in keep.actions} - {a[1] for a in ranked[: keep.min_picks]}
    assert [s.cards[uid].proto.id for uid in kept] != ["moonstone"]


def _reach_position(hand: list[str]):  # type: ignore[no-untyped-def]
    """Selme dead (Resurrect: tide and any, hand of 6), holding `hand`; her turn's first
    decision is which decks to draw from."""
    m = game(CINDER, {**SELME, "dead": True, "hand": hand}, decks={"fate": CALM})
    do(m, "end")
    reach = m.pending[0]
    assert reach.kind == "reach" and reach.player == 1
    return m, reach


def test_a_dead_mage_draws_no_more_than_leaves_room_for_its_resurrection() -> None:
    """Three ember cards in a hand of six pay "any" but not "tide": every card drawn
    that fits is kept (R28), so three draws could fill the hand with cards that never
    pay. Greedy draws two, from the decks with most tide cards (Enchanted, Mystic), and
    keeps the last place for a tide card."""
    m, reach = _reach_position(["ember_shard"] * 3)
    picks = get_ruleset("mage-wars").choose_many(state(m), reach)
    assert sorted(picks) == [("deck", "enchanted"), ("deck", "mystic")]


def test_with_room_to_spare_or_none_a_dead_mage_draws_from_every_deck() -> None:
    """The contrast: with an empty hand (room for four more than the two requirements)
    and with a full hand that cannot pay (nothing to lose: the draws are then chosen
    from), all three decks."""
    for hand in ([], ["ember_shard"] * 6):
        m, reach = _reach_position(hand)
        picks = get_ruleset("mage-wars").choose_many(state(m), reach)
        assert sorted(picks) == sorted(reach.actions)


def _positions(count: int) -> list[tuple[Match, Decision]]:
    """Main-phase decisions with more than one action, reached by random play."""
    found = []
    for seed in range(count):
        m = game({**SELME, "health": 6}, CINDER, seed=seed)
        agent = RandomAgent(seed)
        for _ in range(30 + seed):
            if m.over:
                break
            decision = m.pending[0]
            if decision.kind == "main" and len(decision.actions) > 2:
                found.append((m, decision))
                break
            m.apply(decision.player, agent.choose(m, decision))
    return found


def test_the_search_rollouts_play_as_mage_wars_greedy_does() -> None:
    """A rollout step of the search agent (`search._cheap_greedy`, every action tried)
    plays the action the ruleset's `score_action` ranks first, as greedy does; the plain
    evaluation of each action's position ranks another first in some of these positions
    (the control), so the rollouts did not play as greedy."""
    rules = get_ruleset("mage-wars")
    positions = _positions(12)
    assert len(positions) >= 8
    differs = 0
    for m, decision in positions:
        s, p, acts = m.state, decision.player, list(decision.actions)
        ranked = sorted(acts, key=lambda a: -rules.score_action(s, p, a))
        rolled = search._cheap_greedy(rules, s.clone(), p, acts, len(acts), random.Random(0))
        expected = s.clone()
        expected.apply(p, max(acts, key=lambda a: rules.score_action(s, p, a)))
        assert rolled.view(p) == expected.view(p)
        plain = max(acts, key=lambda a: Ruleset.score_action(rules, s, p, a))
        differs += plain != ranked[0]
    assert differs >= 1
