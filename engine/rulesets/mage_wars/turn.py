"""Rounds and phases: the queue of steps a turn is made of, run until one needs a
player's answer (`state.prompt`) or the main phase is reached, and the answers to those
prompts (mw:23, mw:34, mw:124, mw:137-139, R12-R15, R28).

A step is a tuple `(name, *arguments)`; `STEPS` maps each name to the function that
carries it out.
"""

from collections.abc import Callable
from typing import Any

from engine.core import events as ev
from engine.core.decision import Action
from engine.core.events import Note
from engine.rulesets.mage_wars.casting import answer_activate
from engine.rulesets.mage_wars.death import lose_health, payment, resurrect
from engine.rulesets.mage_wars.drawing import answer_curse, curse_drawn, curse_line, draw, salvage
from engine.rulesets.mage_wars.effects import resolve
from engine.rulesets.mage_wars.state import ROUND_LIMIT, WANE_FROM, WANE_STEP, TableState
from engine.rulesets.mage_wars.table import TALLIES, Prompt, Seat
from engine.rulesets.mage_wars.winning import check_levels, check_trials, check_win, last_light

RESURRECTION_DECKS = ("enchanted", "mystic", "arcane")  # mw:137


def run(state: TableState) -> None:
    """Run queued steps until a prompt or the main phase; checks follow every change."""
    while not state.over:
        if state.prompt is None:
            check_levels(state)
            check_trials(state)
            check_win(state)
        if state.over or state.prompt is not None or not state.queue:
            break
        step = state.queue.pop(0)
        STEPS[step[0]](state, *step[1:])
    state._decisions = None


def begin(state: TableState, seat: int) -> None:
    """mw:34,124 — a new turn; a dead Mage's turn is the resurrection turn (mw:137)."""
    side = state.seats[seat]
    state.active = seat
    state.turn += 1
    side.tally = dict.fromkeys(TALLIES, 0)
    side.ward = 0  # a ward lasts until the start of your next turn
    state.events.append(ev.TurnStarted(seat, side.name, state.turn))
    state.phase = "turn"
    if side.skip > 0:
        side.skip -= 1
        state.events.append(Note(f"{side.name} loses this turn."))
        state.queue = [("next", seat)]
        return
    if side.dead:
        state.queue = [("dead", seat)]
        return
    fates = state.fate_count(side)
    side.haste = 0
    state.queue = [("upkeep", seat), *[("fate", seat)] * fates, ("main", seat)]


def upkeep(state: TableState, seat: int) -> None:
    """mw:70 — structures whose aura drains the player."""
    side = state.seats[seat]
    loss = 0
    for card in state.centre:
        if not card.need and state.aura_applies(card, side):
            loss += card.proto.data.aura.drain
    if loss:
        lose_health(state, side, loss, None, "a structure's aura")


def fate(state: TableState, seat: int) -> None:
    """mw:34 — a fate card is drawn and played at once."""
    side = state.seats[seat]
    card = state.take("fate")
    if card is None:
        return
    if card.proto.type == "curse":  # mw:88 — curses hide in the fate deck too
        state.events.append(Note(f"{side.name} draws the curse {curse_line(card.proto)}"))
        curse_drawn(state, side, card)
        return
    state.events.append(ev.CardPlayed(seat, side.name, card.proto.name, None))
    state.discard(card)
    state.push(*[("eff", e, seat, None, card.proto.name) for e in card.proto.data.effects])


def settle(state: TableState, uid: int) -> None:
    """R19 — a used card goes to its discard pile after its effects, not before."""
    card = state.cards[uid]
    if card in state.limbo:
        state.limbo.remove(card)
        state.discard(card)


def main(state: TableState, seat: int) -> None:
    state.phase = "main"


def draw_step(state: TableState, seat: int, deck: str) -> None:
    draw(state, state.seats[seat], deck)


def effect(state: TableState, e: Any, seat: int, target: Any, source: str) -> None:
    resolve(state, e, seat, target, source)


def trials_end(state: TableState, seat: int) -> None:
    """mw:80 — a challenge not won this turn is lost; its consequence follows."""
    side = state.seats[seat]
    for card, _ in side.trials:
        state.events.append(Note(f"{side.name} fails the challenge {card.proto.name}."))
        state.push(*[("eff", e, seat, None, card.proto.name) for e in card.proto.data.consequence])
        state.discard(card)
    side.trials = []


def handcheck(state: TableState, seat: int) -> None:
    """mw:23 — at the end of the turn the hand is cut to the Mage's maximum (R6)."""
    side = state.seats[seat]
    excess = len(side.hand) - state.max_hand(side)
    if excess > 0:
        state.prompt = Prompt(
            "discard",
            seat,
            f"You hold {len(side.hand)} cards and your hand keeps "
            f"{state.max_hand(side)}: discard {excess}.",
            [("card", c.uid) for c in side.hand],
            min_picks=excess,
            max_picks=excess,
        )


