"""A panel's buttons stay in their places through a turn: an option keeps its row and
position while it is offered, a gap holds the place of one that left, and a new turn
lays the panel out afresh."""

import random

from bot.discord.components import (
    GAP_LABEL,
    PanelSlots,
    decision_components,
    decision_view,
)
from engine import get_ruleset, new_match, ruleset_ids
from engine.core.decision import Decision, Option


def options_of(labels: list[str]) -> tuple[Decision, list[Option]]:
    actions = [("pick", label) for label in labels]
    decision = Decision(0, "main", "Your move", actions)
    decision.seq = 7
    group = {"End turn": "end"}
    return decision, decision.labelled(lambda a: (a[1], group.get(a[1], "play"), None, None))


def positions(components: list[dict]) -> dict[str, tuple[int, int]]:
    return {
        button["label"]: (row, position)
        for row, line in enumerate(components)
        for position, button in enumerate(line["components"])
        if not button.get("disabled")
    }


def test_a_button_keeps_its_place_when_one_before_it_leaves() -> None:
    slots = PanelSlots()
    labels = ["Play A", "Play B", "Play C", "Play D", "Play E", "Play F", "End turn"]
    decision, options = options_of(labels)
    first = positions(
        decision_components(1, decision, options, slots.place(1, 3, decision, options))
    )
    assert first["Play F"] == (1, 0) and first["End turn"] == (1, 1)
    later, options = options_of(["Play F", "Play C", "End turn", "Play G"])
    placed = slots.place(1, 3, later, options)
    written = decision_components(1, later, options, placed)
    assert written == decision_view(1, later, options, placed).to_components()
    second = positions(written)
    for label in ("Play C", "Play F", "End turn"):
        assert second[label] == first[label], label
    assert second["Play G"] not in first.values()  # a new place, not one that meant another
    gaps = [b for line in written for b in line["components"] if b.get("disabled")]
    assert {b["label"] for b in gaps} == {GAP_LABEL}
    assert len(gaps) == 2  # A and B held their places before C; D and E trail: dropped
    # a new turn starts afresh
    anew = positions(decision_components(1, later, options, slots.place(1, 4, later, options)))
    assert sorted(anew.values()) == [(0, 0), (0, 1), (0, 2), (0, 3)]


def test_buttons_keep_their_places_through_whole_random_games() -> None:
    for game in ruleset_ids():
        rules = get_ruleset(game)
        decks = rules.preconstructed_decks()
        ids = sorted(decks)
        match = new_match(game, ["A", "B"], [decks[ids[0]], decks[ids[1 % len(ids)]]], 5)
        rng = random.Random(5)
        slots = PanelSlots()
        last: dict[tuple[int, int, str], dict[str, tuple[int, int]]] = {}
        checked = 0
        while not match.over:
            decision = match.pending[0]
            options = match.options(decision)
            turn = match.view(None).turn
            placed = slots.place(9, turn, decision, options)
            if placed is not None and len(set(o.label for o in options)) == len(options):
                shown = positions(decision_components(9, decision, options, placed))
                key = (decision.player, turn, decision.kind)
                for label, where in shown.items():
                    if label in last.get(key, {}):
                        assert last[key][label] == where, (game, key, label)
                        checked += 1
                last[key] = shown
            if decision.multi:
                top = min(decision.max_picks, len(decision.actions))
                action = tuple(rng.sample(decision.actions, rng.randint(decision.min_picks, top)))
            else:
                action = rng.choice(decision.actions)
            match.apply(decision.player, action)
        assert checked > 10, game
