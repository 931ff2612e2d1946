"""The Clash table as data, and what every rule reads or shares.

`TableState` holds a match: both sides, every card and token by uid, the series, the log
of what happened; the lookups, the legal plays with their caches, and the moves the rules
share (drawing, the mulligan, a new turn's mana, damage, winning a game or the match).
effects.py, actions.py, steps.py and view.py take a `TableState` and import nothing above
it; game.py's `ClashState` gives the core its hooks, which call into them.
"""

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.core import events as ev
from engine.core.clone import COPY, LIST, Plan, call, const, fresh, own_list, rebuilt
from engine.core.decision import Action
from engine.core.rng import MatchRng
from engine.core.series import Series
from engine.core.state import GameState
from engine.core.steps import Steps
from engine.rulesets.clash.cards import MONSTER, CardInst, Proto
from engine.rulesets.clash.targets import (
    CHOSEN_CHARACTER,
    CHOSEN_ENEMY,
    CHOSEN_ENEMY_MONSTER,
    CHOSEN_FRIENDLY_MONSTER,
    CHOSEN_MONSTER,
)

START_HEALTH = 30  # clash.md:77
OPENING_HAND = 5  # clash.md:70
MAX_MANA = 10  # clash.md:10
BOARD_SLOTS = 5  # clash.md:67
HAND_LIMIT = 10  # ruling R7

_new = object.__new__
# untargeted play actions for small uids, shared between matches
_PLAY_ACTIONS = [("play", uid, None) for uid in range(256)]
_SHARED_PLAYS = len(_PLAY_ACTIONS)


class Side:
    """One player's half of the table."""

    __slots__ = (
        "board",
        "board_version",
        "deck",
        "fatigue",
        "graveyard",
        "hand",
        "hand_version",
        "health",
        "key",
        "mana",
        "max_mana",
        "name",
        "plays",
        "plays_board",
        "plays_hand",
        "plays_mana",
        "refs",
        "refs_version",
        "seat",
        "uids",
    )

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.key = f"p{seat}"
        self.name = name
        self.health = START_HEALTH
        self.mana = 0
        self.max_mana = 0
        self.fatigue = 0
        self.deck: list[CardInst] = []  # the top of the deck is the end of the list
        self.hand: list[CardInst] = []
        self.board: list[CardInst] = []
        self.graveyard: list[CardInst] = []
        # Legal plays depend only on mana, hand and boards: `plays` is kept between actions
        # while none of those changed (hand_version and the state's board_version say so).
        self.hand_version = 0
        self.board_version = 0  # bumped with every change to this board
        self.plays: list[Action] = []
        self.plays_hand = self.plays_mana = self.plays_board = -1
        # The uids on this board, and [key, *uids] (what may be attacked), kept per board_version.
        self.uids: list[int] = []
        self.refs: list[Any] = []
        self.refs_version = -1

    #: A clone copies the cards and starts the caches of legal actions afresh.
    clone_plan: ClassVar[Plan] = {
        "deck": own_list(CardInst),
        "hand": own_list(CardInst),
        "board": own_list(CardInst),
        "graveyard": own_list(CardInst),
        "hand_version": const(0),
        "board_version": const(0),
        "plays": fresh(list),
        "plays_hand": const(-1),
        "plays_mana": const(-1),
        "plays_board": const(-1),
        "uids": fresh(list),
        "refs": fresh(list),
        "refs_version": const(-1),
    }


def card_index(sides: list[Side]) -> dict[int, CardInst]:
    """Every card in a zone (and the equipment on the board) by uid: what a clone's
    `cards` holds (a token that died is in no zone, and not in the clone's index)."""
    cards = {}
    for side in sides:
        for zone in (side.deck, side.hand, side.board, side.graveyard):
            for card in zone:
                cards[card.uid] = card
                for item in card.attached:
                    cards[item.uid] = item
    return cards


def chosen_targets(kind: int, side: Side, opp: Side) -> list[Any]:
    """Target refs (monster uid, or "p0"/"p1" for a player) from the chooser's seat: the
    opponent and their monsters first, then the chooser and theirs (a player before their
    monsters), as in every game.

    Built from each side's `uids` and `refs` ([key, *uids]), which the caller keeps current.
    """
    if kind == CHOSEN_ENEMY_MONSTER:
        return opp.uids
    if kind == CHOSEN_FRIENDLY_MONSTER:
        return side.uids
    # the opponent's side first, then your own (the same order in every game)
    if kind == CHOSEN_MONSTER:
        return opp.uids + side.uids
    if kind == CHOSEN_ENEMY:
        return opp.refs
    if kind == CHOSEN_CHARACTER:
        return opp.refs + side.refs
    raise ValueError(f"target code {kind} is not a chosen target")


