"""Play a match in the terminal: against the computer, or hot-seat with people sharing the
keyboard. Every screen is drawn from one player's view only.

Hot-seat hides each player's screen before handing over: the next player presses Enter
on a blank screen, so secret choices and hands stay with whoever made or holds them.
"""

import random
import re
from collections.abc import Callable, Iterable
from contextlib import suppress
from pathlib import Path
from typing import Any

from bot.render.look import SeenCard, card_details, find_cards, visible_cards
from bot.render.rules_help import glossary_text, plain, rules_text
from bot.render.text import board_text, hand_text
from bot.terminal.option_numbers import Numbering, OptionNumberer
from engine import (
    Action,
    Decision,
    EngineError,
    Match,
    get_ruleset,
    make_agent,
    new_match,
    playouts_for,
)

INTEGER = re.compile(r"[+-]?\d+")
HELP = (
    "Type an option's number; 0 passes or ends the turn wherever that is an option. A "
    "number keeps its option for the whole turn. Other commands: b = board, h = hand, "
    "i = the cards you can see, i N or look NAME = read a card in full, q = resign, "
    "? = rules, words and help."
)
SHORT_HELP = "Type an option's number, or ? for the commands, rules and words."
#: What scrolls the previous player's screen away before a hot-seat hand-over: clear the
#: screen (2J), clear the scrollback too (3J: scrolling up must not show the last hand),
#: home the cursor; the blank lines push it away where a terminal ignores 3J.
CLEAR_SCREEN = "\033[2J\033[3J\033[H" + "\n" * 40
#: How much of a player's input a message repeats.
ECHO_LIMIT = 40
LEFT = "Left the match."
#: The words the terminal takes besides option numbers; none is a number, so none meets
#: an option's number or the pass key (`option_numbers.PASS_KEY`).
RESIGN = ("q", "quit", "resign")
HELP_WORDS = ("?", "help")
LOOK = ("i", "look")
BOARD = ("b", "board")
HAND = ("h", "hand")
COMMANDS = frozenset((*RESIGN, *HELP_WORDS, *LOOK, *BOARD, *HAND))


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` as a message may repeat it: at most `limit` characters, with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Quit(Exception):
    """A player resigned (q), or the input closed (Ctrl-D), which ends the session."""

    def __init__(self, seat: int, closed: bool = False):
        super().__init__(seat)
        self.seat = seat
        self.closed = closed


class TerminalGame:
    def __init__(
        self,
        match: Match,
        humans: int | Iterable[int],
        opponent: str = "greedy",
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        seed: int = 0,
    ):
        self.match = match
        self.humans = [humans] if isinstance(humans, int) else sorted(humans)
        # the hard computer: the game's playouts, and never more than a second a decision
        budget: dict[str, Any] = {}
        if opponent == "search":
            budget = {"playouts": playouts_for(match.ruleset.id), "seconds": 1.0}
        self.agent = make_agent(opponent, seed, **budget)
        self.read = read
        self.write = write
        self.shown = dict.fromkeys(self.humans, 0)  # events each person has already read
        self.at_screen = self.humans[0] if len(self.humans) == 1 else None
        self.numberer = OptionNumberer()
        self.numbering: Numbering | None = None  # the numbers on the screen now

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def run(self) -> int | None:
        """Play to the end; returns the winner's seat (None if nobody won or all quit).

        Ctrl-D (end of input) and Ctrl-C leave the match with one line, no traceback."""
        playing = set(self.humans)
        try:
            while not self.match.over and playing:
                decision = self.next_decision(playing)
                if decision.player not in playing:
                    self.match.apply(decision.player, self.agent.choose(self.match, decision))
                    continue
                try:
                    self.hand_over(decision.player)
                    self.show_new_events(decision.player)
                    self.human_turn(decision)
                except Quit as quit:
                    if not self.match.over:
                        self.match.resign(quit.seat)
                    playing.discard(quit.seat)
                    if quit.closed:
                        self.write(f"\n{LEFT}")  # the cursor is still after the prompt
                        return self.match.winner
                    self.after_resigning(quit.seat, playing)
        except KeyboardInterrupt:
            for seat in playing:
                with suppress(EngineError):  # over already, or stopped halfway: just leave
                    self.match.resign(seat, "left")
            self.write(f"\n{LEFT}")
            return self.match.winner
        self.finish()
        return self.match.winner

    def after_resigning(self, seat: int, playing: set[int]) -> None:
        """One closing line for whoever resigned: the match ended, or it goes on without
        them (with three or more seats), and whether anyone is left at this keyboard."""
        who = self.match.players[seat] if self.hotseat else "You"
        if self.match.over:
            self.write(f"{who} resigned. The match is over.")
        elif playing:
            self.write(f"{who} resigned; the match goes on without them.")
        else:
            self.write(f"{who} resigned; the others play on without you. {LEFT}")

    def next_decision(self, playing: set[int]) -> Decision:
        """Computers first when several choose at once: their choices are private anyway,
        and the person then answers without waiting."""
        pending = sorted(self.match.pending, key=lambda d: (d.player in playing, d.player))
        return pending[0]

    def hand_over(self, seat: int) -> None:
        if not self.hotseat or seat == self.at_screen:
            return
        name = self.match.players[seat]
        self.write(CLEAR_SCREEN)
        try:
            self.read(f"Pass the keyboard to {name}. {name}, press Enter when ready.")
        except EOFError:
            raise Quit(seat, closed=True) from None
        self.at_screen = seat

    def show_new_events(self, seat: int) -> None:
        events = self.match.events_seen_by(seat, self.shown[seat])
        self.shown[seat] += len(events)
        for event in events:
            self.write(f"  · {event.text}")

    def finish(self) -> None:
        if not self.match.over:  # the last person here resigned and the others play on
            return
        viewer = self.at_screen if not self.hotseat else None
        if viewer is not None:
            self.show_new_events(viewer)
        self.write(board_text(self.match.view(viewer)))

    def human_turn(self, decision: Decision) -> None:
        seat = decision.player
        view = self.match.view(seat)
        self.write("")
        self.write(board_text(view))
        hand = hand_text(view)
        if hand:
            self.write(hand)
        who = f"{self.match.players[seat]}: " if self.hotseat else ""
        self.write(f"\n{who}{decision.prompt}")
        self.numbering = self.numberer.number(
            seat, decision.kind, self.match.options(decision), turn=view.turn, multi=decision.multi
        )
        for line in self.numbering.lines:
            self.write(line)
        while True:
            action = self.ask(decision)
            if action is None:
                continue
            try:
                self.match.apply(seat, action)
                return
            except EngineError as exc:  # should not happen: ask() offers only legal choices
                self.write(f"Not allowed: {exc}")

    def ask(self, decision: Decision) -> Action | None:
        seat = decision.player
        if decision.multi:
            low, high = decision.min_picks, decision.max_picks
            count = f"{low}" if low == high else f"{low}-{high}"
            none = " (Enter for none)" if low == 0 else ""
            prompt = f"Pick {count} numbers separated by spaces{none}: "
        else:
            prompt = f"Your choice ({self.numbers(decision).choices_text()}): "
        try:
            raw = self.read(prompt).strip().lower()
        except EOFError:
            raise Quit(seat, closed=True) from None
        if raw in RESIGN:
            if self.confirm_resign(seat):
                raise Quit(seat)
            self.write("Not resigned: the match goes on.")
            return None
        if raw in HELP_WORDS:
            self.write(self.help_page())
            return None
        if raw in LOOK or raw.startswith(tuple(f"{word} " for word in LOOK)):
            self.look(seat, raw.split(maxsplit=1)[1] if " " in raw else "")
            return None
        if raw in BOARD:
            self.write(board_text(self.match.view(seat)))
            return None
        if raw in HAND:
            self.write(hand_text(self.match.view(seat)) or "No hand to show.")
            return None
        return self.parse(decision, raw)

    def help_page(self) -> str:
        """The game's rules summary and words, the same text as Discord's /rules (from
        `bot.render.rules_help`), then the terminal's commands."""
        rules = self.match.ruleset
        parts = [rules_text(rules), glossary_text(rules), HELP]
        return "\n\n".join(plain(p) for p in parts if p)

    def look(self, seat: int, typed: str) -> None:
        """`i`: the cards this seat can see, numbered; `i N`: card N in full; `look NAME`:
        the card of that name. Only what the seat's own view holds can be listed, so a
        hidden card (another hand, a deck) cannot be read."""
        seen = visible_cards(self.match.view(seat))
        if not seen:
            self.write("There is no card you can see.")
            return
        if not typed:
            self.write("Cards you can see (i N reads one):")
            for i, found in enumerate(seen, start=1):
                self.write(f"  {i:>2}. {found.label}")
            return
        if INTEGER.fullmatch(typed):
            if len(typed) > 9 or not 1 <= int(typed) <= len(seen):
                self.write(
                    f"There is no card {clip(typed)}: type i to list the {len(seen)} "
                    "cards you can see."
                )
                return
            return self.write_card(seen[int(typed) - 1])
        matches = find_cards(seen, typed)
        if not matches:
            self.write(f"You can see no card called '{clip(typed)}'. Type i to list them.")
        elif len({(m.card.name, m.where) for m in matches}) > 1:
            self.write(f"Several cards match '{clip(typed)}':")
            for found in matches:
                self.write(f"  {seen.index(found) + 1:>2}. {found.label}")
            self.write("Type i N to read one.")
        else:
            self.write_card(matches[0])

    def write_card(self, found: SeenCard) -> None:
        self.write(f"{card_details(found.card)}\n(in {found.where})")

    def numbers(self, decision: Decision) -> Numbering:
        """The numbers on screen for `decision`; 1..N in order when none were listed."""
        if self.numbering is not None and len(self.numbering.numbers) == len(decision.actions):
            return self.numbering
        return Numbering({i + 1: i for i in range(len(decision.actions))}, [])

    def confirm_resign(self, seat: int) -> bool:
        """`q` resigns only after a yes: a stray q must not lose the match."""
        try:
            answer = self.read("Resign this match? (y/N) ").strip().lower()
        except EOFError:
            raise Quit(seat, closed=True) from None
        return answer in ("y", "yes")

    def parse(self, decision: Decision, raw: str) -> Action | None:
        words = raw.replace(",", " ").split()
        if not all(INTEGER.fullmatch(w) for w in words):
            self.write(f"'{clip(raw)}' is not a number. {SHORT_HELP}")
            return None
        shown = self.numbers(decision)
        # Very long digit strings are out of range without being converted (int() refuses
        # more than 4300 digits).
        bad = [w for w in words if len(w) > 9 or int(w) not in shown.numbers]
        if bad:
            self.write(shown.refusal(clip(bad[0])))
            return None
        numbers = [shown.numbers[int(w)] + 1 for w in words]
        if not decision.multi:
            if len(numbers) != 1:
                self.write("Choose exactly one option.")
                return None
            return decision.actions[numbers[0] - 1]
        if len(set(numbers)) != len(numbers):
            self.write("Each option can be picked once.")
            return None
        low, high = decision.min_picks, decision.max_picks
        if not low <= len(numbers) <= high:
            if low == high:
                self.write(f"Pick exactly {low} option{'s' if low != 1 else ''}.")
            else:
                self.write(f"Pick between {low} and {high} options.")
            return None
        return tuple(decision.actions[n - 1] for n in numbers)


def play_in_terminal(
    ruleset: str,
    deck: str | None = None,
    opponent_deck: str | None = None,
    opponent: str = "greedy",
    seed: int | None = None,
    name: str = "Player",
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    players: int = 2,
    hotseat: bool = False,
    options: dict[str, Any] | None = None,
    record: str | None = None,
) -> int | None:
    """One person (seat 1) against the computer in every other seat, or everyone hot-seat.

    `record`: a file to save the match record in when the session ends, however it ends
    (the JSON of Discord's `/replay … export`), so `cardhost replay FILE` needs no Discord."""
    rules = get_ruleset(ruleset)
    if record is not None and not Path(record).parent.is_dir():
        raise EngineError(f"cannot save the record in {record}: no folder {Path(record).parent}")
    options = rules.check_options(options)  # refused before anything is shown
    if not rules.min_players <= players <= rules.max_players:
        raise EngineError(
            f"{rules.name} is played by {rules.min_players} to {rules.max_players} players"
            if rules.min_players != rules.max_players
            else f"{rules.name} is played by {rules.min_players} players"
        )
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    for wanted in (deck, opponent_deck):
        if wanted is not None and wanted not in decks:
            raise EngineError(f"unknown deck '{wanted}' (known: {', '.join(ids)})")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    mine = deck or ids[0]
    chosen = [mine] + [ids[(ids.index(mine) + i) % len(ids)] for i in range(1, players)]
    if opponent_deck is not None:
        chosen[1] = opponent_deck
    if hotseat:
        names = [f"Player {i + 1}" for i in range(players)]
        humans = list(range(players))
        seats = ", ".join(f"{n} ({d})" for n, d in zip(names, chosen, strict=True))
        write(f"{rules.name}, hot-seat: {seats}")
    else:
        computers = ["Computer"] if players == 2 else [f"Computer {i}" for i in range(1, players)]
        names = [name, *computers]
        humans = [0]
        write(f"{rules.name}: your deck {mine} against the computer's {', '.join(chosen[1:])}.")
    write(HELP)
    match = new_match(ruleset, names, [decks[d] for d in chosen], seed, options)
    try:
        return TerminalGame(match, humans, opponent, read, write, seed).run()
    finally:
        if record is not None:
            save_record(match, record, write)


def save_record(match: Match, path: str, write: Callable[[str], None]) -> None:
    """The match record as `/replay … export` gives it, and one line saying where."""
    try:
        Path(path).write_text(match.record.to_json())
    except OSError as exc:
        write(f"The record could not be saved in {path}: {exc.strerror or exc}.")
        return
    write(f"Record saved: cardhost replay {path}")
