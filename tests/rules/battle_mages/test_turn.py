"""The start and the turn: battle-mages.md:88-106 and rulings B1-B5."""

from engine.core.events import CardDrawn
from engine.rulesets.battle_mages import turn
from engine.rulesets.battle_mages.events import CrystalPlaced, CrystalsArranged
from engine.rulesets.battle_mages.table import LOOK, OPENING_HAND, START_LIFE, STEPS

from .conftest import decision, fresh, pass_, scenario, side


def _start(match, starter: int = 0, bottom: int = 0):
    """Choose the starter, put `bottom` crystals down, keep the first offered order."""
    d = decision(match)
    match.apply(d.player, ("first",) if d.player == starter else ("second",))
    looks = []
    while match.pending and match.pending[0].kind.startswith("crystals"):
        d = decision(match)
        if d.kind == "crystals_bottom":
            looks.append(d.player)
            match.apply(d.player, tuple(d.actions[:bottom]))
        else:
            match.apply(d.player, d.actions[-1])
    return looks


def test_the_coin_flip_winner_chooses_who_goes_first():
    """battle-mages.md:88 (ruling B5)"""
    for seed in range(6):
        match = fresh(seed)
        d = decision(match)
        assert d.kind == "starter" and set(d.actions) == {("first",), ("second",)}
        match.apply(d.player, ("second",))
        assert match.state.starter == 1 - d.player


def test_each_mage_looks_at_the_top_four_crystals_and_may_bottom_any():
    """battle-mages.md:89-90 — the look is private: others see only how many went down."""
    match = fresh(3)
    d = decision(match)
    match.apply(d.player, ("first",))
    starter = d.player
    d = decision(match)
    assert d.kind == "crystals_bottom" and d.private and d.player == starter
    collection = side(match, starter).collection
    top4 = [c.uid for c in collection[-LOOK:]]
    assert sorted(a[1] for a in d.actions) == sorted(top4)
    assert d.min_picks == 0 and d.max_picks == LOOK
    match.apply(starter, (("crystal", top4[0]), ("crystal", top4[1])))
    assert side(match, starter).collection[0].uid in (top4[0], top4[1])
    assert side(match, starter).collection[1].uid in (top4[0], top4[1])
    # the two kept ones: choose which goes on top
    d = decision(match)
    assert d.kind == "crystals_top" and {a[1] for a in d.actions} == {top4[2], top4[3]}
    match.apply(starter, ("top", top4[2]))
    assert side(match, starter).collection[-1].uid == top4[2]
    assert side(match, starter).collection[-2].uid == top4[3]
    public = match.view(None).decisions[0]
    assert public.options is None  # the other Mage's look stays hidden
    arranged = [e for e in match.events if isinstance(e, CrystalsArranged)]
    assert arranged[0].bottom == 2


def test_both_mages_look_then_the_first_turn_begins():
    match = fresh(4)
    looks = _start(match, starter=0)
    assert looks == [0, 1]
    assert match.state.phase == "play"
    from engine.core.events import TurnStarted

    first_turn = next(e for e in match.events if isinstance(e, TurnStarted))
    assert (first_turn.turn, first_turn.player) == (1, 0)


def test_life_hand_and_the_crystal_collection_at_the_start():
    """Rulings B1, B2, B4: 20 life, five cards, the crystals apart from the Spellbook."""
    match = fresh(5)
    for s in match.state.sides:
        s.stop = True  # stop in the first Main step, whatever the hand holds
    _start(match)
    assert (match.state.turn, match.state.step) == (1, "main1")
    for seat in (0, 1):
        s = side(match, seat)
        assert s.life == START_LIFE == 20
        assert all(c.proto.kind == "crystal" for c in s.collection + s.crystals)
        assert all(c.proto.kind != "crystal" for c in s.spellbook + s.hand)
    assert len(side(match, 0).hand) == OPENING_HAND  # the starter skips the first draw
    assert len(side(match, 0).crystals) == 1  # turn 1's Crystal step


def test_a_turn_runs_through_every_step_in_order(monkeypatch):
    """battle-mages.md:97-106, 114-118 — every step is entered, in this order."""
    match = scenario({"field": ["burrow_mole"]}, {"field": ["burrow_mole"]}, step="main2", active=1)
    seen = []
    original = turn.enter_step

    def spy(state, step):
        seen.append(step)
        original(state, step)

    monkeypatch.setattr(turn, "enter_step", spy)
    pass_(match)  # Bob's second main step ends; his end step, then Ann's turn
    while match.state.turn < 5:
        d = decision(match)
        if d.kind == "attackers":
            match.apply(d.player, (d.actions[0],))
        elif d.kind == "blockers":
            match.apply(d.player, ("done",))
        else:
            pass_(match)
    assert seen[0] == "end" and seen[1 : len(STEPS) + 1] == list(STEPS)


def test_preparation_prepares_and_the_crystal_step_places_one_crystal():
    """Ruling B2: prepare all; the top crystal enters; a big one enters exhausted."""
    match = scenario(
        {
            "field": [{"card": "burrow_mole", "exhausted": True}],
            "crystals": [{"card": "glimmer_shard", "exhausted": True}],
            "collection": ["quarry_geode", "dusk_shard"],
        },
        step="end",
        active=1,
    )
    ann = side(match, 0)  # Bob's end step passed by itself; Ann's turn began
    assert match.state.active == 0 and match.state.step == "main1"
    assert not ann.field[0].exhausted and not ann.crystals[0].exhausted
    assert [c.proto.id for c in ann.crystals] == ["glimmer_shard", "quarry_geode"]
    assert ann.crystals[1].exhausted  # big: from the next turn on
    assert ann.mana == 1 and ann.max_mana == 3
    placed = [e.card for e in match.events if isinstance(e, CrystalPlaced)]
    assert placed == ["Quarry Geode"]


