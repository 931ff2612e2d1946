"""Battle Mages behind the engine contract: bad input, hidden information, views, agents,
resigning and the simulator (issue items 9-10)."""

import subprocess
import sys

import pytest

from engine.agents import GreedyAgent, RandomAgent
from engine.core.match import replay
from engine.core.record import MatchRecord
from engine.rulesets.battle_mages.ruleset import RULESET
from engine.simulate import simulate

from .conftest import cast, decision, fresh, scenario, side, target


def _snapshot(match):
    return (match.record, repr(match.view(0)), repr(match.view(1)), len(match.events))


def test_views_hide_hands_spellbooks_and_the_crystal_collection():
    match = scenario(
        {"hand": ["spark_bolt"], "collection": ["dusk_shard"]}, {"hand": ["cinderfall_tempest"]}
    )
    mine, theirs, public = match.view(0), match.view(1), match.view(None)
    assert [c.name for c in mine.seat(0).zones["hand"].cards] == ["Spark Bolt"]
    assert mine.seat(1).zones["hand"].cards is None and mine.seat(1).zones["hand"].count == 1
    assert theirs.seat(0).zones["hand"].cards is None
    for view in (mine, theirs, public):
        for seat in view.seats:
            assert seat.zones["deck"].cards is None
            assert seat.zones["crystal collection"].cards is None
    assert "Cinderfall Tempest" not in repr(mine) and "Spark Bolt" not in repr(public)
    assert "stop" not in public.seat(0).stats  # a player's setting is their own business


def test_the_stack_is_a_public_table_zone_with_its_targets():
    match = scenario({"hand": ["spark_bolt"]}, {"field": ["burrow_mole", "gravel_brute"]})
    cast(match, "spark_bolt")
    target(match, "gravel_brute")
    stack = match.view(None).table["stack"]
    (item,) = stack.cards
    assert item.name == "Spark Bolt" and "targets Gravel Brute" in item.tags
    assert match.view(None).phase == "Main step"


def test_the_crystal_look_is_private():
    match = fresh(2)
    d = decision(match)
    match.apply(d.player, ("first",))
    d = decision(match)
    assert d.private
    other = match.view(1 - d.player).decisions[0]
    assert other.options is None
    assert match.view(d.player).decisions[0].options  # its owner sees the crystals


def test_every_option_has_a_label():
    match = scenario(
        {"hand": ["battle_chant", "spark_bolt"], "field": ["burrow_mole"]},
        {"field": ["gravel_brute"]},
    )
    labels = [o.label for o in match.options(decision(match))]
    assert "Attempt Battle Chant (3)" in labels and "Go to combat" in labels
    assert "Stop me even with nothing to do" not in labels  # stop is on in these scenarios
    cast(match, "battle_chant")
    assert all(o.label and not o.label.startswith("(") for o in match.options(decision(match)))


def test_random_and_greedy_agents_play_whole_games_that_replay_exactly():
    for seed in range(2):
        match = fresh(seed, ("blightgrove", "emberstorm"))
        agents = [GreedyAgent(seed), RandomAgent(seed)]
        while not match.over:
            d = match.pending[0]
            match.apply(d.player, agents[d.player].choose(match, d))
        assert match.winner in (0, 1)
        again = replay(MatchRecord.from_json(match.record.to_json()))
        assert [e.text for e in again.events] == [e.text for e in match.events]


def test_greedy_beats_random_more_often_than_not():
    result = simulate("battle-mages", 10, ("greedy", "random"), seed=1)
    assert result.wins[0] >= 6, result


def test_greedy_attacks_and_aims_harm_at_the_opponent():
    match = scenario(
        {"field": ["gravel_brute"], "hand": ["flame_volley"]},
        {"field": ["burrow_mole", {"card": "burrow_mole"}]},
    )
    match.state.sides[0].field.append(match.state.new_card(RULESET.protos["burrow_mole"], 0))
    match.state.sides[0].field[-1].zone = "field"
    cast(match, "flame_volley")
    d = decision(match)
    picks = RULESET.choose_many(match.state, d)
    owners = {match.state.cards[p[1]].owner for p in picks}
    assert owners == {1} and len(picks) == 2


def test_simulate_reports_games_per_second():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.cli",
            "simulate",
            "battle-mages",
            "--games",
            "4",
            "--agents",
            "random,random",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    last = out.strip().splitlines()[-1]
    assert last.startswith("games=4 wins=") and "games_per_sec=" in last


