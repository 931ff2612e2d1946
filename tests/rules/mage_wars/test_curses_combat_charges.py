"""Curses and blessings, combat, charges and the discard piles (mage-wars.md:88-120)."""

from engine.rulesets.mage_wars.drawing import draw
from tests.rules.mage_wars.conftest import card, do, end_turn, game, hand, state

CINDER = {"mage": "cinder_archon"}  # evil, 1 pet, armor 1, power 1
IVRA = {"mage": "thornmother_ivra"}  # neutral, 3 pets, armor 0
SELME = {"mage": "tidewarden_selme"}  # good, 2 pets, wins by structures
OBBIN = {"mage": "gearwright_obbin"}  # neutral, no pets, armor 2


def test_a_curse_strikes_the_player_who_draws_it() -> None:
    # mage-wars.md:88 — Fey Trickery, drawn from the health pile (mage-wars.md:30): discard 2.
    m = game(
        {**IVRA, "health": ["fey_trickery", "amber_sap"], "hand": ["iron_ore", "moonstone"]}, CINDER
    )
    do(m, "spend")
    d = m.pending[0]  # R31: she holds cards, so she is asked, blessing or none
    assert d.kind == "curse" and d.actions == [("accept",)]
    do(m, "accept")
    s = state(m)
    assert s.seats[0].hand == [] and card(m, "fey_trickery", s.discards["enchanted"])


def test_a_curse_can_hide_in_the_fate_deck() -> None:
    # mage-wars.md:88 — "scattered through the various decks": Crooked Path loses a turn.
    m = game(CINDER, IVRA, decks={"fate": ["crooked_path"] + ["path_of_embers"] * 7})
    end_turn(m)
    s = state(m)
    assert s.seats[1].skip == 1
    end_turn(m)  # Ivra's turn goes on; her next one is lost
    end_turn(m)
    assert m.pending[0].player == 0 and s.seats[1].skip == 0


def test_a_blessing_negates_a_curse() -> None:
    # mage-wars.md:91 — Negate Curse: cancel it.
    m = game(
        {
            **IVRA,
            "health": ["fey_trickery"] + ["amber_sap"] * 3,
            "hand": ["warding_chime", "iron_ore"],
        },
        CINDER,
    )
    chime = hand(m, 0, "warding_chime")
    do(m, "spend")
    prompt = m.pending[0]
    assert prompt.kind == "curse"
    assert prompt.prompt == "A curse strikes you — Fey Trickery: discard 2 card(s) at random."
    labels = [o.label for o in m.options(prompt)]
    assert labels == ["Suffer the curse", "Cancel it with Warding Chime"]
    do(m, "negate", chime.uid)
    s = state(m)
    assert [c.proto.id for c in s.seats[0].hand] == ["iron_ore"]
    assert chime in s.discards["enchanted"]


def test_a_blessing_deflects_a_curse_onto_another_player() -> None:
    # mage-wars.md:91 — Deflect Curse: the effects land on another player (R8).
    m = game(
        {
            **IVRA,
            "health": ["fey_trickery"] + ["amber_sap"] * 3,
            "hand": ["mirror_veil", "iron_ore"],
        },
        {**CINDER, "hand": ["moonstone", "quicksilver"]},
        {**OBBIN, "hand": ["iron_ore"]},
    )
    veil = hand(m, 0, "mirror_veil")
    do(m, "spend")
    assert ("deflect", veil.uid, 2) in m.pending[0].actions
    do(m, "deflect", veil.uid, 1)
    s = state(m)
    assert [c.proto.id for c in s.seats[0].hand] == ["iron_ore"]
    assert s.seats[1].hand == [] and len(s.seats[2].hand) == 1


