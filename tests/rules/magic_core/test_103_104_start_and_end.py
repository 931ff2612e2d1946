"""Rules 103 (starting the game) and 104 (ending it)."""

from engine.core import events as ev
from engine.core.match import new_match
from engine.rulesets.magic_core.cards import protos
from engine.rulesets.magic_core.events import PlayerLeft
from tests.rules.magic_core.conftest import (
    NAMES,
    cast,
    decision,
    deck,
    fresh,
    obj,
    objs,
    pass_,
    pass_until,
    player,
    resolve,
    scenario,
    until_priority,
)


def start(match, starter: int = 0, mulligans: dict | None = None):
    """Choose the starter and keep every hand (or take the given mulligans)."""
    chooser = decision(match).player
    match.apply(chooser, ("starter", starter))
    mulligans = dict(mulligans or {})
    while decision(match).kind in ("mulligan", "bottom"):
        d = decision(match)
        if d.kind == "mulligan":
            take = mulligans.get(d.player, 0) > 0
            if take:
                mulligans[d.player] -= 1
            match.apply(d.player, ("mulligan",) if take else ("keep",))
        else:
            picks = tuple(d.actions[: d.min_picks])
            match.apply(d.player, picks if d.multi else picks[0])
    return match


def test_103_1_coin_flip_winner_chooses_the_starting_player() -> None:
    match = fresh(7)
    flips = [e for e in match.events if isinstance(e, ev.CoinFlipped)]
    assert len(flips) == 1
    d = decision(match)
    assert d.kind == "starter" and d.player == flips[0].winner
    match.apply(d.player, ("starter", 1 - d.player))
    started = [e for e in match.events if isinstance(e, ev.GameStarted)]
    assert started[-1].starter == 1 - d.player


def test_103_1_the_loser_of_the_previous_game_starts_the_next() -> None:
    match = new_match("magic-core", ["a", "b"], [deck("tide_mind")] * 2, 3, {"best_of": 3})
    start(match, starter=0)
    match.state.players[1].life = 0  # seat 1 loses at the next state-based check
    d = decision(match)
    match.apply(d.player, ("pass",))
    games = [e for e in match.events if isinstance(e, ev.GameStarted)]
    assert [g.starter for g in games] == [0, 1]
    assert match.state.series.wins == [1, 0] and not match.over


def test_103_1_after_a_drawn_game_the_previous_chooser_chooses_again() -> None:
    match = new_match("magic-core", ["a", "b"], [deck("tide_mind")] * 2, 3, {"best_of": 3})
    chooser = decision(match).player
    start(match, starter=0)
    match.state.players[0].life = 0
    match.state.players[1].life = 0
    d = decision(match)
    match.apply(d.player, ("pass",))
    d = decision(match)
    assert d.kind == "starter" and d.player == chooser


def test_103_2_libraries_are_shuffled() -> None:
    match = start(fresh(11))
    for seat in (0, 1):
        p = player(match, seat)
        order = [c.proto.id for c in p.library + p.hand]
        assert order != sorted(order)
    again = start(fresh(11))
    assert [c.uid for c in again.state.players[0].library] == [
        c.uid for c in match.state.players[0].library
    ]


def test_103_3_starting_life_is_20() -> None:
    match = start(fresh(2, players=3))
    assert [s.stats["health"] for s in match.view(None).seats] == [20, 20, 20]


def test_103_4_seven_cards_and_the_london_mulligan() -> None:
    match = fresh(5)
    match.apply(decision(match).player, ("starter", 0))
    assert [len(player(match, s).hand) for s in (0, 1)] == [7, 7]
    match.apply(0, ("mulligan",))  # declared in turn order ...
    assert len(player(match, 0).hand) == 7 and decision(match).player == 1
    before = [c.uid for c in player(match, 0).hand]
    match.apply(1, ("mulligan",))  # ... and taken at once, when all have declared
    assert [c.uid for c in player(match, 0).hand] != before
    assert decision(match).kind == "mulligan" and decision(match).player == 0
    match.apply(0, ("keep",))
    match.apply(1, ("keep",))
    d = decision(match)
    assert d.kind == "bottom" and d.player == 0 and d.min_picks == d.max_picks == 1
    bottom = d.actions[0]
    match.apply(0, bottom)
    assert player(match, 0).library[0].uid == bottom[1]
    match.apply(1, decision(match).actions[0])
    assert [len(player(match, s).hand) for s in (0, 1)] == [6, 6]
    assert decision(match).kind == "priority"


