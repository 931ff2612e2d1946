"""Replays: a finished match stepped through from its record, one recorded action a step.

No Discord and no storage here: `/replay` (bot/discord/cogs/replays.py) and `cardhost replay`
(bot/terminal/replay.py) both read frames from this module.

A record is read only through the engine's `replay()` and `MatchRecord`: the start is
`replay()` of the record with no actions, then the recorded actions are applied one by
one, exactly as `replay()` does (a resignation is recorded as `("resign", reason)`).
Step 0 is the table before anyone acted; step n is the table after the n-th recorded
action. Forced actions are not recorded (the match takes them itself), so a step may
move the game on by more than one action.

Only views reach a frame: the public view (`view(None)`), and for a revealed replay each
seat's own view of its own seat, shown side by side (the engine has no all-seeing view,
and the raw state is never read).
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from engine import (
    CardView,
    IllegalAction,
    Match,
    MatchRecord,
    MatchView,
    RecordError,
    apply_recorded,
    check_actions,
    get_ruleset,
    replay,
)

TURN_CHOICES = 25  # Discord's limit for a select menu's options


class ReplayRefused(Exception):
    """A record that cannot be replayed here; the message says why, for a person."""


@dataclass(slots=True)
class HiddenZone:
    """A zone of one seat that the public could not see, as that seat saw it."""

    seat: int
    seat_name: str
    zone: str
    cards: tuple[CardView, ...]


@dataclass(slots=True)
class Frame:
    """The table at one step of a replay."""

    step: int
    steps: int
    turn: int
    view: MatchView  # always the public view
    events: list[str]  # what the public saw happen during this step
    hidden: list[HiddenZone] | None = None  # only for a revealed replay
    turn_starts: list[tuple[int, int]] = field(default_factory=list)  # (turn, first step)

    @property
    def at_end(self) -> bool:
        return self.step == self.steps


def refusal_text(record: MatchRecord, exc: Exception) -> str:
    """Why a record cannot be replayed, in words a player understands."""
    try:
        rules = get_ruleset(record.ruleset)
    except Exception:  # an unknown game: the engine's own words
        return f"This record cannot be replayed: {exc}."
    if isinstance(exc, RecordError) and record.rules_version != rules.version:
        return (
            f"This match was recorded with {rules.name} rules {record.rules_version}, and this "
            f"bot has {rules.name} rules {rules.version}: it cannot replay it (a record replays "
            "only with the rules version it was made with)."
        )
    return f"This record cannot be replayed: {exc}."


def _start(record: MatchRecord) -> Match:
    """The match at its first step, once the whole record (header and every action's
    shape) is checked: a damaged record is refused before anything is shown."""
    try:
        match = replay(record.model_copy(update={"actions": []}))
        check_actions(record.moves(), len(record.players))
    except RecordError as exc:
        raise ReplayRefused(refusal_text(record, exc)) from exc
    return match


def _step(match: Match, number: int, player: int, action: object) -> None:
    try:
        apply_recorded(match, player, action)
    except IllegalAction as exc:
        raise ReplayRefused(
            f"This record cannot be replayed: its action {number} does not fit the game ({exc})."
        ) from exc


def hidden_zones(match: Match, public: MatchView) -> list[HiddenZone]:
    """Each seat's zones that the public view hides but the seat's own view shows."""
    out = []
    for seat in public.seats:
        own = match.view(seat.seat).seats[seat.seat]
        for name, zone in own.zones.items():
            shown = seat.zones.get(name)
            if zone.cards is not None and (shown is None or shown.cards is None):
                out.append(HiddenZone(seat.seat, seat.name, name, zone.cards))
    return out


class Replay:
    """A record, checked once (it replays to its end) and indexed by turn.

    Building it replays the whole record, so do it off the event loop
    (`asyncio.to_thread(Replay, record)`), like `frame`.
    """

    def __init__(self, record: MatchRecord):
        self.record = record
        self.moves = record.moves()
        self.steps = len(self.moves)
        match = _start(record)
        turns = [match.view(None).turn]
        for number, (player, action) in enumerate(self.moves, start=1):
            _step(match, number, player, action)
            turns.append(match.view(None).turn)
        self.turns = turns  # turn number at each step
        self.over = match.over
        self.winner = match.winner
        self.players = list(record.players)
        starts: dict[int, int] = {}
        for step, turn in enumerate(turns):
            starts.setdefault(turn, step)
        self.turn_starts = sorted(starts.items())

    @property
    def winner_text(self) -> str:
        """`NAME`, `draw`, or `none` for a record that ends before its match does."""
        if not self.over:
            return "none"
        return "draw" if self.winner is None else self.players[self.winner]

    def step_of_turn(self, turn: int) -> int:
        """The first step at which `turn` is under way (the nearest turn if it never was)."""
        best = min(self.turn_starts, key=lambda ts: (abs(ts[0] - turn), ts[0]))
        return best[1]

    def clamp(self, step: int) -> int:
        return max(0, min(self.steps, step))

    def match_at(self, step: int, on_step: Callable[[Match, int], None] | None = None) -> Match:
        """A fresh match replayed to `step`; `on_step(match, n)` after each step (0 too)."""
        step = self.clamp(step)
        match = _start(self.record)
        if on_step:
            on_step(match, 0)
        for number, (player, action) in enumerate(self.moves[:step], start=1):
            _step(match, number, player, action)
            if on_step:
                on_step(match, number)
        return match

    def frame(self, step: int, reveal: bool = False) -> Frame:
        step = self.clamp(step)
        marks: list[int] = []

        def remember(match: Match, number: int) -> None:
            if number >= step - 1:
                marks.append(len(match.events))

        match = self.match_at(step, remember)
        start = marks[0] if step > 0 else 0
        public = match.view(None)
        events = [event.text for event in match.events_seen_by(None, start)]
        return Frame(
            step=step,
            steps=self.steps,
            turn=self.turns[step],
            view=public,
            events=events,
            hidden=hidden_zones(match, public) if reveal else None,
            turn_starts=self.turn_starts,
        )

    def play_by_play(self) -> list[tuple[int, list[str]]]:
        """Every step's public events, in order: (step, lines)."""
        out: list[tuple[int, list[str]]] = []
        seen = [0]

        def collect(match: Match, number: int) -> None:
            lines = [e.text for e in match.events_seen_by(None, seen[0])]
            seen[0] = len(match.events)
            out.append((number, lines))

        self.match_at(self.steps, collect)
        return out


def turn_choices(replay_: Replay, step: int) -> list[tuple[int, int]]:
    """At most 25 (turn, first step) pairs around the current step, for a select menu."""
    starts = replay_.turn_starts
    if len(starts) <= TURN_CHOICES:
        return starts
    here = max(i for i, (_, first) in enumerate(starts) if first <= step) if step else 0
    low = max(0, min(here - TURN_CHOICES // 2, len(starts) - TURN_CHOICES))
    return starts[low : low + TURN_CHOICES]