def test_a_crafted_blessing_waits_as_a_ward() -> None:
    # mage-wars.md:91 — "drawn or crafted": a completed Hearth Charm cancels a later curse.
    m = game(
        {
            **IVRA,
            "health": ["sleep_spores"] + ["amber_sap"] * 3,
            "hand": ["iron_ore"],
            "works": [{"card": "hearth_charm", "need": ["stone"]}],
        },
        CINDER,
    )
    charm = card(m, "hearth_charm")
    do(m, "fill", hand(m, 0, "iron_ore").uid, charm.uid)
    assert state(m).seats[0].wards == [charm]
    do(m, "spend")
    do(m, "negate", charm.uid)
    assert state(m).seats[0].skip == 0 and state(m).seats[0].wards == []


def test_attacks_on_mages_lose_armor_then_defences() -> None:
    # mage-wars.md:99-101 — damage, minus armor cards, minus other defences, off health.
    m = game(
        {**SELME, "pets": ["ashen_drake", "riverhound"]},
        {**OBBIN, "armor": 1, "health": 9, "items": [{"card": "chainweave_mail", "built": True}]},
    )
    do(m, "attack", card(m, "riverhound").uid, "p1")  # 2 - 1 armor - 1 mail = 0
    s = state(m)
    assert len(s.seats[1].health) == 9
    do(m, "attack", card(m, "ashen_drake").uid, "p1")  # 3 - 1 - 1 = 1
    assert len(s.seats[1].health) == 8 and s.seats[0].tally["damage"] == 1


def test_a_mages_own_power_adds_to_each_of_its_attacks() -> None:
    # R21 (docs/balance.md, "Mage Wars"): Cinder Archon's power 1 adds to each of
    # her attacks as an attack-power bonus does; the same pet of a Mage without power
    # deals one less.
    for mage, lost in ((CINDER, 2), (SELME, 1)):
        m = game(
            {**mage, "pets": ["ashen_drake"]},
            {
                **OBBIN,
                "armor": 1,
                "health": 9,
                "items": [{"card": "chainweave_mail", "built": True}],
            },
        )
        do(m, "attack", card(m, "ashen_drake").uid, "p1")  # 3 (+1) - 1 armor - 1 mail
        assert len(state(m).seats[1].health) == 9 - lost


def test_some_attacks_ignore_armor() -> None:
    # mage-wars.md:99 — "unless otherwise indicated by the attack card": Rime Spear pierces.
    m = game(
        {**IVRA, "hand": ["rime_spear", "moonstone", "iron_ore"]},
        {**OBBIN, "armor": 2, "health": 9},
        {**OBBIN, "health": 9},
    )
    spear = hand(m, 0, "rime_spear")
    do(m, "play", spear.uid)
    do(m, "fill", hand(m, 0, "moonstone").uid, spear.uid)
    do(m, "fill", hand(m, 0, "iron_ore").uid, spear.uid)
    do(m, "cast", spear.uid, "p1")
    assert len(state(m).seats[1].health) == 9 - 3


def test_an_attack_below_a_cards_health_does_nothing() -> None:
    # mage-wars.md:107-108 — less than its health: no effect; at least: destroyed.
    m = game(
        {**SELME, "pets": ["riverhound", "ashen_drake"]},
        {**SELME, "pets": ["briar_hedge", "thornvine"]},
    )
    hedge, vine = card(m, "briar_hedge"), card(m, "thornvine")
    do(m, "attack", card(m, "riverhound").uid, hedge.uid)  # 2 < 6
    assert hedge in state(m).seats[1].pets
    do(m, "attack", card(m, "ashen_drake").uid, vine.uid)  # 3 >= 3
    assert state(m).seats[1].pets == [hedge] and vine in state(m).discards["enchanted"]


def test_only_finished_cards_can_be_attacked_but_works_can_be_meddled_with() -> None:
    # mage-wars.md:110 — cards in the making are not targets of attacks, but of meddling.
    m = game(
        {**IVRA, "pets": ["ashen_drake"], "hand": ["unweave", "iron_ore"]},
        {
            **OBBIN,
            "works": [
                {
                    "card": "thunder_maul",
                    "need": ["ember", "any"],
                    "under": ["iron_ore", "iron_ore"],
                }
            ],
        },
    )
    maul = card(m, "thunder_maul")
    assert not [a for a in m.pending[0].actions if a[0] == "attack" and a[2] == maul.uid]
    unweave = hand(m, 0, "unweave")
    do(m, "play", unweave.uid)
    do(m, "fill", hand(m, 0, "iron_ore").uid, unweave.uid)  # one target: cast at once
    assert maul.under == [] and sorted(maul.need) == ["any", "ember", "stone", "stone"]


