"""Every ruleset runs on the core's machinery (engine/core/state.py).

A ruleset's state supplies hooks; the core's `decisions` (the cache), `apply` (the step
driver), `clone` (the compiled copier) and `view` (the frame, with redaction) are not
overridden, and pending work lives in the core's `Steps`. Checked for every registered
ruleset.
"""

import pytest

from engine.core.clone import undeclared_shares
from engine.core.state import GameState
from engine.core.steps import Steps
from tests.support.contract import games, play, start

FINAL = ("decisions", "apply", "clone", "view")

GAMES = games()


def _state_class(game: str) -> type[GameState]:
    return type(start(game, 0).state)


def _overridden(cls: type) -> list[str]:
    """The final methods a class (or a base below GameState) defines itself."""
    found = []
    for klass in cls.__mro__:
        if klass is GameState:
            break
        found += [name for name in FINAL if name in vars(klass)]
    return sorted(set(found))


@pytest.mark.parametrize("game", GAMES)
def test_a_ruleset_overrides_none_of_the_cores_final_methods(game: str) -> None:
    assert _overridden(_state_class(game)) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_ruleset_keeps_its_pending_work_in_the_cores_steps(game: str) -> None:
    match = start(game, 1)
    assert isinstance(match.state.steps, Steps)
    assert match.state.steps, "a new game waits on a step"
    play(match, 1, 40)
    assert isinstance(match.state.steps, Steps)


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_no_mutable_container_its_plan_does_not_declare(game: str) -> None:
    for seed in range(3):
        match = play(start(game, seed), seed, 60)
        state = match.state
        twin = state.clone()
        assert undeclared_shares(state, twin) == []
        assert twin.steps is not state.steps and twin._decisions is None