def next_turn(state: TableState, seat: int) -> None:
    """mw:124 — the player to the left (the next seat) takes the turn."""
    side = state.seats[seat]
    state.events.append(ev.TurnEnded(side.name))
    count = len(state.seats)
    nxt = (seat + 1) % count
    while state.seats[nxt].gone:
        nxt = (nxt + 1) % count
    if (nxt - state.starter) % count <= (seat - state.starter) % count:
        state.round += 1
        if state.round > ROUND_LIMIT:
            last_light(state)
            return
        line = f"Round {state.round} of {ROUND_LIMIT} begins."  # R14-R15 hang on it
        if state.round >= WANE_FROM and (state.round - WANE_FROM) % WANE_STEP == 0:
            line += " The Waning eases every win condition by one more."
        state.events.append(Note(line))
    state.queue = [("begin", nxt)]


def dead(state: TableState, seat: int) -> None:
    """mw:137 — the player *may* draw 1 card from each of Enchanted, Mystic and Arcane:
    any of the three, all, or none (a curse may lie on top)."""
    state.prompt = Prompt(
        "reach",
        seat,
        "Your Mage is dead. Draw 1 card from which decks? (any, all or none)",
        [("deck", d) for d in RESURRECTION_DECKS],
        min_picks=0,
        max_picks=len(RESURRECTION_DECKS),
    )


def dead_draws(state: TableState, side: Seat, picks: tuple[Any, ...]) -> None:
    before = frozenset(c.uid for c in side.hand)
    chosen = {deck for _, deck in picks}
    draws = [("draw", side.seat, d) for d in RESURRECTION_DECKS if d in chosen]
    state.queue = [*draws, ("keep", side.seat, before), ("rise", side.seat)]


def keep(state: TableState, seat: int, before: frozenset[int]) -> None:
    """mw:137 — drawn cards are kept up to the maximum hand, the rest discarded (R28):
    the player chooses which only when some, not all, must go."""
    side = state.seats[seat]
    drawn = [c for c in side.hand if c.uid not in before]
    excess = min(len(drawn), max(0, len(side.hand) - state.max_hand(side)))
    if not excess:
        return
    if excess == len(drawn):
        for card in drawn:
            side.hand.remove(card)
            state.events.append(Note(f"{side.name} discards {card.proto.name}."))
            state.discard(card)
        return
    state.prompt = Prompt(
        "keep",
        seat,
        f"You hold {len(side.hand)} cards and your hand keeps {state.max_hand(side)}: "
        f"discard {excess} of the cards you drew.",
        [("card", c.uid) for c in drawn],
        min_picks=excess,
        max_picks=excess,
    )


def rise(state: TableState, seat: int) -> None:
    """mw:139 — once the hand pays the Resurrect resources, the Mage may return."""
    side = state.seats[seat]
    if side.dead and not side.gone and side.hand:  # R31: asked by the public hand size
        can = payment(side) is not None
        state.prompt = Prompt(
            "rise",
            seat,
            "Resurrect your Mage now?",  # public: the cards paying are named in the option
            [("resurrect",), ("wait",)] if can else [("wait",)],
        )
        return
    state.queue = [("next", seat)]


STEPS: dict[str, Callable[..., None]] = {
    "begin": begin,
    "upkeep": upkeep,
    "fate": fate,
    "settle": settle,
    "main": main,
    "draw": draw_step,
    "eff": effect,
    "trials_end": trials_end,
    "handcheck": handcheck,
    "next": next_turn,
    "dead": dead,
    "keep": keep,
    "rise": rise,
}


# -- answering prompts -------------------------------------------------------------------


def answer(state: TableState, p: Prompt, action: Action) -> None:
    side = state.seats[p.player]
    kind = p.kind
    head = action[0] if action and not isinstance(action[0], tuple) else None
    if kind in ("discard", "keep"):
        picks = (action,) if head == "card" else action  # a 1-of-1 pick is a plain action
        for _, uid in picks:
            card = state.cards[uid]
            side.hand.remove(card)
            state.events.append(Note(f"{side.name} discards {card.proto.name}."))
            state.discard(card)
    elif kind == "reach":
        dead_draws(state, side, (action,) if head == "deck" else action)
    elif kind == "deck":
        mode, count = p.data
        deck = action[1]
        if mode == "draw":
            state.push(*[("draw", p.player, deck)] * count)
        elif deck is not None:
            salvage(state, side, deck)
    elif kind == "curse":
        answer_curse(state, side, p.data, action)
    elif kind == "activate":
        answer_activate(state, side, action)
    elif kind == "rise":
        if head == "resurrect":
            resurrect(state, side)
        else:
            state.queue = [("next", p.player)]
    else:
        raise AssertionError(f"unhandled prompt {kind}")
