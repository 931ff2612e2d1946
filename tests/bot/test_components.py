"""The raw component builder writes exactly what discord.py would for the same decision."""

import random

from bot.discord.components import decision_components, decision_view
from engine.core.decision import Decision, Option, action_id


def _decisions() -> list[tuple[Decision, list[Option]]]:
    """Hand-made decisions covering every layout: few buttons, many (select menus), multi."""
    labels = [f"Option {n} " + "x" * (n * 7 % 120) for n in range(130)]

    def describe(action):
        return labels[action[1]], ("play", "attack", "end", "other")[action[1] % 4], None, None

    def plain(action):
        return action_id(action), "", None, None

    made = []
    for count in (1, 2, 5, 6, 20, 21, 26, 60, 130):
        actions = [("pick", n) for n in range(count)]
        made.append((Decision(0, "main", "Your move", actions), describe))
        top = min(count, 3)
        many = Decision(
            1, "discard", "Choose " * 40, actions, min_picks=0, max_picks=top, private=True
        )
        made.append((many, describe))
        made.append((Decision(0, "plain", "No describer", actions), plain))
    for number, (decision, _) in enumerate(made):
        decision.seq = number * 3 + 1
    return [(decision, decision.labelled(how)) for decision, how in made]


def test_raw_components_equal_the_view_s() -> None:
    for decision, options in _decisions():
        match_id = random.Random(decision.seq).randrange(1, 10**6)
        assert (
            decision_components(match_id, decision, options)
            == decision_view(match_id, decision, options).to_components()
        ), decision


def test_no_decision_no_components() -> None:
    assert decision_components(3, None) == [] == decision_view(3, None).to_components()
