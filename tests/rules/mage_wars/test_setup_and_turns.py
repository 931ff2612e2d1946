"""Setup, the Mage choice, health cards, fate cards and the turn (mage-wars.md:3-36, 124)."""

import pytest

from engine.core.errors import DeckError, ScenarioError
from engine.core.match import from_scenario, new_match
from engine.core.ruleset import get_ruleset
from engine.rulesets.mage_wars.cards import DECKS
from tests.rules.mage_wars.conftest import card, do, end_turn, game, hand, state, visible_uids

RULES = get_ruleset("mage-wars")


def start(n: int = 2, seed: int = 3, mages: list[str] | None = None):
    decks = [[m] for m in (mages or ["random"] * n)]
    return new_match("mage-wars", [f"P{i}" for i in range(n)], decks, seed)


def test_six_decks_by_card_back_each_shuffled() -> None:
    # mage-wars.md:5-13 — six decks by card back, each shuffled.
    a, b = start(seed=1).state, start(seed=2).state
    for deck in ("mage", *DECKS):
        assert all(c.proto.deck == deck for c in a.decks[deck] + a.discards[deck])
    assert [c.proto.id for c in a.decks["quest"]] != [c.proto.id for c in b.decks["quest"]]
    assert len(a.decks["mage"]) == 6 - 2  # two Mages were taken


def test_a_mage_is_chosen_or_drawn_at_random() -> None:
    # mage-wars.md:17 — chosen, or drawn at random (R0: a taken Mage means a random one).
    m = start(mages=["gearwright_obbin", "gearwright_obbin"]).state
    assert m.seats[0].mage.proto.id == "gearwright_obbin"
    assert m.seats[1].mage.proto.id != "gearwright_obbin"
    drawn = {start(seed=s).state.seats[0].mage.proto.id for s in range(12)}
    assert len(drawn) > 2


def test_the_mage_choice_is_the_deck() -> None:
    # R0 — a "deck" names one Mage or "random"; anything else is refused with a reason.
    assert RULES.validate_deck(["starseer_quill"]) == []
    assert RULES.validate_deck(["random"]) == []
    assert "not a Mage" in RULES.validate_deck(["ember_shard"])[0]
    assert RULES.validate_deck(["a", "b"])
    assert set(RULES.preconstructed_decks()) >= {"random", "cinder_archon"}
    with pytest.raises(DeckError):
        new_match("mage-wars", ["A", "B"], [["nobody"], ["random"]], 1)


def test_two_to_four_players() -> None:
    # 2 to 4 players (docs/rules/mage-wars.md, "Players and what they bring").
    for n in (2, 3, 4):
        assert len(start(n).state.seats) == n
    assert RULES.min_players == 2 and RULES.max_players == 4


def test_health_and_armor_cards_come_face_down_from_the_named_decks() -> None:
    # mage-wars.md:28 — health cards from the decks on the Mage card, face down (R1).
    m = start(mages=["gearwright_obbin", "thornmother_ivra"])
    s = m.state
    obbin, ivra = s.seats
    for side, count in ((obbin, 9), (ivra, 9)):  # less what the first turn's fate took
        lost = sum(e.amount for e in m.events if getattr(e, "target", "") == side.name)
        assert len(side.health) == count - lost
    # drawn in turn from the decks the Mage names: Obbin's are Arcane, Arcane, Mystic
    cycle = ("arcane", "arcane", "mystic")
    assert [c.proto.deck for c in obbin.health] == [cycle[i % 3] for i in range(len(obbin.health))]
    assert all(c.proto.deck == "enchanted" for c in ivra.health)
    assert len(obbin.armor) == 2
    for viewer in (0, 1, None):
        seat = m.view(viewer).seat(0)
        hidden = {c.uid for c in obbin.health + obbin.armor}
        assert not hidden & visible_uids(m.view(viewer))  # face down, to its owner too
        assert seat.stats["health"] == len(obbin.health) and seat.stats["armor"] == 2


def test_fate_cards_are_drawn_at_the_start_of_the_turn_and_played_at_once() -> None:
    # mage-wars.md:34 — the Mage's number of fate cards, played at once (Starseer: 3).
    m = game(
        {"mage": "cinder_archon"},
        {"mage": "starseer_quill"},
        decks={
            "fate": ["greenwood_call", "quest_horn", "twin_omens", "path_of_embers"],
            "enchanted": ["amber_sap", "dew_drop", "thistle_down"],
            "quest": ["feat_of_focus"],
            "mystic": ["moonstone"],
        },
    )
    end_turn(m)
    s = state(m)
    played = [e.card for e in m.events if type(e).__name__ == "CardPlayed"]
    assert played[-3:] == ["Greenwood Call", "Quest Horn", "Twin Omens"]
    drawn = [c.proto.id for c in s.seats[1].hand]
    assert drawn == ["amber_sap", "dew_drop", "feat_of_focus", "thistle_down", "moonstone"]
    assert {c.proto.id for c in s.discards["fate"]} == {
        "greenwood_call",
        "quest_horn",
        "twin_omens",
    }


