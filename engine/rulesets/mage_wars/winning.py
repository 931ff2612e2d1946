"""Challenges, levels and winning: the checks that follow every change (mw:74-80,
mw:128, R13-R15, R19)."""

from typing import Any

from engine.core import events as ev
from engine.core.events import Note
from engine.rulesets.mage_wars.casting import complete
from engine.rulesets.mage_wars.state import WIN_FROM, TableState
from engine.rulesets.mage_wars.steps import Eff, Settle
from engine.rulesets.mage_wars.table import Seat


def check_trials(state: TableState) -> None:
    """mw:80 — a challenge whose condition is met this turn pays its reward."""
    side = state.seats[state.active]
    if not side.trials:
        return
    for entry in list(side.trials):
        card, base = entry
        cond = card.proto.data.condition
        if side.tally[cond.kind] - base[cond.kind] >= cond.amount:
            side.trials.remove(entry)
            side.won += 1
            state.events.append(Note(f"{side.name} wins the challenge {card.proto.name}!"))
            state.limbo.append(card)  # R19: discarded once the reward is taken
            reward = [Eff(e, side.seat, None, card.proto.name) for e in card.proto.data.reward]
            state.push(*reward, Settle(card.uid))


def quest_met(side: Seat, quest: Any) -> bool:
    have = {
        "pet": len(side.pets),
        "item": len(side.items),
        "built": side.built,
        "challenges": side.won,
        "kills": side.kills,
        "health": len(side.health),
    }[quest.kind]
    return have >= quest.amount


def check_levels(state: TableState) -> None:
    """mw:74-76 — a level card with every resource in activates once its quest is met."""
    for side in state.seats:
        for work in side.works:
            ready = work.proto.type == "level" and not work.need and not side.dead
            if ready and quest_met(side, work.proto.data.quest):
                side.works.remove(work)
                complete(state, side, work)
                return


def check_win(state: TableState) -> None:
    """mw:128 — a living Mage meeting its own win condition wins (R13: the active first).

    R33, the Opening: not before round `WIN_FROM`, so that every player has had three
    turns to play before anyone can win; a condition met earlier wins as that round
    begins, if it still holds (the others had their turns to undo it)."""
    if state.over or state.round < WIN_FROM:
        return
    count = len(state.seats)
    for i in range(count):
        side = state.seats[(state.active + i) % count]
        if side.gone or side.dead:
            continue
        have, need = state.progress(side)
        if have >= need:
            win(state, side.seat, f"{side.mage.proto.name}'s win condition")
            return


def last_light(state: TableState) -> None:
    """R15: after the last round the Mage nearest its win condition wins."""

    def standing(side: Seat) -> tuple[bool, float, int, int]:
        have, need = state.progress(side)
        return (not side.dead, have / need, len(side.health), -side.seat)

    best = max((s for s in state.seats if not s.gone), key=standing)
    state.events.append(Note("Last Light: the final round is over."))
    win(state, best.seat, "nearest to its win condition at Last Light")


def win(state: TableState, seat: int, reason: str) -> None:
    state.over = True
    state.winner = seat
    state.phase = "over"
    state.steps.clear()
    state.events.append(ev.GameOver(1, seat, state.names[seat], reason))