def test_crafting_resources_become_charges_spent_one_per_use() -> None:
    # mage-wars.md:114 — the resources turn face down as charges; the last takes the card.
    m = game(
        {
            **OBBIN,
            "hand": ["sky_crystal", "iron_ore", "quicksilver"],
            "works": [{"card": "ashwood_bow"}],
        },
        {**IVRA, "health": 8},
        decks={"fate": ["greenwood_call"] * 12},
    )
    bow = card(m, "ashwood_bow")
    for c in list(state(m).seats[0].hand):
        do(m, "fill", c.uid, bow.uid)
    do(m, "slot", bow.uid)
    assert len(bow.charges) == 3
    seat_view = m.view(1).seat(0).zones["board"].cards[1]
    assert seat_view.stats["charges"] == 3 and seat_view.attached == ()  # face down
    for _ in range(3):
        do(m, "attack", bow.uid, "p1")
        end_turn(m)
        end_turn(m)
    s = state(m)
    assert len(s.seats[1].health) == 8 - 6
    assert s.seats[0].items == {} and bow in s.discards["arcane"]
    assert card(m, "sky_crystal", s.discards["arcane"]) is not None


def test_discards_go_beside_their_own_deck_and_reshuffle_when_it_runs_out() -> None:
    # mage-wars.md:118 — face up by the deck it came from; an empty deck takes its pile.
    m = game(
        {**IVRA, "hand": ["moonstone", "iron_ore"] * 4},
        CINDER,
        decks={"mystic": [], "fate": ["whispering_tide"]},
        discards={"mystic": []},
    )
    s = state(m)
    end_turn(m)  # hand 8 > 6: two discarded, each beside its own deck
    assert {c.proto.deck for c in s.discards["mystic"]} <= {"mystic"}
    assert {c.proto.deck for c in s.discards["arcane"]} <= {"arcane"}
    s.discards["mystic"] = [c for c in s.seats[0].hand if c.proto.id == "moonstone"]
    for c in s.discards["mystic"]:
        s.seats[0].hand.remove(c)
    s.decks["mystic"] = []
    draw(s, s.seats[1], "mystic")
    assert any("shuffled into a new deck" in e.text for e in m.events)
    assert s.seats[1].hand[-1].proto.id == "moonstone"


def test_a_few_cards_draw_from_a_discard_pile() -> None:
    # mage-wars.md:120 — Pilfered Memory takes the top card of a discard pile.
    m = game(
        {**IVRA, "hand": ["pilfered_memory"]},
        CINDER,
        discards={"arcane": ["iron_ore", "flame_wand"], "quest": ["starward_ascension"]},
        decks={"mystic": ["moonstone"]},
    )
    do(m, "play", hand(m, 0, "pilfered_memory").uid)
    assert m.pending[0].kind == "deck" and ("pile", "quest") in m.pending[0].actions
    assert [o.label for o in m.options(m.pending[0])] == [
        "Take Starward Ascension from the Quest discard pile",
        "Take Flame Wand from the Arcane discard pile",  # the top card, face up
        "Take nothing",  # mw:120 "if desired"
    ]
    do(m, "pile", "arcane")
    ids = sorted(c.proto.id for c in state(m).seats[0].hand)
    assert ids == ["flame_wand", "moonstone"]
    assert any("takes Flame Wand from the Arcane discard pile" in e.text for e in m.events)


