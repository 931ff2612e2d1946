"""`cardhost simulate magic-core` plays two, three and four seats and reports its rate."""

import re

from engine.simulate import simulate

LINE = re.compile(r"^games=\d+ wins=\d+(,\d+)+ games_per_sec=\d+\.\d$")


def test_simulate_two_three_and_four_seats() -> None:
    for agents in (("random", "random"), ("random",) * 3, ("random",) * 4):
        result = simulate("magic-core", 6, agents, seed=4)
        assert result.games == 6 and sum(result.wins) <= 6
        assert len(result.wins) == len(agents)
        assert LINE.match(result.summary()), result.summary()


def test_greedy_beats_random() -> None:
    result = simulate("magic-core", 6, ("greedy", "random"), seed=1)
    assert result.wins[0] > result.wins[1]
