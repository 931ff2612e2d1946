"""What section 1 relies on to play: the turn's steps, priority and the stack, state-based
actions, one land a turn, combat and the keywords (docs/rules/magic-core.md, "Play")."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.magic_core.game import STEP_NAMES
from tests.rules.magic_core.conftest import (
    cast,
    decision,
    legal,
    obj,
    objs,
    pass_,
    pass_until,
    player,
    resolve,
    scenario,
    uid,
    until_priority,
)


def attack(match, *pairs) -> None:
    """Pass to declare attackers, then attack: pairs of (card id, defending seat)."""
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    for card_id, seat in pairs:
        if decision(match).kind != "attackers":
            break
        match.apply(match.state.active, ("attack", uid(match, card_id), seat))
    if decision(match).kind == "attackers":
        match.apply(match.state.active, ("attack_done",))


def block(match, seat: int, *pairs) -> None:
    for blocker, attacker in pairs:
        match.apply(seat, ("block", uid(match, blocker), uid(match, attacker)))
    if match.decision_for(seat) is not None and decision(match).kind == "blockers":
        match.apply(seat, ("block_done",))


def test_turn_steps_in_order() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        step="upkeep",
    )
    seen = []
    for _ in range(60):
        st = match.state
        name = STEP_NAMES[st.step]
        if not seen or seen[-1] != (st.turn, name):
            seen.append((st.turn, name))
        if st.turn == 4 and name == "upkeep":
            break
        d = decision(match)
        match.apply(d.player, ("pass",) if d.kind == "priority" else d.actions[-1])
    steps = [n for t, n in seen if t == 3]
    assert steps == [
        "upkeep",
        "draw",
        "main 1",
        "beginning of combat",
        "declare attackers",
        "end of combat",
        "main 2",
        "end",
    ]


def test_one_land_a_turn() -> None:
    match = scenario({"hand": ["cinderpeak", "fenmire", "kindle_bolt"]}, {})
    match.apply(0, ("land", uid(match, "cinderpeak", "hand")))
    assert not [a for a in legal(match) if a[0] == "land"]


def test_sorcery_speed_only_in_own_main_phase_with_empty_stack() -> None:
    match = scenario(
        {"hand": ["ashfall_tempest", "kindle_bolt"], "battlefield": ["cinderpeak"] * 4},
        {},
        step="upkeep",
    )
    heads = {match.state.objs[a[1]].proto.id for a in legal(match) if a[0] == "cast"}
    assert heads == {"kindle_bolt"}


def test_illegal_action_changes_nothing() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {})
    before = (repr(match.view(0)), len(match.events))
    with pytest.raises(IllegalAction):
        match.apply(0, ("cast", uid(match, "kindle_bolt", "hand"), 5, "p1"))
    with pytest.raises(IllegalAction):
        match.apply(1, ("pass",))
    assert (repr(match.view(0)), len(match.events)) == before


def test_priority_passes_and_the_stack_resolves_last_in_first_out() -> None:
    match = scenario(
        {
            "hand": ["kindle_bolt", "sudden_vigor"],
            "battlefield": ["cinderpeak", "wildwood", "bramble_cub"],
        },
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    cast(match, "kindle_bolt", target="p1")
    assert decision(match).player == 0  # 117.3c: the caster keeps priority
    match.apply(0, ("pass",))
    assert decision(match).player == 1
    match.apply(1, ("cast", uid(match, "kindle_bolt", "hand"), 0, uid(match, "bramble_cub")))
    until_priority(match, 0)
    cast(match, "sudden_vigor", target="bramble_cub")
    resolve(match)
    assert obj(match, "bramble_cub") and player(match, 1).life == 18


def test_state_based_actions_repeat_until_none_apply() -> None:
    match = scenario(
        {"hand": ["ashfall_tempest"], "battlefield": ["cinderpeak"] * 3 + ["barrow_shambler"]},
        {"battlefield": ["bramble_cub"]},
    )
    obj(match, "barrow_shambler").damage = 1
    cast(match, "ashfall_tempest")
    resolve(match)
    resolve(match)
    assert not objs(match, "bramble_cub") and not objs(match, "barrow_shambler")
    assert objs(match, "zombie_token")


def test_cleanup_discards_to_seven() -> None:
    hand = ["kindle_bolt"] * 9
    match = scenario({"hand": hand}, {}, step="end")
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    d = decision(match)
    assert d.kind == "discard" and d.min_picks == d.max_picks == 2 and d.private
    match.apply(0, tuple(d.actions[:2]))
    assert len(player(match, 0).hand) == 7


def test_damage_wears_off_in_cleanup() -> None:
    match = scenario(
        {"hand": ["kindle_bolt", "kindle_bolt"], "battlefield": ["cinderpeak"] * 2},
        {"battlefield": ["ironbark_boar"]},
    )
    cast(match, "kindle_bolt", target="ironbark_boar")
    resolve(match)
    assert obj(match, "ironbark_boar").damage == 2 and match.state.turn == 3
    pass_until(match, "upkeep", active=1)
    assert obj(match, "ironbark_boar").damage == 0


def test_unblocked_attacker_hits_the_player_and_summoning_sickness() -> None:
    match = scenario({"battlefield": ["ironbark_boar", {"card": "bramble_cub", "fresh": True}]}, {})
    attack(match, ("ironbark_boar", 1), ("bramble_cub", 1))
    assert player(match, 1).life == 17  # the 3/4 Boar hits; the fresh Cub cannot attack


def test_blocking_and_combat_damage_both_ways() -> None:
    match = scenario({"battlefield": ["ironbark_boar"]}, {"battlefield": ["bramble_cub"]})
    attack(match, ("ironbark_boar", 1))
    block(match, 1, ("bramble_cub", "ironbark_boar"))
    assert not objs(match, "bramble_cub") and obj(match, "ironbark_boar").damage in (0, 1)
    assert player(match, 1).life == 20


def test_flying_needs_flying_or_reach_to_block() -> None:
    match = scenario(
        {"battlefield": ["skyrider_novice"]}, {"battlefield": ["bramble_cub", "canopy_archer"]}
    )
    attack(match, ("skyrider_novice", 1))
    blockers = {a[1] for a in legal(match, 1) if a[0] == "block"}
    assert blockers == {uid(match, "canopy_archer")}


def test_first_strike_kills_before_damage_back() -> None:
    match = scenario(
        {"battlefield": ["blazeguard_duelist"]}, {"battlefield": ["emberling_skirmisher"]}
    )
    attack(match, ("blazeguard_duelist", 1))
    block(match, 1, ("emberling_skirmisher", "blazeguard_duelist"))
    assert not objs(match, "emberling_skirmisher") and obj(match, "blazeguard_duelist").damage == 0


def test_vigilance_does_not_tap() -> None:
    match = scenario({"battlefield": ["lantern_warden"]}, {})
    attack(match, ("lantern_warden", 1))
    assert not obj(match, "lantern_warden").tapped


def test_deathtouch_any_damage_is_lethal() -> None:
    match = scenario({"battlefield": ["ironbark_boar"]}, {"battlefield": ["gravemaw_rat"]})
    attack(match, ("ironbark_boar", 1))
    block(match, 1, ("gravemaw_rat", "ironbark_boar"))
    assert not objs(match, "ironbark_boar")


def test_lifelink_gains_the_damage() -> None:
    match = scenario({"battlefield": ["dawnmane_courser"]}, {})
    attack(match, ("dawnmane_courser", 1))
    assert (player(match, 0).life, player(match, 1).life) == (22, 18)


def test_trample_assigns_lethal_then_the_rest_to_the_player() -> None:
    match = scenario({"battlefield": ["forgeheart_brute"]}, {"battlefield": ["bramble_cub"]})
    attack(match, ("forgeheart_brute", 1))
    block(match, 1, ("bramble_cub", "forgeheart_brute"))
    assert player(match, 1).life == 18


def test_deathtouch_and_trample_need_only_one_damage_per_blocker() -> None:
    match = scenario(
        {"battlefield": ["forgeheart_brute"], "hand": ["thicket_ambush"]},
        {"battlefield": ["ironbark_boar"]},
    )
    match.state.battlefield[0].pumps.append((0, 0, frozenset({"deathtouch"}), frozenset(), 99))
    attack(match, ("forgeheart_brute", 1))
    while decision(match).kind == "priority":  # Ann holds a card: asked, she passes
        match.apply(decision(match).player, ("pass",))
    block(match, 1, ("ironbark_boar", "forgeheart_brute"))
    pass_until(match, "main 2", active=0)  # through the combat trick window to damage
    assert player(match, 1).life == 17 and not objs(match, "ironbark_boar")


def test_defender_cannot_attack_and_haste_can() -> None:
    match = scenario(
        {"battlefield": ["wallguard_of_ithren", {"card": "emberling_skirmisher", "fresh": True}]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    attackers = {a[1] for a in legal(match) if a[0] == "attack"}
    assert attackers == {uid(match, "emberling_skirmisher")}


def test_multiplayer_attack_any_opponent_and_each_defender_blocks_in_apnap_order() -> None:
    match = scenario(
        {"battlefield": ["ironbark_boar", "forgeheart_brute"]},
        {"battlefield": ["bramble_cub"]},
        {"battlefield": ["canopy_archer"]},
    )
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    defenders = {a[2] for a in legal(match) if a[0] == "attack"}
    assert defenders == {1, 2}
    match.apply(0, ("attack", uid(match, "ironbark_boar"), 1))
    match.apply(0, ("attack", uid(match, "forgeheart_brute"), 2))
    assert (decision(match).kind, decision(match).player) == ("blockers", 1)
    match.apply(1, ("block_done",))
    assert (decision(match).kind, decision(match).player) == ("blockers", 2)


def test_triggered_abilities_go_on_the_stack_apnap() -> None:
    match = scenario(
        {"hand": ["ashfall_tempest"], "battlefield": ["cinderpeak"] * 3 + ["barrow_shambler"]},
        {"battlefield": ["barrow_shambler"]},
    )
    for o in match.state.battlefield:
        if o.proto.id == "barrow_shambler":
            o.damage = 1
    cast(match, "ashfall_tempest")
    resolve(match)
    if match.state.stack:
        assert [i.controller for i in match.state.stack] == [0, 1]  # Bob's resolves first
    resolve(match)
    assert sorted(o.controller for o in objs(match, "zombie_token")) == [0, 1]


def test_trigger_target_is_chosen_when_put_on_the_stack() -> None:
    match = scenario({"battlefield": ["blightspine_crawler"]}, {})
    attack(match, ("blightspine_crawler", 1))
    assert player(match, 1).poison == 1


def test_stop_setting_is_an_action() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
    )
    d = decision(match)
    assert ("pass", "all") in d.actions and d.player == 0
    match.apply(0, ("pass", "all"))
    assert player(match, 0).stop_all
    # Bob does not stop in Ann's turn unless something is on the stack
    assert decision(match).player == 0 and match.state.step != 3


def test_no_needless_prompts_without_anything_to_do() -> None:
    match = scenario({}, {})
    assert match.state.turn > 3 or match.over  # nobody could do anything: the game ran on


def _asked(match, limit: int = 40) -> list[tuple[int, str, int]]:
    """Pass every priority decision until Ann's next turn: who was asked, where."""
    seen = []
    start = match.state.turn
    for _ in range(limit):
        st = match.state
        if st.turn > start and st.active == 0:
            break
        d = decision(match)
        seen.append((d.player, STEP_NAMES[st.step], st.active))
        match.apply(d.player, ("pass",) if d.kind == "priority" else d.actions[-1])
    return seen


