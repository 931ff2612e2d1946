"""What two matches must agree on to be 'the same state', for replay checks in every game."""

from engine.core.match import Match


def fingerprint(match: Match) -> tuple:
    """Every seat's view and the public one, the play-by-play and the winner."""
    seats = len(match.players)
    return (
        tuple(repr(match.view(viewer)) for viewer in [None, *range(seats)]),
        tuple(event.text for event in match.events),
        match.winner,
    )