def test_103_4c_no_free_mulligan_in_multiplayer() -> None:
    match = start(fresh(5, players=3), mulligans={1: 1})
    assert len(player(match, 1).hand) == 6


def test_103_7a_two_player_starting_player_skips_the_first_draw() -> None:
    match = start(fresh(9), starter=0)
    assert len(player(match, 0).hand) == 7
    draws = [e for e in match.events if isinstance(e, ev.CardDrawn)]
    assert len(draws) == 14  # the opening hands only


def test_103_7c_multiplayer_nobody_skips_the_first_draw() -> None:
    match = start(fresh(9, players=3), starter=0)
    state = match.state
    assert state.step >= 2 and state.active == 0
    assert (
        len(player(match, 0).hand)
        + sum(1 for o in state.battlefield if o.owner == 0)
        + len(player(match, 0).graveyard)
        >= 8
    )


def test_104_1_and_104_3b_zero_life_loses() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {"life": 2})
    cast(match, "kindle_bolt", target="p1")
    resolve(match)
    assert match.over and match.winner == 0
    assert any(isinstance(e, ev.GameOver) for e in match.events)


def test_104_2a_the_last_player_left_wins() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {}, {}, {})
    match.resign(1)
    match.resign(3)
    assert not match.over
    match.resign(0)
    assert match.over and match.winner == 2


def test_104_2b_an_effect_says_a_player_wins() -> None:
    match = scenario(
        {"hand": ["midnight_wager"], "battlefield": ["fenmire"] * 6, "life": 11}, {}, {}
    )
    cast(match, "midnight_wager")
    resolve(match)
    assert match.over and match.winner == 0


def test_104_3a_concede_at_any_time_even_without_a_decision() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {})
    assert match.decision_for(1) is None
    match.resign(1, "conceded")
    assert match.over and match.winner == 0


def test_104_3c_empty_library_loses_at_the_next_check_not_at_once() -> None:
    match = scenario(
        {
            "hand": ["dread_harvest"],
            "battlefield": ["fenmire"] * 3,
            "library": ["fenmire"],
            "life": 5,
        },
        {},
    )
    cast(match, "dread_harvest")
    resolve(match)
    # the draw from the empty library did not stop the rest of the spell
    assert player(match, 0).life == 3
    assert match.over and match.winner == 1
    assert any("drew from an empty library" in e.text for e in match.events)


def test_104_3d_ten_poison_counters_lose() -> None:
    match = scenario({"hand": ["virulent_bite"], "battlefield": ["fenmire"]}, {"poison": 8})
    cast(match, "virulent_bite", target="p1")
    resolve(match)
    assert match.over and match.winner == 0
    assert match.view(None).seats[1].stats["poison"] == 10


def test_104_3e_an_effect_says_a_player_loses() -> None:
    match = scenario({"hand": ["mutual_oblivion"], "battlefield": ["fenmire"] * 7}, {}, {})
    cast(match, "mutual_oblivion", target="p1")
    resolve(match)
    assert match.over and match.winner == 2


def test_104_3f_winning_and_losing_at_once_is_losing() -> None:
    match = scenario({"hand": ["midnight_wager"], "battlefield": ["fenmire"] * 6, "life": 10}, {})
    cast(match, "midnight_wager")
    resolve(match)
    assert match.over and match.winner == 1


def test_104_4a_all_remaining_players_losing_at_once_is_a_draw() -> None:
    match = scenario({"life": 0}, {"life": 0})
    assert match.over and match.winner is None
    assert any("draw" in e.text for e in match.events)


def test_104_4a_in_multiplayer_the_others_lose_and_the_last_wins() -> None:
    match = scenario({"life": 0}, {"life": 0}, {})
    assert match.over and match.winner == 2


