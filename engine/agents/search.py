"""Information-set Monte Carlo tree search: the hard computer opponent.

Each imagined game starts by dealing the hidden part of the game afresh
(`Ruleset.determinize`: the others' hands, every deck's order, secret choices not yet
revealed, the future shuffles), consistently with what the agent's player has seen, and
never from the real hidden cards. Every root action is then played out in that same
imagined game with the same random draws after it (common random numbers: the luck of the
deal cancels out of the comparison between actions). Below the root, the playouts share one
tree (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): at each decision the
mover picks, among the actions this imagined game offers, by UCB1 over the playouts in
which the action was available; one node is added per playout; a short rollout follows,
each step by a cheap greedy (a few sampled actions tried on copies); and the position is
scored for every seat (a win is 1, a loss 0, otherwise the ruleset's `evaluate`, less its
value where the search began, squashed into 0..1). Every seat maximises its own score, so
three and four players work as two do. The root action with the best mean wins.

Simultaneous choices (Enchantoria) are played in a fixed order in the imagined game: the
agent's own first, then the others', so the tree never lets the agent's choice depend on
a choice it could not have seen.

The budget is per decision: `playouts` (deterministic for a seed) or `seconds` (whichever
ends first when both are given); with neither, the ruleset's `search_playouts`. Where
rollouts stop is the ruleset's too (`search_turns`): what measured best differs from game
to game (docs/ai.md). A forced choice, a lone option, and picks of several items at once
(answered by the ruleset's `choose_many`, as greedy does) are answered at once without
searching.

An optional ruleset hook, looked up by name so that a ruleset without it plays as
before: `search_picks(state, decision)`, the multi-picks worth weighing (Battle Mages'
attack declarations and careful "up to" targets; the first is the agent's own pick in
its rollouts).
"""

import math
import random
import time

from engine.core.decision import Action, Decision
from engine.core.errors import EngineError
from engine.core.match import Match
from engine.core.ruleset import GameState, Ruleset, get_ruleset

#: UCB1's exploration constant, for rewards in 0..1.
EXPLORE = 0.7
#: Rollout actions played after the tree's last node before the position is scored, where
#: the ruleset's `search_turns` sets no other limit.
ROLLOUT = Ruleset.search_turns[1]
#: A tree deeper than this many decisions stops adding nodes (the rest is rollout). 1:
#: only the root's actions are nodes and the greedy rollouts play on from there (a
#: one-step improvement on greedy, as measured best: docs/ai.md); more grows the
#: ISMCTS tree below the root.
MAX_DEPTH = 1
#: The playouts a decision gets in a game that sets no `search_playouts` of its own.
DEFAULT_PLAYOUTS = Ruleset.search_playouts
#: Each root action starts with this many virtual playouts scored by the ruleset's
#: evaluation right after it (greedy's view): a small budget then plays at least as
#: greedy does, a larger one overrules it.
PRIOR = 3
#: Every root action is played out in each imagined game, with the same random draws
#: after it (common random numbers): the actions are compared in the same worlds, so the
#: luck of the deal cancels out of the comparison, and far fewer playouts tell them apart.
PAIRED = True
#: Rollout actions are chosen greedily among this many sampled candidates (all of them
#: when there are no more; 0: at random): with the whole list the rollouts play as the
#: greedy agent does.
SAMPLE = 8


def playouts_for(ruleset_id: str) -> int:
    """The playouts a decision gets in `ruleset_id` when the caller names no budget: the
    ruleset's `search_playouts`, measured per game (docs/ai.md)."""
    return get_ruleset(ruleset_id).search_playouts


