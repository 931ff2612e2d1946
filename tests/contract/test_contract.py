"""The engine contract (docs/architecture.md), checked the same way for every registered
ruleset and for Relay, the test-only game for more than two seats.

Helpers in tests/support/contract.py; the no-tells check is test_no_tells.py next to this.
"""

import dataclasses
import gc
import random
import weakref
from collections.abc import Callable, Iterator

import pytest

from engine.core import ruleset as registry
from engine.core.decision import Decision
from engine.core.errors import IllegalAction, NotYourDecision, RecordError
from engine.core.match import replay
from engine.core.record import MatchRecord
from engine.core.ruleset import GameState
from tests.support.contract import (
    RELAY,
    Watcher,
    games,
    play,
    play_out,
    playing,
    seat_counts,
    snapshot,
    start,
)
from tests.support.fingerprint import fingerprint
from tests.support.relay import RelayRuleset, RelayState

GAMES = games()
#: (game, seats): two seats, and the most each game takes when that is more
TABLES = [pytest.param(g, n, id=f"{g}-{n}") for g in GAMES for n in seat_counts(g)]


class Tally:
    """How much a test checked; `seeds` gives games until it is enough (at least three:
    Relay's games are short, the real ones long), and fails if 40 were not."""

    def __init__(self, needed: int):
        self.needed, self.count = needed, 0

    def seeds(self, least: int = 3, most: int = 40) -> Iterator[int]:
        for seed in range(most):
            if seed >= least and self.count > self.needed:
                return
            yield seed
        assert self.count > self.needed, f"{most} games were not enough"


# -- illegal actions change nothing -----------------------------------------------------


def _bad_actions(decision: Decision) -> list:
    """Actions no decision may take: not actions at all, unknown ones, and for a
    multi-pick decision too many picks, a pick taken twice, a lone item not in a tuple."""
    bad: list = [("no such action", 99999), ("no such action",), "end", None, 42]
    actions = list(decision.actions)
    if decision.multi:
        bad.append(actions[0] if actions else ("card", 99999))
        if len(actions) > decision.max_picks:
            bad.append(tuple(actions[: decision.max_picks + 1]))
        if actions and decision.max_picks >= 2:
            bad.append((actions[0], actions[0]))
        if decision.min_picks > 0:
            bad.append(())
    else:
        bad.append(())
        bad.append((actions[0],))
    return bad


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_an_illegal_or_wrong_player_action_raises_a_typed_error_and_changes_nothing(
    game: str, seats: int
) -> None:
    tried = Tally(100)
    for seed in tried.seeds():
        match = start(game, seed, seats)
        for number, _ in enumerate(playing(match, seed, 240)):
            if match.over or number % 8:
                continue
            before = snapshot(match)
            asked = {d.player for d in match.pending}
            for decision in match.pending:
                for action in _bad_actions(decision):
                    with pytest.raises(IllegalAction):
                        match.apply(decision.player, action)
                    tried.count += 1
                # the right action from the wrong player, and from nobody at all
                for seat in [*(s for s in range(seats) if s not in asked), seats, -1]:
                    with pytest.raises(NotYourDecision):
                        match.apply(seat, decision.actions[0] if not decision.multi else ())
                    tried.count += 1
            assert snapshot(match) == before
        play_out(match, seed)
        over = snapshot(match)
        for seat in range(seats):
            with pytest.raises(NotYourDecision):
                match.apply(seat, ("end",))
            with pytest.raises(NotYourDecision):
                match.resign(seat)
        assert snapshot(match) == over


# -- no needless prompts ------------------------------------------------------------------


def test_a_lone_option_is_forced_unless_the_decision_must_always_ask() -> None:
    lone = Decision(0, "main", "", [("end",)])
    asked = Decision(0, "main", "", [("end",)], always_ask=True)
    nothing_to_pick = Decision(0, "discard", "", [("card", 1)], min_picks=0, max_picks=0)
    empty = Decision(0, "mulligan", "", [], min_picks=0, max_picks=3)
    choice = Decision(0, "main", "", [("end",), ("attack", 1, "p1")])
    assert lone.forced == ("end",) and asked.forced is None
    assert nothing_to_pick.forced == () and empty.forced == ()
    assert choice.forced is None


