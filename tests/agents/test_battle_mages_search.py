"""Battle Mages' search: it weighs attack declarations (greedy attacks all-out) and spares
its own things in "up to" picks (greedy fills the count with them); greedy is unchanged."""

from typing import Any

from engine.agents import SearchAgent, make_agent
from engine.core.match import Match, from_scenario
from engine.rulesets.battle_mages import ai
from engine.rulesets.battle_mages.ruleset import RULESET


def _position(ann: dict[str, Any], bob: dict[str, Any], *, to_combat: bool = True) -> Match:
    """Ann (seat 0) to declare attackers in her turn 5; every other zone a filler."""
    seats = []
    for name, given in (("Ann", ann), ("Bob", bob)):
        seat = {"name": name, "crystals": ["glimmer_shard"] * 5, "spellbook": ["burrow_mole"] * 8}
        seat.update(given)
        seats.append(seat)
    match = from_scenario("battle-mages", {"seats": seats, "active": 0, "turn": 5})
    while to_combat and match.pending[0].kind != "attackers":  # nothing to cast: to combat
        decision = match.pending[0]
        match.apply(decision.player, ("pass",))
    return match


def _held_back() -> Match:
    """Ann at 4 life with one Boulderkeep Golem (2/8) against two Gravel Brutes (3/3): if
    the Golem attacks, it is exhausted in Bob's turn and the Brutes deal 6, her death; held
    back, it blocks one and she lives."""
    return _position(
        {"life": 4, "field": ["boulderkeep_golem"]},
        {"field": ["gravel_brute", "gravel_brute"]},
    )


def test_greedy_attacks_all_out_into_its_death() -> None:
    """The control: greedy's choice here (and the search's without its attack picks)."""
    match = _held_back()
    decision = match.pending[0]
    greedy = make_agent("greedy", 0).choose(match, decision)
    assert len(greedy) == 1
    match.apply(0, greedy)
    while not match.over and match.state.turn == 5:
        pending = match.pending[0]
        match.apply(pending.player, make_agent("greedy", 1).choose(match, pending))
    bob = make_agent("greedy", 2)
    while not match.over and match.state.turn == 6:
        pending = match.pending[0]
        match.apply(pending.player, bob.choose(match, pending))
    assert match.over and match.winner == 1


def test_the_search_holds_back_the_blocker_it_needs() -> None:
    match = _held_back()
    decision = match.pending[0]
    agent = SearchAgent(5, playouts=40)
    assert agent.choose(match, decision) == ()
    assert () in agent.last_visits and len(agent.last_visits) == 2


def test_the_search_weighs_all_out_none_and_each_held_back() -> None:
    match = _position({"field": ["gravel_brute", "burrow_mole", "dune_stalker"]}, {})
    decision = match.pending[0]
    picks = RULESET.search_picks(match.state, decision)
    all_out = tuple(decision.actions)
    assert picks[:2] == [all_out, ()]
    assert sorted(picks[2:]) == sorted(tuple(a for a in all_out if a != held) for held in all_out)


def _falcon_arrives(field: tuple[Any, ...] = ()) -> tuple[Match, Any]:
    """Skyhunter Falcon arrives: 2 damage to up to a flier; the only fliers are Ann's own
    (the Falcon itself, and whatever `field` gives her)."""
    ann = {"hand": ["skyhunter_falcon"], "field": list(field)}
    match = _position(ann, {"field": ["gravel_brute"]}, to_combat=False)
    match.apply(0, ("cast", match.state.sides[0].hand[0].uid))
    while match.pending[0].kind != "choose_many":
        decision = match.pending[0]
        match.apply(decision.player, ("pass",))
    decision = match.pending[0]
    assert (decision.player, decision.min_picks, decision.max_picks) == (0, 0, 1)
    return match, decision


def test_greedy_aims_the_falcons_arrival_at_the_falcon() -> None:
    """The control: greedy's "up to" pick fills the count with its own creature."""
    match, decision = _falcon_arrives()
    (pick,) = RULESET.choose_many(match.state, decision)
    assert match.state.cards[pick[1]].proto.id == "skyhunter_falcon"


def test_the_search_spares_its_own_flier() -> None:
    """Ann's own Skyreed Kite (2/3) already has 1 damage, so the Falcon's 2 would kill it
    (the Falcon itself, 2/3 since the ninth balance session, lives through its own 2):
    greedy fills the "up to" pick with the Kite, the search hits nothing."""
    match, decision = _falcon_arrives(({"card": "skyreed_kite", "damage": 1},))
    kite = next(a for a in decision.actions if match.state.cards[a[1]].proto.id == "skyreed_kite")
    assert RULESET.choose_many(match.state, decision) == (kite,)
    assert ai.careful_picks(match.state, decision) == ()
    assert RULESET.search_picks(match.state, decision)[0] == ()
    assert SearchAgent(1, playouts=20).choose(match, decision) == ()
