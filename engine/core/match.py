"""The match: a ruleset's state behind the engine contract.

It validates every action against the open decision before anything changes, takes
forced choices itself (no needless prompts), numbers each decision so a stale button can
be told from a live one, and keeps the action list that the record replays.
"""

from collections.abc import Sequence
from typing import Any

from engine.core.decision import Action, Decision, Option, action_id, normalize_action
from engine.core.errors import (
    DeckError,
    IllegalAction,
    NotYourDecision,
    OptionError,
    RecordError,
    ScenarioError,
)
from engine.core.events import Event
from engine.core.pins import pin
from engine.core.record import MatchRecord
from engine.core.record_checks import RESIGN, action_problem, checked_ruleset
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState, Ruleset, get_ruleset
from engine.core.steps import WAIT
from engine.core.view import MatchView

__all__ = ["RESIGN", "Match", "apply_recorded", "from_scenario", "new_match", "replay"]


class Match:
    __slots__ = (
        "_core",
        "_open",
        "_seq",
        "actions",
        "dropped",
        "meta",
        "pending",
        "ruleset",
        "state",
    )

    def __init__(self, ruleset: Ruleset, state: GameState, meta: MatchRecord):
        self.ruleset = ruleset
        self.state = state
        self.meta = meta
        self.actions: list[tuple[int, Action]] = []
        self._open: dict[int, Decision] = {}
        #: The open decisions, in the ruleset's order. A plain attribute, not a property,
        #: because agents read it before every action; only the match assigns it.
        self.pending: tuple[Decision, ...] = ()
        #: Decision numbers count per player: one shared counter would let a player's next
        #: number reveal how many secret steps another player took meanwhile.
        self._seq = [0] * len(meta.players)
        #: Seats that left while the game goes on without them (`GameState.dropped`, the
        #: default concede): the match takes their decisions. A slot of the match, read
        #: after every action, rather than a class attribute of the state (slower to read).
        self.dropped: tuple[int, ...] = state.dropped
        #: The state runs the core's `apply` and `decisions` (GameState._core_driver),
        #: which `apply` then writes out; read once, a class attribute is slow to read.
        self._core = type(state)._core_driver
        self._advance(-1, self.state.decisions())

    # -- reading -------------------------------------------------------------------

    def decision_for(self, player: int) -> Decision | None:
        return self._open.get(player)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def players(self) -> list[str]:
        return self.meta.players

    def view(self, viewer: int | None) -> MatchView:
        return self.state.view(viewer)

    def options(self, decision: Decision) -> list[Option]:
        """An open decision's choices as a front end shows them (labels, card references,
        groups), asked of the state now: `GameState.options`."""
        return self.state.options(decision)

    def events_seen_by(self, viewer: int | None, start: int = 0) -> list[Event]:
        """The play-by-play from event `start` on, with what `viewer` may not see redacted."""
        return [event.seen_by(viewer) for event in self.state.events[start:]]

    @property
    def record(self) -> MatchRecord:
        return self.meta.model_copy(update={"actions": list(self.actions)})

    # -- acting --------------------------------------------------------------------

    def apply(self, player: int, action: Action) -> None:
        """Carry out `action` for `player`, or raise IllegalAction and change nothing."""
        decision = self._open.get(player)
        if decision is None:
            raise NotYourDecision(
                "the match is over" if self.over else "you have no choice to make right now"
            )
        if decision.multi:
            if not decision.is_legal(action):
                raise IllegalAction(f"'{_describe(action)}' is not a legal choice now")
        else:
            # An agent hands back one of the listed tuples itself: look for that object first
            # (a tuple compare costs more than this loop), then for an equal one (from JSON).
            for listed in decision.actions:
                if listed is action:
                    break
            else:
                if action not in decision.actions:
                    raise IllegalAction(f"'{_describe(action)}' is not a legal choice now")
        state = self.state
        if self._core:
            # GameState.apply and .decisions written out (two calls fewer per action, the
            # agent-vs-agent hot path); engine/core/state.py is the reference.
            state._decisions = None
            items = state.steps.items
            if items:
                step = items[-1]
                if (
                    step.apply(state, player, action) is not WAIT
                    or not items
                    or items[-1] is not step
                ):
                    state.run()
            else:
                state.apply(player, action)
            self.actions.append((player, action))
            if state.over or not items:
                decisions = state.decisions()
            else:
                decisions = state._decisions = items[-1].decisions(state)
        else:
            state.apply(player, action)
            self.actions.append((player, action))
            decisions = state.decisions()
        if len(decisions) == 1:
            # The common case, _advance's first branch written out (one call less per action):
            # one decision, not forced, for the same player again (or a new player).
            decision = decisions[0]
            if decision.forced is None and not self.dropped:
                nxt = decision.player
                opened = self._open
                if nxt == player and len(opened) == 1:
                    opened[player] = decision  # the same one-entry dict, refilled
                elif nxt not in opened:
                    self._open = {nxt: decision}
                else:
                    self._advance(player, decisions)
                    return
                seqs = self._seq
                decision.seq = seqs[nxt] = seqs[nxt] + 1
                self.pending = (decision,)
                return
        self._advance(player, decisions)

    def resign(self, player: int, reason: str = "resigned") -> None:
        """Leave the match at any time, whether or not it is this player's decision."""
        if self.over:
            raise NotYourDecision("the match is over")
        if not 0 <= player < len(self.meta.players):
            raise IllegalAction(f"there is no player {player}")
        self.state.concede(player, reason)
        self.dropped = self.state.dropped
        self.actions.append((player, (RESIGN, reason)))
        # Every open decision gets a new number: whether one's options named the leaver
        # depends on a hidden hand (a card that could target them), so renumbering only
        # the changed ones would tell the others what that hand held.
        self._open = {}
        self._advance(player, self.state.decisions())

    def _advance(self, actor: int, decisions: list[Decision]) -> None:
        """Take forced choices, then number the open decisions (a changed one gets a new seq).

        `decisions` is the state's list right after the actor's action."""
        state = self.state
        acted = {actor}
        dropped = self.dropped
        while True:
            for decision in decisions:
                forced = decision.forced
                if forced is None and decision.player in dropped:
                    # a seat that left under the core's default concede: the match plays
                    # for it, the first listed action or the fewest picks
                    actions = decision.actions
                    forced = tuple(actions[: decision.min_picks]) if decision.multi else actions[0]
                if forced is not None:
                    state.apply(decision.player, forced)
                    acted.add(decision.player)
                    break
            else:
                break
            decisions = state.decisions()
        previous = self._open
        self._open = opened = {}
        for decision in decisions:
            player = decision.player
            old = previous.get(player)
            if old is not None and player not in acted and old.same_choice(decision):
                decision.seq = old.seq
            else:
                self._seq[player] += 1
                decision.seq = self._seq[player]
            opened[player] = decision
        self.pending = tuple(decisions)