def test_decision_flags_are_keywords() -> None:
    with pytest.raises(TypeError):
        Decision(0, "mulligan", "", [("card", 1)], 0, 1)  # type: ignore[misc]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_match_takes_forced_choices_and_records_only_the_players(game: str, seats: int) -> None:
    """No needless prompts: an open decision is never one the match could take itself,
    and what the match took is not in the record (replay takes it the same way)."""
    for seed in range(3):
        match = start(game, seed, seats)
        chosen = 0
        for _ in playing(match, seed, 20000):
            for decision in match.pending:
                assert decision.forced is None, decision
                assert decision.seq > 0
            chosen += not match.over
        assert match.over
        assert len(match.record.actions) == chosen
        assert fingerprint(replay(match.record)) == fingerprint(match)


# -- records ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_record_survives_json_and_replays_to_the_same_match(game: str, seats: int) -> None:
    for seed in range(3):
        match = start(game, seed, seats)
        for steps in (40, 20000):  # mid-game, then finished
            play(match, seed + steps, steps)
            text = match.record.to_json()
            again = replay(MatchRecord.from_json(text))
            assert fingerprint(again) == fingerprint(match)
            assert [(d.player, d.seq, d.actions) for d in again.pending] == [
                (d.player, d.seq, d.actions) for d in match.pending
            ]
            assert again.record.to_json() == text
        assert match.over


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_resignation_is_recorded_and_replays(game: str, seats: int) -> None:
    """Two seats: the other player wins. More: the leaver is never asked again and the
    game goes on to its end."""
    for seed in range(3):
        match = start(game, seed, seats)
        play(match, seed, 30 + 17 * seed)
        if match.over:
            continue
        leaver = random.Random(seed).randrange(seats)
        match.resign(leaver, "resigned")
        if seats == 2:
            assert match.over and match.winner == 1 - leaver
        else:
            assert not match.over
            for _ in playing(match, seed, 20000):
                assert all(d.player != leaver for d in match.pending)
            assert match.over and match.winner != leaver
        assert (leaver, ("resign", "resigned")) in match.record.actions
        again = replay(MatchRecord.from_json(match.record.to_json()))
        assert fingerprint(again) == fingerprint(match)


@pytest.mark.parametrize("game", GAMES)
def test_replay_refuses_another_rules_version_and_an_action_that_does_not_fit(
    game: str,
) -> None:
    match = play(start(game, 5), 5, 10)
    old = match.record.model_copy(update={"rules_version": "0-old"})
    with pytest.raises(RecordError, match="rules"):
        replay(old)
    broken = match.record
    broken.actions.append((0, ["no such action", 4242]))
    with pytest.raises(RecordError, match="does not replay"):
        replay(broken)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_choices_make_the_same_game(game: str) -> None:
    first = play(start(game, 8), 3, 150)
    second = play(start(game, 8), 3, 150)
    assert fingerprint(first) == fingerprint(second)
    assert first.record.to_json() == second.record.to_json()


# -- labels ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_labels_are_asked_of_the_state_and_only_the_chooser_sees_them(
    game: str, seats: int
) -> None:
    labelled = Tally(50)
    for seed in labelled.seeds():
        match = start(game, seed, seats)
        for _ in playing(match, seed, 150):
            for decision in match.pending:
                # the decision holds no way back to the state: no state, no callback
                for held in gc.get_referents(decision):
                    if held is not Decision:
                        assert not isinstance(held, GameState) and not callable(held), held
                options = match.options(decision)
                assert [o.action for o in options] == list(decision.actions)
                assert [o.index for o in options] == list(range(len(options)))
                assert all(isinstance(o.label, str) and o.label for o in options)
                assert match.options(decision) is options  # built once per decision
                for viewer in [None, *range(seats)]:
                    seen = [d for d in match.view(viewer).decisions if d.player == decision.player]
                    for shown in seen:
                        if viewer == decision.player:
                            assert shown.options == tuple(o.label for o in options)
                        else:
                            assert shown.options is None
                labelled.count += 1