def test_taking_from_a_discard_pile_is_optional() -> None:
    # mage-wars.md:120 "if desired" — a curse on top of the Arcane discard pile is left there
    # by a player whose Relic Dig (a fate card, played at once) would take it.
    m = game(
        {**IVRA, "hand": []},
        CINDER,
        decks={"fate": ["relic_dig", "quest_horn"], "arcane": ["iron_ore"]},
        discards={"arcane": ["wasting_jinx"]},
        active=1,
    )
    health = len(state(m).seats[0].health)
    do(m, "end")
    assert m.pending[0].kind == "deck"
    assert m.pending[0].actions == [("pile", "arcane"), ("pile", None)]
    do(m, "pile", None)
    s = state(m)
    assert len(s.seats[0].health) == health and s.discards["arcane"][-1].proto.id == "wasting_jinx"
    assert "iron_ore" in [c.proto.id for c in s.seats[0].hand]  # its draw still happens


def test_a_used_card_is_discarded_after_its_effects() -> None:
    # R19 — Scrap Salvage cannot fish itself out of the pile it is going to.
    m = game({**IVRA, "hand": ["scrap_salvage"]}, CINDER, discards={"arcane": ["iron_ore"]})
    scrap = hand(m, 0, "scrap_salvage")
    do(m, "play", scrap.uid)
    if m.pending[0].kind == "deck":
        do(m, "pile", "arcane")
    s = state(m)
    assert [c.proto.id for c in s.seats[0].hand] == ["iron_ore"]
    assert s.discards["arcane"] == [scrap]


def test_a_card_taken_from_a_discard_pile_waits_a_turn_to_be_played() -> None:
    # R20 — it may feed requirements at once, but is played from the next turn on.
    m = game(
        {**IVRA, "hand": ["pilfered_memory"], "works": [{"card": "emberfox"}]},
        CINDER,
        discards={"mystic": ["cinder_bolt"]},
        decks={"mystic": ["moonstone"]},
    )
    do(m, "play", hand(m, 0, "pilfered_memory").uid)
    if m.pending[0].kind == "deck":
        do(m, "pile", "mystic")
    bolt = hand(m, 0, "cinder_bolt")
    assert ("play", bolt.uid) not in m.pending[0].actions
    assert ("fill", bolt.uid, card(m, "emberfox").uid) in m.pending[0].actions


def test_an_empty_deck_and_pile_give_nothing() -> None:
    # R4 — with the deck and its discard pile both empty, nothing is drawn.
    m = game(IVRA, CINDER, decks={"quest": []}, discards={"quest": []})
    s = state(m)
    draw(s, s.seats[0], "quest")
    assert (
        s.seats[0].hand == [] and "Quest deck and its discard pile are empty" in m.events[-1].text
    )


def test_a_charged_card_without_charges_is_used_once() -> None:
    # R17 — the Flame Wand completed by a permanent resource has no charge card:
    # it cannot be slotted, only used once (the way is forced, the target is asked).
    m = game(
        {
            **OBBIN,
            "board": [{"card": "forge_heart", "built": True}],
            "works": [{"card": "flame_wand", "need": ["ember"]}],
        },
        {**IVRA, "pets": ["thornvine"]},
    )
    wand = card(m, "flame_wand")
    do(m, "tap", card(m, "forge_heart").uid, wand.uid)
    options = m.pending[0].actions
    assert options and all(a[:2] == ("once", wand.uid) and len(a) == 3 for a in options)


def test_armor_items_can_be_attacked_and_dead_mages_cannot() -> None:
    # mage-wars.md:105 "Armor, Items"; R26 — a dead Mage is no target.
    m = game(
        {**SELME, "pets": ["ashen_drake"]},
        {**OBBIN, "items": [{"card": "shimmering_cloak", "built": True}]},
        {**IVRA, "dead": True},
    )
    cloak = card(m, "shimmering_cloak")
    targets = {a[2] for a in m.pending[0].actions if a[0] == "attack"}
    assert targets == {"p1", cloak.uid}
    do(m, "attack", card(m, "ashen_drake").uid, cloak.uid)
    assert state(m).seats[1].items == {}
