"""Panel labels fit Discord's limits (80 characters on a button, 100 in a select menu)
without losing what tells an option apart: a cut keeps the option's head (the card, the
move) and the opening of its effect, and options that differ stay different.

Checked on the panels built from real decisions of random games of every game; the
first seeds run in every tier, the rest behind `slow`/`long` (tests/support/samples.py).
"""

import pytest

from bot.discord.components import decision_components
from bot.discord.labels import BUTTON_LABEL_MAX, SELECT_LABEL_MAX, fit, fit_labels, fit_options
from engine import Decision, Option
from engine.core.match import Match
from engine.core.ruleset import ruleset_ids
from tests.rules.battle_mages.conftest import cast, decision, pass_, scenario
from tests.support.contract import playing, seat_counts, start
from tests.support.samples import seed_ranges

GAMES = ruleset_ids()
TABLES = [
    pytest.param(g, n, seeds.values[0], marks=seeds.marks, id=f"{g}-{n}-{seeds.id}")
    for g in GAMES
    for n in seat_counts(g)
    for seeds in seed_ranges(400 if n == 2 else 100, chunk=100, sample=6 if n == 2 else 2)
]


def panel_labels(decision: Decision, options: list[Option]) -> list[tuple[str, int]]:
    """Every option label on the panel, with the limit of what shows it."""
    shown = []
    for row in decision_components(1, decision, fit_options(decision, options)):
        for item in row["components"]:
            if item.get("custom_id", "").startswith("m:"):
                shown.append((item["label"], BUTTON_LABEL_MAX))
            for option in item.get("options", ()):
                shown.append((option["label"], SELECT_LABEL_MAX))
    return shown


def label_problems(decision: Decision, options: list[Option]) -> list[str]:
    problems = []
    originals = [o.label for o in options]
    shown = panel_labels(decision, options)
    for original in originals:
        if original.rstrip().endswith((":", "…")):
            problems.append(f"the engine cut {original!r}")
    for (label, limit), original in zip(shown, originals, strict=False):
        if len(label) > limit:
            problems.append(f"{label!r} is over {limit}")
        elif len(original) <= limit and label != original:
            problems.append(f"{original!r} fits but reads {label!r}")
        elif label != original:
            head = original.partition(": ")[0]
            if len(head) <= limit // 2 and not label.startswith(head):
                problems.append(f"{label!r} lost its head {head!r}")
    labels = [label for label, _ in shown]
    if len(set(labels)) < len(set(originals[: len(labels)])):
        problems.append(f"options that differ read the same: {labels}")
    return problems


def test_a_trigger_order_option_keeps_its_effect() -> None:
    """Two Creatures' "whenever another Creature enters" triggers: each option names its
    card and says what it does (the cut once ended after the condition's colon)."""
    match: Match = scenario(
        {
            "hand": ["gravel_brute"],
            "field": ["banner_of_valor", "hearthguard_captain"],
            "crystals": ["glimmer_shard"] * 8,
        }
    )
    cast(match, "gravel_brute")
    pass_(match)
    pass_(match)
    order = decision(match)
    assert order.kind == "order_triggers"
    shown = dict(panel_labels(order, list(match.options(order))))
    banner = next(label for label in shown if label.startswith("Banner of Valor: "))
    captain = next(label for label in shown if label.startswith("Hearthguard Captain: "))
    for label in (banner, captain):
        assert label.endswith("Put a Str counter on that Creature.") and len(label) <= 80
    assert not label_problems(order, list(match.options(order)))


def test_a_cut_keeps_the_card_the_effect_and_tells_options_apart() -> None:
    jackal = (
        "Cairnbound Jackal: {2}{B}: Return Cairnbound Jackal from your graveyard to your "
        "hand. Activate only as a sorcery."
    )
    assert fit(jackal, 80) == (
        "Cairnbound Jackal: {2}{B}: Return it from your graveyard to your hand. …"
    )
    dagger = "Use Glass Dagger once: deal 2 damage to an enemy Mage, ignoring armor (then " + (
        "choose a target)"
    )
    assert (
        fit(dagger, 80) == "Use Glass Dagger once: deal 2 damage to an enemy Mage, ignoring armor …"
    )
    twins = ["X: " + "w" * 100 + "a", "X: " + "w" * 100 + "b"]
    first, second = fit_labels(twins, 40)
    assert first != second and len(first) <= 40 and len(second) <= 40


@pytest.mark.parametrize(("game", "seats", "seeds"), TABLES)
def test_no_panel_label_is_cut_meaninglessly(game: str, seats: int, seeds: range) -> None:
    problems: list[str] = []
    for seed in seeds:
        match = start(game, seed, seats)
        for _ in playing(match, seed, 3000):
            if match.over:
                break
            for open_decision in match.pending:
                options = list(match.options(open_decision))
                problems += [f"seed {seed}: {p}" for p in label_problems(open_decision, options)]
        if len(problems) >= 5:
            break
    assert not problems, "\n".join(problems[:10])
