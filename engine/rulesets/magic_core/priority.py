"""Priority (117): who is asked, passing, and what a priority action does."""

from typing import TYPE_CHECKING

from engine.core.decision import Action
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    GRAVEYARD,
)
from engine.rulesets.magic_core.steps import M_NEXT_STEP, M_NEXT_TURN, M_PRIORITY
from engine.rulesets.magic_core.turn_shape import BLOCKERS, MAINS

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState


def stops_here(state: "TableState", seat: int) -> bool:
    """No tells, few prompts (docs: the stop setting). Whether a player is asked
    depends only on what everyone can see and on their own stop setting, never on what
    their hand holds: a player who could act by what is public (a card in hand, an
    ability of a permanent or of a card in their graveyard) is asked at the windows
    below, even when nothing of theirs is castable right now, so that being asked
    tells nobody anything; one who visibly cannot act passes by themselves."""
    if not state.could_act_publicly(seat):
        return False
    if state.players[seat].stop_all:
        return True  # their own setting: it tells only what they chose
    return bool(state.stack) or state.default_stop(seat)


def could_act_publicly(state: "TableState", seat: int) -> bool:
    """What every player can see lets this player act: cards in hand (any may be an
    instant), or a non-mana ability on a permanent they control or in their graveyard."""
    player = state.players[seat]
    if player.hand:
        return True
    for obj in state.battlefield:
        if obj.controller == seat and any(
            not ab.is_mana and ab.zone == BATTLEFIELD for ab in obj.proto.abilities
        ):
            return True
    return any(ab.zone == GRAVEYARD for card in player.graveyard for ab in card.proto.abilities)


def default_stop(state: "TableState", seat: int) -> bool:
    """Where a player stops on an empty stack by default: their own main phases, and
    the declare-blockers step of a combat they are in (attacking, or attacked), once
    the blocks are known, the moment for a combat trick."""
    if seat == state.active:
        return state.step in MAINS or state.step == BLOCKERS
    return state.step == BLOCKERS and any(o.attacking == seat for o in state.battlefield)


def pass_priority(state: "TableState") -> None:
    """117.3d/117.4: when all players pass in succession, the top of the stack resolves
    or, if it is empty, the step ends."""
    state.passes += 1
    if state.passes >= state.n_live:
        state.passes = 0
        if state.stack:
            state.resolve_top()
        else:  # ruling R8: a turn whose active player left ends with its stack
            # the mode (MagicState.mode) set straight on the steps: the hot path
            state.steps.items[-1] = M_NEXT_TURN if state.turn_abandoned else M_NEXT_STEP
    else:
        state.priority = state.next_seat(state.priority)


def give_priority_to_active(state: "TableState") -> None:
    """117.3b; with the active player gone (ruling R8), the next player in turn order."""
    state.steps.items[-1] = M_PRIORITY  # the mode, as in pass_priority
    state.passes = 0
    state.priority = state.next_seat(state.active) if state.turn_abandoned else state.active


def priority_action(state: "TableState", seat: int, action: Action) -> None:
    head = action[0]
    if head == "pass":
        if len(action) > 1:
            state.players[seat].stop_all = action[1] == "all"
        state.pass_priority()
        return
    state.passes = 0  # 117.3c: after acting, the same player receives priority again
    if head == "land":
        state.play_land(seat, state.objs[action[1]])
    elif head == "cast":
        state.cast(seat, action[1], action[2], action[3])
    elif head == "act":
        state.activate(seat, state.objs[action[1]], action[2], action[3], action[4])
    elif head == "mana":
        state.mana_ability(seat, state.objs[action[1]], action[2], action[3])