class Node:
    """One action's statistics: `totals[seat]` sums each seat's rewards over the `visits`
    playouts that went through it; `available` counts the playouts in which its parent
    offered it (ISMCTS's availability count, for UCB)."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, seats: int):
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * seats
        self.children: dict[Action, Node] = {}


class SearchAgent:
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        rollout: int | None = None,
        explore: float = EXPLORE,
        sample: int = SAMPLE,
        prior: int = PRIOR,
        depth: int = MAX_DEPTH,
        paired: bool = PAIRED,
        turns: int | None = None,
        width: int | None = None,
    ):
        if playouts is not None and playouts < 1:
            raise EngineError("the search agent needs at least one playout per decision")
        if seconds is not None and seconds <= 0:
            raise EngineError("the search agent needs a positive time per decision")
        #: None with no `seconds` either: the ruleset's (`playouts_for`), chosen per decision
        self.playouts = playouts
        self.seconds = seconds
        #: None: the ruleset's (`Ruleset.search_turns`)
        self.rollout = rollout
        self.explore = explore
        self.sample = sample
        self.prior = prior
        self.depth = depth
        self.paired = paired
        self.turns = turns
        self.width = width
        self._stop_turn: int | None = None
        self._rollout = ROLLOUT
        self._random = random.Random(seed)
        #: Playouts made by the last search (0 when the answer needed none): for reports.
        self.last_playouts = 0
        #: The last search's visits and mean reward per root action (prior included):
        #: what it weighed.
        self.last_visits: dict[Action, int] = {}
        self.last_values: dict[Action, float] = {}
        self._base: list[float] = []

    def choose(self, match: Match, decision: Decision) -> Action:
        return self.decide(match.ruleset, match.state, decision)

    def decide(
        self,
        rules: Ruleset,
        state: GameState,
        decision: Decision,
        *,
        seconds: float | None = None,
    ) -> Action:
        """The action for `decision`, searched from `decision.player`'s view of `state`.
        `seconds` caps this one decision's time below the agent's own budget (the turn
        timer's remaining time, say)."""
        self.last_playouts = 0
        self.last_visits = {}
        self.last_values = {}
        if decision.forced is not None:
            return decision.forced
        if decision.multi:
            choices = _multi_picks(rules, state, decision)
            if not choices:
                return rules.choose_many(state, decision)
            if len(choices) == 1:
                return choices[0]
        else:
            choices = _for_agents(rules, decision.actions)
            if len(choices) == 1:
                return choices[0]
        limit = self.seconds
        if seconds is not None:
            limit = seconds if limit is None else min(limit, seconds)
        deadline = None if limit is None else time.perf_counter() + limit
        player = decision.player
        seats = len(state.names)
        root = Node(seats)
        rng = self._random
        # the root's choices are the real decision's (the player's own knowledge); every
        # seed is drawn from the agent's generator, so a budget in playouts replays exactly;
        # where the search begins, as the player may imagine it: rewards are centred there
        start = rules.determinize(state, player, random.Random(rng.getrandbits(64)))
        self._base = [rules.evaluate(start, seat) for seat in range(seats)]
        turns, self._rollout = self._horizon(rules)
        turn = getattr(state, "turn", None)
        self._stop_turn = None if not turns or turn is None else turn + turns
        if self.prior or self.width:
            greedy = self._seed_root(rules, state, root, player, choices, rng)
            if self.width and len(choices) > self.width:
                ranked = sorted(range(len(choices)), key=lambda i: (-greedy[i], i))
                kept = sorted(ranked[: self.width])
                choices = [choices[i] for i in kept]
        budget = self.playouts
        if budget is None and self.seconds is None:
            budget = rules.search_playouts
        done = 0
        if self.paired:
            # one imagined game at a time, every root action played out in it with the
            # same draws after it; the budget is spent in whole games (at least one)
            while budget is None or done == 0 or done + len(choices) <= budget:
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                world = rules.determinize(state, player, random.Random(rng.getrandbits(64)))
                luck = rng.getrandbits(64)
                for action in choices:
                    if done >= len(choices) and _past(deadline):
                        break  # out of time mid-deal: the deals before it decide
                    self._playout(rules, world.clone(), root, player, [action], random.Random(luck))
                    done += 1
        else:
            while budget is None or done < budget:
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                world = rules.determinize(state, player, random.Random(rng.getrandbits(64)))
                self._playout(rules, world, root, player, choices, rng)
                done += 1
        self.last_playouts = done
        self.last_visits = {action: node.visits for action, node in root.children.items()}
        self.last_values = {
            action: node.totals[player] / node.visits
            for action, node in root.children.items()
            if node.visits
        }
        best = None
        for index, action in enumerate(choices):
            # paired: the best mean (every action had the same games); otherwise the most
            # visited (UCB's robust choice); ties to the earlier action
            node = root.children.get(action)
            if node is None or not node.visits:
                key: tuple[float, ...] = (-1.0, -index)
            elif self.paired:
                key = (node.totals[player] / node.visits, -index)
            else:
                key = (float(node.visits), -index)
            if best is None or key > best[0]:
                best = (key, action)
        assert best is not None
        return best[1]

    def _horizon(self, rules: Ruleset) -> tuple[int | None, int]:
        """(turns, actions) a rollout may last: the agent's own settings where given,
        else the ruleset's (`Ruleset.search_turns`)."""
        turns, actions = rules.search_turns
        if self.turns is not None:
            turns = self.turns
        if self.rollout is not None:
            actions = self.rollout
        return turns, actions

    def _seed_root(
        self,
        rules: Ruleset,
        state: GameState,
        root: Node,
        player: int,
        choices: list[Action],
        rng: random.Random,
    ) -> list[float]:
        """The prior: every root action tried once on an imagined copy and scored for every
        seat, counted as `prior` playouts. Returns each action's one-ply reward for
        `player` (greedy's view: the ordering `width` keeps the best of)."""
        world = rules.determinize(state, player, random.Random(rng.getrandbits(64)))
        seats = len(root.totals)
        greedy = []
        for action in choices:
            twin = world.clone()
            twin.apply(player, action)
            rewards = _score(rules, twin, seats, self._base)
            greedy.append(rewards[player])
            if not self.prior:
                continue
            node = root.children[action] = Node(seats)
            node.visits = node.available = self.prior
            node.totals = [self.prior * r for r in rewards]
            root.visits += self.prior
        return greedy

    # -- one playout -----------------------------------------------------------------

    def _playout(
        self,
        rules: Ruleset,
        world: GameState,
        root: Node,
        me: int,
        root_actions: list[Action],
        rng: random.Random,
    ) -> None:
        seats = len(root.totals)
        path = [root]
        node = root
        actions: list[Action] | None = root_actions
        mover = me
        depth = 0
        expanded = False
        while True:
            if actions is None:
                step = _next_choice(rules, world, me)
                if step is None:
                    break
                mover, actions = step
            if expanded or depth >= self.depth:
                break  # out of the tree: the rollout plays on from here
            action, node, expanded = _select(node, actions, mover, self.explore, rng)
            world.apply(mover, action)
            path.append(node)
            actions = None
            depth += 1
        # a short rollout, then the position is scored for every seat
        sample = self.sample
        stop_turn = self._stop_turn
        for _ in range(self._rollout):
            if stop_turn is not None and world.turn >= stop_turn:  # type: ignore[attr-defined]
                break
            step = _next_choice(rules, world, me)
            if step is None:
                break
            mover, actions = step
            if sample and len(actions) > 1:
                world = _cheap_greedy(rules, world, mover, actions, sample, rng)
            else:
                world.apply(mover, actions[int(rng.random() * len(actions))])
        rewards = _score(rules, world, seats, self._base)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat in range(seats):
                totals[seat] += rewards[seat]


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def _cheap_greedy(
    rules: Ruleset,
    world: GameState,
    mover: int,
    actions: list[Action],
    sample: int,
    rng: random.Random,
) -> GameState:
    """One rollout step of a cheap greedy: `sample` actions drawn at random (all of them
    when there are no more), each tried on a copy and scored by the ruleset's evaluation
    for the mover; the best copy goes on. A ruleset with its own `score_action` (greedy's
    score, Mage Wars') has the actions scored by it, and the best is then played: the
    rollouts play as its greedy agent does."""
    tried = actions if len(actions) <= sample else rng.sample(actions, sample)
    if type(rules).score_action is not Ruleset.score_action:
        best_action, best_score = tried[0], None
        for action in tried:
            score = rules.score_action(world, mover, action)
            if best_score is None or score > best_score:
                best_action, best_score = action, score
        world.apply(mover, best_action)
        return world
    best_world, best_value = None, 0.0
    for action in tried:
        twin = world.clone()
        twin.apply(mover, action)
        value = rules.evaluate(twin, mover)
        if best_world is None or value > best_value:
            best_world, best_value = twin, value
    assert best_world is not None
    return best_world


def _select(
    node: Node, actions: list[Action], mover: int, explore: float, rng: random.Random
) -> tuple[Action, Node, bool]:
    """UCB1 over the actions available now: an untried one first (a new node, then the
    playout leaves the tree), else the best upper bound for the seat that moves."""
    children = node.children
    untried = []
    for action in actions:
        child = children.get(action)
        if child is None:
            untried.append(action)
        else:
            child.available += 1
    if untried:
        action = untried[int(rng.random() * len(untried))]
        child = children[action] = Node(len(node.totals))
        child.available = 1
        return action, child, True
    best_value = -1.0
    best_action = actions[0]
    for action in actions:
        child = children[action]
        value = child.totals[mover] / child.visits + explore * math.sqrt(
            math.log(child.available) / child.visits
        )
        if value > best_value:
            best_value, best_action = value, action
    return best_action, children[best_action], False


def _next_choice(rules: Ruleset, world: GameState, me: int) -> tuple[int, list[Action]] | None:
    """The next real choice in an imagined game, taking forced ones and multi-picks (by
    the ruleset's `choose_many`) on the way; None once it is over. With simultaneous
    choices, `me` chooses first (see the module's docstring)."""
    while not world.over:
        decisions = world.decisions()
        if not decisions:
            return None
        decision = decisions[0]
        for candidate in decisions:
            if candidate.player == me:
                decision = candidate
                break
        player = decision.player
        if decision.forced is not None:
            world.apply(player, decision.forced)
        elif player in world.dropped:
            actions = decision.actions
            world.apply(
                player, tuple(actions[: decision.min_picks]) if decision.multi else actions[0]
            )
        elif decision.multi:
            # the agent's own picks as it would make them unweighed; the others' as
            # their greedy agents do
            picks = _multi_picks(rules, world, decision) if player == me else []
            world.apply(player, picks[0] if picks else rules.choose_many(world, decision))
        else:
            return player, _for_agents(rules, decision.actions)
    return None


def _multi_picks(rules: Ruleset, state: GameState, decision: Decision) -> list[Action]:
    """The picks of a multi-pick decision worth searching among, the one to play
    unweighed first: the ruleset's `search_picks(state, decision)` where it has one
    (Battle Mages': a few attack declarations beside greedy's all-out attack, targets
    that spare its own things), else none, and the search answers by the ruleset's
    `choose_many`, as greedy does (every other ruleset: unchanged)."""
    hook = getattr(rules, "search_picks", None)
    if hook is None:
        return []
    picks: list[Action] = hook(state, decision)
    return picks


def _for_agents(rules: Ruleset, actions: list[Action]) -> list[Action]:
    """The actions an agent weighs: all but those for people only (`Ruleset.for_people`),
    unless nothing else is left."""
    kept = [action for action in actions if not rules.for_people(action)]
    return kept or actions


def _score(rules: Ruleset, world: GameState, seats: int, base: list[float]) -> list[float]:
    """Each seat's reward in 0..1: 1 for the winner, 0 for the others; before the end,
    the ruleset's evaluation less its value where the search began (`base`), squashed by
    a logistic curve: centred there, the curve tells apart the small differences between
    one choice and another, where raw scores far from 0 would flatten them."""
    if world.over:
        winner = world.winner
        if winner is None:
            return [1.0 / seats] * seats
        return [1.0 if seat == winner else 0.0 for seat in range(seats)]
    rewards = []
    for seat in range(seats):
        value = rules.evaluate(world, seat) - base[seat]
        rewards.append(1.0 / (1.0 + math.exp(-max(min(value / 10.0, 50.0), -50.0))))
    return rewards
