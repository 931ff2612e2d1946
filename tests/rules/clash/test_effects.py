"""Monster effects: summon, death and turn effects (clash.md:53-58), the end-phase hook
(clash.md:93) and rulings R5, R7, R8, R10, R15, R19."""

from engine.core.events import CardBurned, Died, Summoned, Triggered

from .conftest import (
    FILLER,
    attack,
    card,
    end_turn,
    events,
    health,
    ids,
    legal,
    mon,
    names,
    next_turn_of,
    play,
    playable,
    scenario,
    uid,
    zone,
)


def _triggers(match, start: int = 0) -> list[tuple[str, str]]:
    return [(e.card, e.trigger) for e in events(match, Triggered, start)]


# --- summon effects ----------------------------------------------------------------------


def test_summon_effect_happens_when_the_monster_is_played():
    """clash.md:58 "Summon effects are triggered the moment the monster card is played"."""
    match = scenario({"hand": ["barrow_scribe"], "deck": ["ossuary_gleaner"], "board": [FILLER]})
    play(match, "barrow_scribe")  # summon: draw a card
    assert ids(match, 0, "hand") == ["ossuary_gleaner"]
    assert _triggers(match) == [("Barrow Scribe", "summon")]


def test_summon_effect_with_a_chosen_target_hits_that_target():
    """clash.md:58, R5: the summon effect's target is chosen as the monster is played."""
    match = scenario(
        {"hand": ["cinderhurl_slinger"], "board": [FILLER]},
        {"board": [mon("graniteheart_golem"), mon("ridgeback_tusker")]},
    )
    tusker = uid(match, "ridgeback_tusker")
    offered = {a[2] for a in legal(match) if a[0] == "play"}
    assert offered == {tusker, uid(match, "graniteheart_golem")}
    play(match, "cinderhurl_slinger", tusker)
    assert card(match, "ridgeback_tusker", 1).health == 4
    assert card(match, "graniteheart_golem", 1).health == 10


def test_monster_with_a_chosen_target_can_be_summoned_without_one():
    """R5: a monster whose summon effect needs a target can still be summoned; with no target
    the effect does nothing."""
    match = scenario({"hand": ["cinderhurl_slinger", "pale_harrow_reaper"], "board": [FILLER]})
    assert playable(match) == {"cinderhurl_slinger", "pale_harrow_reaper"}
    play(match, "cinderhurl_slinger")
    assert "cinderhurl_slinger" in ids(match, 0)
    assert health(match, 0) == 30 and health(match, 1) == 30
    assert ids(match, 0, "graveyard") == [] and ids(match, 1, "graveyard") == []


# --- death effects -----------------------------------------------------------------------


def test_death_effect_happens_when_defeated_on_the_battlefield():
    """clash.md:58 "Death effects are triggerd once the monster is defeated on the
    battlefield (health reaches 0)"."""
    match = scenario(
        {"board": [mon("ridgeback_tusker")]},
        {"board": [mon("ossuary_gleaner")], "deck": ["barrow_scribe", "gravelhide_pup"]},
    )
    attack(match, "ridgeback_tusker", "ossuary_gleaner")  # 4 - 1 = 3 of 4: survives
    assert _triggers(match) == []
    next_turn_of(match, 0)
    hand = ids(match, 1, "hand")
    attack(match, "ridgeback_tusker", "ossuary_gleaner")  # defeated now
    assert _triggers(match) == [("Ossuary Gleaner", "death")]
    assert ids(match, 1, "hand") == [*hand, "gravelhide_pup"]  # its owner draws


def test_death_effect_does_not_happen_for_a_card_burned_from_hand_to_graveyard():
    """clash.md:58 "but not if moved from the hand of the player to the graveyard directly";
    R7: a card drawn into a full hand is burned, and it was never on the battlefield."""
    match = scenario(p1={"hand": [FILLER] * 10, "deck": ["bog_lantern_sprite", "barrow_scribe"]})
    end_turn(match)  # Bob draws the Sprite into a full hand
    assert ids(match, 1, "graveyard") == ["bog_lantern_sprite"]
    assert [e.card for e in events(match, CardBurned)] == ["Bog Lantern Sprite"]
    assert _triggers(match) == [] and events(match, Died) == []
    assert ids(match, 1, "deck") == ["barrow_scribe"]  # no "draw a card" happened


