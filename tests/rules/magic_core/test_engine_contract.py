"""The engine contract for magic-core: hidden information stays hidden, replays are exact,
clones are independent, and resigning works at any moment."""

import pytest

from engine.agents import GreedyAgent, RandomAgent
from engine.core.errors import ScenarioError
from engine.core.events import CardDrawn
from engine.core.match import from_scenario, new_match
from tests.rules.magic_core.conftest import (
    NAMES,
    cast,
    decision,
    deck,
    fresh,
    player,
    resolve,
    scenario,
    uid,
)


def play(match, moves: int, seed: int = 0) -> None:
    agents = [RandomAgent(seed + i) for i in range(len(match.players))]
    for _ in range(moves):
        if match.over:
            return
        d = match.pending[0]
        match.apply(d.player, agents[d.player].choose(match, d))


def test_drawn_cards_are_private_events() -> None:
    match = fresh(4)
    match.apply(decision(match).player, ("starter", 0))
    drawn = [e for e in match.events if isinstance(e, CardDrawn)]
    assert drawn and all(e.private_to == e.player for e in drawn)
    assert all(e.seen_by(1 - e.player).card is None for e in drawn)


def test_an_object_copy_carries_every_slot() -> None:
    match = fresh(6)
    play(match, 60, seed=1)
    for obj in match.state.objs.values():
        twin = obj.copy()
        for slot in type(obj).__slots__:
            assert getattr(twin, slot) == getattr(obj, slot), slot
        assert twin.pumps is not obj.pumps and twin.blockers is not obj.blockers


def test_greedy_agent_plays_whole_games() -> None:
    match = new_match("magic-core", list(NAMES[:2]), [deck("wild_growth"), deck("grave_pact")], 2)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    for _ in range(3000):
        if match.over:
            break
        d = match.pending[0]
        match.apply(d.player, agents[d.player].choose(match, d))
    assert match.over


def test_resigning_during_another_players_choice_in_multiplayer() -> None:
    match = scenario(
        {"hand": ["mindrot_whisper"], "battlefield": ["fenmire"] * 2},
        {"hand": ["kindle_bolt", "ashfall_tempest", "wildfire_lance"]},
        {},
    )
    cast(match, "mindrot_whisper", target="p1")
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    assert decision(match).player == 1
    match.resign(1)
    assert not match.over and player(match, 1).left
    assert decision(match).player in (0, 2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seats": [{}]}, "two to four seats"),
        ({"seats": [{"hand": ["no_such_card"]}, {}]}, "unknown card"),
        ({"seats": [{}, {}], "step": "untap"}, "unknown step"),
        ({"seats": [{"battlefield": ["kindle_bolt"]}, {}]}, "not a permanent"),
        ({"seats": [{"battlefield": [{"kard": "cinderpeak"}]}, {}]}, "needs 'card'"),
        ({"seats": [{"life": "lots"}, {}]}, "'life'"),
        ({"seats": [{"pool": "RZ"}, {}]}, "pool"),
        ({"seats": [{}, {}], "active": 5}, "'active'"),
        ({"seats": [{"graveyard": ["treasure"]}, {}]}, "only be on the battlefield"),
        ({"seats": [{"hand": "kindle_bolt"}, {}]}, "list of card ids"),
        ({"seats": [{"lief": 3}, {}]}, "unknown field"),
        ({"seats": [{}, {}], "stepp": "main 1"}, "unknown scenario field"),
    ],
)
def test_from_scenario_refuses_bad_data_clearly(data: dict, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        from_scenario("magic-core", data)
    assert message in str(err.value)


def test_a_creature_reads_power_toughness_and_its_damage_as_a_tag() -> None:
    match = scenario(
        {"hand": ["kindle_bolt", "cinderpeak"], "battlefield": ["cinderpeak"]},
        {"battlefield": ["ironbark_boar"]},
    )
    cast(match, "kindle_bolt", target=next(o.uid for o in match.state.battlefield if o.owner))
    while match.state.stack:
        match.apply(decision(match).player, ("pass",))
    board = match.view(0).seats[1].zones["board"]
    boar = next(c for c in board.cards if c.name == "Ironbark Boar")
    assert boar.stats == {"power": 4, "toughness": 4}
    assert "damage 2" in boar.tags


def test_before_the_first_turn_the_view_names_the_setup_not_a_step() -> None:
    match = fresh(4)
    assert match.view(0).phase == "choosing the starting player"
    match.apply(decision(match).player, ("starter", 0))
    assert match.view(0).phase == "mulligans"


def test_a_clone_in_the_middle_of_a_resolution_goes_on_alone_and_alike() -> None:
    """A spell paused for a choice (101.4: each player picks a creature to sacrifice) is
    pending work the core copies (the mode, the `Resolve` step holding the item and its
    next effect, the choice step above it, the choice so far):
    the clone finishes the resolution by itself, without touching the original, and the
    original then finishes it the same way."""
    match = scenario(
        {"hand": ["toll_of_the_barrow"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["bramble_cub", "gravemaw_rat"]},
        {"battlefield": ["lantern_warden", "canopy_archer"]},
    )
    cast(match, "toll_of_the_barrow")
    resolve(match)
    state = match.state
    assert (decision(match).kind, state.resolving_item().name) == (
        "sacrifice",
        "Toll of the Barrow",
    )
    twin = state.clone()
    rat, archer = uid(match, "gravemaw_rat"), uid(match, "canopy_archer")
    twin.apply(1, ("card", rat))
    assert twin.decisions()[0].player == 2 and "Gravemaw Rat" in twin.decisions()[0].prompt
    assert state.choice.picked.get(1) is None and state.decisions()[0].player == 1
    twin.apply(2, ("card", archer))
    assert twin.resolving_item() is None and state.resolving_item() is not None
    assert rat in state.objs and state.objs[rat].zone == "battlefield"
    state.apply(1, ("card", rat))
    state.apply(2, ("card", archer))
    assert state.view(0) == twin.view(0) and state.events == twin.events
