"""Secret simultaneous choices (enchantoria.md:4, R3): nobody's view, event or label shows
a choice before everyone has committed."""

from dataclasses import replace

from engine.core.match import Match
from tests.rules.enchantoria.conftest import cast, commit, order, scenario, state, uid_in_hand


def others_see(match: Match, seat: int, decisions: bool = True) -> tuple:
    """Everything the other player and the public get: views and the whole play-by-play
    (without the list of who is still choosing, when `decisions` is False)."""
    other = 1 - seat
    views = [match.view(other), match.view(None)]
    if not decisions:
        views = [replace(v, decisions=()) for v in views]
    return (
        *map(repr, views),
        [e.text for e in match.events_seen_by(other)],
        [e.text for e in match.events_seen_by(None)],
    )


def table() -> Match:
    return scenario(
        {
            "hand": ["noon_spear", "ember_orb", "mute_glyph", "aegis_thread"],
            "board": ["doorstep_mastiff"],
        },
        {"hand": ["mending_light", "spark_needle"], "board": ["bog_lurker"]},
    )


def test_every_choice_of_a_window_is_private() -> None:
    match = scenario({"hand": ["ember_orb"] * 9}, {"hand": ["spark_needle"]}, phase="preparation")
    assert all(d.private for d in match.pending) and len(match.pending) == 2
    match.apply(0, ("keep",))
    match.apply(1, ("keep",))
    assert all(d.private and d.kind == "cast" for d in match.pending)
    commit(match)
    assert [(d.kind, d.private) for d in match.pending] == [("discard", True)]


def test_uncommitted_steps_change_nothing_anyone_else_sees() -> None:
    match = table()
    before = others_see(match, 0)
    others_see_before = others_see(match, 0, decisions=False)
    bob_seq = match.decision_for(1).seq
    match.apply(0, ("cast", uid_in_hand(match, 0, "noon_spear")))
    assert others_see(match, 0) == before  # a spell picked
    match.apply(0, ("x", 3))
    assert others_see(match, 0) == before  # its X
    match.apply(0, ("target", "p1"))
    assert others_see(match, 0) == before  # its target
    order(match, 0, "doorstep_mastiff", (1, "bog_lurker"))
    cast(match, 0, "mute_glyph", "p1")
    match.apply(0, ("undo",))
    assert others_see(match, 0) == before  # orders and take-backs
    match.apply(0, ("done",))
    # committed, but Bob has not: still secret; only that Ann is done shows
    assert others_see(match, 0, decisions=False) == others_see_before
    assert [d.player for d in match.view(None).decisions] == [1]
    assert match.decision_for(1).seq == bob_seq  # Bob's buttons stay good all along


def test_the_other_player_sees_only_that_someone_is_choosing() -> None:
    match = table()
    match.apply(0, ("cast", uid_in_hand(match, 0, "noon_spear")))
    for viewer in (1, None):
        (ann,) = [d for d in match.view(viewer).decisions if d.player == 0]
        assert ann.options is None and ann.kind == "secret"
        assert ann.prompt == "Ann is choosing in secret." and ann.seq == 0
    (own,) = [d for d in match.view(0).decisions if d.player == 0]
    assert own.options is not None and "Noon Spear" in own.prompt


def test_the_chooser_sees_their_own_plan_and_mana_left() -> None:
    match = table()
    cast(match, 0, "ember_orb", "p1")
    mine = match.view(0).seats[0]
    assert mine.stats["mana"] == 8
    assert [c.name for c in mine.zones["your secret choices"].cards] == ["Ember Orb"]
    assert "Ember Orb" not in [c.name for c in mine.zones["hand"].cards]
    theirs = match.view(1).seats[0]
    assert theirs.stats["mana"] == 10 and theirs.zones["hand"].count == 4
    assert "your secret choices" not in theirs.zones


def test_both_committed_the_reveal_is_public() -> None:
    match = table()
    cast(match, 0, "noon_spear", "p1", x=3)
    cast(match, 1, "spark_needle", "p0")
    commit(match)
    public = [e.text for e in match.events_seen_by(None)]
    assert "Ann casts Noon Spear (X=3) at Bob." in public
    assert "Bob casts Spark Needle at Ann." in public
    assert state(match).players[1].health == 27


def test_labels_name_the_players_own_choices() -> None:
    match = table()
    labels = [o.label for o in match.options(match.decision_for(0))]
    assert "Cast Noon Spear (X)" in labels and "Done (commit)" in labels
    assert "Doorstep Mastiff attacks Bob" in labels


def test_a_recycling_pick_shows_only_to_its_chooser_until_revealed() -> None:
    match = scenario(
        {"hand": ["cinder_comet", "spark_needle"]}, {"hand": ["ember_orb"]}, phase="preparation"
    )
    before = others_see(match, 0, decisions=False)
    match.apply(0, ("recycle", state(match).players[0].hand[0].uid))
    assert others_see(match, 0, decisions=False) == before
    mine = match.view(0).seats[0].zones["your secret choices"].cards
    assert [c.name for c in mine] == ["Cinder Comet"]
    match.apply(1, ("keep",))
    assert "Ann recycles Cinder Comet for 3 mana." in [e.text for e in match.events_seen_by(1)]


def test_my_next_decision_number_does_not_count_the_other_players_steps() -> None:
    # R3: the number of the other player's secret steps is part of their choice.
    seqs = []
    for ann_casts in (0, 3):
        match = scenario({"hand": ["ember_orb"] * 4}, {"hand": ["spark_needle", "ember_orb"]})
        for _ in range(ann_casts):
            cast(match, 0, "ember_orb", "p1")
        match.apply(1, ("cast", uid_in_hand(match, 1, "spark_needle")))
        seqs.append(match.decision_for(1).seq)
    assert seqs[0] == seqs[1]


def test_r22_a_player_with_cards_is_asked_even_with_nothing_castable() -> None:
    """R22 (no tells): Ann holds a Cinder Comet she cannot pay for (1 mana); she is asked
    in Combat all the same, with Done her only option, so Bob cannot tell her hand holds
    nothing castable. Bob, with an empty hand and no creature (as everyone sees), is
    committed at once."""
    match = scenario({"hand": ["cinder_comet"], "mana": 1}, {"hand": [], "mana": 1})
    ann = match.decision_for(0)
    assert ann is not None and ann.kind == "cast" and ann.actions == [("done",)]
    assert match.decision_for(1) is None  # nothing to do, visibly: no needless prompt
    assert [d.player for d in match.view(1).decisions] == [0]
    match.apply(0, ("done",))
    texts = [e.text for e in match.events]
    assert "Ann casts nothing." in texts and "Bob casts nothing." in texts  # revealed
