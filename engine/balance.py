"""Is a game fair? Every pair of preconstructed decks, played both ways round by one agent.

Each game writes down what a fair game needs and measures it with the strongest agent
available over enough games to be sure (docs/balance.md). The two measures every game
shares (its thresholds are in docs/rules/<game>.md, "Fairness"):

- **matchups**: for every pair of preconstructed decks (or Mages), the share of games
  each deck wins, seats alternated so the first player's edge cancels out. A 95% Wilson
  interval says how sure the figure is: a pair is fair when its interval's upper end for
  either deck is at or under the threshold (60%), so "fair" is a claim the games support,
  not one they merely fail to refute.
- **early ends**: how many turns each player had begun when the game ended. A game decided
  before every player has begun the ruleset's `early_turns` turns is one the loser could
  not play.

The same agent plays both seats (two instances, seeded apart), so a matchup measures the
decks, not the agents. `cardhost balance GAME --games N` prints the table.
"""

import math
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from engine.agents import make_agent
from engine.core.errors import EngineError
from engine.core.events import TurnStarted
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset

#: Decks that are not one deck: Mage Wars' "random" picks a Mage at random.
NOT_A_DECK = frozenset({"random"})
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def deck_pairs(deck_names: Iterable[str]) -> list[tuple[str, str]]:
    """Every pair of preconstructed decks, in the order `balance` plays them: a pair's
    place in it sets its games' seeds (`game_seed`), so scripts that replay a pair's
    games take the order from here."""
    return list(combinations(sorted(name for name in deck_names if name not in NOT_A_DECK), 2))


def game_seed(seed: int, pair_index: int, games_per_pair: int, game: int) -> int:
    """The match seed of game `game` of the `pair_index`-th pair of a run."""
    return seed + pair_index * games_per_pair + game


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0% and 100%, where the
    normal approximation's interval runs past the ends)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Matchup:
    """One pair of decks over its games; `first` won `first_wins`, the other `second_wins`."""

    first: str
    second: str
    games: int = 0
    first_wins: int = 0
    second_wins: int = 0

    @property
    def draws(self) -> int:
        return self.games - self.first_wins - self.second_wins

    def rate(self, deck: str) -> float:
        wins = self.first_wins if deck == self.first else self.second_wins
        return wins / self.games if self.games else 0.0

    def interval(self, deck: str) -> tuple[float, float]:
        return wilson(self.first_wins if deck == self.first else self.second_wins, self.games)

    def favourite(self) -> str:
        return self.first if self.first_wins >= self.second_wins else self.second

    def line(self) -> str:
        deck = self.favourite()
        low, high = self.interval(deck)
        other = self.second if deck == self.first else self.first
        wins = self.first_wins if deck == self.first else self.second_wins
        return (  # the count too: a rounded share cannot be pooled with another run's
            f"{deck} vs {other}: {self.rate(deck):.0%} of {self.games} ({wins} won) "
            f"(95% {low:.1%}-{high:.1%}), draws {self.draws}"
        )


@dataclass(frozen=True)
class GamePlayed:
    """One game of a balance run: its seed, the decks by seat, the winning deck (None for
    a draw) and the turns each seat had begun. `line()` is what `cardhost balance --each`
    prints, and `pool` reads such lines back."""

    seed: int
    seated: tuple[str, ...]
    winner: str | None
    turns: tuple[int, ...]

    def line(self) -> str:
        return (
            f"game seed={self.seed} seats={','.join(self.seated)} "
            f"winner={self.winner or '-'} turns={','.join(map(str, self.turns))}"
        )

    @classmethod
    def parse(cls, line: str) -> "GamePlayed":
        fields = dict(word.split("=", 1) for word in line.split()[1:])
        winner = fields["winner"]
        return cls(
            int(fields["seed"]),
            tuple(fields["seats"].split(",")),
            None if winner == "-" else winner,
            tuple(int(t) for t in fields["turns"].split(",")),
        )


