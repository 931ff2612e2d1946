"""Mage Wars: turns, the six decks, manifestations, combat, curses, death and resurrection.

References `mw:NN` point at lines of shared/rules/mage-wars.md; rulings where the text is
silent are numbered in docs/rules/mage-wars.md and named here as `R#`.

The turn is a queue of steps (begin, upkeep, fate cards, draws, effects, main, end ...)
run until one needs a player's answer (`self.prompt`) or the main phase is reached.

Actions (main phase of the active player):
    ("play", uid)                 lay a card from hand as a manifestation / play it   mw:42-46
    ("fill", uid, work)           a hand card as a resource for one requirement      mw:40,42,44
    ("tap", uid, work)            a permanent resource fills one requirement a turn  mw:84
    ("spend",)                    a health card taken into hand                      mw:30
    ("attack", uid, target)       a pet or weapon attacks a Mage ("p1") or a card    mw:97-110
    ("use", uid, target)          a charged spell on the board                       mw:114
    ("end",)                      end the turn                                       mw:124
Prompts: ("deck", d), ("pile", d), ("accept",), ("negate", b), ("deflect", b, seat),
("pet", uid[, old]), ("slot", uid[, old]), ("once", uid, target), ("cast", uid, target),
("fizzle", uid), ("card", uid) for discards, ("deck", d)* for a dead Mage's draws,
("resurrect",) / ("wait",).
"""

from typing import Any

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.events import Note
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState
from engine.core.view import MatchView
from engine.rulesets.mage_wars import effects
from engine.rulesets.mage_wars.cards import DECK_NAMES, DECKS, ICON_WORDS, Proto, use_effects
from engine.rulesets.mage_wars.events import DrewFrom
from engine.rulesets.mage_wars.table import TALLIES, Card, Prompt, Seat
from engine.rulesets.mage_wars.view import build_view, describe_action

WANE_FROM = 8  # R14: from this round on, every win condition asks one less ...
WANE_STEP = 5  # ... and one less again every 5 rounds (never below 1, or level 2)
ROUND_LIMIT = 20  # R15: Last Light ends the game after this round
SLOTS = ("weapon", "armor", "trinket")  # R9: three item slots
RESURRECTION_DECKS = ("enchanted", "mystic", "arcane")  # mw:137
#: Prompts asked whenever the table says the player might answer (a card in hand, a ward),
#: even when their hand holds no answer: asking only then would show the others what the
#: hand holds (no tells, docs/architecture.md; ruling R31).
ASKED_BY_WHAT_IS_PUBLIC = ("curse", "rise")
ELEMENTS = ("ember", "tide", "stone", "gale")
END: Action = ("end",)
SPEND: Action = ("spend",)


