"""A best-of-N series: games won per seat, and who has won the match.

Clash and magic-core play series (clash.md:80, magic-core 100.4a's best-of matches); they
counted wins and decided the match each in their own words. The counting lives here; what
happens between two games (who starts, what resets) stays each game's rule.
"""

from dataclasses import dataclass


@dataclass(slots=True)
class Series:
    """The first seat to win a majority of `best_of` games (an odd number) wins the match."""

    best_of: int
    wins: list[int]

    @classmethod
    def start(cls, seats: int, best_of: int = 1) -> "Series":
        return cls(best_of, [0] * seats)

    def copy(self) -> "Series":
        return Series(self.best_of, list(self.wins))

    @property
    def needed(self) -> int:
        """Games a seat must win to take the match."""
        return self.best_of // 2 + 1

    def won_game(self, seat: int) -> None:
        self.wins[seat] += 1

    def champion(self) -> int | None:
        """The seat that has won the match, or None while it is still open."""
        for seat, wins in enumerate(self.wins):
            if wins >= self.needed:
                return seat
        return None

    def score(self, winner: int) -> str:
        """`2-1`: the winner's games first, then every other seat's in seat order."""
        others = [wins for seat, wins in enumerate(self.wins) if seat != winner]
        return "-".join(str(wins) for wins in [self.wins[winner], *others])
