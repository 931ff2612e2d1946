"""The core's best-of series (engine/core/series.py), used by Clash (R17) and magic-core."""

from engine.core.series import Series


def test_a_best_of_3_is_won_at_two_games_not_before() -> None:
    series = Series.start(2, best_of=3)
    series.won_game(1)
    assert series.champion() is None
    series.won_game(0)
    assert series.champion() is None
    series.won_game(1)
    assert series.champion() == 1
    assert series.score(1) == "2-1"


def test_a_single_game_is_a_series_of_one() -> None:
    series = Series.start(4)
    series.won_game(2)
    assert series.champion() == 2
    assert series.score(2) == "1-0-0-0"  # the winner first, then the others in seat order


def test_a_copy_counts_on_its_own() -> None:
    series = Series.start(2, best_of=5)
    twin = series.copy()
    twin.won_game(0)
    assert series.wins == [0, 0] and twin.wins == [1, 0]
