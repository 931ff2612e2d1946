"""Death, resurrection, winning, leaving, hidden information (mage-wars.md:30, 128-139)."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.match import new_match, replay
from engine.rulesets.mage_wars.cards import protos
from engine.rulesets.mage_wars.state import (
    ROUND_LIMIT,
    WANE_FROM,
    WANE_STEP,
    WIN_FROM,
    WOUNDS_PER_WANE,
)
from engine.rulesets.mage_wars.winning import last_light
from tests.rules.mage_wars.conftest import (
    card,
    do,
    end_turn,
    game,
    hand,
    settle,
    state,
    visible_uids,
)

CINDER = {"mage": "cinder_archon"}
SELME = {"mage": "tidewarden_selme"}
IVRA = {"mage": "thornmother_ivra"}
OBBIN = {"mage": "gearwright_obbin"}
QUILL = {"mage": "starseer_quill"}
WOUNDS = protos()["cinder_archon"].data.win.amount  # R34: Cinder Archon wins by wounds


def test_spending_a_health_card_uses_it_at_the_mages_discount() -> None:
    # mage-wars.md:30 — as if drawn, at reduced cost; Cinder waives two requirements (R5).
    m = game({**CINDER, "health": ["ashen_drake", "amber_sap", "amber_sap"]}, IVRA)
    do(m, "spend")
    drake = hand(m, 0, "ashen_drake")
    assert len(state(m).seats[0].health) == 2 and drake.discount == 2
    shown = next(c for c in m.view(0).seat(0).zones["hand"].cards if c.uid == drake.uid)
    assert "from health: waives 2" in shown.tags  # its owner can see what it will save
    do(m, "play", drake.uid)
    assert drake.need == ["ember", "ember"]  # the two "any" requirements are waived


def test_a_mage_at_zero_health_dies_and_discards() -> None:
    # mage-wars.md:30,132-135 — hand, items, pets, armor and works go; levels stay.
    m = game(
        {
            **SELME,
            "health": 1,
            "armor": 1,
            "hand": ["iron_ore"],
            "pets": ["thornvine"],
            "items": [{"card": "chainweave_mail", "built": True}],
            "works": [{"card": "thunder_maul", "need": ["any"], "under": ["iron_ore"]}],
            "levels": [{"card": "oath_of_the_adept", "built": True}],
        },
        CINDER,
    )
    do(m, "spend")
    s = state(m)
    selme = s.seats[0]
    assert selme.dead and selme.health == [] and selme.hand == [] and selme.pets == []
    assert selme.items == {} and selme.armor == [] and selme.works == []
    assert selme.level == 2 and len(selme.levels) == 1
    assert m.pending[0].player == 1  # R12: the dead Mage's turn ends at once


def test_the_health_an_attack_takes_counts_as_wounds_for_the_attacker() -> None:
    # R34 (completes mage-wars.md:24, 128) — Cinder Archon wins by wounds: the health cards
    # her attacks take from other Mages. The drake strikes for 4 (3 and her power 1), but
    # Ivra holds 2 health cards: 2 are taken, and they are the last her condition needs.
    m = game({**CINDER, "pets": ["ashen_drake"], "wounds": WOUNDS - 2}, {**IVRA, "health": 2})
    do(m, "attack", card(m, "ashen_drake").uid, "p1")
    s = state(m)
    assert s.seats[1].dead and s.seats[0].wounds == WOUNDS
    assert m.over and m.winner == 0


def test_wounds_count_what_is_taken_not_what_is_dealt() -> None:
    # R34 — a blow beyond the last health card, and armor's share of it, count nothing.
    m = game({**CINDER, "pets": ["ashen_drake"]}, {**IVRA, "health": 1})
    do(m, "attack", card(m, "ashen_drake").uid, "p1")
    assert state(m).seats[0].wounds == 1 and not m.over
    m = game({**CINDER, "pets": ["ashen_drake"]}, {**OBBIN, "health": 9, "armor": 2})
    do(m, "attack", card(m, "ashen_drake").uid, "p1")
    s = state(m)
    assert s.seats[0].wounds == 4 - 2 and len(s.seats[1].health) == 9 - 2


def test_health_a_mage_spends_is_no_wound() -> None:
    # R34 — only another Mage's attack wounds: a health card spent as a card (mage-wars.md:30)
    # counts for no one.
    m = game({**IVRA, "health": 3}, CINDER)
    do(m, "spend")
    s = state(m)
    assert len(s.seats[0].health) == 2 and s.seats[0].wounds == s.seats[1].wounds == 0


def test_the_opening_holds_every_win_back_until_round_4() -> None:
    # R33 (completes mage-wars.md:128) — no Mage wins by its condition before round
    # WIN_FROM: a condition met earlier wins as that round begins, if it still holds.
    m = game(
        {**CINDER, "pets": ["ashen_drake"], "wounds": WOUNDS - 2}, {**IVRA, "health": 2}, round=1
    )
    do(m, "attack", card(m, "ashen_drake").uid, "p1")
    s = state(m)
    assert s.seats[1].dead and s.seats[0].wounds == WOUNDS  # met in round 1 ...
    assert not m.over  # ... and held back
    while not m.over:
        assert s.round < WIN_FROM
        end_turn(m)
    assert m.winner == 0 and s.round == WIN_FROM
    texts = [e.text for e in m.events]
    line = f"Round {WIN_FROM} of {ROUND_LIMIT} begins. The Opening is over"
    assert any(t.startswith(line) for t in texts)


def test_a_dead_mage_draws_from_three_decks_and_keeps_to_the_maximum() -> None:
    # mage-wars.md:137 — one each from Enchanted, Mystic and Arcane; keep or discard.
    m = game(
        CINDER,
        {**SELME, "dead": True, "hand": ["iron_ore"] * 5},
        decks={
            "enchanted": ["amber_sap"],
            "mystic": ["moonstone"],
            "arcane": ["iron_ore"],
            "fate": ["path_of_embers"] * 4,
        },
    )
    do(m, "end")
    reach = m.pending[0]
    assert reach.kind == "reach" and reach.min_picks == 0 and reach.max_picks == 3
    m.apply(1, tuple(reach.actions))  # all three decks
    keep = m.pending[0]  # a hand of 8, the maximum is 6: two of the three drawn go (R28)
    assert keep.kind == "keep" and keep.min_picks == keep.max_picks == 2
    assert {a[1] for a in keep.actions} == {c.uid for c in state(m).seats[1].hand[-3:]}
    m.apply(1, tuple(keep.actions[:2]))
    assert len(state(m).seats[1].hand) == 6


def test_drawn_cards_beyond_room_in_the_hand_are_discarded_without_a_question() -> None:
    # R28 (mage-wars.md:137) — with room for all, all are kept and nothing is asked; with
    # room for none, all three go.
    decks = {"enchanted": ["amber_sap"], "mystic": ["moonstone"], "arcane": ["iron_ore"]}
    for held, kept in ((3, 6), (6, 6)):
        m = game(CINDER, {**SELME, "dead": True, "hand": ["ember_shard"] * held}, decks=decks)
        do(m, "end")
        m.apply(1, tuple(m.pending[0].actions))
        assert len(state(m).seats[1].hand) == kept
        assert all(d.kind != "keep" for d in m.pending)
        assert [c.proto.id for c in state(m).discards["arcane"]] == (
            ["iron_ore"] if held == 6 else []
        )


def test_a_dead_mage_may_draw_from_some_of_the_three_decks_or_none() -> None:
    # mage-wars.md:137 — "they *may* draw 1 card from each": a curse on top of the Mystic
    # deck is left there by a player who draws from the other two only.
    decks = {
        "enchanted": ["amber_sap"],
        "mystic": ["wasting_jinx"],
        "arcane": ["iron_ore"],
        "fate": ["path_of_embers"] * 6,
    }
    m = game(CINDER, {**SELME, "dead": True}, decks=decks)
    do(m, "end")
    m.apply(1, (("deck", "enchanted"), ("deck", "arcane")))
    s = state(m)
    assert sorted(c.proto.id for c in s.seats[1].hand) == ["amber_sap", "iron_ore"]
    assert s.decks["mystic"][-1].proto.id == "wasting_jinx"  # still on top
    m = game(CINDER, {**SELME, "dead": True, "hand": ["dew_drop"]}, decks=decks)
    do(m, "end")
    m.apply(1, ())  # none at all: nothing drawn, nothing to keep or discard
    s = state(m)
    assert [c.proto.id for c in s.seats[1].hand] == ["dew_drop"]
    # R31: one card can't pay, but a held card is asked about all the same ("not yet")
    assert m.pending[0].kind == "rise" and m.pending[0].actions == [("wait",)]
    do(m, "wait")
    assert len(s.decks["enchanted"]) == 1 and m.pending[0].player == 0


def test_a_dead_mage_resurrects_once_it_can_pay_and_plays_at_once() -> None:
    # mage-wars.md:139 — pay the Resurrect resources, draw health cards, take a turn now.
    decks = {
        "enchanted": ["dew_drop"] + ["amber_sap"] * 9,
        "mystic": ["moonstone"] * 10,
        "arcane": ["iron_ore"],
        "fate": ["path_of_embers"] * 6,
    }
    m = game(CINDER, {**SELME, "dead": True}, decks=decks)
    do(m, "end")
    m.apply(1, tuple(m.pending[0].actions))
    rise = m.pending[0]  # three cards and room for them: nothing to ask before this
    assert rise.kind == "rise" and rise.prompt == "Resurrect your Mage now?"  # public words
    labels = [o.label for o in m.options(rise)]  # R11: the option (hers only) names the cards
    assert labels == ["Resurrect, discarding Dew Drop, Moonstone", "Not yet"]
    assert all("Dew Drop" not in str(d) for d in m.view(0).decisions)
    do(m, "resurrect")
    assert [c.proto.id for c in state(m).seats[1].hand] == ["iron_ore"]
    settle(m)
    s = state(m)
    selme = s.seats[1]
    assert not selme.dead and len(selme.health) == 10
    assert m.pending[0].player == 1 and m.pending[0].kind == "main"
    assert any("is resurrected" in e.text for e in m.events)


def test_a_dead_mage_that_cannot_pay_waits() -> None:
    # mage-wars.md:139 — "once the player can fulfill": Selme needs a Tide card.
    m = game(
        CINDER,
        {**SELME, "dead": True},
        decks={
            "enchanted": ["amber_sap"],
            "mystic": ["ember_glass"],
            "arcane": ["iron_ore"],
            "fate": ["path_of_embers"] * 6,
        },
    )
    do(m, "end")
    m.apply(1, tuple(m.pending[0].actions))
    settle(m)
    assert state(m).seats[1].dead and m.pending[0].player == 0


@pytest.mark.parametrize(
    ("spec", "action"),
    [
        ({**IVRA, "pets": ["thornvine", "candlewisp", "riverhound"], "works": ["emberfox"]}, "pet"),
        (
            {
                **OBBIN,
                "items": [
                    {"card": "chainweave_mail", "built": True},
                    {"card": "lodestone_amulet", "built": True},
                ],
                "works": ["glass_dagger"],
            },
            "slot",
        ),
    ],
)
def test_each_mage_wins_by_its_own_condition(spec, action) -> None:
    # mage-wars.md:24,128 — Ivra: four pets at once; Obbin: all three item slots filled.
    work = spec["works"][0]
    spec = {**spec, "works": [], "hand": [work]}
    m = game(spec, CINDER)
    assert not m.over  # one short
    new = hand(m, 0, work)
    new.discount = 5  # nothing left to fill: it activates when played
    do(m, "play", new.uid)
    do(m, action, new.uid)
    assert m.over and m.winner == 0


def test_another_mages_condition_does_not_win() -> None:
    # mage-wars.md:128 — only one's own win condition counts: two pets do not win for Selme.
    m = game({**SELME, "pets": ["thornvine", "emberfox"]}, CINDER)
    assert not m.over


def test_the_waning_eases_every_win_condition() -> None:
    # R14 — from round 8 every condition asks one less (never below 1; level never below 2);
    # R34: a wounds condition WOUNDS_PER_WANE less.
    m = game(CINDER, QUILL, round=WANE_FROM - 1)
    s = state(m)
    assert s.progress(s.seats[0]) == (0, WOUNDS) and s.progress(s.seats[1]) == (1, 3)
    s.round = WANE_FROM
    assert s.progress(s.seats[0]) == (0, WOUNDS - WOUNDS_PER_WANE)
    assert s.progress(s.seats[1]) == (1, 2)
    s.round = WANE_FROM + WANE_STEP
    assert s.progress(s.seats[0]) == (0, WOUNDS - 2 * WOUNDS_PER_WANE)
    s.round = WANE_FROM + 10 * WANE_STEP
    assert s.progress(s.seats[0]) == (0, 1) and s.progress(s.seats[1]) == (1, 2)
    s.round = WANE_FROM - 1  # the round is announced as it begins, the Waning with it
    end_turn(m)
    end_turn(m)
    texts = [e.text for e in m.events]
    line = f"Round {WANE_FROM} of {ROUND_LIMIT} begins. The Waning eases every win condition"
    assert any(t.startswith(line) and f"wounds condition by {WOUNDS_PER_WANE}" in t for t in texts)


def test_last_light_ends_the_game_after_the_last_round() -> None:
    # R15 — no one there yet: the living Mage nearest to its condition, then most health.
    m = game({**CINDER, "health": 3}, {**SELME, "health": 8}, round=ROUND_LIMIT)
    end_turn(m)
    assert not m.over
    end_turn(m)
    assert m.over and m.winner == 1
    assert any("Last Light" in e.text for e in m.events[-3:])


def test_a_leaving_player_drops_out_and_the_game_goes_on() -> None:
    # R16 — with 3 players one may leave; the turn passes on; with 1 left it is over.
    m = game(CINDER, SELME, OBBIN)
    m.resign(0, "resigned")
    s = state(m)
    assert not m.over and s.seats[0].gone and s.seats[0].hand == []
    settle(m)
    assert m.pending[0].player == 1
    end_turn(m)
    assert m.pending[0].player == 2
    end_turn(m)
    assert m.pending[0].player == 1  # seat 0 is skipped
    m.resign(2, "resigned")
    assert m.over and m.winner == 1


def test_a_leaver_is_no_longer_a_choice_in_an_open_prompt() -> None:
    # R16 — seat 2 leaves while seat 0 decides where to turn a curse and whom to strike:
    # the prompt no longer offers seat 2 or its pet.
    m = game(
        {**IVRA, "health": ["fey_trickery"] + ["amber_sap"] * 3, "hand": ["mirror_veil"]},
        CINDER,
        {**IVRA, "hand": ["iron_ore"]},
    )
    veil = hand(m, 0, "mirror_veil")
    do(m, "spend")
    assert ("deflect", veil.uid, 2) in m.pending[0].actions
    m.resign(2, "left the table")
    assert m.pending[0].player == 0
    assert m.pending[0].actions == [("accept",), ("deflect", veil.uid, 1)]
    m = game(
        {**IVRA, "hand": ["cinder_bolt", "ember_shard"]},
        CINDER,
        {**IVRA, "pets": ["thornvine"]},
    )
    bolt, vine = hand(m, 0, "cinder_bolt"), card(m, "thornvine")
    do(m, "play", bolt.uid)
    do(m, "fill", hand(m, 0, "ember_shard").uid, bolt.uid)  # finished: whom does it strike?
    assert ("cast", bolt.uid, vine.uid) in m.pending[0].actions
    health = len(state(m).seats[1].health)
    m.resign(2, "left the table")  # one target left: the match takes it (no needless prompt)
    assert len(state(m).seats[1].health) == health - 3
    assert m.pending[0].kind == "main" and m.pending[0].player == 0


def test_hidden_information_stays_hidden() -> None:
    # Hands, deck order, health and armor piles are never in another player's view.
    m = new_match("mage-wars", ["A", "B", "C"], [["random"]] * 3, 99)
    s = state(m)
    for viewer in (0, 1, 2, None):
        view = m.view(viewer)
        for seat in view.seats:
            assert (seat.zones["hand"].cards is not None) == (seat.seat == viewer)
        piles = {c.uid for side in s.seats for c in side.health + side.armor}
        assert not piles & visible_uids(view)
        for name, zone in view.table.items():
            assert (zone.cards is None) == name.endswith("deck")
        text = repr(view)
        assert "99" not in text.replace("seq=99", "")
        for other in s.seats:
            if other.seat != viewer:
                private = [
                    e
                    for e in view.events
                    if type(e).__name__ == "DrewFrom" and e.player == other.seat
                ]
                assert all(getattr(e, "card", None) is None for e in private)


def test_an_illegal_action_changes_nothing() -> None:
    m = game({**OBBIN, "hand": ["iron_ore"]}, CINDER)
    before = repr(m.view(None)), repr(m.view(0))
    ore = hand(m, 0, "iron_ore")
    for bad in [("play", ore.uid), ("fill", ore.uid, 12345), ("attack", 1, "p1"), ("end", 1)]:
        with pytest.raises(IllegalAction):
            m.apply(0, bad)
    assert (repr(m.view(None)), repr(m.view(0))) == before


def test_a_record_replays_to_the_same_state() -> None:
    from engine.agents import RandomAgent

    m = new_match("mage-wars", ["A", "B", "C", "D"], [["random"]] * 4, 5)
    agents = [RandomAgent(i) for i in range(4)]
    while not m.over:
        d = m.pending[0]
        m.apply(d.player, agents[d.player].choose(m, d))
    twin = replay(m.record)
    assert twin.winner == m.winner and [e.text for e in twin.events] == [e.text for e in m.events]


def test_a_dead_mage_does_not_win_until_it_returns() -> None:
    # R13 — Quill is level 3 (its condition) but dead: no win; resurrected, it wins.
    levels = [
        {"card": "oath_of_the_adept", "built": True},
        {"card": "crown_of_the_magus", "built": True},
    ]
    decks = {
        "enchanted": ["thistle_down"] + ["amber_sap"] * 9,
        "mystic": ["moonstone"] * 10,
        "arcane": ["iron_ore"],
        "fate": ["path_of_embers"] * 6,
    }
    m = game(CINDER, {**QUILL, "dead": True, "levels": levels}, decks=decks)
    assert not m.over and state(m).seats[1].level == 3
    do(m, "end")
    m.apply(1, tuple(m.pending[0].actions))
    do(m, "resurrect")
    assert m.over and m.winner == 1


def test_at_last_light_the_living_come_first() -> None:
    # R15 — a dead Mage nearer its condition (half its wounds) loses to a living one (none).
    m = game({**CINDER, "dead": True, "wounds": WOUNDS // 2}, {**SELME, "health": 1}, active=1)
    last_light(state(m))
    assert m.over and m.winner == 1


def test_every_mage_card_prints_the_opening_in_its_win_condition() -> None:
    """R33 completes mage-wars.md:128 ("the Win Conditions specified on their Mage Card")
    by the card's own text: each Mage's win condition, as /card and the board show it,
    says that it counts from round WIN_FROM on and that one met sooner wins then if it is
    still met."""
    from engine.core.ruleset import get_ruleset

    catalog = get_ruleset("mage-wars").card_catalog()
    mages = [p for p in protos().values() if p.type == "mage"]
    assert len(mages) >= 6
    hold = f"from round {WIN_FROM} on (met sooner: wins then if still met)"
    for mage in mages:
        assert hold in mage.text, mage.id
        assert hold in catalog[mage.id].text, mage.id
    m = game(CINDER, IVRA)
    tags = m.view(1).seat(0).zones["board"].cards[0].tags
    assert any(t.startswith("wins: take") and hold in t for t in tags)


def test_every_mage_card_prints_the_waning_last_light_and_the_last_player_left() -> None:
    """R13, R14, R15 and R16 complete mage-wars.md:128 by the card's own text too: the win
    condition each Mage card prints counts while the Mage is alive, eases from round
    WANE_FROM (a wounds condition by WOUNDS_PER_WANE), and after round ROUND_LIMIT the
    living Mage nearest its condition wins, as does the last player left."""
    for mage in (p for p in protos().values() if p.type == "mage"):
        step = WOUNDS_PER_WANE if mage.data.win.kind == "wounds" else "one"
        assert f", alive, from round {WIN_FROM} on" in mage.text, mage.id
        assert f"It eases by {step} in round {WANE_FROM} and every {WANE_STEP} after" in (mage.text)
        assert (
            f"After round {ROUND_LIMIT} the living Mage nearest it wins, as does the last one"
            " left." in mage.text
        )