class TableState(GameState):
    """A match of Clash as data: both sides, every card by uid, the series; the lookups,
    the legal plays, and the moves every rule shares (drawing, damage, winning a game).
    What an action does is actions.py's, effects effects.py's, the steps steps.py's;
    `game.ClashState` adds the core's hooks."""

    __slots__ = (
        "_decisions",
        "_events",
        "active",
        "board_version",
        "cards",
        "chosen_lists",
        "chosen_seat",
        "chosen_version",
        "coin_winner",
        "delayed",
        "game_ended",
        "game_no",
        "log",
        "maybe_dead",
        "names",
        "next_uid",
        "over",
        "rng",
        "series",
        "settling",
        "sides",
        "starter",
        "steps",
        "turn",
        "winner",
    )
    #: Each card is held by one zone (or a monster's equipment), so it is copied there,
    #: without the memo, and the `cards` index is rebuilt from the copied zones; the
    #: target lists cache starts afresh.
    clone_plan: ClassVar[Plan] = {
        "sides": own_list(Side),
        "cards": rebuilt(lambda twin, _: card_index(twin.sides)),
        "rng": call("clone"),
        "log": LIST,
        "_events": LIST,
        "series": COPY,
        "delayed": LIST,
        "chosen_lists": fresh(lambda: [None] * 16),
        "chosen_version": const(-1),
        "chosen_seat": const(-1),
    }

    def __init__(
        self,
        names: list[str],
        rng: MatchRng,
        best_of: int = 1,
    ):
        self.names = names
        self.sides = [Side(0, names[0]), Side(1, names[1])]
        self.rng = rng
        # What happened and is not yet built into `_events`, as (event type, *fields)
        # tuples: see `events`.
        self.log: list[tuple] = []
        self._events: list[ev.Event] = []
        self.turn = 0
        self.active = 0
        self.steps = Steps()
        self.winner: int | None = None
        self.over = False
        self.series = Series.start(2, best_of)
        self.game_no = 0
        self.starter = 0
        self.coin_winner = 0
        self.game_ended = False
        self.delayed: list[tuple[tuple, int, str]] = []  # (effects, controller, source)
        self.next_uid = 1
        self.cards: dict[int, CardInst] = {}  # every card and token by uid
        self.maybe_dead = False  # set when a monster's health drops to 0, for check_deaths
        self.settling = False  # True while death effects run (see check_deaths)
        self.board_version = 0  # bumped on every change to either board (see put_on_board)
        # targets_for: chosen-target lists by target code, for one seat and board_version
        self.chosen_lists: list[list[Any] | None] = [None] * 16
        self.chosen_version = self.chosen_seat = -1
        self._decisions = None

    def new_card(self, proto: Proto, owner: int) -> CardInst:
        return self.new_deck((proto,), owner)[0]

    def new_deck(self, protos: Sequence[Proto], owner: int) -> list[CardInst]:
        """New cards, numbered on from the last: the one place a CardInst is made."""
        uid = self.next_uid
        cards = self.cards
        deck = []
        for proto in protos:
            card = cards[uid] = _new(CardInst)
            card.uid = uid
            card.proto = proto
            card.owner = owner
            # built once (and shared between matches for small uids): moves are listed often
            card.play_action = _PLAY_ACTIONS[uid] if uid < _SHARED_PLAYS else ("play", uid, None)
            card.static_view = None  # its view off the battlefield, which never changes
            card.attack_cache = None  # (targets, attack actions)
            card.play_cache = None  # (targets, targeted play actions)
            # as CardInst.reset(), written out
            card.power = proto.power
            card.toughness = proto.toughness
            card.health = card.max_health = proto.health
            card.attached = ()  # a tuple: most cards never carry equipment
            card.summoned_turn = -1
            card.attacked = False
            deck.append(card)
            uid += 1
        self.next_uid = uid
        return deck

    @property
    def phase(self) -> str:
        """The phase a view shows: the top step's name ("starter", "mulligan", "main")."""
        if self.over:
            return "over"
        items = self.steps.items
        return items[-1].name if items else ""

    @property  # read-only, built from `log`: nothing assigns a state's events
    def events(self) -> list[ev.Event]:  # type: ignore[override]
        """The typed play-by-play, built from `log` when asked for.

        The rules log a (type, *fields) tuple instead of building each event on the spot:
        agent-vs-agent and look-ahead games never read their events, and a tuple costs a
        fifth of an event object (a game logs about 250). Append-only. The log holds only
        the entries not built yet: once read, a running match keeps its events and not
        their tuples too. A tuple naming its event class is an object the garbage
        collector tracks, and a full collection walks every tracked object: in the bot,
        with 200 matches running, those tuples were a fifth of what each full collection
        walked while it answered no click (docs/performance.md)."""
        built, log = self._events, self.log
        if log:
            for entry in log:
                built.append(entry[0](*entry[1:]))
            log.clear()
        return built

    # -- lookups -------------------------------------------------------------------

    def find(self, uid: int) -> CardInst | None:
        return self.cards.get(uid)

    def side_of(self, monster: CardInst) -> Side | None:
        for side in self.sides:
            if monster in side.board:
                return side
        return None

    # -- legal actions -------------------------------------------------------------

    @staticmethod
    def refresh_refs(side: Side) -> None:
        """Bring `uids` and `refs` up to date with the board (checked against board_version)."""
        refs: list[Any] = [side.key]
        for monster in side.board:
            refs.append(monster.uid)
        side.refs = refs
        side.uids = refs[1:]
        side.refs_version = side.board_version

    def targets_for(self, kind: int, side: Side, opp: Side) -> list[Any]:
        """The refs a chosen target may name, remembered until a board changes: the same list
        object each time, so each card's play actions can be kept along with it."""
        if self.chosen_version != self.board_version or self.chosen_seat != side.seat:
            self.chosen_lists = [None] * len(self.chosen_lists)
            self.chosen_version = self.board_version
            self.chosen_seat = side.seat
        refs = self.chosen_lists[kind]
        if refs is None:
            if side.refs_version != side.board_version:
                self.refresh_refs(side)
            if opp.refs_version != opp.board_version:
                self.refresh_refs(opp)
            refs = self.chosen_lists[kind] = chosen_targets(kind, side, opp)
        return refs

    def play_actions(self, side: Side, opp: Side) -> list[Action]:
        actions: list[Action] = []
        mana = side.mana
        room = len(side.board) < BOARD_SLOTS
        seen = []  # a few items: a list is cheaper to make and to search than a set
        for card in side.hand:
            proto = card.proto
            if proto.cost > mana or proto in seen:  # the same card twice: one choice
                continue
            seen.append(proto)
            if not room and proto.kind is MONSTER:
                continue  # clash.md:67 — at most 5 monsters a side
            if not proto.chosen:
                actions.append(card.play_action)
                continue
            targets = self.targets_for(proto.chosen, side, opp)
            if targets:
                plays = card.play_cache
                if plays is None or plays[0] is not targets:
                    uid = card.uid
                    listed = []
                    for ref in targets:
                        listed.append(("play", uid, ref))
                    plays = card.play_cache = (targets, listed)
                actions += plays[1]
            elif proto.kind is MONSTER:
                actions.append(card.play_action)  # ruling R5: the summon effect lapses
            # a spell or equipment with nothing to target cannot be played (clash.md:61,64)
        return actions

    # -- doing ---------------------------------------------------------------------

    def draw(self, side: Side) -> None:
        """clash.md:72-74 — draw one; from an empty deck take 1, 2, 3 ... damage instead."""
        if not side.deck:
            side.fatigue += 1
            self.log.append((ev.Fatigue, side.name, side.fatigue))
            self.hurt_player(side, side.fatigue, "fatigue")
            return
        card = side.deck.pop()
        if len(side.hand) >= HAND_LIMIT:  # ruling R7
            side.graveyard.append(card)
            self.log.append((ev.CardBurned, side.name, card.proto.name))
            return
        side.hand.append(card)
        side.hand_version += 1
        self.log.append((ev.CardDrawn, side.seat, side.name, card.proto.name))

    def mulligan(self, seat: int, uids: list[int]) -> None:
        """clash.md:70 — once, up to 3 cards back into the deck and as many drawn."""
        side = self.sides[seat]
        # the cards go back before the new ones are drawn, and the log says so in that order
        self.log.append((ev.CardsReturned, seat, side.name, len(uids)))
        if uids:
            back = [c for c in side.hand if c.uid in uids]
            side.hand = [c for c in side.hand if c.uid not in uids]
            side.hand_version += 1
            side.deck.extend(back)
            self.rng.shuffle(side.deck)  # ruling R6: returned cards are shuffled in
            for _ in back:
                self.draw(side)

    def begin_turn(self, seat: int) -> None:
        """clash.md:10,72,89 — mana grows by one (to 10) and refills, then one card is drawn."""
        self.turn += 1
        self.active = seat
        side = self.sides[seat]
        side.max_mana = min(MAX_MANA, side.max_mana + 1)
        side.mana = side.max_mana
        for monster in side.board:
            monster.attacked = False
        self.log.append((ev.TurnStarted, seat, side.name, self.turn))
        self.draw(side)

    # -- damage, healing and death ------------------------------------------------

    def hurt_player(self, side: Side, amount: int, source: str) -> None:
        """clash.md:77 — the first player to reach 0, in the order things happen, loses."""
        side.health -= amount
        self.log.append((ev.Damaged, side.name, amount, side.health, source))
        if side.health <= 0 and not self.game_ended:
            self.game_won_by(1 - side.seat, f"{side.name} fell to 0 health")

    def hurt_monster(self, monster: CardInst, amount: int, source: str) -> None:
        monster.health -= amount
        if monster.health <= 0:
            self.maybe_dead = True
        self.log.append((ev.Damaged, monster.proto.name, amount, max(monster.health, 0), source))

    def game_won_by(self, winner: int, reason: str) -> None:
        self.game_ended = True
        self.series.won_game(winner)
        self.log.append((ev.GameOver, self.game_no, winner, self.names[winner], reason))

    def end_match(self, winner: int) -> None:
        self.game_ended = True
        self.over = True
        self.winner = winner
        self.log.append((ev.MatchOver, winner, self.names[winner], self.series.score(winner)))

    # -- naming targets ------------------------------------------------------------

    def target_of(self, ref: Any) -> Side | CardInst:
        """The player or card a target ref of a legal action names ("p0"/"p1" or a uid)."""
        if isinstance(ref, str):
            return self.sides[int(ref[1])]
        return self.cards[ref]