def test_destroyed_monster_is_defeated_and_its_death_effect_happens():
    """R10 (clash.md:58 "defeated on the battlefield"): a destroyed monster is defeated."""
    match = scenario(
        {"hand": ["severing_verdict"], "board": [FILLER]},
        {"board": [mon("carrion_matron")]},
    )
    play(match, "severing_verdict", "carrion_matron")
    assert ids(match, 1, "graveyard") == ["carrion_matron"]
    assert _triggers(match) == [("Carrion Matron", "death")]
    assert names(match, 1) == ["Carrion Chick", "Carrion Chick"]


def test_death_effect_of_a_summon_destroy():
    """R10: a monster's summon effect that destroys (Pale Harrow Reaper) triggers death
    effects too."""
    match = scenario(
        {"hand": ["pale_harrow_reaper"], "board": [FILLER]},
        {"board": [mon("bog_lantern_sprite")], "deck": ["barrow_scribe"]},
    )
    play(match, "pale_harrow_reaper", "bog_lantern_sprite")
    assert ids(match, 1) == []
    assert ids(match, 1, "hand") == ["barrow_scribe"]


# --- turn effects ------------------------------------------------------------------------


def test_turn_effect_happens_at_the_end_of_its_controllers_turn_only():
    """clash.md:58 "Turn effects are triggerd on the end of every turn of the player in
    control of the monster card" — not at the end of the opponent's turn."""
    match = scenario({"board": [mon("saplingback_bruiser")]}, {"hand": [FILLER]})
    end_turn(match)  # Ann's turn ends: +1 power
    assert card(match, "saplingback_bruiser", 0).power == 2
    end_turn(match)  # Bob's turn ends: nothing
    assert card(match, "saplingback_bruiser", 0).power == 2
    end_turn(match)
    assert card(match, "saplingback_bruiser", 0).power == 3
    assert _triggers(match) == [("Saplingback Bruiser", "turn")] * 2


def test_turn_effect_of_the_opponents_monster_waits_for_their_turn_end():
    """clash.md:58: Bob's Gritstone Sentinel heals Bob at the end of Bob's turn, not Ann's."""
    match = scenario(
        {"hand": [FILLER]}, {"board": [mon("gritstone_sentinel")], "health": 20, "hand": [FILLER]}
    )
    end_turn(match)
    assert health(match, 1) == 20
    end_turn(match)
    assert health(match, 1) == 22


def test_turn_effect_includes_a_monster_summoned_this_turn():
    """R15: turn effects happen for the active player's monsters, including one summoned this
    turn."""
    match = scenario({"hand": ["saplingback_bruiser"], "board": [FILLER]})
    play(match, "saplingback_bruiser")
    end_turn(match)
    assert card(match, "saplingback_bruiser", 0).power == 2


def test_turn_effects_go_left_to_right():
    """R15: the active player's monsters' turn effects happen left to right."""
    match = scenario(
        {"board": [mon("gritstone_sentinel"), mon("saplingback_bruiser"), mon("ironbark_elder")]},
        {"hand": [FILLER]},
    )
    end_turn(match)
    assert [c for c, _ in _triggers(match)] == [
        "Gritstone Sentinel",
        "Saplingback Bruiser",
        "Ironbark Elder",
    ]
    assert health(match, 0) == 35


# --- the end phase hook ------------------------------------------------------------------