def test_the_draw_step_draws_one_and_an_empty_spellbook_loses():
    """Ruling B4"""
    match = scenario({"spellbook": ["spark_bolt"]}, {"spellbook": []}, step="end")
    assert match.over and match.winner == 0  # Bob's turn came and he could not draw
    assert "no card left to draw" in match.events[-1].text
    match = scenario({"spellbook": ["spark_bolt"]}, step="end", active=1)
    drawn = [e for e in match.events if isinstance(e, CardDrawn)]
    assert drawn[-1].card == "Spark Bolt" and drawn[-1].player == 0


def test_mana_comes_from_prepared_crystals_and_carries_into_the_other_turn():
    """Ruling B3: crystals exhaust to pay, prepare only in their Mage's Preparation."""
    match = scenario({"hand": ["gravel_brute"]}, step="main1")
    from .conftest import cast

    cast(match, "gravel_brute")
    assert side(match, 0).mana == 2
    assert sum(c.exhausted for c in side(match, 0).crystals) == 3


def test_identical_crystals_are_offered_once_per_kind():
    """battle-mages.md:90: putting the rest back 'in any order' offers one button per kind
    of crystal left; ruling B16: it asks once per kept crystal but the last, a lone kind
    too, so how often a Mage is asked tells nothing of which crystals they keep."""
    match = fresh(1)
    state = match.state
    for seat, top in ((0, ["dusk_shard", "quarry_geode", "dusk_shard", "dusk_shard"]), (1, [])):
        collection = state.sides[seat].collection
        for card_id in top:  # bring these to the top, the first named last (on top)
            found = next(c for c in collection[: -len(top)] if c.proto.id == card_id)
            collection.remove(found)
            collection.append(found)
        if seat == 1:  # Bob's top four all alike
            alike = [c for c in collection if c.proto.id == "tide_shard"][-4:]
            for c in alike:
                collection.remove(c)
            collection.extend(alike)
    d = decision(match)
    match.apply(d.player, ("first",) if d.player == 0 else ("second",))
    match.apply(0, ())  # Ann keeps all four: which kind goes on top?
    d = decision(match)
    assert d.kind == "crystals_top" and len(d.actions) == 2
    assert sorted(match.state.describe(a)[0] for a in d.actions) == [
        "Dusk Shard (small, 1 mana)",
        "Quarry Geode (big, 2 mana, enters exhausted)",
    ]
    match.apply(
        0, next(a for a in d.actions if match.state.describe(a)[0].startswith("Quarry Geode"))
    )
    for _ in range(2):  # the three Dusk Shards left: one kind, asked all the same
        d = decision(match)
        assert (d.player, d.kind, len(d.actions)) == (0, "crystals_top", 1)
        match.apply(0, d.actions[0])
    top = [c.proto.id for c in side(match, 0).collection[-4:]][::-1]
    assert top == ["quarry_geode", "dusk_shard", "dusk_shard", "dusk_shard"]
    d = decision(match)
    assert d.player == 1 and d.kind == "crystals_bottom"
    match.apply(1, ())  # Bob's four alike: asked three times, as Ann was
    for _ in range(3):
        d = decision(match)
        assert (d.player, d.kind, len(d.actions)) == (1, "crystals_top", 1)
        match.apply(1, d.actions[0])
    assert match.state.phase == "play"


def test_the_opening_crystal_choice_says_what_each_crystal_is_and_gives():
    """battle-mages.md:27, 89-90; the look named crystals and nothing else."""
    match = fresh(3)
    d = decision(match)
    match.apply(d.player, ("first",))
    d = decision(match)
    labels = [o.label for o in match.options(d)]
    for (_, uid), label in zip(d.actions, labels, strict=True):
        proto = match.state.cards[uid].proto
        expected = f"{proto.size}, {proto.value} mana"
        if proto.size == "big":
            expected += ", enters exhausted"
        assert label == f"{proto.name} ({expected})"
    assert any("small, 1 mana" in label for label in labels)


def test_crystals_in_play_show_their_size_and_mana():
    """battle-mages.md:27; crystals in play were only a count."""
    match = scenario({"crystals": ["glimmer_shard", "quarry_geode"]})
    crystals = match.view(1).seats[0].zones["crystals"].cards
    assert [(c.name, c.stats["mana"], "small" in c.tags, "big" in c.tags) for c in crystals] == [
        ("Glimmer Shard", 1, True, False),
        ("Quarry Geode", 2, False, True),
    ]


def test_the_stop_setting_is_explained_where_it_is_offered():
    """Ruling B10; "Stop me even with nothing to do" needed one line saying what."""
    from engine.rulesets.battle_mages.table import STOP_HELP

    match = scenario(stop=False, p0={"hand": ["burrow_mole"]})
    d = decision(match)
    assert ("pass", "stop") in d.actions and d.prompt.endswith("\n" + STOP_HELP)
    match = scenario(stop=True, p0={"hand": ["burrow_mole"]})
    d = decision(match)
    assert ("pass", "nostop") in d.actions and STOP_HELP not in d.prompt
