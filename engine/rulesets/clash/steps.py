"""The steps of a Clash game (engine/core/steps.py): who starts, the mulligan, the turns.

A game is `Starter` (the coin-flip winner picks, clash.md:80; the first game of a match
only), then `Mulligan` (both players at once, clash.md:70), then `Main`, which stays on
the stack for the whole game: each action is one play, attack or end of turn by the
active player, and the step is done when the game is decided. The core then asks
`ClashState._next_steps` (game.py) for the next game of a series (or ends the match).
"""

from engine.core import events as ev
from engine.core.decision import Action, Decision
from engine.core.steps import DONE, WAIT, Step, StepResult
from engine.rulesets.clash.actions import attack, end_turn, play
from engine.rulesets.clash.cards import CardInst
from engine.rulesets.clash.state import OPENING_HAND, START_HEALTH, TableState

MULLIGAN_MAX = 3  # clash.md:70
MAIN_PROMPT = "Play a card, attack, or end your turn."
END: Action = ("end",)
GO_FIRST: Action = ("first",)
GO_SECOND: Action = ("second",)

_new = object.__new__


class Starter(Step):
    """clash.md:80 — the coin-flip winner chooses who starts; then the first game is dealt."""

    __slots__ = ("choice",)
    name = "starter"

    def __init__(self) -> None:
        self.choice = -1  # the seat that starts, once chosen

    def decisions(self, state: TableState) -> list[Decision]:
        return [
            Decision(
                state.coin_winner,
                "starter",
                "You won the coin flip: who starts?",
                [GO_FIRST, GO_SECOND],
            )
        ]

    def apply(self, state: TableState, player: int, action: Action) -> None:
        self.choice = player if action[0] == "first" else 1 - player

    def advance(self, state: TableState) -> StepResult:
        if self.choice < 0:
            return WAIT
        start_game(state, self.choice)  # pushes the mulligan above this step
        return DONE


class Mulligan(Step):
    """clash.md:70 — both players at once put up to 3 cards back; then the first turn."""

    __slots__ = ("done",)
    name = "mulligan"

    def __init__(self) -> None:
        self.done = [False, False]

    def decisions(self, state: TableState) -> list[Decision]:
        return [
            Decision(
                seat,
                "mulligan",
                f"Choose up to {MULLIGAN_MAX} cards to put back and draw again.",
                [("card", c.uid) for c in state.sides[seat].hand],
                min_picks=0,
                max_picks=MULLIGAN_MAX,
                private=True,
            )
            for seat in (0, 1)
            if not self.done[seat]
        ]

    def apply(self, state: TableState, player: int, action: Action) -> None:
        state.mulligan(player, [uid for _, uid in action])
        self.done[player] = True

    def advance(self, state: TableState) -> StepResult:
        if not (self.done[0] and self.done[1]):
            return WAIT
        state.steps.push(MAIN)
        state.begin_turn(state.starter)
        return DONE


class Main(Step):
    """The active player's main phase, turn after turn, until the game is decided."""

    __slots__ = ()  # nothing of its own: one shared instance, `MAIN`
    name = "main"

    def advance(self, state: TableState) -> StepResult:
        return DONE if state.game_ended else WAIT

    def apply(self, state: TableState, player: int, action: Action) -> StepResult:
        head = action[0]
        if head == "play":
            play(state, player, action[1], action[2])
        elif head == "attack":
            attack(state, action[1], action[2])
        elif head == "end":
            end_turn(state)
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r}")
        return DONE if state.game_ended else WAIT

    def decisions(self, state: TableState) -> list[Decision]:
        """Every legal action, listed after every action and so written for speed (a
        helper call costs more than the checks). Plays and each monster's attacks are
        reused while nothing they depend on changed; three int compares instead of a key
        tuple; loops, not comprehensions."""
        active = state.active
        side = state.sides[active]
        if (
            side.plays_hand != side.hand_version
            or side.plays_mana != side.mana
            or side.plays_board != state.board_version
        ):
            side.plays = state.play_actions(side, state.sides[1 - active])
            side.plays_hand = side.hand_version
            side.plays_mana = side.mana
            side.plays_board = state.board_version
        actions = [*side.plays]
        turn = state.turn
        enemies = None
        for monster in side.board:
            if monster.attacked or (monster.summoned_turn == turn and not monster.proto.haste):
                continue  # rulings R1, R2
            if enemies is None:
                opp = state.sides[1 - active]
                if opp.refs_version != opp.board_version:
                    state.refresh_refs(opp)
                enemies = opp.refs  # ruling R3: the player and any enemy monster
            attacks = monster.attack_cache
            if attacks is None or attacks[0] is not enemies:
                uid = monster.uid
                listed = []
                for ref in enemies:
                    listed.append(("attack", uid, ref))
                attacks = monster.attack_cache = (enemies, listed)
            actions += attacks[1]
        actions.append(END)
        # Decision(...) without the class call (a second interpreter frame), every slot set
        decision = _new(Decision)
        decision.player = active
        decision.kind = "main"
        decision.prompt = MAIN_PROMPT
        decision.actions = actions
        decision.min_picks = decision.max_picks = 1
        decision.private = decision.multi = False
        decision.seq = 0
        decision._options = None
        # No tells: "end turn" alone is taken at once only when everyone can see there is
        # nothing else (an empty hand, no attack); with cards in hand the player is asked,
        # playable or not, so the turn ending at once tells nobody the hand is unplayable.
        decision.forced = END if len(actions) == 1 and not side.hand else None
        return [decision]


MAIN = Main()


# -- a game begins, a game ends ----------------------------------------------------


def flip_coin(state: TableState) -> None:
    """clash.md:80 — a coin flip; its winner chooses who starts."""
    state.coin_winner = state.rng.coin()
    state.log.append((ev.CoinFlipped, state.coin_winner, state.names[state.coin_winner]))
    state.steps.push(Starter())


def start_game(state: TableState, starter: int) -> None:
    """Shuffle every card back into its owner's deck and deal opening hands."""
    state.game_no += 1
    state.starter = starter
    state.turn = 0
    state.delayed = []
    state.game_ended = False
    sides = state.sides
    if any(side.hand or side.board or side.graveyard for side in sides):
        decks: list[list[CardInst]] = [[], []]
        for side in sides:
            cards = side.deck + side.hand + side.graveyard
            for monster in side.board:
                cards += monster.attached
                monster.attached = ()
                if not monster.proto.token:
                    cards.append(monster)
            # No reset needed: a card's battlefield stats are reset when it is played.
            for card in cards:
                decks[card.owner].append(card)
    else:  # a match's first game: every card is already in its owner's deck
        decks = [side.deck for side in sides]
    for side in sides:
        side.deck, side.hand, side.board, side.graveyard = decks[side.seat], [], [], []
        side.hand_version += 1
        side.board_version += 1
        side.health = START_HEALTH
        side.fatigue = 0
        # clash.md:10 — the starter's first turn brings 1 mana, the other's brings 2.
        side.mana = 0
        side.max_mana = 0 if side.seat == starter else 1
        state.rng.shuffle(side.deck)
    state.board_version += 1
    state.log.append((ev.GameStarted, state.game_no, starter, state.names[starter]))
    for seat in (starter, 1 - starter):
        for _ in range(OPENING_HAND):
            state.draw(state.sides[seat])
    state.steps.push(Mulligan())


def finish_game(state: TableState) -> None:
    """After a game: the match ends, or (best of N) the next game starts, clash.md:80."""
    state._decisions = None
    champion = state.series.champion()
    if champion is not None:
        state.end_match(champion)
    else:
        start_game(state, 1 - state.starter)
