"""`cardhost replay FILE [--to-end] [--reveal]`: step through a match record in the terminal.

FILE is a record as `/replay … export:True` gives it (a `MatchRecord` as JSON). The
board is drawn from the public view; `--reveal` adds each seat's hidden zones as that
seat saw them (the record holds them anyway). `--to-end` prints the whole public
play-by-play and the final board, and ends with `winner=NAME`, `winner=draw`, or
`winner=none` for a record that stops before its match is over.

A record that cannot be replayed (another rules version, a broken file, a damaged field or
action) is one line on stderr and exit status 1.
"""

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.play.replays import Frame, Replay, ReplayRefused
from bot.render.text import board_text, card_line
from bot.terminal.option_numbers import numbers_text
from bot.terminal.play import clip
from engine import MatchRecord, RecordError

HELP = "Enter/n next · p previous · t N turn N · s N step N · e end · q quit"
#: The keys stepping takes (the first word of an answer; Enter is "").
KEYS = frozenset({"", "n", "p", "t", "s", "e", "q"})


def frame_text(frame: Frame) -> str:
    lines = [f"-- step {frame.step} of {frame.steps} · turn {frame.turn} --"]
    lines += [f"  {line}" for line in frame.events]
    lines.append(board_text(frame.view))
    for zone in frame.hidden or []:
        cards = ", ".join(card_line(c) for c in zone.cards) or "(empty)"
        lines.append(f"{zone.seat_name}'s {zone.zone.replace('_', ' ')}: {cards}")
    return "\n".join(lines)


def load(path: str) -> Replay:
    """The file's replay, or ReplayRefused with one line saying why not."""
    try:
        text = Path(path).read_bytes()
    except OSError as exc:
        raise ReplayRefused(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        record = MatchRecord.from_json(text)
    except RecordError as exc:
        raise ReplayRefused(f"{path} is not a match record ({exc})") from exc
    return Replay(record)


def print_to_end(replay: Replay, out: TextIO, reveal: bool = False) -> None:
    for step, lines in replay.play_by_play():
        if step and lines:
            out.write(f"[{step}] " + lines[0] + "\n")
            out.writelines(f"    {line}\n" for line in lines[1:])
        else:
            out.writelines(f"{line}\n" for line in lines)
    frame = replay.frame(replay.steps, reveal)
    out.write(board_text(frame.view) + "\n")
    for zone in frame.hidden or []:
        cards = ", ".join(card_line(c) for c in zone.cards) or "(empty)"
        out.write(f"{zone.seat_name}'s {zone.zone.replace('_', ' ')}: {cards}\n")
    out.write(f"winner={replay.winner_text}\n")


def turns_text(replay: Replay) -> str:
    """`turns 1-16` (or `turns 0, 2-5` where some never started): the turns a record has."""
    turns = [turn for turn, _ in replay.turn_starts]
    return f"turn {turns[0]}" if len(turns) == 1 else f"turns {numbers_text(turns)}"


def step_through(
    replay: Replay, out: TextIO, ask: Callable[[str], str] = input, reveal: bool = False
) -> None:
    """Step through `replay` by keys (`HELP`). Every key answers: a move draws the new
    step, and a key that goes nowhere (past either end, a turn or step the record does
    not have, a key it does not know) says why in one line instead."""
    step, shown = 0, None
    out.write(HELP + "\n")
    while True:
        if step != shown:
            out.write(frame_text(replay.frame(step, reveal)) + "\n")
            if step == replay.steps:
                out.write(f"(the last step) winner={replay.winner_text}; p goes back, q quits\n")
            shown = step
        try:
            answer = ask("replay> ").strip().lower()
        except EOFError:
            return
        word, _, rest = answer.partition(" ")
        rest = rest.strip()
        if word in ("", "n"):
            if step == replay.steps:
                out.write(f"Already at the last step, {step}. p goes back, q quits.\n")
            step = replay.clamp(step + 1)
        elif word == "p":
            if step == 0:
                out.write("Already at the first step, 0. Enter goes on, q quits.\n")
            step = replay.clamp(step - 1)
        elif word in ("t", "s") and not re.fullmatch(r"-?\d{1,9}", rest):
            what = "turn" if word == "t" else "step"
            out.write(f"{word} takes a {what} number, as in `{word} 3`.\n")
        elif word == "t":
            if int(rest) not in {turn for turn, _ in replay.turn_starts}:
                out.write(f"There is no turn {int(rest)}: this match has {turns_text(replay)}.\n")
            else:
                step = replay.step_of_turn(int(rest))
        elif word == "s":
            if not 0 <= int(rest) <= replay.steps:
                out.write(f"There is no step {int(rest)}: steps run from 0 to {replay.steps}.\n")
            else:
                step = int(rest)
        elif word == "e":
            if step == replay.steps:
                out.write(f"Already at the last step, {step}.\n")
            step = replay.steps
        elif word == "q":
            return
        else:
            out.write(f"Unknown key '{clip(answer)}'. {HELP}\n")


def run_replay(path: str, to_end: bool, reveal: bool = False) -> int:
    try:
        replay = load(path)
    except ReplayRefused as exc:
        print(f"cardhost replay: {exc}", file=sys.stderr)
        return 1
    if to_end:
        print_to_end(replay, sys.stdout, reveal)
    else:
        step_through(replay, sys.stdout, reveal=reveal)
    return 0