def test_default_stop_a_player_with_an_instant_is_not_asked_on_an_empty_stack() -> None:
    # docs "the stop setting": by default a player stops only in their own main phases
    match = scenario(
        {"battlefield": ["meadowland"], "stop_all": False},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
    )
    seen = _asked(match)
    bob_in_anns_turn = [s for s in seen if s[0] == 1 and s[2] == 0]
    assert bob_in_anns_turn == []  # Bob could cast Kindle Bolt, but nothing asked him
    assert any(s[0] == 1 and s[1] == "main 1" and s[2] == 1 for s in seen)


def test_default_stop_a_player_who_could_respond_is_asked_when_the_stack_holds_something() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
    )
    cast(match, "kindle_bolt", target="p1")
    pass_(match)  # Ann passes with her spell on the stack
    d = decision(match)
    assert d.player == 1 and d.kind == "priority"
    assert any(a[0] == "cast" for a in d.actions)  # Bob may respond


def test_stop_at_every_step_asks_in_every_step_and_main_only_turns_it_back() -> None:
    match = scenario(
        {"battlefield": ["meadowland"], "stop_all": False},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": True},
    )
    seen = _asked(match)
    bob_steps = {s[1] for s in seen if s[0] == 1 and s[2] == 0}
    assert {"main 1", "beginning of combat", "main 2", "end"} <= bob_steps
    # Bob switches back to the default stops with the pass itself
    while not (decision(match).player == 1 and decision(match).kind == "priority"):
        d = decision(match)
        match.apply(d.player, ("pass",) if d.kind == "priority" else d.actions[-1])
    assert ("pass", "main") in legal(match)
    match.apply(1, ("pass", "main"))
    assert not player(match, 1).stop_all
    seen = _asked(match)
    assert [s for s in seen if s[0] == 1 and s[2] == 0] == []