def test_end_phase_hook_destroys_all_monsters_when_the_turn_ends():
    """clash.md:93 "An effect could be: Destroy all monster cards on the battlefield once a
    player ends their turn. This effect would be executed during the end phase." (Dusk Toll)"""
    match = scenario(
        {"hand": ["dusk_toll"], "board": [mon("ridgeback_tusker"), mon("bog_lantern_sprite")]},
        {"board": [mon("graniteheart_golem")], "hand": [FILLER], "deck": ["barrow_scribe"]},
    )
    play(match, "dusk_toll")
    assert len(ids(match, 0)) == 2 and len(ids(match, 1)) == 1  # nothing happens yet
    attack(match, "ridgeback_tusker", "p1")  # the main phase goes on as usual
    end_turn(match)
    assert ids(match, 0) == [] and ids(match, 1) == []
    assert sorted(ids(match, 0, "graveyard")) == [
        "bog_lantern_sprite",
        "dusk_toll",
        "ridgeback_tusker",
    ]
    assert ids(match, 1, "graveyard") == ["graniteheart_golem"]
    assert ("Dusk Toll", "end of turn") in _triggers(match)
    assert ("Bog Lantern Sprite", "death") in _triggers(match)  # R10: destroyed = defeated


def test_end_phase_hook_happens_once():
    """clash.md:93: the hook belongs to the end phase of the turn it was played in."""
    match = scenario({"hand": ["dusk_toll"], "board": [FILLER]}, {"hand": ["ridgeback_tusker"]})
    play(match, "dusk_toll")
    end_turn(match)  # Ann's pup is destroyed
    play(match, "ridgeback_tusker")
    end_turn(match)  # Bob's end phase: nothing is destroyed
    assert ids(match, 1) == ["ridgeback_tusker"]


def test_turn_effects_happen_before_end_phase_hooks():
    """R15: the active player's turn effects first, then the hooks: the Bell Wraith the Lich
    makes at the end of the turn is destroyed by Dusk Toll as well."""
    match = scenario({"hand": ["dusk_toll"], "board": [mon("lich_of_the_ninth_bell")]})
    play(match, "dusk_toll")
    end_turn(match)
    assert ids(match, 0) == []
    assert [t for t in _triggers(match) if t[1] != "death"] == [
        ("Lich of the Ninth Bell", "turn"),
        ("Dusk Toll", "end of turn"),
    ]
    assert [e.card for e in events(match, Died)] == ["Lich of the Ninth Bell", "Bell Wraith"]


# --- simultaneous deaths -----------------------------------------------------------------


def test_simultaneous_deaths_leave_together_active_side_first_then_effects_in_order():
    """R8 (clash.md:51, 58): monsters at 0 health leave together, active side first, then the
    other, each left to right; all are in the graveyard before any death effect happens."""
    match = scenario(
        {
            "hand": ["pyre_of_the_hollow_road"],
            "board": [
                mon("bog_lantern_sprite"),
                mon("graniteheart_golem"),
                mon("hollow_road_acolyte", health=3),  # so that the Pyre's 3 defeats it
            ],
        },
        {
            "board": [mon("ossuary_gleaner", health=3), mon("carrion_matron", health=3)],
            "deck": ["barrow_scribe"],
        },
        active=0,
    )
    start = len(match.events)
    play(match, "pyre_of_the_hollow_road")
    order = ["Bog Lantern Sprite", "Hollow Road Acolyte", "Ossuary Gleaner", "Carrion Matron"]
    tail = match.events[start:]
    died = [i for i, e in enumerate(tail) if isinstance(e, Died)]
    fired = [i for i, e in enumerate(tail) if isinstance(e, Triggered)]
    assert [tail[i].card for i in died] == order
    assert max(died) < min(fired)
    assert [tail[i].card for i in fired] == order
    # the Matron's chicks arrive after every death was settled; the Gleaner's draw happened
    assert names(match, 1) == ["Carrion Chick", "Carrion Chick"]
    assert names(match, 0) == ["Graniteheart Golem", "Ashen Wisp"]
    assert ids(match, 1, "hand") == ["barrow_scribe"]


def test_deaths_caused_by_death_effects_are_handled_afterwards():
    """R8 "deaths they cause are handled the same way afterwards": the Choir's dying hymn
    (3 damage to all monsters) defeats the Sprite, whose death effect then happens."""
    match = scenario(
        {"board": [mon("ridgeback_tusker", power=9)], "deck": [FILLER]},
        {
            "board": [mon("choir_of_the_drowned", health=2), mon("bog_lantern_sprite")],
            "deck": ["barrow_scribe", "ossuary_gleaner"],
        },
    )
    attack(match, "ridgeback_tusker", "choir_of_the_drowned")
    assert ids(match, 1) == []
    assert _triggers(match) == [("Choir of the Drowned", "death"), ("Bog Lantern Sprite", "death")]
    assert sorted(ids(match, 1, "hand")) == ["barrow_scribe", "ossuary_gleaner"]
    assert card(match, "ridgeback_tusker", 0).health == 3  # 6 - 3 from the hymn