def test_104_4c_an_effect_says_the_game_is_a_draw() -> None:
    match = scenario(
        {"hand": ["stalemate_accord"], "battlefield": ["meadowland", "seamere"] * 2}, {}
    )
    cast(match, "stalemate_accord")
    resolve(match)
    assert match.over and match.winner is None


def test_104_5_a_leaving_player_takes_their_objects_and_the_game_goes_on() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak", "bramble_cub"]},
        {"battlefield": ["lantern_warden", "gravemaw_rat"]},
        {"battlefield": ["canopy_archer"]},
    )
    match.resign(1)
    assert not match.over
    assert [o.proto.id for o in match.state.battlefield if o.owner == 1] == []
    assert obj(match, "canopy_archer") and obj(match, "bramble_cub")
    assert any(isinstance(e, PlayerLeft) for e in match.events)
    d = decision(match)
    assert d.player == 0
    assert all(a[3] != "p1" for a in d.actions if a[0] == "cast")


def test_104_5_a_leaving_active_player_ends_the_turn() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    match.resign(0)
    assert match.state.active == 1 and not match.over
    pass_until(match, "main 1", active=1)
    assert decision(match).player == 1


def test_two_player_game_names_the_players() -> None:
    match = new_match("magic-core", list(NAMES[:2]), [deck("wild_growth")] * 2, 1)
    assert [s.name for s in match.view(None).seats] == ["Ann", "Bob"]


def test_104_4a_three_remaining_players_losing_at_once_is_a_draw() -> None:
    match = scenario({"life": 0}, {"life": 0}, {"life": 0})
    assert match.over and match.winner is None


def test_104_4a_after_a_player_left_all_remaining_losing_at_once_is_a_draw() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {}, {}, {})
    match.resign(3)
    assert not match.over
    for seat in (0, 1, 2):
        player(match, seat).life = 0  # all three at once, checked at the next priority
    match.apply(0, ("pass",))
    assert match.over and match.winner is None  # a draw, not a win for the one who left


def test_104_5_a_leaving_players_spell_leaves_the_stack() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {},
    )
    match.apply(0, ("pass",))  # Ann's main phase: Bob is stopped only with a stack
    pass_until(match, "end", active=0)
    if decision(match).player != 1:
        match.apply(decision(match).player, ("pass",))
    assert decision(match).player == 1
    cast(match, "kindle_bolt", target="p0", seat=1)
    assert match.state.stack
    match.resign(1)
    assert not match.over and not match.state.stack
    resolve(match)
    assert player(match, 0).life == 20  # Bob's bolt left with him


def test_104_5_creatures_attacking_a_leaving_player_are_removed_from_combat() -> None:
    from tests.rules.magic_core.test_turn_and_combat import attack

    match = scenario(
        {"battlefield": ["ironbark_boar", "bramble_cub"]},
        {"battlefield": ["gravemaw_rat"]},
        {},
    )
    attack(match, ("ironbark_boar", 1), ("bramble_cub", 2))
    cub = match.state.power(obj(match, "bramble_cub"))
    match.resign(1)  # during Bob's declare-blockers choice
    assert not [o for o in match.state.battlefield if o.owner == 1]
    pass_until(match, "main 2", active=0)
    # the boar was removed from combat and dealt no damage; the cub still hit Cid
    assert player(match, 2).life == 20 - cub
    assert not any("Ironbark Boar" in e.text and "damage" in e.text for e in match.events)


def test_104_5_a_player_leaving_while_bottoming_skips_nobody() -> None:
    match = fresh(3, players=3)
    match.apply(decision(match).player, ("starter", 0))
    for action in [("mulligan",)] * 3 + [("keep",)] * 3:
        match.apply(decision(match).player, action)
    assert decision(match).kind == "bottom" and decision(match).player == 0
    match.resign(0)
    d = decision(match)
    assert (d.kind, d.player) == ("bottom", 1)  # Bob still puts his card on the bottom
    match.apply(1, d.actions[0])
    assert len(player(match, 1).hand) == 6