def test_a_player_with_nothing_but_pass_is_never_asked_even_when_stopping_everywhere() -> None:
    match = scenario({"battlefield": ["meadowland"], "stop_all": True}, {"stop_all": True})
    seen = _asked(match)
    # in Ann's turn Bob holds no card and no mana: never asked, whatever his setting
    assert [s for s in seen if s[0] == 1 and s[2] == 0] == []
    assert any(s[0] == 1 and s[1] == "main 1" and s[2] == 1 for s in seen)  # his land drop


def test_default_stop_after_blocks_for_the_players_in_combat() -> None:
    # docs "the stop setting": once blockers are declared, the attacking and the attacked
    # player may cast a combat trick without changing their setting
    match = scenario(
        {"hand": ["sudden_vigor"], "battlefield": ["wildwood", "bramble_cub"], "stop_all": False},
        {"hand": ["sudden_vigor"], "battlefield": ["wildwood", "loamkeeper"], "stop_all": False},
        {"hand": ["sudden_vigor"], "battlefield": ["wildwood"], "stop_all": False},
    )
    attack(match, ("bramble_cub", 1))
    block(match, 1, ("loamkeeper", "bramble_cub"))
    d = decision(match)
    assert (STEP_NAMES[match.state.step], d.player) == ("declare blockers", 0)
    assert any(a[0] == "cast" for a in d.actions)
    match.apply(0, ("pass",))
    assert decision(match).player == 1  # Bob, attacked, is asked too; Cid is not
    match.apply(1, ("pass",))
    assert STEP_NAMES[match.state.step] != "declare blockers" or decision(match).player != 2


def test_no_tells_a_player_is_asked_by_what_everyone_sees_not_by_their_hand() -> None:
    """No tells (docs: the stop setting): with a card in hand Bob is asked to respond to
    Ann's spell whether or not that card could be cast now (a creature here), so being
    asked says nothing of his hand; with an empty hand and only a Treasure (mana, nothing
    to spend it on, as everyone can see) he is not asked."""
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
        {"battlefield": ["treasure"], "hand": ["ironbark_boar"], "stop_all": False},
    )
    cast(match, "kindle_bolt", target="p1")
    d = decision(match)
    assert d.player == 1 and d.kind == "priority"  # asked, though the boar is no instant
    assert not any(a[0] == "cast" for a in d.actions)
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "stop_all": False},
        {"battlefield": ["treasure"], "stop_all": False},
    )
    cast(match, "kindle_bolt", target="p1")
    assert player(match, 1).life == 18  # resolved without asking Bob: visibly nothing to do
