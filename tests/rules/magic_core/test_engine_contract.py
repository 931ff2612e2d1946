"""The engine contract for magic-core: hidden information stays hidden, replays are exact,
clones are independent, and resigning works at any moment."""

import pytest

from engine.agents import GreedyAgent, RandomAgent
from engine.core.errors import ScenarioError
from engine.core.events import CardDrawn
from engine.core.match import from_scenario, new_match, replay
from engine.core.record import MatchRecord
from tests.rules.magic_core.conftest import (
    NAMES,
    cast,
    decision,
    deck,
    fresh,
    objs,
    player,
    resolve,
    scenario,
    uid,
)
from tests.support.fingerprint import fingerprint


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
    assert boar.stats == {"power": 3, "toughness": 4}
    assert "damage 2" in boar.tags


def test_before_the_first_turn_the_view_names_the_setup_not_a_step() -> None:
    match = fresh(4)
    assert match.view(0).phase == "choosing the starting player"
    match.apply(decision(match).player, ("starter", 0))
    assert match.view(0).phase == "mulligans"


def toll_waiting_for_a_sacrifice():
    """Three players; the first's Toll of the Barrow is resolving and waits for the
    opponents' sacrifices (each has two creatures)."""
    match = scenario(
        {"hand": ["toll_of_the_barrow"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["bramble_cub", "gravemaw_rat"]},
        {"battlefield": ["lantern_warden", "canopy_archer"]},
    )
    cast(match, "toll_of_the_barrow")
    resolve(match)
    return match


def test_a_clone_in_the_middle_of_a_resolution_goes_on_alone_and_alike() -> None:
    """A spell paused for a choice (101.4: each player picks a creature to sacrifice) is
    pending work the core copies (the mode, the `Resolve` step holding the item and its
    next effect, the choice step above it, the choice so far):
    the clone finishes the resolution by itself, without touching the original, and the
    original then finishes it the same way."""
    match = toll_waiting_for_a_sacrifice()
    state = match.state
    assert (decision(match).kind, state.resolving_item().name) == (
        "sacrifice",
        "Toll of the Barrow",
    )
    twin = state.clone()
    rat, archer = uid(match, "gravemaw_rat"), uid(match, "canopy_archer")
    twin.apply(1, ("card", rat))
    assert twin.decisions()[0].player == 2 and "Gravemaw Rat" in twin.decisions()[0].prompt
    assert state.steps.top().choice.picked.get(1) is None and state.decisions()[0].player == 1
    twin.apply(2, ("card", archer))
    assert twin.resolving_item() is None and state.resolving_item() is not None
    assert rat in state.objs and state.objs[rat].zone == "battlefield"
    state.apply(1, ("card", rat))
    state.apply(2, ("card", archer))
    assert state.view(0) == twin.view(0) and state.events == twin.events


def test_a_resolution_paused_twice_is_steps_that_clone_and_replay() -> None:
    """107.3e then 101.4: Tidal Bargain waits for its X, then for the discard. Each pause
    is a choice step above the spell's `Resolve` (which holds the spell and its next
    effect) on the core's steps; a clone at a pause finishes alone and alike, and the
    record of a match paused there replays from JSON to the same match."""
    match = scenario(
        {
            "hand": ["tidal_bargain", "kindle_bolt", "bramble_cub"],
            "library": ["seamere"] * 4,
            "battlefield": ["seamere"] * 2,
        },
        {},
    )
    cast(match, "tidal_bargain")
    resolve(match)
    state = match.state
    modes = [type(step).__name__ for step in state.steps]
    assert (decision(match).kind, modes) == ("x", ["Priority", "Resolve", "XChoice"])
    assert not state.stack and state.resolving_item().name == "Tidal Bargain"
    match.apply(0, ("x", 2))
    paused = [type(step).__name__ for step in state.steps]
    assert (decision(match).kind, paused) == ("discard", ["Priority", "Resolve", "Choose"])
    assert state.steps.items[1].index == 2  # the draw is done, the discard under way
    twin = state.clone()
    assert twin.resolving_item() is not state.resolving_item()
    again = replay(MatchRecord.from_json(match.record.to_json()))
    assert fingerprint(again) == fingerprint(match)
    hand = [o.uid for o in player(match, 0).hand][:2]
    for each in (match, again):
        each.apply(0, tuple(("card", u) for u in hand))
    twin.apply(0, tuple(("card", u) for u in hand))
    assert [type(step).__name__ for step in state.steps] == ["Priority"]
    assert fingerprint(again) == fingerprint(match)
    assert twin.view(0).seats == state.view(0).seats and twin.events == state.events
    assert objs(match, "tidal_bargain", "graveyard")  # the sorcery finished (608.2n)


def test_a_choice_made_mid_resolution_starts_what_resolves_after_it() -> None:
    """107.3b, 603.2: the card Unbidden Muse lets its caster cast goes on the stack in the
    middle of the Muse's resolution, and Scholar of Tides triggers on that cast; the Muse
    finishes first, then the trigger goes on the stack above the free spell and
    resolves before it."""
    match = scenario(
        {
            "hand": ["unbidden_muse", "kindle_bolt"],
            "battlefield": ["seamere"] * 3 + ["scholar_of_tides"],
        },
        {},
    )
    cast(match, "unbidden_muse")
    resolve(match)
    assert [type(step).__name__ for step in match.state.steps] == ["Priority", "Resolve", "Free"]
    before = len(match.events)
    match.apply(0, ("free", uid(match, "kindle_bolt", "hand"), "p1"))
    # nobody can act (empty hands, no abilities): everything resolves by itself
    assert [e.text for e in match.events[before:]] == [
        "Ann casts Kindle Bolt targeting Bob.",
        "Scholar of Tides's triggered effect triggers.",
        "Scholar of Tides gets +1/+0.",
        "Bob takes 2 damage from Kindle Bolt (18 left).",
    ]
    assert objs(match, "unbidden_muse", "graveyard") and objs(match, "kindle_bolt", "graveyard")
    assert not match.state.stack and match.state.resolving_item() is None
    scholar = objs(match, "scholar_of_tides")[0]
    assert match.state.power(scholar) == 3  # one +1/+0 per spell cast


def test_a_caster_who_leaves_mid_resolution_takes_the_resolution_with_them() -> None:
    """800.4a and ruling R8: the active player leaves while their Toll of the Barrow
    waits for an opponent's sacrifice; the spell stops resolving (its `Resolve` and the
    choice above it leave the steps), nobody sacrifices, and the next player's turn
    begins."""
    match = toll_waiting_for_a_sacrifice()
    assert decision(match).kind == "sacrifice"
    match.resign(0)
    state = match.state
    assert state.resolving_item() is None
    assert not any(type(step).__name__ in ("Resolve", "Choose") for step in state.steps)
    assert state.active == 1 and not match.over
    assert {o.proto.id for o in state.battlefield} == {
        "bramble_cub",
        "gravemaw_rat",
        "lantern_warden",
        "canopy_archer",
    }