def test_the_catalog_and_help_come_from_the_ruleset():
    catalog = RULESET.card_catalog()
    assert len(catalog) >= 60
    assert catalog["flame_volley"].text == "Deal 2 damage to up to 2 target Creatures."
    assert catalog["glimmer_shard"].cost is None and catalog["lancer_of_dawn"].flavor
    assert "50" in RULESET.help_text and "stack" in RULESET.help_text


def test_the_start_state_holds_all_cards():
    match = fresh(9)
    for seat in (0, 1):
        s = side(match, seat)
        assert len(s.spellbook) + len(s.collection) + len(s.hand) == 50


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"seats": [{}]}, "exactly two seats"),
        ({"seats": [{}, {}], "actve": 1}, "unknown key(s) actve"),
        ({"seats": [{"hnad": ["spark_bolt"]}, {}]}, "seat 0: unknown key(s) hnad"),
        ({"seats": [{}, {"hand": "spark_bolt"}]}, "'hand' must be a list"),
        ({"seats": [{}, {"hand": ["spark_blot"]}]}, "unknown card 'spark_blot'"),
        ({"seats": [{}, {}], "active": 2}, "'active' must be seat 0 or 1"),
        ({"seats": [{}, {}], "turn": 0}, "'turn' must be a whole number"),
        ({"seats": [{}, {}], "step": "combat"}, "unknown step 'combat'"),
        ({"seats": [{"field": ["glimmer_shard"]}, {}]}, "no creature or relic"),
        ({"seats": [{"field": [{"card": "burrow_mole", "dmg": 1}]}, {}]}, "unknown field(s)"),
    ],
)
def test_from_scenario_rejects_bad_data_and_says_what_is_wrong(data, words):
    from engine.core.errors import ScenarioError
    from engine.core.match import from_scenario

    with pytest.raises(ScenarioError) as info:
        from_scenario("battle-mages", data)
    assert words in str(info.value)


def test_target_buttons_name_whose_card_it_is():
    """Two cards of one name on two fields, a spell, a Mage: each button says which."""
    match = scenario(
        {"hand": ["spark_bolt", "dispel_word"], "field": ["burrow_mole"]},
        {"field": ["burrow_mole"]},
    )
    cast(match, "spark_bolt")
    labels = sorted(o.label for o in match.options(decision(match)))
    assert labels == ["Burrow Mole (Ann)", "Burrow Mole (Bob)"]
    match.apply(0, ("target", side(match, 1).field[0].uid))
    match.apply(1, ("pass",))
    bolt = match.state.stack[-1].source[0]
    assert match.state.describe(("target", bolt))[0] == "Spark Bolt (spell of Ann)"
    assert match.state.describe(("target", -2))[0] == "Bob (Mage)"


def test_a_clone_mid_attempt_is_independent_and_keeps_a_spell_one_card():
    """The core clones by the declared plan. A spell on the stack lives in its
    Mage's `spells` zone, so the copy's card index holds the copy's own card, and playing
    on in the copy changes nothing in the original."""
    from engine.core.clone import undeclared_shares

    match = scenario({"hand": ["spark_bolt", "spark_bolt"]}, {"field": ["burrow_mole"]})
    cast(match, "spark_bolt")
    target(match, "burrow_mole")  # on the stack now; the other Mage may react
    state = match.state
    (spell,) = state.sides[0].spells
    twin = state.clone()
    assert undeclared_shares(state, twin) == []
    (copy,) = twin.sides[0].spells
    assert copy is not spell and twin.cards[copy.uid] is copy and copy.zone == "stack"
    before = _snapshot(match)
    while twin.decisions():  # both pass: the bolt resolves in the copy only
        d = twin.decisions()[0]
        twin.apply(d.player, ("pass",))
        if not twin.stack:
            break
    assert twin.sides[0].spells == [] and twin.cards[copy.uid].zone == "graveyard"
    assert state.sides[0].spells == [spell] and spell.zone == "stack"
    assert _snapshot(match) == before


def test_the_state_leaves_decisions_apply_clone_and_view_to_the_core():
    """The cache, the driver, the copier and the view's frame are the core's."""
    from engine.rulesets.battle_mages.game import BattleMagesState

    for name in ("decisions", "apply", "clone", "view", "run"):
        assert name not in vars(BattleMagesState), name