def test_second_round_deaths_wait_for_the_whole_first_round_of_death_effects():
    """R8: "All of them are in the graveyard before any death effect happens; death effects
    then happen in that order, and deaths they cause are handled the same way afterwards."

    Pyre defeats Ann's Choir and Bob's Tombroot Serpent together (round 1). The Choir's hymn
    brings Ann's Acolyte to 0; per R8 the Acolyte is handled after round 1, i.e. after the
    Serpent's death effect (2 damage to Ann's monsters) — so the Acolyte's Ashen Wisp comes
    after that damage and survives."""
    match = scenario(
        {
            "hand": ["pyre_of_the_hollow_road"],
            "board": [mon("choir_of_the_drowned", health=3), mon("hollow_road_acolyte", health=4)],
            "deck": [FILLER],
        },
        {"board": [mon("tombroot_serpent", health=3)]},
    )
    play(match, "pyre_of_the_hollow_road")
    assert [c for c, _ in _triggers(match)] == [
        "Choir of the Drowned",
        "Tombroot Serpent",
        "Hollow Road Acolyte",
    ]
    assert names(match, 0) == ["Ashen Wisp"]


# --- tokens ------------------------------------------------------------------------------


def test_summon_effects_make_tokens_that_are_monsters():
    """R19 (clash.md:67): summon effects make tokens; a token is a monster on the field."""
    match = scenario({"hand": ["morrow_grave_sovereign"], "board": [FILLER]})
    play(match, "morrow_grave_sovereign")
    assert names(match, 0) == [
        "Gravelhide Pup",
        "Morrow, the Grave Sovereign",
        "Risen Thrall",
        "Risen Thrall",
    ]
    thrall = zone(match, 0, "board")[2]
    assert (thrall.power, thrall.toughness, thrall.health) == (2, 0, 3)
    assert [e.card for e in events(match, Summoned)] == ["Risen Thrall", "Risen Thrall"]


def test_a_token_ceases_to_exist_when_it_leaves_the_battlefield():
    """R19: a token is not a card: defeated, it goes to no graveyard."""
    match = scenario(
        {"board": [mon("ridgeback_tusker"), mon("gravelhide_pup")]},
        {"board": [mon("hollow_road_acolyte", health=1)]},
    )
    attack(match, "ridgeback_tusker", "hollow_road_acolyte")
    assert names(match, 1) == ["Ashen Wisp"]
    attack(match, "gravelhide_pup", zone(match, 1, "board")[0].uid)  # 1 - 0 = 1 of 2
    next_turn_of(match, 0)
    attack(match, "ridgeback_tusker", zone(match, 1, "board")[0].uid)
    assert ids(match, 1) == []
    assert ids(match, 1, "graveyard") == ["hollow_road_acolyte"]
    assert ids(match, 0, "graveyard") == []


def test_a_summon_into_a_full_side_makes_nothing():
    """R19 "A summon into a full side (5 monsters) makes nothing"; clash.md:67."""
    match = scenario({"hand": ["call_the_restless", "call_the_restless"], "board": [FILLER] * 3})
    play(match, "call_the_restless")  # room for 2 of the 3 tokens
    assert len(ids(match, 0)) == 5
    assert len(events(match, Summoned)) == 2
    assert "call_the_restless" in playable(match)  # a spell, still playable
    play(match, "call_the_restless")
    assert len(ids(match, 0)) == 5
    assert len(events(match, Summoned)) == 2


def test_a_monster_filling_the_fifth_slot_summons_no_tokens():
    """R19, clash.md:67: Morrow takes the fifth slot; its two Thralls have no room."""
    match = scenario({"hand": ["morrow_grave_sovereign"], "board": [FILLER] * 4})
    play(match, "morrow_grave_sovereign")
    assert len(ids(match, 0)) == 5
    assert events(match, Summoned) == []