def _cairn_match(both: bool = True):
    """A match where the starting player (and, if `both`, the other) holds Firstlight
    Cairn in the opening hand (103.5a)."""
    cairns = ["firstlight_cairn"] * 4 + ["wildwood"] * 56
    plain = ["wildwood"] * 60
    for seed in range(200):
        match = new_match("magic-core", list(NAMES[:2]), [cairns, cairns if both else plain], seed)
        match.apply(decision(match).player, ("starter", 0))
        holds = [any(o.proto.opening_hand for o in p.hand) for p in match.state.players]
        if holds[0] and holds[1] == both:
            return match
    raise AssertionError("no seed deals the cairns")


def test_103_5_opening_hand_actions_come_after_the_mulligans_in_turn_order() -> None:
    match = _cairn_match()
    match.apply(0, ("keep",))
    match.apply(1, ("keep",))
    d = decision(match)
    assert (d.kind, d.player) == ("opening", 0)  # the starting player first
    assert d.min_picks == 0  # "may"
    match.apply(0, tuple(d.actions))
    d = decision(match)
    assert (d.kind, d.player) == ("opening", 1)
    match.apply(1, ())  # Bob keeps his in hand
    assert objs(match, "firstlight_cairn", "hand") and match.state.turn == 1


def test_103_5a_a_card_begins_the_game_on_the_battlefield_untapped() -> None:
    match = _cairn_match(both=False)
    match.apply(0, ("keep",))
    match.apply(1, ("keep",))
    d = decision(match)
    in_hand = len(player(match, 0).hand)
    match.apply(0, tuple(d.actions))
    cairns = objs(match, "firstlight_cairn")
    assert len(cairns) == len(d.actions) and not any(c.tapped for c in cairns)
    assert len(player(match, 0).hand) == in_hand - len(d.actions)
    assert all(c.controller == 0 for c in cairns)  # 110.2
    assert "begin the game with it on the battlefield" in protos()["firstlight_cairn"].text


def test_800_4a_a_leaving_player_takes_hand_library_graveyard_and_exile_along() -> None:
    """800.4a (via 104.5), ruling R8: every object the leaver owns leaves the game."""
    match = scenario(
        {},
        {"hand": ["kindle_bolt"], "graveyard": ["kindle_bolt"], "exile": ["kindle_bolt"]},
        {},
    )
    assert player(match, 1).hand and player(match, 1).library
    match.resign(1)
    gone = player(match, 1)
    assert not (gone.hand or gone.library or gone.graveyard or gone.exile)
    for viewer in (None, 0, 1, 2):
        seat = match.view(viewer).seats[1]
        assert all(zone.count == 0 for zone in seat.zones.values()), viewer


def test_800_4a_ruling_r8_others_spells_stay_and_resolve_when_the_active_player_leaves() -> None:
    """Ruling R8: only the leaver's objects leave the stack; the others' spells resolve, then
    the rest of the turn is skipped and the next player begins a turn."""
    two_bolts = {"hand": ["kindle_bolt"] * 2, "battlefield": ["cinderpeak"] * 2}
    match = scenario(dict(two_bolts), dict(two_bolts), {})  # a second bolt keeps them asked
    cast(match, "kindle_bolt", target="p2", seat=0)  # Ann's bolt at Cid
    until_priority(match, 1)
    cast(match, "kindle_bolt", target="p2", seat=1)  # Bob answers with his own at Cid
    assert len(match.state.stack) == 2
    turn = match.state.turn
    match.resign(0)  # the active player leaves with both spells on the stack
    assert [item.controller for item in match.state.stack] == [1]  # Bob's stays
    assert decision(match).player == 1  # priority: the next player in turn order
    resolve(match)
    assert player(match, 2).life == 20 - 2  # one Kindle Bolt (2): Bob's; Ann's left with her
    assert match.state.turn == turn and not match.state.stack
    pass_(match)  # Bob, who could still cast, passes on the empty stack: the turn ends
    assert match.state.turn == turn + 1 and match.state.active == 1  # then Bob's turn


def test_106_4_mana_in_a_pool_is_public() -> None:
    """106.4: mana pools (and mana abilities) are public: every view names every pool."""
    match = scenario({"pool": "RG", "hand": ["kindle_bolt"]}, {})  # Ann stops: pool stays
    for viewer in (None, 0, 1):
        pool = match.view(viewer).notes["pool"]
        assert pool.startswith("Ann ") and "{R}" in pool and "{G}" in pool, viewer