class MageWarsState(GameState):
    def __init__(self, names: list[str], rng: MatchRng):
        self.names = names
        self.rng = rng
        self.seats = [Seat(i, n) for i, n in enumerate(names)]
        self.decks: dict[str, list[Card]] = {d: [] for d in ("mage", *DECKS)}  # top = end
        self.discards: dict[str, list[Card]] = {d: [] for d in ("mage", *DECKS)}
        self.centre: list[Card] = []  # structures, built or in the making (mw:68)
        self.limbo: list[Card] = []  # a completed card waiting for its owner's choice
        self.cards: dict[int, Card] = {}
        self.next_uid = 1
        self.events: list[ev.Event] = []
        self.queue: list[tuple] = []
        self.prompt: Prompt | None = None
        self.phase = "start"
        self.active = 0
        self.starter = 0
        self.turn = 0
        self.round = 1
        self.winner: int | None = None
        self.over = False
        self._decisions: list[Decision] | None = None

    # -- setting up ----------------------------------------------------------------

    def new_card(self, proto: Proto) -> Card:
        card = Card(self.next_uid, proto)
        self.cards[card.uid] = card
        self.next_uid += 1
        return card

    def start(self) -> None:
        """mw:28 — health and armor piles face down; a random player starts (R2)."""
        for side in self.seats:
            mage = side.mage.proto.data
            decks = mage.health_decks
            for i in range(mage.health):
                self.put_health(side, decks[i % len(decks)])
            for i in range(mage.armor):
                card = self.take(decks[(i + mage.health) % len(decks)])
                if card is not None:
                    side.armor.append(card)
        self.starter = self.rng.below(len(self.seats))
        self.events.append(ev.GameStarted(1, self.starter, self.names[self.starter]))
        self.queue = [("begin", self.starter)]
        self.run()

    def put_health(self, side: Seat, deck: str) -> bool:
        card = self.take(deck)
        if card is None:
            return False
        side.health.append(card)
        return True

    # -- the engine contract -------------------------------------------------------

    def decisions(self) -> list[Decision]:
        if self._decisions is None:
            self._decisions = self._build_decisions()
        return self._decisions

    def _build_decisions(self) -> list[Decision]:
        if self.over:
            return []
        p = self.prompt
        if p is not None:
            return [
                Decision(
                    p.player,
                    p.kind,
                    p.text,
                    p.actions,
                    min_picks=p.min_picks,
                    max_picks=p.max_picks,
                    private=True,
                    always_ask=p.kind in ASKED_BY_WHAT_IS_PUBLIC,
                )
            ]
        if self.phase == "main":
            return [
                Decision(
                    self.active,
                    "main",
                    "Play, fill, attack, or end your turn.",
                    self.main_actions(),
                    private=True,
                )
            ]
        return []

    def apply(self, player: int, action: Action) -> None:
        self._decisions = None
        p = self.prompt
        if p is not None:
            self.prompt = None
            self.answer(p, action)
        else:
            self.main_action(player, action)
        self.run()

    def concede(self, player: int, reason: str) -> None:
        """R16: a leaving player's cards go to the discard piles; the rest play on."""
        self._decisions = None
        side = self.seats[player]
        if side.gone:
            return
        side.gone = True
        self.events.append(Note(f"{side.name} leaves the game ({reason})."))
        stripped = self.strip(side, everything=True)
        for card in stripped:
            self.discard(card)
        left = [s for s in self.seats if not s.gone]
        if len(left) < 2:
            self.win(left[0].seat, "the last player at the table")
            return
        if self.prompt is not None and self.prompt.player != player:
            self.drop_stale_choices(player, {c.uid for c in stripped})
        if self.active == player:
            self.prompt = None
            for card in self.limbo:
                self.discard(card)
            self.limbo = []
            self.queue = [("next", player)]
            self.phase = "ending"
        self.run()

    def drop_stale_choices(self, seat: int, gone: set[int]) -> None:
        """An open prompt no longer offers the leaver, or its cards, as a target (R16)."""
        p = self.prompt
        assert p is not None  # asked only while a prompt is open
        key = f"p{seat}"

        def stale(a: Action) -> bool:
            if a[0] == "deflect":
                return a[2] == seat
            return a[0] in ("once", "cast") and len(a) > 2 and (a[2] == key or a[2] in gone)

        kept = [a for a in p.actions if not stale(a)]
        p.actions = kept or [("fizzle", p.actions[0][1])]

    def view(self, viewer: int | None) -> MatchView:
        return build_view(self, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def clone(self) -> "MageWarsState":
        """An independent copy. Cards lying in a deck, a discard pile or a health or armor
        pile are shared, not copied: no rule changes a card while it lies there, and every
        way out of a pile (`take`, `salvage`, `spend`, `hurt`, `strip`, a sunder) gives the
        state its own copy first (`own`). Most of the ~200 cards lie in piles, so a
        look-ahead copy costs the table, not the whole game (docs/ai.md, "cheaper
        copies")."""
        twin = MageWarsState.__new__(MageWarsState)
        memo = dict(self.cards)  # pile cards stay shared; the rest are replaced below
        owned = self._table_cards()
        piled = sum(len(pile) for pile in self.decks.values())
        piled += sum(len(pile) for pile in self.discards.values())
        piled += sum(len(side.health) + len(side.armor) for side in self.seats)
        if len(owned) + piled != len(self.cards):  # a card elsewhere: copy all but piles
            kept = {c.uid for pile in self.decks.values() for c in pile}
            for pile in (*self.discards.values(), *(s.health for s in self.seats)):
                kept.update(c.uid for c in pile)
            kept.update(c.uid for side in self.seats for c in side.armor)
            owned = [card for uid, card in self.cards.items() if uid not in kept]
        for card in owned:  # first empty cards, then what refers to them
            memo[card.uid] = Card.__new__(Card)
        for card in owned:
            card.copy_into(memo[card.uid], memo)
        twin.cards = memo
        twin.names, twin.rng = self.names, self.rng.clone()
        twin.seats = [s.copy(memo) for s in self.seats]
        twin.decks = {d: list(cs) for d, cs in self.decks.items()}
        twin.discards = {d: list(cs) for d, cs in self.discards.items()}
        twin.centre = [memo[c.uid] for c in self.centre]
        twin.limbo = [memo[c.uid] for c in self.limbo]
        twin.next_uid, twin.events = self.next_uid, list(self.events)
        twin.queue = [_copy_step(step, memo) for step in self.queue]
        p = self.prompt
        twin.prompt = (
            None
            if p is None
            else Prompt(
                p.kind,
                p.player,
                p.text,
                p.actions,
                data=_copy_step(p.data, memo) if isinstance(p.data, tuple) else p.data,
                min_picks=p.min_picks,
                max_picks=p.max_picks,
            )
        )
        for slot in ("phase", "active", "starter", "turn", "round", "winner", "over"):
            setattr(twin, slot, getattr(self, slot))
        twin._decisions = None
        return twin

    # -- numbers from the Mage, pets, items, levels and structures -------------------

    def bonus(self, side: Seat, field: str) -> int:
        total = 0
        for card in side.pets:
            total += getattr(card.proto.data.bonus, field)
        for card in side.items.values():
            total += getattr(card.proto.data.bonus, field)
        for card in side.levels:
            total += getattr(card.proto.data.buffs, field)
        for card in self.centre:
            if not card.need and self.aura_applies(card, side):
                total += getattr(card.proto.data.aura.bonus, field)
        return total

    def aura_applies(self, structure: Card, side: Seat) -> bool:
        """mw:70 — an aura may name an alignment, a level, or pet owners."""
        who = structure.proto.data.aura.who
        if who == "all":
            return True
        if who == "pet_owners":
            return bool(side.pets)
        if who == "level_2":
            return side.level >= 2
        if who in ELEMENTS:
            sources = [c for c in side.board if c.proto.type == "resource"]
            sources += [
                c for c in side.pets + list(side.items.values()) if c.proto.data.bonus.resource
            ]
            return any(_resource_of(c) == who for c in sources)
        return side.mage.proto.data.alignment == who

    def max_health(self, side: Seat) -> int:
        return side.mage.proto.data.health + self.bonus(side, "health")

    def max_hand(self, side: Seat) -> int:
        return side.mage.proto.data.hand + self.bonus(side, "hand")

    def max_pets(self, side: Seat) -> int:
        return side.mage.proto.data.pets + self.bonus(side, "pets")

    def defence(self, side: Seat) -> int:
        return self.bonus(side, "defence") + side.ward

    def fate_count(self, side: Seat) -> int:
        return max(0, side.mage.proto.data.fate + self.bonus(side, "fate") + side.haste)

    def progress(self, side: Seat) -> tuple[int, int]:
        """(how far, how far needed) on the Mage's own win condition (mw:128)."""
        win = side.mage.proto.data.win
        kind = win.kind
        if kind == "level":
            have = side.level
        elif kind == "structures":
            have = side.built
        elif kind == "kills":
            have = side.kills
        elif kind == "pets":
            have = len(side.pets)
        elif kind == "items":
            have = len(side.items)
        else:
            have = side.won
        if self.round < WANE_FROM:
            return have, win.amount
        return have, max(2 if win.kind == "level" else 1, win.amount - self.waning())

    def waning(self) -> int:
        """R14: how much every win condition has waned by this round."""
        if self.round < WANE_FROM:
            return 0
        return 1 + (self.round - WANE_FROM) // WANE_STEP

    # -- decks and discard piles ---------------------------------------------------

    def take(self, deck: str) -> Card | None:
        """mw:118 — the top card; an empty deck first takes its shuffled discard pile."""
        pile = self.decks[deck]
        if not pile:
            used = self.discards[deck]
            if not used:
                return None  # R4: both empty, nothing is drawn
            self.rng.shuffle(used)
            pile.extend(used)
            used.clear()
            self.events.append(
                Note(f"The {DECK_NAMES[deck]} discard pile is shuffled into a new deck.")
            )
        return self.own(pile.pop())

    def _table_cards(self) -> list[Card]:
        """Every card outside the piles (`clone` copies these): the centre, limbo, each
        seat's Mage and zones but health and armor, its items, and what lies under or
        charges any of them (counted, so a card in two places shows as a mismatch)."""
        found: list[Card] = [*self.centre, *self.limbo]
        for side in self.seats:
            if side.mage is not None:
                found.append(side.mage)
            found += side.hand
            found += side.pets
            found += side.works
            found += side.board
            found += side.wards
            found += side.levels
            found += [c for c, _ in side.trials]
            found += side.items.values()
        index = 0
        while index < len(found):
            card = found[index]
            index += 1
            if card.under:
                found += [c for c, _ in card.under if c is not None]
            if card.charges:
                found += card.charges
        return found

    def own(self, card: Card) -> Card:
        """A card leaving a pile becomes this state's own copy: a clone may share the one
        that lay in the pile (`clone`)."""
        mine = Card.__new__(Card)
        card.copy_into(mine, self.cards)
        self.cards[card.uid] = mine
        return mine

    def discard(self, card: Card) -> None:
        """mw:118 — face up beside the deck it came from; what lay under it goes too."""
        for under, _ in card.under:
            if under is not None:
                self.discard(under)
        for charge in card.charges:
            self.discard(charge)
        card.under, card.charges, card.need = [], [], []
        card.owner, card.used, card.tapped, card.discount = None, -1, -1, 0
        self.discards[card.proto.deck].append(card)

    def draw(self, side: Seat, deck: str) -> None:
        """mw:36 — into the hand; a curse strikes as it is drawn (mw:88)."""
        card = self.take(deck)
        if card is None:
            self.events.append(Note(f"The {DECK_NAMES[deck]} deck and its discard pile are empty."))
            return
        self.into_hand(side, card, DECK_NAMES[deck] + " deck")

    def into_hand(self, side: Seat, card: Card, source: str, public: bool = False) -> None:
        if card.proto.type == "curse":
            self.events.append(Note(f"{side.name} draws the curse {_curse_line(card.proto)}"))
            self.curse_drawn(side, card)
            return
        side.hand.append(card)
        if public:  # a card from a face-up discard pile: everyone saw it
            self.events.append(Note(f"{side.name} takes {card.proto.name} from the {source}."))
        else:
            self.events.append(DrewFrom(side.seat, side.name, source, card.proto.name))

    # -- running the turn ----------------------------------------------------------

    def run(self) -> None:
        """Run queued steps until a prompt or the main phase; checks follow every change."""
        while not self.over:
            if self.prompt is None:
                self.check_levels()
                self.check_trials()
                self.check_win()
            if self.over or self.prompt is not None or not self.queue:
                break
            step = self.queue.pop(0)
            getattr(self, "step_" + step[0])(*step[1:])
        self._decisions = None

    def push(self, *steps: tuple) -> None:
        """Steps that happen before whatever was already waiting."""
        self.queue[0:0] = steps

    def step_begin(self, seat: int) -> None:
        """mw:34,124 — a new turn; a dead Mage's turn is the resurrection turn (mw:137)."""
        side = self.seats[seat]
        self.active = seat
        self.turn += 1
        side.tally = dict.fromkeys(TALLIES, 0)
        side.ward = 0  # a ward lasts until the start of your next turn
        self.events.append(ev.TurnStarted(seat, side.name, self.turn))
        self.phase = "turn"
        if side.skip > 0:
            side.skip -= 1
            self.events.append(Note(f"{side.name} loses this turn."))
            self.queue = [("next", seat)]
            return
        if side.dead:
            self.queue = [("dead", seat)]
            return
        fates = self.fate_count(side)
        side.haste = 0
        self.queue = [("upkeep", seat), *[("fate", seat)] * fates, ("main", seat)]

    def step_upkeep(self, seat: int) -> None:
        """mw:70 — structures whose aura drains the player."""
        side = self.seats[seat]
        loss = 0
        for card in self.centre:
            if not card.need and self.aura_applies(card, side):
                loss += card.proto.data.aura.drain
        if loss:
            self.lose_health(side, loss, None, "a structure's aura")

    def step_fate(self, seat: int) -> None:
        """mw:34 — a fate card is drawn and played at once."""
        side = self.seats[seat]
        card = self.take("fate")
        if card is None:
            return
        if card.proto.type == "curse":  # mw:88 — curses hide in the fate deck too
            self.events.append(Note(f"{side.name} draws the curse {_curse_line(card.proto)}"))
            self.curse_drawn(side, card)
            return
        self.events.append(ev.CardPlayed(seat, side.name, card.proto.name, None))
        self.discard(card)
        self.push(*[("eff", e, seat, None, card.proto.name) for e in card.proto.data.effects])

    def step_settle(self, uid: int) -> None:
        """R19 — a used card goes to its discard pile after its effects, not before."""
        card = self.cards[uid]
        if card in self.limbo:
            self.limbo.remove(card)
            self.discard(card)

    def step_main(self, seat: int) -> None:
        self.phase = "main"

    def step_draw(self, seat: int, deck: str) -> None:
        self.draw(self.seats[seat], deck)

    def step_eff(self, effect: Any, seat: int, target: Any, source: str) -> None:
        self.effect(effect, seat, target, source)

    def step_trials_end(self, seat: int) -> None:
        """mw:80 — a challenge not won this turn is lost; its consequence follows."""
        side = self.seats[seat]
        for card, _ in side.trials:
            self.events.append(Note(f"{side.name} fails the challenge {card.proto.name}."))
            self.push(
                *[("eff", e, seat, None, card.proto.name) for e in card.proto.data.consequence]
            )
            self.discard(card)
        side.trials = []

    def step_handcheck(self, seat: int) -> None:
        """mw:23 — at the end of the turn the hand is cut to the Mage's maximum (R6)."""
        side = self.seats[seat]
        excess = len(side.hand) - self.max_hand(side)
        if excess > 0:
            self.prompt = Prompt(
                "discard",
                seat,
                f"You hold {len(side.hand)} cards and your hand keeps "
                f"{self.max_hand(side)}: discard {excess}.",
                [("card", c.uid) for c in side.hand],
                min_picks=excess,
                max_picks=excess,
            )

    def step_next(self, seat: int) -> None:
        """mw:124 — the player to the left (the next seat) takes the turn."""
        side = self.seats[seat]
        self.events.append(ev.TurnEnded(side.name))
        count = len(self.seats)
        nxt = (seat + 1) % count
        while self.seats[nxt].gone:
            nxt = (nxt + 1) % count
        if (nxt - self.starter) % count <= (seat - self.starter) % count:
            self.round += 1
            if self.round > ROUND_LIMIT:
                self.last_light()
                return
            line = f"Round {self.round} of {ROUND_LIMIT} begins."  # R14-R15 hang on it
            if self.round >= WANE_FROM and (self.round - WANE_FROM) % WANE_STEP == 0:
                line += " The Waning eases every win condition by one more."
            self.events.append(Note(line))
        self.queue = [("begin", nxt)]

    def step_dead(self, seat: int) -> None:
        """mw:137 — the player *may* draw 1 card from each of Enchanted, Mystic and Arcane:
        any of the three, all, or none (a curse may lie on top)."""
        self.prompt = Prompt(
            "reach",
            seat,
            "Your Mage is dead. Draw 1 card from which decks? (any, all or none)",
            [("deck", d) for d in RESURRECTION_DECKS],
            min_picks=0,
            max_picks=len(RESURRECTION_DECKS),
        )

    def dead_draws(self, side: Seat, picks: tuple) -> None:
        before = frozenset(c.uid for c in side.hand)
        chosen = {deck for _, deck in picks}
        draws = [("draw", side.seat, d) for d in RESURRECTION_DECKS if d in chosen]
        self.queue = [*draws, ("keep", side.seat, before), ("rise", side.seat)]

    def step_keep(self, seat: int, before: frozenset) -> None:
        """mw:137 — drawn cards are kept up to the maximum hand, the rest discarded (R28):
        the player chooses which only when some, not all, must go."""
        side = self.seats[seat]
        drawn = [c for c in side.hand if c.uid not in before]
        excess = min(len(drawn), max(0, len(side.hand) - self.max_hand(side)))
        if not excess:
            return
        if excess == len(drawn):
            for card in drawn:
                side.hand.remove(card)
                self.events.append(Note(f"{side.name} discards {card.proto.name}."))
                self.discard(card)
            return
        self.prompt = Prompt(
            "keep",
            seat,
            f"You hold {len(side.hand)} cards and your hand keeps {self.max_hand(side)}: "
            f"discard {excess} of the cards you drew.",
            [("card", c.uid) for c in drawn],
            min_picks=excess,
            max_picks=excess,
        )

    def step_rise(self, seat: int) -> None:
        """mw:139 — once the hand pays the Resurrect resources, the Mage may return."""
        side = self.seats[seat]
        if side.dead and not side.gone and side.hand:  # R31: asked by the public hand size
            can = self.payment(side) is not None
            self.prompt = Prompt(
                "rise",
                seat,
                "Resurrect your Mage now?",  # public: the cards paying are named in the option
                [("resurrect",), ("wait",)] if can else [("wait",)],
            )
            return
        self.queue = [("next", seat)]

    # -- answering prompts -----------------------------------------------------------

    def answer(self, p: Prompt, action: Action) -> None:
        side = self.seats[p.player]
        kind = p.kind
        head = action[0] if action and not isinstance(action[0], tuple) else None
        if kind in ("discard", "keep"):
            picks = (action,) if head == "card" else action  # a 1-of-1 pick is a plain action
            for _, uid in picks:
                card = self.cards[uid]
                side.hand.remove(card)
                self.events.append(Note(f"{side.name} discards {card.proto.name}."))
                self.discard(card)
        elif kind == "reach":
            self.dead_draws(side, (action,) if head == "deck" else action)
        elif kind == "deck":
            mode, count = p.data
            deck = action[1]
            if mode == "draw":
                self.push(*[("draw", p.player, deck)] * count)
            elif deck is not None:
                self.salvage(side, deck)
        elif kind == "curse":
            self.answer_curse(side, p.data, action)
        elif kind == "activate":
            self.answer_activate(side, action)
        elif kind == "rise":
            if head == "resurrect":
                self.resurrect(side)
            else:
                self.queue = [("next", p.player)]
        else:
            raise AssertionError(f"unhandled prompt {kind}")

    # -- the main phase ----------------------------------------------------------------

    def main_actions(self) -> list[Action]:
        side = self.seats[self.active]
        actions: list[Action] = []
        works = self.fillable(side)
        # R32: a fill that would complete a work with no use (a spell with no legal
        # target) is not offered: it would only discard the work and its resources
        hand_works = tap_works = works  # what a hand card, and a permanent resource, may fill
        memo: dict[str, bool] | None = None  # what has_use finds about the table
        for work in works:
            if len(work.need) == 1 and work.proto.chosen is not None:
                if memo is None:
                    memo = {}
                    hand_works, tap_works = list(works), list(works)
                if not self.has_use(side, work, True, memo):  # then not by a resource either
                    hand_works.remove(work)
                    tap_works.remove(work)
                elif not self.has_use(side, work, False, memo):
                    tap_works.remove(work)
        for card in side.hand:
            if self.can_play(side, card):
                actions.append(("play", card.uid))
            icons = card.proto.resources
            if icons:
                for work in hand_works:
                    if _fits(icons, work.need):
                        actions.append(("fill", card.uid, work.uid))
        for source in self.perm_sources(side):
            icon = _resource_of(source)
            for work in tap_works:
                if _fits((icon,), work.need):
                    actions.append(("tap", source.uid, work.uid))
        if side.health:
            actions.append(SPEND)
        targets = None
        for source in self.attackers(side):
            if targets is None:
                targets = self.targets(side, "enemy")
            actions += [("attack", source.uid, t) for t in targets]
        for card in side.board:
            if card.proto.type == "magic" and card.used != self.turn:
                kind = card.proto.chosen
                if kind is None:
                    actions.append(("use", card.uid, None))
                else:
                    actions += [("use", card.uid, t) for t in self.targets(side, kind)]
        actions.append(END)
        return actions

    def can_play(self, side: Seat, card: Card) -> bool:
        if card.used == self.turn:  # R20: taken from a discard pile this turn
            return False
        proto = card.proto
        t = proto.type
        if t in ("creature", "item", "magic"):
            if proto.chosen is not None and len(proto.requires) <= card.discount:
                return self.has_use(side, card, False)  # R32: complete at once: of use now?
            return True
        if t in ("structure", "challenge"):
            return True
        if t == "level":  # mw:74 — exactly one above the current level, one at a time (R10)
            return card.proto.data.level == side.level + 1 and not any(
                w.proto.type == "level" for w in side.works
            )
        if t in ("resource", "blessing"):  # only their permanent / crafted forms are laid
            return bool(card.proto.requires)
        return False

    def fillable(self, side: Seat) -> list[Card]:
        """Own manifestations in the making, and structures in the centre (mw:68)."""
        return [w for w in side.works if w.need] + [w for w in self.centre if w.need]

    def perm_sources(self, side: Seat) -> list[Card]:
        """mw:84 — permanent resources, and pets/items that give one, once a turn each."""
        found = [c for c in side.board if c.proto.type == "resource"]
        found += [c for c in side.pets if c.proto.data.bonus.resource]
        found += [c for c in side.items.values() if c.proto.data.bonus.resource]
        return [c for c in found if c.tapped != self.turn]

    def attackers(self, side: Seat) -> list[Card]:
        """Pets and items with power that have not attacked this turn."""
        found = [c for c in side.pets if c.proto.data.power and c.used != self.turn]
        found += [c for c in side.items.values() if c.proto.data.power and c.used != self.turn]
        return found

    def targets(self, side: Seat, kind: str | None) -> list[Any]:
        """Legal chosen targets: enemy Mages as "p#", cards by uid (mw:105-110); none for
        a card that chooses no target (kind None)."""
        found: list[Any] = []
        if kind in ("enemy_mage", "enemy"):
            found += [s.key for s in self.seats if s is not side and not s.gone and not s.dead]
        if kind in ("enemy_card", "enemy"):
            for other in self.seats:
                if other is not side:
                    found += [c.uid for c in other.pets]
                    found += [c.uid for c in other.items.values()]
            found += [c.uid for c in self.centre if not c.need]  # built structures
        if kind == "enemy_work":
            for other in self.seats:
                if other is not side:
                    found += [w.uid for w in other.works if w.under]
            found += [w.uid for w in self.centre if w.need and w.under]
        return found

    def main_action(self, seat: int, action: Action) -> None:
        side = self.seats[seat]
        head = action[0]
        if head == "play":
            self.play(side, self.cards[action[1]])
        elif head == "fill":
            card = self.cards[action[1]]
            side.hand.remove(card)
            self.fill(side, self.cards[action[2]], card, card.proto.resources)
        elif head == "tap":
            source = self.cards[action[1]]
            source.tapped = self.turn  # R29: apart from its attack
            self.fill(side, self.cards[action[2]], None, (_resource_of(source),), source)
        elif head == "spend":
            self.spend(side)
        elif head == "attack":
            source = self.cards[action[1]]
            source.used = self.turn
            self.attack_with(side, source, action[2])
        elif head == "use":
            self.use_charge(side, self.cards[action[1]], action[2])
        elif head == "end":
            self.phase = "ending"
            self.queue = [("trials_end", seat), ("handcheck", seat), ("next", seat)]
        else:
            raise AssertionError(f"unhandled action {action!r}")

    def play(self, side: Seat, card: Card) -> None:
        """mw:42 — lay a card to fill over turns; with nothing to fill it activates now."""
        side.hand.remove(card)
        proto = card.proto
        if proto.type == "challenge":  # mw:80 — its conditions count from now, this turn
            self.events.append(ev.CardPlayed(side.seat, side.name, proto.name, None))
            side.trials.append((card, dict(side.tally)))
            return
        need = list(proto.requires)
        for _ in range(min(card.discount, len(need))):  # R5: "any" requirements first
            need.remove("any" if "any" in need else need[-1])
        card.need = need
        card.owner = None if proto.type == "structure" else side.seat
        if not need:
            self.events.append(ev.CardPlayed(side.seat, side.name, proto.name, None))
            self.complete(side, card)
            return
        where = "in the centre" if proto.type == "structure" else "on the table"
        needs = ", ".join(ICON_WORDS[i] for i in need)
        self.events.append(Note(f"{side.name} lays {proto.name} {where} (needs {needs})."))
        if proto.type == "structure":
            self.centre.append(card)
        else:
            side.works.append(card)

    def fill(
        self,
        side: Seat,
        work: Card,
        card: Card | None,
        icons: tuple[str, ...],
        source: Card | None = None,
    ) -> None:
        """mw:44 — one resource card fills exactly one requirement (R3)."""
        icon = next((i for i in icons if i in work.need), None)
        need = icon if icon is not None else "any"
        work.need.remove(need)
        work.under.append((card, need))
        side.tally["fill"] += 1
        if card is not None:
            what = card.proto.name
        else:
            assert source is not None  # no card: a tapped source gives the resource
            what = f"{source.proto.name}'s resource"
        self.events.append(Note(f"{side.name} fills {work.proto.name} with {what}."))
        if not work.need and work.proto.type != "level":
            if work in side.works:
                side.works.remove(work)
            else:
                self.centre.remove(work)
            self.complete(side, work)

    def spend(self, side: Seat) -> None:
        """mw:30 — a health card taken into hand, at the Mage's discount; health drops."""
        card = self.own(side.health.pop())
        card.discount = side.mage.proto.data.discount
        side.tally["spend"] += 1
        self.events.append(Note(f"{side.name} spends a health card ({len(side.health)} left)."))
        self.into_hand(side, card, "health pile")
        if not side.health and not side.dead:
            self.kill(side, None)

    # -- activation (mw:46) ----------------------------------------------------------

    def complete(self, side: Seat, card: Card) -> None:
        proto = card.proto
        t = proto.type
        side.tally["complete"] += 1
        self.events.append(Note(f"{proto.name} is complete."))
        collected = [c for c, _ in card.under if c is not None]
        card.under = []
        card.need = []
        charged = getattr(proto.data, "charged", False) and bool(collected)
        if charged:  # mw:114 — the resources turn into charges (R17: none, then used once)
            card.charges = collected
        else:
            for spent in collected:
                self.discard(spent)
        if t == "structure":  # mw:68
            card.owner = None
            if card not in self.centre:
                self.centre.append(card)
            side.built += 1
            self.events.append(ev.Triggered(proto.name, "construction"))
            self.push(*[("eff", e, side.seat, None, proto.name) for e in proto.data.on_build])
        elif t == "level":  # mw:76
            side.levels.append(card)
            side.level = proto.data.level
            self.events.append(Note(f"{side.name}'s Mage reaches level {side.level}."))
            if proto.data.buffs.health:
                self.heal(side, proto.data.buffs.health)
        elif t == "resource":
            side.board.append(card)
        elif t == "blessing":
            side.wards.append(card)
        elif t == "magic" and charged:
            side.board.append(card)
        else:
            self.limbo.append(card)
            self.prompt = self.activation_prompt(side, card)

    def has_use(
        self, side: Seat, work: Card, filled_from_hand: bool, memo: dict[str, bool] | None = None
    ) -> bool:
        """R32: whether `work`, completed now, could be used at all rather than only
        discarded (mw:46-64): `filled_from_hand` says whether the last requirement is met
        by a card (which becomes a charge of a charged card) or by a permanent resource.
        Structures, levels, resources and blessings always have a use."""
        proto = work.proto
        t = proto.type
        if t not in ("creature", "item", "magic") or proto.chosen is None:
            return True  # no target to want: it is cast or used at once (cheap checks first)
        charged = getattr(proto.data, "charged", False) and (
            filled_from_hand or any(c is not None for c, _ in work.under)
        )
        if t == "magic" and charged:
            return True
        memo = {} if memo is None else memo
        if t == "creature":
            pets = memo.get("pets")
            if pets is None:
                pets = memo["pets"] = self.max_pets(side) > 0
            if pets:
                return True
        if t == "item" and (charged or not proto.data.charged):
            return True
        found = memo.get(proto.chosen)
        if found is None:
            found = memo[proto.chosen] = self.has_target(side, proto.chosen)
        return found

    def has_target(self, side: Seat, kind: str) -> bool:
        """Whether `targets` would find one, without listing them: a living enemy Mage
        is the usual answer, found first."""
        if kind in ("enemy_mage", "enemy"):
            for other in self.seats:
                if other is not side and not other.gone and not other.dead:
                    return True
            if kind == "enemy_mage":
                return False
        return bool(self.targets(side, kind))

    def activation_prompt(self, side: Seat, card: Card) -> Prompt:
        proto = card.proto
        uid = card.uid
        actions: list[Action] = []
        if proto.type == "creature" and self.max_pets(side) > 0:  # mw:52
            if len(side.pets) < self.max_pets(side):
                actions.append(("pet", uid))
            else:
                actions += [("pet", uid, old.uid) for old in side.pets]
        if proto.type == "item":  # mw:58
            old = side.items.get(proto.data.slot)
            if card.charges or not proto.data.charged:
                actions.append(("slot", uid) if old is None else ("slot", uid, old.uid))
        if proto.chosen is None:
            actions.append(("cast" if proto.type == "magic" else "once", uid, None))
        elif proto.type == "magic":
            actions += [("cast", uid, t) for t in self.targets(side, proto.chosen)]
        elif self.targets(side, proto.chosen):  # the way first, the target after (R18)
            actions.append(("once", uid))
        if not actions:
            actions.append(("fizzle", uid))
        return Prompt("activate", side.seat, f"{proto.name} is complete: how is it used?", actions)

    def answer_activate(self, side: Seat, action: Action) -> None:
        card = self.cards[action[1]]
        head = action[0]
        if head == "once" and len(action) == 2:
            targets = self.targets(side, card.proto.chosen)
            self.prompt = Prompt(
                "activate",
                side.seat,
                f"{card.proto.name}: choose the target.",
                [("once", card.uid, t) for t in targets],
            )
            return
        self.limbo.remove(card)
        if head == "pet":
            if len(action) > 2:
                old = self.cards[action[2]]
                side.pets.remove(old)
                self.events.append(Note(f"{side.name} releases {old.proto.name}."))
                self.discard(old)
            card.owner = side.seat
            side.pets.append(card)
            self.events.append(ev.Summoned(card.proto.name, side.name))
        elif head == "slot":
            slot = card.proto.data.slot
            held = side.items.get(slot)
            if held is not None:
                self.discard(held)
            card.owner = side.seat
            side.items[slot] = card
            self.events.append(Note(f"{side.name} puts {card.proto.name} in the {slot} slot."))
        elif head in ("once", "cast"):  # R19: discarded once its effects are over
            target = action[2]
            self.limbo.append(card)
            steps = [
                ("eff", e, side.seat, target, card.proto.name) for e in use_effects(card.proto)
            ]
            self.push(*steps, ("settle", card.uid))
        else:  # fizzle
            self.events.append(Note(f"{card.proto.name} has no use and is discarded."))
            self.discard(card)

    # -- combat (mw:97-110) -----------------------------------------------------------

    def attack_with(self, side: Seat, source: Card, target: Any) -> None:
        data = source.proto.data
        amount = data.power
        if getattr(data, "charged", False):  # mw:114 — each use discards a charge
            charge = source.charges.pop()
            self.discard(charge)
        self.strike(side, target, amount, False, source.proto.name)
        if getattr(data, "charged", False) and not source.charges and source.owner is not None:
            self.events.append(Note(f"{source.proto.name}'s last charge is spent."))
            self.remove_from_table(source)
            self.discard(source)

    def use_charge(self, side: Seat, card: Card, target: Any) -> None:
        card.used = self.turn
        charge = card.charges.pop()
        self.discard(charge)
        self.events.append(ev.CardPlayed(side.seat, side.name, card.proto.name, None))
        effects = [("eff", e, side.seat, target, card.proto.name) for e in card.proto.data.effects]
        if not card.charges:
            side.board.remove(card)
            self.discard(card)
        self.push(*effects)

    def strike(self, side: Seat, target: Any, amount: int, pierce: bool, source: str) -> None:
        side.tally["attacks"] += 1
        amount += self.bonus(side, "power")
        if isinstance(target, str):
            victim = self.seats[int(target[1:])]
            if victim.dead or victim.gone:
                return
            self.attack_mage(side, victim, amount, pierce, source)
        else:
            card = self.cards[target]
            if not self.on_table(card):
                return
            self.attack_card(side, card, amount, source)

    def attack_mage(self, side: Seat, victim: Seat, amount: int, pierce: bool, source: str) -> None:
        """mw:99-101 — armor cards, then other defences, then health cards."""
        armor = 0 if pierce else len(victim.armor)
        net = max(0, amount - armor - self.defence(victim))
        if not net:
            self.events.append(ev.Attacked(source, victim.name))
            return
        side.tally["damage"] += net
        self.lose_health(victim, net, side, source)

    def attack_card(self, side: Seat, card: Card, amount: int, source: str) -> None:
        """mw:107-110 — at least its health destroys it; less does nothing."""
        health = card.proto.data.health
        if amount < health:
            self.events.append(ev.Attacked(source, card.proto.name))
            return
        side.tally["destroy"] += 1
        self.events.append(ev.Attacked(source, card.proto.name, card.proto.name, amount, 0))
        self.destroy(card)

    def destroy(self, card: Card) -> None:
        owner = self.seats[card.owner].name if card.owner is not None else "the centre"
        self.events.append(ev.Died(card.proto.name, owner))
        self.remove_from_table(card)
        self.discard(card)
        if card.proto.type == "structure":  # mw:68 — an effect upon destruction
            self.events.append(ev.Triggered(card.proto.name, "destruction"))
            self.push(
                *[
                    ("eff", e, self.active, None, card.proto.name)
                    for e in card.proto.data.on_destroy
                ]
            )

    def on_table(self, card: Card) -> bool:
        if card in self.centre:
            return not card.need
        if card.owner is None:
            return False
        side = self.seats[card.owner]
        return card in side.pets or card in side.items.values()

    def remove_from_table(self, card: Card) -> None:
        if card in self.centre:
            self.centre.remove(card)
            return
        for side in self.seats:
            for zone in (side.pets, side.board, side.works):
                if card in zone:
                    zone.remove(card)
                    return
            for slot, item in list(side.items.items()):
                if item is card:
                    del side.items[slot]
                    return

    def lose_health(self, victim: Seat, amount: int, by: Seat | None, source: str) -> None:
        """mw:101 — health cards go face up to their discard piles; at none the Mage dies."""
        if victim.dead or victim.gone:
            return
        lost = min(amount, len(victim.health))
        for _ in range(lost):
            self.discard(self.own(victim.health.pop()))
        self.events.append(ev.Damaged(victim.name, lost, len(victim.health), source))
        if not victim.health:
            self.kill(victim, by)

    def heal(self, side: Seat, amount: int) -> None:
        """R7: health cards drawn from the Mage's decks, never above its health."""
        decks = side.mage.proto.data.health_decks
        healed = 0
        while healed < amount and len(side.health) < self.max_health(side):
            if not self.put_health(side, decks[len(side.health) % len(decks)]):
                break
            healed += 1
        if healed:
            self.events.append(ev.Healed(side.name, healed, len(side.health)))
        else:
            self.events.append(Note(f"{side.name}'s Mage is already at full health."))

    # -- death and resurrection (mw:132-139) ------------------------------------------

    def strip(self, side: Seat, everything: bool = False) -> list[Card]:
        """What a dying Mage discards (mw:133-135); a leaving player discards all (R16)."""
        armor = [self.own(c) for c in side.armor]
        cards = side.hand + side.pets + list(side.items.values()) + armor + side.works
        cards += [c for c, _ in side.trials]
        side.hand, side.pets, side.armor, side.works, side.trials = [], [], [], [], []
        side.items = {}
        if everything:
            cards += [self.own(c) for c in side.health] + side.board + side.wards + side.levels
            side.health, side.board, side.wards, side.levels = [], [], [], []
        return cards

    def kill(self, victim: Seat, by: Seat | None) -> None:
        victim.dead = True
        self.events.append(ev.Died(f"Mage {victim.mage.proto.name}", victim.name))
        for card in self.strip(victim):
            self.discard(card)
        if by is not None and by is not victim:
            by.kills += 1
        if victim.seat == self.active and not self.over:  # R12: the turn ends at once
            self.prompt = None
            for card in self.limbo:
                self.discard(card)
            self.limbo = []
            self.queue = [("next", victim.seat)]
            self.phase = "ending"

    def payment(self, side: Seat) -> list[Card] | None:
        """Hand cards that pay every Resurrect requirement, one card each (R11)."""
        needs = sorted(side.mage.proto.data.resurrect, key=lambda n: n == "any")
        cards = [c for c in side.hand if c.proto.resources]
        return _match(needs, cards, [])

    def resurrect(self, side: Seat) -> None:
        """mw:139 — pay, draw health cards, and take a turn at once."""
        payment = self.payment(side)
        assert payment is not None  # the rise prompt offers this only when the hand pays
        for card in payment:
            side.hand.remove(card)
            self.discard(card)
        side.dead = False
        self.heal(side, self.max_health(side))
        self.events.append(Note(f"{side.name}'s Mage {side.mage.proto.name} is resurrected!"))
        self.queue = [("begin", side.seat)]

    # -- curses and blessings (mw:88-91) --------------------------------------------

    def curse_drawn(self, side: Seat, card: Card) -> None:
        self.discard(card)
        blessings = [c for c in side.hand if c.proto.type == "blessing"] + side.wards
        if not blessings and not side.hand:  # R31: visibly nothing to answer with
            self.push(
                *[("eff", e, side.seat, None, card.proto.name) for e in card.proto.data.effects]
            )
            return
        actions: list[Action] = [("accept",)]
        others = [s.seat for s in self.seats if s is not side and not s.gone]
        for b in blessings:
            if b.proto.data.mode == "negate":
                actions.append(("negate", b.uid))
            else:
                actions += [("deflect", b.uid, o) for o in others]
        self.prompt = Prompt(
            "curse",
            side.seat,
            f"A curse strikes you — {_curse_line(card.proto)}",
            actions,
            data=card.proto,
        )

    def answer_curse(self, side: Seat, curse: Proto, action: Action) -> None:
        head = action[0]
        if head == "accept":
            self.push(*[("eff", e, side.seat, None, curse.name) for e in curse.data.effects])
            return
        blessing = self.cards[action[1]]
        if blessing in side.hand:
            side.hand.remove(blessing)
        else:
            side.wards.remove(blessing)
        self.discard(blessing)
        if head == "negate":
            self.events.append(Note(f"{blessing.proto.name} cancels {curse.name}."))
            return
        other = self.seats[action[2]]  # R8: a deflected curse cannot be turned again
        self.events.append(Note(f"{blessing.proto.name} turns {curse.name} onto {other.name}."))
        self.push(*[("eff", e, other.seat, None, curse.name) for e in curse.data.effects])

    # -- challenges, levels and winning ------------------------------------------------

    def check_trials(self) -> None:
        """mw:80 — a challenge whose condition is met this turn pays its reward."""
        side = self.seats[self.active]
        if not side.trials:
            return
        for entry in list(side.trials):
            card, base = entry
            cond = card.proto.data.condition
            if side.tally[cond.kind] - base[cond.kind] >= cond.amount:
                side.trials.remove(entry)
                side.won += 1
                self.events.append(Note(f"{side.name} wins the challenge {card.proto.name}!"))
                self.limbo.append(card)  # R19: discarded once the reward is taken
                reward = [
                    ("eff", e, side.seat, None, card.proto.name) for e in card.proto.data.reward
                ]
                self.push(*reward, ("settle", card.uid))

    def quest_met(self, side: Seat, quest: Any) -> bool:
        have = {
            "pet": len(side.pets),
            "item": len(side.items),
            "built": side.built,
            "challenges": side.won,
            "kills": side.kills,
            "health": len(side.health),
        }[quest.kind]
        return have >= quest.amount

    def check_levels(self) -> None:
        """mw:74-76 — a level card with every resource in activates once its quest is met."""
        for side in self.seats:
            for work in side.works:
                ready = work.proto.type == "level" and not work.need and not side.dead
                if ready and self.quest_met(side, work.proto.data.quest):
                    side.works.remove(work)
                    self.complete(side, work)
                    return

    def check_win(self) -> None:
        """mw:128 — a living Mage meeting its own win condition wins (R13: the active first)."""
        if self.over:
            return
        count = len(self.seats)
        for i in range(count):
            side = self.seats[(self.active + i) % count]
            if side.gone or side.dead:
                continue
            have, need = self.progress(side)
            if have >= need:
                self.win(side.seat, f"{side.mage.proto.name}'s win condition")
                return

    def last_light(self) -> None:
        """R15: after the last round the Mage nearest its win condition wins."""

        def standing(side: Seat) -> tuple:
            have, need = self.progress(side)
            return (not side.dead, have / need, len(side.health), -side.seat)

        best = max((s for s in self.seats if not s.gone), key=standing)
        self.events.append(Note("Last Light: the final round is over."))
        self.win(best.seat, "nearest to its win condition at Last Light")

    def win(self, seat: int, reason: str) -> None:
        self.over = True
        self.winner = seat
        self.phase = "over"
        self.queue = []
        self.prompt = None
        self.events.append(ev.GameOver(1, seat, self.names[seat], reason))

    # -- effects ------------------------------------------------------------------

    def effect(self, e: Any, seat: int, target: Any, source: str) -> None:
        effects.resolve(self, e, seat, target, source)

    def salvage(self, side: Seat, deck: str) -> None:
        """mw:120 — the top card of a discard pile, into the hand."""
        pile = self.discards[deck]
        if not pile:
            return
        card = self.own(pile.pop())
        card.used = self.turn  # R20: not played again this turn (no endless salvage loops)
        self.into_hand(side, card, DECK_NAMES[deck] + " discard pile", public=True)

    # -- counting cards (for tests) ----------------------------------------------------

    def all_cards(self) -> list[Card]:
        found: list[Card] = []
        for pile in (*self.decks.values(), *self.discards.values(), self.centre, self.limbo):
            found += pile
        for side in self.seats:
            if side.mage is not None:
                found.append(side.mage)
            for zone in Seat.ZONES:
                if zone == "trials":
                    found += [c for c, _ in side.trials]
                else:
                    found += getattr(side, zone)
            found += list(side.items.values())
        nested = []
        for card in found:
            if card.under:
                nested += [c for c, _ in card.under if c is not None]
            if card.charges:
                nested += card.charges
        return found + nested


def _curse_line(proto: Proto) -> str:
    return f"{proto.name}: {proto.text[:1].lower()}{proto.text[1:]}"


def _resource_of(card: Card) -> str:
    data = card.proto.data
    if card.proto.type == "resource":
        return data.permanent
    return data.bonus.resource


def _fits(icons: tuple[str, ...], need: list[str]) -> bool:
    return "any" in need or any(icon in need for icon in icons)


def _match(needs: list[str], cards: list[Card], used: list[Card]) -> list[Card] | None:
    """A small backtracking match of requirements to distinct cards."""
    if not needs:
        return used
    need = needs[0]
    for card in cards:
        if card in used:
            continue
        if need == "any" or need in card.proto.resources:
            found = _match(needs[1:], cards, [*used, card])
            if found is not None:
                return found
    return None


def _copy_step(step: Any, memo: dict[int, Card]) -> Any:
    if isinstance(step, Card):
        return memo[step.uid]
    if isinstance(step, tuple):
        return tuple(_copy_step(x, memo) for x in step)
    return step
