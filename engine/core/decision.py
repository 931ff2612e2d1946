"""Decisions: who must choose, among which legal actions, and how many.

An action is a tuple of plain values (`("attack", 17, "p1")`), so it is hashable, cheap to
compare and survives a JSON round trip. A decision that picks several items at once (a
mulligan) takes a tuple of its item actions.

Labels and card references are not part of a decision: a front end asks the state for
them (`GameState.options(decision)`, `Match.options(decision)`) when it shows the choice,
so the agent-vs-agent hot path never builds text, and a decision holds no reference to
the state that made it (a state keeps its open decisions: a reference back would make
every match a reference cycle, see docs/performance.md).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Action = tuple[Any, ...]


@dataclass(slots=True, frozen=True)
class Option:
    """One legal choice as a front end shows it."""

    index: int
    action: Action
    label: str
    group: str = ""
    card_uid: int | None = None
    target: str | int | None = None

    @property
    def id(self) -> str:
        return action_id(self.action)


#: How one action reads for its player: (label, group, card uid, target); see
#: `GameState.describe`.
Label = tuple[str, str, int | None, str | int | None]


class Decision:
    """The open choice of one player. `seq` is set by the match and identifies it.

    A plain slotted class rather than a dataclass: one is built after every action, and
    the agent-vs-agent benchmark notices the difference.
    """

    __slots__ = (
        "_options",
        "actions",
        "forced",
        "kind",
        "max_picks",
        "min_picks",
        "multi",
        "player",
        "private",
        "prompt",
        "seq",
    )

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        actions: list[Action],
        *,
        min_picks: int = 1,
        max_picks: int = 1,
        private: bool = False,
        always_ask: bool = False,
    ):
        """The flags are keywords only (``Decision(p, "x", prompt, acts, max_picks=2)``).

        ``min_picks``/``max_picks``: 1 and 1 for one action, otherwise the decision takes a
        tuple of that many item actions. ``private``: a choice about cards only its player
        sees (a mulligan). ``always_ask``: never take a lone option silently. For a choice
        whose existence the others can see while its options come from a hidden hand:
        taking it at once would tell them the hand offered nothing else
        (docs/architecture.md, no tells)."""
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.actions = actions
        self.min_picks = min_picks
        self.max_picks = max_picks
        self.private = private
        self.seq = 0
        self._options: list[Option] | None = None
        # `forced`: the action to take without asking, when the choice is no choice at all.
        if min_picks == 1 and max_picks == 1:
            self.multi = False
            self.forced = actions[0] if len(actions) == 1 and not always_ask else None
        else:
            self.multi = True
            self.forced = () if max_picks == 0 or not actions else None

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, actions={self.actions!r})"

    def is_legal(self, action: Any) -> bool:
        if not self.multi:
            return action in self.actions
        if not isinstance(action, tuple) or not self.min_picks <= len(action) <= self.max_picks:
            return False
        return len(set(action)) == len(action) and all(a in self.actions for a in action)

    def same_choice(self, other: "Decision") -> bool:
        """True when `other` offers exactly this choice (so its buttons stay valid)."""
        return (
            self.player == other.player
            and self.kind == other.kind
            and self.min_picks == other.min_picks
            and self.max_picks == other.max_picks
            and self.actions == other.actions
        )

    def labelled(self, describe: "Callable[[Action], Label]") -> list[Option]:
        """The options as a front end shows them, each action read by `describe` (the
        state's, asked now); built once and kept, as labels do not change while the
        decision is open. Called by `GameState.options`, not by front ends."""
        built = self._options
        if built is None:
            built = self._options = [
                Option(i, action, *describe(action)) for i, action in enumerate(self.actions)
            ]
        return built


def action_id(action: Action) -> str:
    """A stable text id for an action (`attack.17.p1`), used in logs and component ids."""
    return ".".join(action_id(a) if isinstance(a, tuple) else str(a) for a in action)


def normalize_action(raw: Any) -> Any:
    """Turn JSON lists back into the tuples the engine compares against."""
    if isinstance(raw, list | tuple):
        return tuple(normalize_action(x) for x in raw)
    return raw
