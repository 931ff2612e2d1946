"""`cardhost gallery OUT_DIR`: a board picture of a mid-game position of every game.

Why: a change to the board renderer (bot/render/image.py) touches five games at once, and
a picture of each, taken at the same positions every time, lets a person see what changed.
The positions are played by the greedy agent in every seat from a fixed seed, so the same
code writes the same pictures; each stops at the start of a turn a few turns in (or at a
fixed number of moves, for games whose turns are long), before anyone has won. The picture
is the public board, as the channel shows it.
"""

from dataclasses import dataclass
from pathlib import Path

from bot.render.image import render_board
from engine import Action, Match, get_ruleset, make_agent, new_match, ruleset_ids

#: The turn a picture is taken at (turn numbers as the board header shows them).
MID_TURN = 10
#: A cap on moves, for games whose turns hold many moves.
MAX_MOVES = 400
#: How many moves before a game's end a picture goes back to, when it ended early.
END_MARGIN = 4
#: The extra picture: a 4-player game, where the board has to fit four seats.
FOUR_PLAYER_GAMES = ("magic-core", "mage-wars")


@dataclass(frozen=True, slots=True)
class Shot:
    """One picture: which game, with how many players, from which seed, where it stopped."""

    game: str
    players: int
    seed: int
    turn: int
    moves: int
    path: Path


def mid_game(game: str, players: int, seed: int) -> tuple[Match, int]:
    """A match of `game` played by greedy agents from `seed` up to turn MID_TURN (or
    MAX_MOVES moves), never past its end: the position and the moves it took."""
    rules = get_ruleset(game)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    chosen = [decks[ids[i % len(ids)]] for i in range(players)]
    names = [f"Player {i + 1}" for i in range(players)]
    match = new_match(game, names, chosen, seed)
    agents = [make_agent("greedy", seed * 10 + i) for i in range(players)]
    played: list[tuple[int, Action]] = []
    while len(played) < MAX_MOVES and match.view(None).turn < MID_TURN:
        decision = match.pending[0]
        action = agents[decision.player].choose(match, decision)
        match.apply(decision.player, action)
        played.append((decision.player, action))
        if match.over:  # too far: a won game is no mid-game picture; replay to before it
            played = played[:-END_MARGIN]
            match = new_match(game, names, chosen, seed)
            for seat, earlier in played:
                match.apply(seat, earlier)
            break
    return match, len(played)


def write_gallery(out_dir: Path, seed: int = 1) -> list[Shot]:
    """One PNG per game (`<game>.png`) and per 4-player game (`<game>-4p.png`)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    plan = [(game, 2) for game in ruleset_ids()]
    plan += [(game, 4) for game in FOUR_PLAYER_GAMES if get_ruleset(game).max_players >= 4]
    shots = []
    for game, players in plan:
        match, moves = mid_game(game, players, seed)
        view = match.view(None)
        name = f"{game}.png" if players == 2 else f"{game}-{players}p.png"
        path = out_dir / name
        path.write_bytes(render_board(view))
        shots.append(Shot(game, players, seed, view.turn, moves, path))
    return shots
