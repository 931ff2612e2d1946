"""`cardhost replay FILE [--to-end] [--reveal]`: step through a match record in the terminal.

FILE is a record as `/replay … export:True` gives it (a `MatchRecord` as JSON). The
board is drawn from the public view; `--reveal` adds each seat's hidden zones as that
seat saw them (the record holds them anyway). `--to-end` prints the whole public
play-by-play and the final board, and ends with `winner=NAME`, `winner=draw`, or
`winner=none` for a record that stops before its match is over.

A record that cannot be replayed (another rules version, a broken file) is one line on
stderr and exit status 1.
"""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from bot.play.replays import Frame, Replay, ReplayRefused
from bot.render.text import board_text, card_line
from engine import MatchRecord

HELP = "Enter/n next · p previous · t N turn N · s N step N · e end · q quit"


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
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "the file"
        raise ReplayRefused(
            f"{path} is not a match record ({where}: {first.get('msg', 'invalid')})"
        ) from exc
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


def step_through(
    replay: Replay, out: TextIO, ask: Callable[[str], str] = input, reveal: bool = False
) -> None:
    step = 0
    out.write(HELP + "\n")
    while True:
        out.write(frame_text(replay.frame(step, reveal)) + "\n")
        try:
            answer = ask("replay> ").strip().lower()
        except EOFError:
            return
        word, _, rest = answer.partition(" ")
        if word in ("", "n"):
            if step == replay.steps:
                out.write(f"(the end) winner={replay.winner_text}\n")
            step = replay.clamp(step + 1)
        elif word == "p":
            step = replay.clamp(step - 1)
        elif word in ("t", "s") and rest.strip().lstrip("-").isdigit():
            number = int(rest)
            step = replay.step_of_turn(number) if word == "t" else replay.clamp(number)
        elif word == "e":
            step = replay.steps
        elif word == "q":
            return
        else:
            out.write(HELP + "\n")


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
