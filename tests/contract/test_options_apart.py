"""Options are told apart: two options of one decision never read the same unless
taking either leads to the same game. Checked over random games of every ruleset (and
Relay), with two seats and with the most each game takes: whenever two options share a
label, each is taken on a copy of the match and every seat's view and the public one are
compared right after (tests/support/outcome.py says what "the same game" means).
"""

import pytest

from tests.support.contract import games, playing, seat_counts, start
from tests.support.outcome import differing_look_alikes
from tests.support.samples import seed_ranges

#: random games per table: a few hundred with two seats, fewer with more (longer games)
GAMES_PER_TABLE = {2: 300, 3: 100, 4: 100}
#: of those, the games every tier plays; the rest are a long run (tests/support/samples.py)
SAMPLE_PER_TABLE = {2: 30, 3: 10, 4: 10}
TABLES = [
    pytest.param(g, n, seeds.values[0], marks=seeds.marks, id=f"{g}-{n}-{seeds.id}")
    for g in games()
    for n in seat_counts(g)
    for seeds in seed_ranges(GAMES_PER_TABLE[n], chunk=100, sample=SAMPLE_PER_TABLE[n])
]


@pytest.mark.parametrize(("game", "seats", "seeds"), TABLES)
def test_options_that_read_the_same_lead_to_the_same_game(
    game: str, seats: int, seeds: range
) -> None:
    problems: list[str] = []
    for seed in seeds:
        match = start(game, seed, seats)
        for _ in playing(match, seed, 20000):
            if match.over:
                break
            problems += [f"seed {seed}: {p}" for p in differing_look_alikes(match)]
        assert match.over, f"{game} seed {seed} did not end"
        if len(problems) >= 5:
            break
    assert not problems, "\n".join(problems)


def test_the_check_sees_two_look_alikes_that_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself can fail: two Kilnborn Hounds, one 6/0/4 with Charred Knuckles and
    one 4/0/4, are told apart ("Kilnborn Hound #1 attacks Bo"); with the old labels (the
    card's name alone) the check reports their attacks."""
    from engine.core.match import from_scenario
    from engine.rulesets.clash import view as clash_view

    hounds = [{"card": "kilnborn_hound", "equipment": ["charred_knuckles"]}, "kilnborn_hound"]
    scenario = {"active": 0, "seats": [{"name": "Ann", "board": hounds}, {"name": "Bo"}]}
    match = from_scenario("clash", scenario)
    labels = [o.label for o in match.options(match.pending[0])]
    assert "Kilnborn Hound #1 attacks Bo" in labels and "Kilnborn Hound #2 attacks Bo" in labels
    assert not differing_look_alikes(match)

    monkeypatch.setattr(clash_view, "board_name", lambda state, card: card.proto.name)
    again = from_scenario("clash", scenario)
    assert any("'Kilnborn Hound attacks Bo'" in p for p in differing_look_alikes(again))
