"""No tells, in every ruleset (issue 14): whether and what the others are asked, and what
they see, never depends on a player's hidden cards (tests/support/no_tells.py). Part of
the contract suite (test_contract.py); Relay is left out, as its hands hold no cards of
the rules to swap."""

import random

import pytest

from engine.core.ruleset import ruleset_ids
from tests.support.contract import start
from tests.support.no_tells import PILES, counterfactual, lockstep

GAMES = 60


#: Rulesets the check cannot prove yet, and why. Strict: when it can, the mark must go.
TELLS = {
    "mage-wars": "no position found yet where a player who is not deciding holds a card "
    "(the lockstep compares nothing): the harness must learn Mage Wars' piles",
}


@pytest.mark.parametrize(
    "ruleset",
    [
        pytest.param(r, marks=pytest.mark.xfail(strict=True, reason=TELLS[r])) if r in TELLS else r
        for r in ruleset_ids()
    ],
)
def test_the_others_observe_nothing_of_a_swapped_hidden_card(ruleset: str) -> None:
    compared = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        base = start(ruleset, seed)
        # random play first, so that the swap happens mid-game, at a moment when a player
        # who is not deciding holds a card
        least = rng.randint(0, 80)
        for step in range(least + 200):
            if base.over:
                break
            asked = {d.player for d in base.pending}
            free = [
                p
                for p in range(len(base.players))
                if p not in asked and PILES[ruleset](base.state, p)[0]
            ]
            if step >= least and free:
                break
            d = base.pending[0]  # the first option: a steady, repeatable game
            base.apply(d.player, d.actions[0] if not d.multi else tuple(d.actions[: d.min_picks]))
        if base.over or not free:
            continue
        hidden = rng.choice(free)
        made = counterfactual(base, hidden, rng)
        if made is None:
            continue
        first, second, uids, names = made
        steps, tell = lockstep(first, second, hidden, uids, names, rng)
        compared += steps
        assert tell is None, f"seed {seed}: {tell}"
    assert compared > 200, "too few steps compared to prove anything"