@dataclass
class BalanceReport:
    ruleset: str
    agent: str
    matchups: list[Matchup]
    first_seat_wins: int = 0
    games: int = 0
    #: for each game, the fewest turns any player had begun when it ended
    turns_each: list[int] = field(default_factory=list)

    def worst(self) -> tuple[Matchup, float]:
        """The least fair pair, by the upper end of its favourite's interval."""
        ranked = [(m, m.interval(m.favourite())[1]) for m in self.matchups]
        return max(ranked, key=lambda pair: pair[1])

    def early(self, turns: int) -> int:
        """Games that ended before every player had begun `turns` turns."""
        return sum(1 for each in self.turns_each if each < turns)

    def lines(self, *, early_turns: int) -> list[str]:
        out = [m.line() for m in self.matchups]
        low, high = wilson(self.first_seat_wins, self.games)
        out.append(
            f"first seat: {self.first_seat_wins / max(1, self.games):.0%} of {self.games} "
            f"(95% {low:.0%}-{high:.0%})"
        )
        ordered = sorted(self.turns_each)
        if ordered:
            out.append(
                f"turns each at the end: fewest {ordered[0]}, median {ordered[len(ordered) // 2]}"
            )
        _, high = self.worst()
        out.append(
            f"ruleset={self.ruleset} agent={self.agent} games={self.games} "
            f"worst_matchup_high={high:.2f} early_ends={self.early(early_turns)} "
            f"early_turns={early_turns}"
        )
        return out


class TurnCounter:
    """How many turns each seat has begun.

    A ruleset that announces turns (`TurnStarted`) is counted from its events, so that a
    turn lost at once (a Mage Wars curse) still counts: the loser did begin it. Otherwise
    the public view is read after every action: a turn with an active player is that
    player's; a numbered turn with none (Enchantoria's simultaneous rounds) is everyone's;
    turn 0 without one is the setup (mulligans)."""

    def __init__(self, seats: int) -> None:
        self.begun = [0] * seats
        self._last: tuple[int, int | None] | None = None
        self._read = 0  # events read so far
        self._by_events = False

    def look(self, match: Match) -> None:
        events = match.events
        started = [e for e in events[self._read :] if isinstance(e, TurnStarted)]
        self._read = len(events)
        if started and not self._by_events:  # from now on the events alone, from the start
            self._by_events = True
            self.begun = [0] * len(self.begun)
            started = [e for e in events if isinstance(e, TurnStarted)]
        if self._by_events:
            for event in started:
                self.begun[event.player] += 1
            return
        view = match.view(None)
        key = (view.turn, view.active)
        if key == self._last:
            return
        self._last = key
        if view.active is not None:
            self.begun[view.active] += 1
        elif view.turn >= 1:
            self.begun = [count + 1 for count in self.begun]


def play_counting(match: Match, agents: list) -> TurnCounter:
    """`play_out`, looking at the turn after every action (slower: for balance only)."""
    counter = TurnCounter(len(match.players))
    counter.look(match)
    while not match.over:
        decision = match.pending[0]
        match.apply(decision.player, agents[decision.player].choose(match, decision))
        counter.look(match)
    return counter