def _describe(action: Any) -> str:
    return action_id(action) if isinstance(action, tuple) else repr(action)


def new_match(
    ruleset: str,
    players: Sequence[str],
    decks: Sequence[Sequence[str]],
    seed: int,
    options: dict[str, Any] | None = None,
) -> Match:
    """Start a match; every deck is checked first and all problems reported at once."""
    rules = get_ruleset(ruleset)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise IllegalAction(
            f"{rules.name} takes {rules.min_players}-{rules.max_players} players, "
            f"not {len(players)}"
        )
    options = rules.check_options(options)
    if len(decks) != len(players):
        raise DeckError([f"{len(players)} players need {len(players)} decks, got {len(decks)}"])
    problems = []
    for name, deck in zip(players, decks, strict=True):
        problems += [f"{name}'s deck: {p}" for p in rules.validate_deck(deck)]
    if problems:
        raise DeckError(problems)
    card_digest, cards = pin(rules, decks)
    # Built unvalidated: every field was checked just above or comes from the ruleset.
    meta = MatchRecord.model_construct(
        ruleset=rules.id,
        rules_version=rules.version,
        seed=int(seed),
        players=[str(p) for p in players],
        decks=[list(d) for d in decks],
        options=options,
        scenario=None,
        cards=cards,
        card_digest=card_digest,
        actions=[],
    )
    state = rules.new_game(list(players), meta.decks, MatchRng(seed), meta.options)
    return Match(rules, state, meta)


def from_scenario(ruleset: str, data: dict[str, Any], seed: int = 0) -> Match:
    """A match that starts from a described mid-game position (docs/scenarios.md).

    The ruleset checks the data first, so a scenario without seats gets its ScenarioError."""
    rules = get_ruleset(ruleset)
    if not isinstance(data, dict):
        raise ScenarioError(f"a scenario is a table of fields with 'seats', not {data!r}")
    state = rules.from_scenario(data, MatchRng(seed))
    meta = MatchRecord(
        ruleset=rules.id,
        rules_version=rules.version,
        seed=seed,
        players=list(state.names),
        scenario=data,
    )
    return Match(rules, state, meta)


def apply_recorded(match: Match, player: int, action: Any) -> None:
    """Apply one move as a record holds it: a resignation is `("resign", reason)`, anything
    else an action in its stored (JSON) form. Raises IllegalAction if it does not fit,
    its shape included (a front end stepping through a record applies moves one by one)."""
    problem = action_problem(action)
    if problem:
        raise IllegalAction(problem)
    _apply_checked(match, player, action)


def _apply_checked(match: Match, player: int, action: Any) -> None:
    """`apply_recorded` for a move whose shape was checked already."""
    if isinstance(action, tuple) and action and action[0] == RESIGN:
        match.resign(player, *action[1:])
    else:
        match.apply(player, normalize_action(action))


def replay(record: MatchRecord) -> Match:
    """Rebuild a match from its record; raises RecordError if the record does not fit.

    The whole record is checked before anything is played (engine/core/record_checks.py),
    and an action that is not legal when its turn comes is named by its number. A record
    that pinned its cards replays with them even if the pool changed since."""
    rules = checked_ruleset(record)
    meta = record.model_copy(update={"actions": []})
    rng = MatchRng(record.seed)
    try:
        if record.scenario is not None:
            state = rules.from_scenario(record.scenario, rng)
        else:
            state = rules.new_game(list(record.players), record.decks, rng, record.options)
    except ScenarioError as exc:
        raise RecordError(f"the record's scenario: {exc}") from exc
    except OptionError as exc:  # what only the game can check: best-of for two seats
        raise RecordError(f"the record's option '{exc.option}': {exc}") from exc
    if len(state.names) != len(record.players):
        raise RecordError(
            f"the record's players: its scenario seats {len(state.names)}, "
            f"it names {len(record.players)}"
        )
    match = Match(rules, state, meta)
    for number, (player, action) in enumerate(record.moves(), start=1):
        try:
            _apply_checked(match, player, action)
        except IllegalAction as exc:
            raise RecordError(
                f"action {number} ({_describe(action)}) does not replay: {exc}"
            ) from exc
    return match
