"""Play a match in the terminal against the computer, drawn from your view only."""

import random
from collections.abc import Callable

from bot.render.text import board_text, hand_text
from engine.agents import make_agent
from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset

HELP = "Type an option's number. Other commands: b = board, h = hand, q = resign, ? = help."


class Quit(Exception):
    """The player closed the input (Ctrl-D) or resigned."""


class TerminalGame:
    def __init__(
        self,
        match: Match,
        human: int,
        opponent: str = "greedy",
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        seed: int = 0,
    ):
        self.match = match
        self.human = human
        self.agent = make_agent(opponent, seed)
        self.read = read
        self.write = write
        self.shown = 0  # events already printed

    def run(self) -> int | None:
        """Play to the end; returns the winner's seat (None if the human quit)."""
        try:
            while not self.match.over:
                self.show_new_events()
                mine = self.match.decision_for(self.human)
                if mine is not None:
                    self.human_turn(mine)
                    continue
                for decision in self.match.pending:
                    action = self.agent.choose(self.match, decision)
                    self.match.apply(decision.player, action)
                    break
        except Quit:
            if not self.match.over:
                self.match.resign(self.human)
        self.show_new_events()
        view = self.match.view(self.human)
        self.write(board_text(view))
        return view.winner

    def show_new_events(self) -> None:
        events = self.match.events_seen_by(self.human, self.shown)
        self.shown += len(events)
        for event in events:
            self.write(f"  · {event.text}")

    def human_turn(self, decision: Decision) -> None:
        view = self.match.view(self.human)
        self.write("")
        self.write(board_text(view))
        hand = hand_text(view)
        if hand:
            self.write(hand)
        self.write(f"\n{decision.prompt}")
        for option in decision.options:
            self.write(f"  {option.index + 1:>2}. {option.label}")
        while True:
            action = self.ask(decision)
            if action is None:
                continue
            try:
                self.match.apply(self.human, action)
                return
            except EngineError as exc:  # should not happen: ask() offers only legal choices
                self.write(f"Not allowed: {exc}")

    def ask(self, decision: Decision) -> Action | None:
        if decision.multi:
            prompt = (
                f"Pick {decision.min_picks}-{decision.max_picks} numbers separated by spaces"
                " (Enter for none): "
            )
        else:
            prompt = f"Your choice (1-{len(decision.actions)}): "
        try:
            raw = self.read(prompt).strip().lower()
        except EOFError:
            raise Quit from None
        if raw in ("q", "quit", "resign"):
            raise Quit
        if raw in ("?", "help"):
            self.write(HELP)
            return None
        if raw in ("b", "board"):
            self.write(board_text(self.match.view(self.human)))
            return None
        if raw in ("h", "hand"):
            self.write(hand_text(self.match.view(self.human)) or "No hand to show.")
            return None
        return self.parse(decision, raw)

    def parse(self, decision: Decision, raw: str) -> Action | None:
        words = raw.replace(",", " ").split()
        if not all(w.isdigit() for w in words):
            self.write(f"'{raw}' is not a number. {HELP}")
            return None
        numbers = [int(w) for w in words]
        count = len(decision.actions)
        bad = [n for n in numbers if not 1 <= n <= count]
        if bad:
            self.write(f"There is no option {bad[0]}: choose between 1 and {count}.")
            return None
        if not decision.multi:
            if len(numbers) != 1:
                self.write("Choose exactly one option.")
                return None
            return decision.actions[numbers[0] - 1]
        if len(set(numbers)) != len(numbers):
            self.write("Each option can be picked once.")
            return None
        if not decision.min_picks <= len(numbers) <= decision.max_picks:
            self.write(f"Pick between {decision.min_picks} and {decision.max_picks} options.")
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
) -> int | None:
    rules = get_ruleset(ruleset)
    decks = rules.preconstructed_decks()
    ids = sorted(decks)
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    mine = deck or ids[0]
    theirs = opponent_deck or ids[(ids.index(mine) + 1) % len(ids)] if mine in ids else ids[0]
    for wanted in (mine, theirs):
        if wanted not in decks:
            raise EngineError(f"unknown deck '{wanted}' (known: {', '.join(ids)})")
    write(f"{rules.name}: your deck {mine} against the computer's {theirs}.")
    write(HELP)
    match = new_match(ruleset, [name, "Computer"], [decks[mine], decks[theirs]], seed)
    return TerminalGame(match, 0, opponent, read, write, seed).run()