# -- clones -------------------------------------------------------------------------------


def _looks(state: GameState, seats: int) -> tuple:
    """Every view of a state without its decisions (whose numbers the match assigns),
    and the play-by-play."""
    views = tuple(
        repr(dataclasses.replace(state.view(v), decisions=())) for v in [None, *range(seats)]
    )
    return views, tuple(e.text for e in state.events), state.over, state.winner


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_clone_looks_the_same_and_changes_alone(game: str, seats: int) -> None:
    """What look-ahead agents rely on: a copy equal to the state, and independent."""
    compared = Tally(40)
    for seed in compared.seeds():
        match = start(game, seed, seats)
        rng = random.Random(seed)
        for number, _ in enumerate(playing(match, seed, 200)):
            if match.over or number % 5:
                continue
            state = match.state
            seen = _looks(state, seats)
            twin = state.clone()
            assert _looks(twin, seats) == seen
            _play_alone(twin, rng, rng.randrange(1, 6))
            assert _looks(state, seats) == seen
            compared.count += 1


def _play_alone(twin: GameState, rng: random.Random, actions: int) -> None:
    """A copy plays on by itself, as a look-ahead agent's imagined game does."""
    for _ in range(actions):
        if twin.over:
            return
        decision = twin.decisions()[0]
        choices = decision.actions
        if decision.multi:
            twin.apply(decision.player, tuple(choices[: decision.min_picks]))
        else:
            twin.apply(decision.player, choices[rng.randrange(len(choices))])


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_copies_played_on_and_redealt_never_change_the_originals_future(
    game: str, seats: int
) -> None:
    """Copies share what no rule changes (cards lying in a deck, a library, a pile: the
    "cheaper copies" of docs/ai.md), so a rule that changed a shared card, or a way out of
    a pile that did not take its own copy first, would reach back into the original. The
    views cannot show that at once (a deck is face down); the game's future can: a match
    whose state was copied, re-dealt (`determinize`, the search's imagined games) and
    played on along the way must end exactly as the same match played with no copies."""
    for seed in range(3):
        match = start(game, seed, seats)
        rng = random.Random(seed)
        rules = match.ruleset
        for number, _ in enumerate(playing(match, seed, 400)):
            if match.over or number % 4:
                continue
            _play_alone(match.state.clone(), rng, rng.randrange(1, 9))
            try:  # re-dealt as the search does: for the player who decides now
                imagined = rules.determinize(match.state, match.pending[0].player, rng)
            except NotImplementedError:  # Relay, the test-only game, is never searched
                continue
            _play_alone(imagined, rng, rng.randrange(1, 9))
        alone = play(start(game, seed, seats), seed, 400)
        assert fingerprint(alone) == fingerprint(match), f"seed {seed}"


# -- memory ---------------------------------------------------------------------------------