def test_drawn_cards_can_be_played_the_same_turn() -> None:
    # mage-wars.md:36 — cards drawn go to the hand and can be played that turn.
    decks = {
        "fate": ["rally_of_elements", "whispering_tide"],
        "enchanted": ["amber_sap"],
        "mystic": ["blood_ink", "moonstone", "moonstone"],
        "arcane": ["iron_ore"],
    }
    m = game({"mage": "cinder_archon"}, {"mage": "tidewarden_selme"}, decks=decks)
    end_turn(m)
    ink = hand(m, 1, "blood_ink")
    assert ("play", ink.uid) in m.pending[0].actions


def test_the_turn_passes_to_the_left() -> None:
    # mage-wars.md:124 — the player to the left (the next seat) goes next.
    m = game({"mage": "cinder_archon"}, {"mage": "tidewarden_selme"}, {"mage": "gearwright_obbin"})
    order = []
    for _ in range(4):
        end_turn(m)
        while m.pending[0].kind != "main":
            d = m.pending[0]
            m.apply(d.player, d.actions[0] if not d.multi else tuple(d.actions[: d.min_picks]))
        order.append(m.pending[0].player)
    assert order == [1, 2, 0, 1]


def test_fate_count_includes_buffs() -> None:
    # mage-wars.md:124 — fate cards "plus possible buffs from Level, potions, etc."
    m = game(
        {"mage": "cinder_archon"},
        {
            "mage": "gearwright_obbin",  # fate 2
            "items": [{"card": "hourglass_of_ages", "built": True}],
            "haste": 1,
        },
        decks={"fate": ["path_of_embers", "whispering_tide", "greenwood_call", "quest_horn"]},
    )
    s = state(m)
    assert s.fate_count(s.seats[1]) == 2 + 1 + 1
    end_turn(m)
    fates = [e for e in m.events if type(e).__name__ == "CardPlayed"]
    assert len(fates) == 4 and s.seats[1].haste == 0


def test_the_hand_is_cut_to_its_maximum_at_the_end_of_the_turn() -> None:
    # mage-wars.md:23 — the Mage's maximum hand (R6: checked when the turn ends).
    extra = ["ember_shard"] * 9
    m = game({"mage": "tidewarden_selme", "hand": extra}, {"mage": "cinder_archon"})
    do(m, "end")
    d = m.pending[0]
    assert d.kind == "discard" and d.min_picks == d.max_picks == 3
    m.apply(0, tuple(d.actions[:3]))
    assert len(state(m).seats[0].hand) == 6
    assert len(state(m).discards["arcane"]) >= 3
    assert card(m, "ember_shard", state(m).discards["arcane"]) is not None


def test_a_scenario_with_bad_data_is_refused_clearly() -> None:
    # engine contract: from_scenario names what is wrong, with a ScenarioError.
    bad = [
        ({"seats": [{}]}, "2 to 4 seats"),
        ({"seats": [{"mage": "ember_shard"}, {}]}, "not a Mage"),
        ({"seats": [{"hand": ["no_such_card"]}, {}]}, "unknown card"),
        ({"seats": [{"pets": ["iron_ore"]}, {}]}, "not a creature"),
        ({"seats": [{"items": ["emberfox"]}, {}]}, "not an item"),
        ({"seats": [{"colour": "red"}, {}]}, "unknown seat field"),
        ({"seats": [{}, {}], "decks": {"graveyard": []}}, "unknown deck"),
        ({"seats": [{}, {}], "active": 5}, "'active'"),
        ({"seats": [{}, {}], "round": "two"}, "whole number"),
    ]
    for data, words in bad:
        with pytest.raises(ScenarioError, match=words):
            from_scenario("mage-wars", data, 1)


def test_the_table_shows_each_mage_its_works_and_the_top_of_each_discard_pile() -> None:
    # mage-wars.md:19-24, 42, 118 — the Mage card (with its own win condition) and the
    # manifestations laid in front of a player are on the table for all to read; a discard
    # pile lists its top card first, the one salvage takes (mage-wars.md:120).
    m = game(
        {"mage": "duskblade_morvane", "works": [{"card": "emberfox"}]},
        {"mage": "cinder_archon"},
        discards={"arcane": ["iron_ore", "sky_crystal"]},
    )
    for viewer in (0, 1, None):
        view = m.view(viewer)
        board = view.seat(0).zones["board"].cards
        assert board[0].name == "Duskblade Morvane"
        assert any(
            t.startswith("wins: win 2 challenge(s), alive, from round 4") for t in board[0].tags
        )
        assert board[1].name == "Emberfox" and "in the making" in board[1].tags
        assert [c.name for c in view.table["Arcane discard"].cards] == ["Sky Crystal", "Iron Ore"]


def test_laying_a_card_reads_as_laying_it() -> None:
    # mage-wars.md:42 — a card with requirements is laid on the table, not played.
    m = game({"mage": "thornmother_ivra", "hand": ["emberfox", "obsidian_spire"]}, {})
    do(m, "play", hand(m, 0, "emberfox").uid)
    do(m, "play", hand(m, 0, "obsidian_spire").uid)
    texts = [e.text for e in m.events]
    assert "Player 1 lays Emberfox on the table (needs Ember)." in texts
    assert "Player 1 lays Obsidian Spire in the centre (needs Ember, Ember, Any)." in texts