def balance(
    ruleset: str,
    games_per_pair: int,
    *,
    agent: str = "greedy",
    seed: int = 0,
    agent_options: dict[str, Any] | None = None,
    pairs: Collection[tuple[str, str]] | None = None,
    part: tuple[int, int] = (0, 1),
    progress: Callable[[Matchup], None] | None = None,
    each: Callable[[GamePlayed], None] | None = None,
) -> BalanceReport:
    """Play every pair of preconstructed decks `games_per_pair` times, seats alternated.

    `agent_options` is the search agent's budget (playouts=, seconds=). `pairs` plays only
    those pairs (either order), and `part=(k, m)` only the k-th of m equal blocks of each
    pair's games: a game keeps the seed it has in the full run, so a measurement split
    over several processes (by pair, by part or both) is the full run, game for game.
    `each` hears of every game as it ends: a long run's games survive its interruption,
    and runs can be pooled from them."""
    rules = get_ruleset(ruleset)
    pool = rules.preconstructed_decks()
    every = deck_pairs(pool)
    wanted = None if pairs is None else {frozenset(pair) for pair in pairs}
    if wanted is not None:
        unknown = wanted - {frozenset(pair) for pair in every}
        if unknown:
            decks = sorted({deck for pair in every for deck in pair})
            named = ", ".join(" vs ".join(sorted(pair)) for pair in unknown)
            raise EngineError(
                f"no such pair of {ruleset} decks: {named} (decks: {', '.join(decks)})"
            )
    share, parts = part
    if parts < 1 or not 0 <= share < parts:
        raise EngineError(f"no part {share + 1} of {parts}: parts are 1 to {max(parts, 1)}")
    block = range(games_per_pair * share // parts, games_per_pair * (share + 1) // parts)
    options = agent_options or {}
    budget = " ".join(f"{key}={value}" for key, value in sorted(options.items()))
    report = BalanceReport(ruleset, f"{agent} {budget}" if budget else agent, [])
    for index, (first, second) in enumerate(every):
        if wanted is not None and frozenset((first, second)) not in wanted:
            continue
        matchup = Matchup(first, second)
        for game in block:
            number = game_seed(seed, index, games_per_pair, game)
            seated = [first, second] if game % 2 == 0 else [second, first]
            agents = [
                make_agent(agent, number * 2, **options),
                make_agent(agent, number * 2 + 1, **options),
            ]
            match = new_match(ruleset, seated, [pool[seated[0]], pool[seated[1]]], number)
            counter = play_counting(match, agents)
            matchup.games += 1
            report.games += 1
            report.turns_each.append(min(counter.begun))
            if each is not None:
                winner = None if match.winner is None else seated[match.winner]
                each(GamePlayed(number, tuple(seated), winner, tuple(counter.begun)))
            if match.winner is None:
                continue
            if match.winner == 0:
                report.first_seat_wins += 1
            if seated[match.winner] == first:
                matchup.first_wins += 1
            else:
                matchup.second_wins += 1
        report.matchups.append(matchup)
        if progress is not None:
            progress(matchup)
    return report


def pool(
    ruleset: str,
    agent: str,
    games: Collection[GamePlayed],
    *,
    pairs: Collection[tuple[str, str]] | None = None,
) -> BalanceReport:
    """The report of games played apart (processes split by pair or part, runs on other
    seeds), each game once: a seed met twice is counted once, so overlapping logs pool
    safely (with the same agent, a seed and its seats are one game). Pairs come in
    `balance`'s order. `pairs` keeps only those pairs' games (either order): a log that
    also holds pairs played on other cards can then be pooled for the pairs it is current
    for."""
    wanted = None if pairs is None else {frozenset(pair) for pair in pairs}
    seen: dict[tuple[int, tuple[str, ...]], GamePlayed] = {}
    for game in games:
        if wanted is None or frozenset(game.seated[:2]) in wanted:
            seen.setdefault((game.seed, game.seated), game)
    report = BalanceReport(ruleset, agent, [])
    matchups: dict[tuple[str, str], Matchup] = {}
    for game in sorted(seen.values(), key=lambda g: (g.seed, g.seated)):
        first, second = sorted(game.seated[:2])
        matchup = matchups.setdefault((first, second), Matchup(first, second))
        matchup.games += 1
        report.games += 1
        report.turns_each.append(min(game.turns))
        if game.winner is None:
            continue
        if game.winner == game.seated[0]:
            report.first_seat_wins += 1
        if game.winner == first:
            matchup.first_wins += 1
        else:
            matchup.second_wins += 1
    report.matchups = [matchups[key] for key in sorted(matchups)]
    return report


__all__ = [
    "BalanceReport",
    "GamePlayed",
    "Matchup",
    "balance",
    "pool",
    "wilson",
]