def _engine_garbage(make: Callable[[], "weakref.ref[GameState]"]) -> list[str]:
    """Run `make` with the garbage collector off; it builds and uses a match, drops it and
    returns a weak reference to its state. The state must be gone at once (freed by
    reference counting alone), and a collection then finds no engine object in a cycle."""
    gc.collect()
    gc.disable()
    try:
        state = make()
        alive = state() is not None
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = sorted(
            {
                f"{type(o).__module__}.{type(o).__qualname__}"
                for o in gc.garbage
                if type(o).__module__.startswith(("engine.", "tests.support"))
            }
        )
        return (["the state itself"] if alive else []) + found
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.parametrize(("game", "seats"), TABLES)
@pytest.mark.parametrize("moment", ["mid-game", "finished", "resigned"])
def test_a_dropped_match_leaves_no_reference_cycle(game: str, seats: int, moment: str) -> None:
    """docs/performance.md: nothing in a state points back at it, so a match is freed the
    moment it is dropped (a cycle would wait for the collector: 5 % of a simulation).
    The match is used as front ends and agents use it: labels, views, events, a clone."""

    def make() -> "weakref.ref[GameState]":
        match = start(game, 4, seats)
        play(match, 4, 20000 if moment == "finished" else 60)
        if moment == "resigned" and not match.over:
            match.resign(match.pending[0].player)
        for decision in match.pending:
            match.options(decision)
        for viewer in [None, *range(seats)]:
            match.view(viewer)
        assert match.events
        twin = match.state.clone()
        if twin.decisions():
            decision = twin.decisions()[0]
            actions = decision.actions
            twin.apply(
                decision.player,
                tuple(actions[: decision.min_picks]) if decision.multi else actions[0],
            )
        return weakref.ref(match.state)

    assert _engine_garbage(make) == []


# -- hidden information -------------------------------------------------------------------


#: The same check at four seats plays the longest games of the suite: the default tier
#: runs them, the quick one the two- and three-seat tables.
VIEW_TABLES = [
    pytest.param(
        *table.values, id=table.id, marks=[pytest.mark.slow] if table.values[1] == 4 else []
    )
    for table in TABLES
]


@pytest.mark.parametrize(("game", "seats"), VIEW_TABLES)
def test_no_view_holds_another_players_hand_any_deck_order_or_the_seed(
    game: str, seats: int
) -> None:
    """Every seat's view and the public one, at every third step of random games, walked
    to the last value: plain view data only, no card of another seat's hand or of a
    hidden pile (by uid), no name that is only in another seat's hand, no seed."""
    checked = Tally(100)
    for k in checked.seeds():
        seed = 918_273_645 + k
        match = start(game, seed, seats)
        watcher = Watcher(game, match, seed)
        for number, _ in enumerate(playing(match, seed, 300)):
            if number % 3 == 0 or match.over:
                watcher.check()
            else:
                watcher.follow()
        checked.count += watcher.checked


# -- leaving ------------------------------------------------------------------------------------


class PlainRelayState(RelayState):
    """Relay with the engine's default concede instead of its own."""

    concede = GameState.concede


class PlainRelay(RelayRuleset):
    id = "plain-relay"

    def new_game(self, players, decks, rng, options):  # type: ignore[override]
        return PlainRelayState(players, decks, rng)


@pytest.fixture
def plain_relay(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(registry._MODULES, PlainRelay.id, "tests.contract.test_contract")
    monkeypatch.setitem(registry._LOADED, PlainRelay.id, PlainRelay())
    return PlainRelay.id


def test_the_default_concede_with_two_seats_lets_the_other_win(plain_relay: str) -> None:
    match = play(start(plain_relay, 1), 1, 3)
    match.resign(0, "left the table")
    assert match.over and match.winner == 1 and match.pending == ()
    assert [e.text for e in match.events[-2:]] == [
        "P0 leaves the game (left the table).",
        "P1 wins game 1 (P0 left the table).",
    ]
    assert fingerprint(replay(match.record)) == fingerprint(match)


def test_the_default_concede_with_more_seats_drops_the_leaver_out(plain_relay: str) -> None:
    match = play(start(plain_relay, 2, players=4), 2, 5)
    leaver = 2
    match.resign(leaver)
    assert not match.over and match.state.dropped == (leaver,)
    assert match.events[-1].text == "P2 leaves the game (resigned)."
    with pytest.raises(IllegalAction, match="already left"):
        match.resign(leaver)
    for _ in playing(match, 2, 2000):
        assert all(d.player != leaver for d in match.pending)  # the match plays for them
    assert match.over
    assert fingerprint(replay(match.record)) == fingerprint(match)


def test_relay_is_in_the_suite() -> None:
    assert RELAY in GAMES and set(registry.ruleset_ids()) <= set(GAMES)
