"""The computer opponent thinks in a worker process, never on the event loop.

Why a process: the hard computer searches for up to a second per decision, pure Python
that holds the interpreter lock; in a thread it would stall every other match's clicks
for as long. The worker ends with the bot (bot/play/workers.py).

What goes to the worker: the match's record once, then only the actions taken since (it
keeps the matches it has seen and replays them forward); a worker that does not have the
match as the bot expects (it was restarted, say) asks for the record again. Each decision
gets its own seed, from the match's seed and how many actions it holds, so a restored
match thinks as the same match would have.

The time: the hard computer takes at most `THINK_SECONDS`, and never more than
`TIMER_SHARE` of the turn timer; the bot waits for the worker a little longer than that
and, if it does not answer (a crashed worker, a replay that took too long), plays the
first legal action rather than hold the match up.
"""

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.play.workers import worker_pool
from engine import RESIGN, Action, Decision, Match, MatchRecord, SearchAgent, make_agent, replay

log = logging.getLogger(__name__)

#: The difficulty a player picks, and the agent that plays it.
DIFFICULTIES = {"easy": "random", "normal": "greedy", "hard": "search"}
DEFAULT_DIFFICULTY = "normal"
#: The hard computer's time per decision, at most.
THINK_SECONDS = 1.0
#: ... and at least this, however busy the worker is.
MIN_THINK_SECONDS = 0.05
#: ... and never more than this share of the turn timer.
TIMER_SHARE = 0.25
#: How much longer than its budget the bot waits for the worker before playing without it
#: (a worker just started is still importing the engine), never more than `TIMER_SHARE`
#: of the turn timer again.
GRACE = 5.0
#: Matches a worker keeps replayed (the oldest are dropped and sent again if needed).
KEPT = 64


def agent_for(difficulty: str) -> str:
    return DIFFICULTIES.get(difficulty, DIFFICULTIES[DEFAULT_DIFFICULTY])


def think_budget(turn_timer: float, *, waiting: int = 0) -> float:
    """Seconds the computer may think about one decision under this turn timer, with
    `waiting` other decisions queued for the worker behind it (see `Thinker`)."""
    return max(MIN_THINK_SECONDS, min(THINK_SECONDS, turn_timer * TIMER_SHARE) / (1 + waiting))


@dataclass(frozen=True)
class Job:
    """One decision to think about, as the worker receives it (pickled)."""

    match_id: int
    start: int  # how many actions the worker should already hold
    actions: list[tuple[int, Any]]  # the actions since
    record_json: str | None  # the whole record instead, when the worker must start over
    seat: int
    agent: str
    seed: int
    seconds: float


NEED_RECORD = "need-record"

# -- in the worker ---------------------------------------------------------------------

_MATCHES: "OrderedDict[int, Match]" = OrderedDict()


def think(job: Job) -> Any:
    """The worker's side: bring the match up to date, then let the agent choose.
    Returns `NEED_RECORD` when it does not hold the match as `job.start` says."""
    if job.record_json is not None:
        match = replay(MatchRecord.model_validate_json(job.record_json))
    else:
        held = _MATCHES.get(job.match_id)
        if held is None or len(held.actions) != job.start:
            return NEED_RECORD
        match = held
        for player, action in job.actions:
            if isinstance(action, tuple) and action and action[0] == RESIGN:
                match.resign(player, *action[1:])
            else:
                match.apply(player, action)
    _MATCHES[job.match_id] = match
    _MATCHES.move_to_end(job.match_id)
    while len(_MATCHES) > KEPT:
        _MATCHES.popitem(last=False)
    decision = match.decision_for(job.seat)
    if decision is None:
        raise ValueError(f"seat {job.seat} has no decision open in match {job.match_id}")
    return choose(match, decision, job.agent, job.seed, job.seconds)


def choose(match: Match, decision: Decision, agent_name: str, seed: int, seconds: float) -> Action:
    """One agent's answer, the search agent's within `seconds`."""
    agent = make_agent(agent_name, seed, seconds=seconds) if agent_name == "search" else None
    if isinstance(agent, SearchAgent):
        return agent.decide(match.ruleset, match.state, decision)
    return make_agent(agent_name, seed).choose(match, decision)


# -- in the bot ------------------------------------------------------------------------


class Thinker:
    """The bot's end: one worker process, started on the first computer decision and
    shut down with the bot (`close`).

    One job at a time goes to the worker, so a job's time limit runs from when the worker
    starts it, not from when it was queued behind others (ten computer matches thinking
    at once used to time out in the queue, and every timeout restarted the worker). While
    others wait, a job gets a share of the budget: with k decisions queued behind it, it
    thinks `budget / (1 + k)`, so every waiting player hears from the computer within
    about one budget, however many matches it plays."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        #: match id -> how many of its actions the worker holds
        self._sent: dict[int, int] = {}
        self._worker_free = asyncio.Lock()
        self._queued = 0  # jobs waiting for the worker

    async def choose(
        self, match_id: int, match: Match, decision: Decision, difficulty: str, turn_timer: float
    ) -> Action:
        """The computer's action for `decision`, thought out in the worker."""
        self._queued += 1
        queued = True
        try:
            async with self._worker_free:
                self._queued -= 1
                queued = False
                seconds = think_budget(turn_timer, waiting=self._queued)
                grace = min(GRACE, turn_timer * TIMER_SHARE)
                answer = await self._ask_worker(
                    match_id, match, decision, difficulty, seconds, grace
                )
        finally:
            if queued:
                self._queued -= 1
        if answer is not None:
            return answer
        self._sent.pop(match_id, None)
        return decision.forced or (
            tuple(decision.actions[: decision.min_picks]) if decision.multi else decision.actions[0]
        )

    async def _ask_worker(
        self,
        match_id: int,
        match: Match,
        decision: Decision,
        difficulty: str,
        seconds: float,
        grace: float,
    ) -> Action | None:
        """The worker's answer, or None when it failed (it is then shut down)."""
        agent = agent_for(difficulty)
        seed = (match.meta.seed * 1_000_003 + len(match.actions)) % (2**63)
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            start = self._sent.get(match_id)
            whole = start is None or attempt > 0
            known = 0 if start is None or whole else start
            job = Job(
                match_id,
                known,
                [] if whole else list(match.actions[known:]),
                match.record.model_dump_json() if whole else None,
                decision.player,
                agent,
                seed,
                seconds,
            )
            try:
                self.warm()
                future = loop.run_in_executor(self._pool, think, job)
                answer = await asyncio.wait_for(future, seconds + grace)
            except (TimeoutError, BrokenProcessPool, OSError) as exc:
                log.warning("match %s: the computer's worker failed (%r)", match_id, exc)
                self.close()
                return None
            if answer == NEED_RECORD:
                self._sent.pop(match_id, None)
                continue
            self._sent[match_id] = len(match.actions)
            return answer
        return None

    def warm(self) -> None:
        """Start the worker now (a match with a computer began or was restored), so its
        first decision does not wait for a process to start and import the engine."""
        if self._pool is None:
            self._pool = worker_pool()

    def forget(self, match_id: int) -> None:
        self._sent.pop(match_id, None)

    def close(self) -> None:
        """End the worker (the bot is shutting down, or the worker failed: a new one starts
        on the next decision and is sent whole records)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._sent.clear()
