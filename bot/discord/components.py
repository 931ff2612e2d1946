"""Buttons and select menus built from the engine's open decision.

Every custom_id carries the match id and the decision's number (`m:12:40:3`), so a click
on an old message is recognised as stale, and because they are DynamicItems they keep
working after a restart: discord.py matches the id against the template, whoever sent it.

`decision_components` writes the same components as plain Discord JSON: the panels edited
after every click are sent from it, without building discord.py items to serialise them
(tests/bot/test_components.py holds the two to the same output).
"""

import re
from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.cluster.routing import PRIVATE, UPDATE
from bot.discord.handlers import PUBLIC, SEAT, match_handlers
from bot.discord.look_components import LookButton, LookSelect, look_row
from bot.discord.select_values import select_values
from engine import Decision, Option

BUTTONS_MAX = 20  # 4 rows of 5; the fifth row is left for the panel's own controls
SELECT_OPTIONS_MAX = 25  # Discord's limit
SELECTS_MAX = 5
NONE_LABEL = "None"
NONE_LABELS = {"mulligan": "Keep all"}

GROUP_STYLES = {
    "attack": discord.ButtonStyle.danger,
    "play": discord.ButtonStyle.primary,
    "end": discord.ButtonStyle.secondary,
}


ROW = 5  # buttons in a row
GAP_LABEL = "·"  # a disabled button holding the place of an option that left


class PanelSlots:
    """Where each button of a player's panel sits, kept through a turn.

    A slot is row * 5 + position among the `BUTTONS_MAX` a panel has for choices. An option
    keeps its slot on every panel of the same player, turn and decision kind while it is
    offered (known by its label first, its action second, as the terminal numbers it), so
    a player's hand goes to the same place for the same move. A slot that lost its option
    becomes a disabled `GAP_LABEL` button when buttons follow it in its row, and is given
    to a new option only once every slot of the panel was used this turn.

    Kept in memory by the process drawing the panels: after a restart or a takeover the
    next panel starts the layout afresh.
    """

    def __init__(self) -> None:
        # (match, seat) -> (turn, kind -> slot -> (label, action id) it was given to)
        self._given: dict[tuple[int, int], tuple[int, dict[str, dict[int, tuple[str, str]]]]]
        self._given = {}

    def forget(self, match_id: int) -> None:
        for key in [key for key in self._given if key[0] == match_id]:
            del self._given[key]

    def place(
        self, match_id: int, turn: int, decision: Decision, options: Sequence[Option]
    ) -> list[Option | None] | None:
        """`options` in their slots (None: a gap), or None when they are no buttons
        (a multiple choice, or more than fit: select menus, in the engine's order)."""
        if decision.multi or len(options) > BUTTONS_MAX:
            return None
        key = (match_id, decision.player)
        known_turn, kinds = self._given.get(key, (turn, {}))
        if known_turn != turn:
            kinds = {}
        self._given[key] = (turn, kinds)
        given = kinds.setdefault(decision.kind, {})
        slots: dict[int, Option] = {}
        for same in (lambda m, o: m == (o.label, o.id), lambda m, o: m[0] == o.label):
            for option in options:
                if option in slots.values():
                    continue
                for slot, meant in given.items():
                    if slot not in slots and same(meant, option):
                        slots[slot] = option
                        break
        for option in options:
            if option not in slots.values():
                unused = [n for n in range(BUTTONS_MAX) if n not in given and n not in slots]
                free = unused or [n for n in range(BUTTONS_MAX) if n not in slots]
                slots[free[0]] = option
        given.update({n: (o.label, o.id) for n, o in slots.items()})
        return [slots.get(n) for n in range(max(slots, default=-1) + 1)]


