"""Each ruleset declares its match options as a typed model, and
`new_match` accepts only what that model allows (a typed error naming the option)."""

import pytest

from engine.core.errors import EngineError, OptionError, RecordError
from engine.core.match import new_match, replay
from engine.core.options import NoOptions, SeriesOptions
from engine.core.ruleset import get_ruleset, ruleset_ids

SERIES = {"clash", "magic-core"}


def start(game: str, options: dict | None):
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    deck = decks[sorted(decks)[0]]
    return new_match(game, ["a", "b"], [deck, deck], 1, options)


@pytest.mark.parametrize("game", ruleset_ids())
def test_every_ruleset_declares_a_model_that_forbids_unknown_options(game: str) -> None:
    rules = get_ruleset(game)
    assert issubclass(rules.options_model, NoOptions)
    assert rules.options_model.model_config["extra"] == "forbid"
    assert rules.supports_option("best_of") == (game in SERIES)
    with pytest.raises(OptionError) as info:
        start(game, {"colour": "blue"})
    assert info.value.option == "colour"
    assert "'colour'" in str(info.value) and rules.name in str(info.value)


@pytest.mark.parametrize("game", sorted(set(ruleset_ids()) - SERIES))
def test_a_game_without_series_refuses_best_of_instead_of_ignoring_it(game: str) -> None:
    for best_of in (1, 3):
        with pytest.raises(OptionError, match="no option 'best_of'") as info:
            start(game, {"best_of": best_of})
        assert info.value.option == "best_of"
    assert start(game, None).record.options == {}


@pytest.mark.parametrize("game", sorted(SERIES))
def test_series_games_take_best_of_1_3_5_only(game: str) -> None:
    assert get_ruleset(game).options_model is SeriesOptions
    for best_of in (0, 2, 4, 7, "three"):
        with pytest.raises(OptionError, match="one of 1, 3, 5") as info:
            start(game, {"best_of": best_of})
        assert info.value.option == "best_of"
    match = start(game, {"best_of": 3})
    assert match.state.series.best_of == 3
    assert match.record.options == {"best_of": 3}
    assert start(game, {"best_of": 1}).record.options == {}  # defaults are not stored
    assert replay(match.record).state.series.best_of == 3


def test_an_option_error_is_an_engine_error() -> None:
    """Front ends that catch EngineError (the CLI, the bot) report it as any refusal."""
    assert issubclass(OptionError, EngineError)


@pytest.mark.parametrize("game", sorted(SERIES))
@pytest.mark.parametrize("value", [True, False, 3.0, "3"])
def test_best_of_is_a_whole_number_not_a_boolean(game: str, value: object) -> None:
    """True == 1 to Python and to a plain Literal[1, 3, 5]: it must not start a one-game
    match; 3.0 and "3" are no series length either."""
    with pytest.raises(OptionError, match="one of 1, 3, 5") as info:
        start(game, {"best_of": value})
    assert info.value.option == "best_of"


@pytest.mark.parametrize("game", ruleset_ids())
@pytest.mark.parametrize("options", ["best_of=3", ["best_of", 3], [("best_of", 3)], 3])
def test_options_that_are_not_a_table_are_refused(game: str, options: object) -> None:
    with pytest.raises(OptionError, match="table") as info:
        start(game, options)  # type: ignore[arg-type]
    assert info.value.option == "(options)"


def test_a_recorded_boolean_best_of_is_refused_on_replay() -> None:
    record = start("clash", {"best_of": 3}).record
    with pytest.raises(RecordError, match="best_of"):
        replay(record.model_copy(update={"options": {"best_of": True}}))