def _rows(slots: Sequence[Option | None]) -> list[list[Option | None]]:
    """The slots in rows of five: a row's gaps at its end dropped, an empty row before a
    row with buttons kept as one gap (so the rows below stay where they were)."""
    rows = [list(slots[start : start + ROW]) for start in range(0, len(slots), ROW)]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    return [row or [None] for row in rows]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"m:(?P<match>\d+):(?P<seq>\d+):(?P<option>\d+)",
):
    match_route = UPDATE  # the panel becomes the answer (bot/cluster/routing.py)

    def __init__(self, match_id: int, seq: int, option: int, label: str = "?", group: str = ""):
        self.match_id, self.seq, self.option = match_id, seq, option
        super().__init__(
            discord.ui.Button(
                label=_short(label, 80),
                style=GROUP_STYLES.get(group, discord.ButtonStyle.success),
                custom_id=f"m:{match_id}:{seq}:{option}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["seq"]), int(match["option"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await match_handlers(interaction).choose(
            interaction, self.match_id, self.seq, [self.option]
        )


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"ms:(?P<match>\d+):(?P<seq>\d+):(?P<part>\d+)",
):
    match_route = UPDATE  # the panel becomes the answer (bot/cluster/routing.py)

    def __init__(
        self,
        match_id: int,
        seq: int,
        part: int,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
        placeholder: str = "Choose…",
    ):
        self.match_id, self.seq, self.part = match_id, seq, part
        super().__init__(
            discord.ui.Select(
                custom_id=f"ms:{match_id}:{seq}:{part}",
                options=options or [discord.SelectOption(label="?", value="0")],
                min_values=min_values,
                max_values=max_values,
                placeholder=placeholder,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["seq"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            picks = [int(v) for v in select_values(interaction)]
        except ValueError:
            picks = [-1]
        await match_handlers(interaction).choose(interaction, self.match_id, self.seq, picks)


class NoneButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"mn:(?P<match>\d+):(?P<seq>\d+)",
):
    """Completes a decision whose minimum is 0 with no picks: a select cannot be sent
    empty until something was picked and unpicked, so the empty choice gets its own button."""

    match_route = UPDATE  # the panel becomes the answer (bot/cluster/routing.py)

    def __init__(self, match_id: int, seq: int, label: str = NONE_LABEL):
        self.match_id, self.seq = match_id, seq
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"mn:{match_id}:{seq}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await match_handlers(interaction).choose(interaction, self.match_id, self.seq, [])


def none_label(decision: Decision) -> str:
    """What picking nothing means for this kind of decision."""
    return NONE_LABELS.get(decision.kind, NONE_LABEL)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hand:(?P<match>\d+)"):
    """On the public board: shows the clicking player their own hand and moves, privately."""

    match_route = PRIVATE  # answered with a private message (bot/cluster/routing.py)

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label="My hand & moves",
                style=discord.ButtonStyle.primary,
                custom_id=f"hand:{match_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await match_handlers(interaction).show_hand(interaction, self.match_id)


def decision_view(
    match_id: int,
    decision: Decision | None,
    options: Sequence[Option] = (),
    slots: Sequence[Option | None] | None = None,
) -> discord.ui.View:
    """The components for one player's open decision (empty when they have none), with
    its `options` as the engine labels them (`Match.options(decision)`); `slots`: where
    each button goes (`PanelSlots.place`), in the engine's order when not given."""
    view = discord.ui.View(timeout=None)
    if decision is None:
        return view
    if not decision.multi and len(options) <= BUTTONS_MAX:
        for row_number, row in enumerate(_rows(options if slots is None else slots)):
            for position, option in enumerate(row):
                if option is None:
                    slot = row_number * ROW + position
                    gap: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                        label=GAP_LABEL,
                        style=discord.ButtonStyle.secondary,
                        disabled=True,
                        custom_id=f"gap:{match_id}:{decision.seq}:{slot}",
                        row=row_number,
                    )
                    view.add_item(gap)
                    continue
                button = ChoiceButton(
                    match_id, decision.seq, option.index, option.label, option.group
                )
                button.row = row_number
                view.add_item(button)
        return view
    if decision.multi:
        chunk = options[:SELECT_OPTIONS_MAX]
        top = min(decision.max_picks, len(chunk))
        view.add_item(
            ChoiceSelect(
                match_id,
                decision.seq,
                0,
                [
                    discord.SelectOption(label=_short(o.label, 100), value=str(o.index))
                    for o in chunk
                ],
                min_values=min(decision.min_picks, top),
                max_values=max(top, 1),
                placeholder=_short(decision.prompt, 150),
            )
        )
        if decision.min_picks == 0:
            view.add_item(NoneButton(match_id, decision.seq, none_label(decision)))
        return view
    for part in range(min(SELECTS_MAX, -(-len(options) // SELECT_OPTIONS_MAX))):
        chunk = options[part * SELECT_OPTIONS_MAX : (part + 1) * SELECT_OPTIONS_MAX]
        first, last = chunk[0].index + 1, chunk[-1].index + 1
        view.add_item(
            ChoiceSelect(
                match_id,
                decision.seq,
                part,
                [
                    discord.SelectOption(label=_short(o.label, 100), value=str(o.index))
                    for o in chunk
                ],
                placeholder=f"Choices {first}-{last}",
            )
        )
    return view


ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
_STYLE_VALUES = {group: style.value for group, style in GROUP_STYLES.items()}
_DEFAULT_STYLE = discord.ButtonStyle.success.value


def _select(
    custom_id: str, options: Sequence[Option], placeholder: str, low: int = 1, high: int = 1
) -> dict[str, Any]:
    return {
        "type": ACTION_ROW,
        "components": [
            {
                "type": STRING_SELECT,
                "custom_id": custom_id,
                "min_values": low,
                "max_values": high,
                "disabled": False,
                "required": True,
                "placeholder": placeholder,
                "options": [
                    {"label": _short(o.label, 100), "value": str(o.index), "default": False}
                    for o in options
                ],
            }
        ],
    }


def _button(match_id: int, seq: int, slot: int, option: Option | None) -> dict[str, Any]:
    if option is None:
        return {
            "type": BUTTON,
            "style": discord.ButtonStyle.secondary.value,
            "disabled": True,
            "label": GAP_LABEL,
            "custom_id": f"gap:{match_id}:{seq}:{slot}",
        }
    return {
        "type": BUTTON,
        "style": _STYLE_VALUES.get(option.group, _DEFAULT_STYLE),
        "disabled": False,
        "label": _short(option.label, 80),
        "custom_id": f"m:{match_id}:{seq}:{option.index}",
    }


def decision_components(
    match_id: int,
    decision: Decision | None,
    options: Sequence[Option] = (),
    slots: Sequence[Option | None] | None = None,
) -> list[dict[str, Any]]:
    """`decision_view(match_id, decision, options, slots).to_components()`, written out
    directly."""
    if decision is None:
        return []
    seq = decision.seq
    if not decision.multi and len(options) <= BUTTONS_MAX:
        return [
            {
                "type": ACTION_ROW,
                "components": [
                    _button(match_id, seq, number * ROW + position, option)
                    for position, option in enumerate(row)
                ],
            }
            for number, row in enumerate(_rows(options if slots is None else slots))
        ]
    if decision.multi:
        chunk = options[:SELECT_OPTIONS_MAX]
        top = min(decision.max_picks, len(chunk))
        rows = [
            _select(
                f"ms:{match_id}:{seq}:0",
                chunk,
                _short(decision.prompt, 150),
                min(decision.min_picks, top),
                max(top, 1),
            )
        ]
        if decision.min_picks == 0:
            none = {
                "type": BUTTON,
                "style": discord.ButtonStyle.secondary.value,
                "disabled": False,
                "label": none_label(decision),
                "custom_id": f"mn:{match_id}:{seq}",
            }
            rows.append({"type": ACTION_ROW, "components": [none]})
        return rows
    rows = []
    for part in range(min(SELECTS_MAX, -(-len(options) // SELECT_OPTIONS_MAX))):
        chunk = options[part * SELECT_OPTIONS_MAX : (part + 1) * SELECT_OPTIONS_MAX]
        first, last = chunk[0].index + 1, chunk[-1].index + 1
        rows.append(_select(f"ms:{match_id}:{seq}:{part}", chunk, f"Choices {first}-{last}"))
    return rows


class WatchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"watch:(?P<match>\d+)"):
    """On the public board: a live, private copy of the public table for a spectator."""

    match_route = PRIVATE  # answered with a private message (bot/cluster/routing.py)

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(
            discord.ui.Button(
                label="Watch", style=discord.ButtonStyle.secondary, custom_id=f"watch:{match_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await match_handlers(interaction).watch(interaction, self.match_id)


def board_view(match_id: int, over: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if not over:
        view.add_item(HandButton(match_id))
        view.add_item(WatchButton(match_id))
        view.add_item(LookButton(match_id, PUBLIC))  # public cards only, whoever presses
    return view


def with_look(view: discord.ui.View, match_id: int) -> discord.ui.View:
    """A panel's components and its "Look at a card" button (the presser's own view),
    when a row is left for it (Discord allows 5)."""
    rows = len(view.to_components())
    if rows < SELECTS_MAX:
        look = LookButton(match_id, SEAT)
        look.row = rows  # a row of its own, after the choices (as `with_look_row` writes it)
        view.add_item(look)
    return view


def with_look_row(rows: list[dict], match_id: int) -> list[dict]:
    """`with_look` for the JSON panel: the same button in its own row."""
    return [*rows, look_row(match_id, SEAT)] if len(rows) < SELECTS_MAX else rows


DYNAMIC_ITEMS = (
    ChoiceButton,
    ChoiceSelect,
    NoneButton,
    HandButton,
    WatchButton,
    LookButton,
    LookSelect,
)
