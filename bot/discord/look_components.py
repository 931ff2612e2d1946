"""Discord's "Look at a card": a button on the board and on each panel that
answers privately with menus of the cards the clicker can see; picking one answers
privately with the card's picture and its whole text.

What is offered is computed when the button is pressed, from one view only (`bot.render.look`):
on the board, the public view (no hand, whoever presses); on a panel, the presser's own
seat's view (their hand included, nobody else's). The card picked is looked up again in
that same view when the pick arrives, by its uid, so a stale menu, a card that moved out
of sight or a forged value can never show a hidden card.

Discord allows 25 options a menu and 5 menus a message: cards are listed in menus of up
to 25 in view order (each menu's placeholder says which zones it holds); past 125, the
answer says how many were left out.
"""

import asyncio
import io
import logging
import re
from typing import Any

import discord

from bot.cluster.routing import PRIVATE
from bot.discord.handlers import match_handlers
from bot.discord.select_values import select_values
from bot.render.look import SeenCard, card_details

log = logging.getLogger(__name__)

PER_MENU = 25  # Discord's limit of options in one select
MENUS_MAX = 5  # Discord's limit of action rows in one message
LOOK_LABEL = "Look at a card"


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def look_view(match_id: int, scope: str, seen: list[SeenCard]) -> discord.ui.View:
    """Up to MENUS_MAX menus of up to PER_MENU cards each; values are card uids."""
    view = discord.ui.View(timeout=None)
    for part in range(min(MENUS_MAX, -(-len(seen) // PER_MENU))):
        chunk = seen[part * PER_MENU : (part + 1) * PER_MENU]
        places = list(dict.fromkeys(s.where for s in chunk))
        options = [
            discord.SelectOption(label=_short(s.label, 100), value=str(s.card.uid)) for s in chunk
        ]
        placeholder = _short(f"{LOOK_LABEL}: " + ", ".join(places), 150)
        view.add_item(LookSelect(match_id, scope, part, options, placeholder))
    return view


class LookButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"look:(?P<match>\d+):(?P<scope>[ps])"
):
    """On the board (public cards) and on a panel (the presser's own view)."""

    match_route = PRIVATE  # answered with a private message (bot/cluster/routing.py)

    def __init__(self, match_id: int, scope: str):
        self.match_id, self.scope = match_id, scope
        super().__init__(
            discord.ui.Button(
                label=LOOK_LABEL,
                style=discord.ButtonStyle.secondary,
                custom_id=f"look:{match_id}:{scope}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "LookButton":
        return cls(int(match["match"]), match["scope"])

    async def callback(self, interaction: discord.Interaction) -> None:
        seen = await match_handlers(interaction).seen(
            self.match_id, self.scope, interaction.user.id
        )
        if not seen:
            await interaction.response.send_message(
                "There is no card to look at here now.", ephemeral=True
            )
            return
        shown = min(len(seen), PER_MENU * MENUS_MAX)
        more = f" ({len(seen) - shown} more not listed)" if len(seen) > shown else ""
        await interaction.response.send_message(
            f"Pick a card to read it in full{more}.",
            view=look_view(self.match_id, self.scope, seen),
            ephemeral=True,
        )


class LookSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"lk:(?P<match>\d+):(?P<scope>[ps]):(?P<part>\d+)",
):
    match_route = PRIVATE  # answered with a private message (bot/cluster/routing.py)

    def __init__(
        self,
        match_id: int,
        scope: str,
        part: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = LOOK_LABEL,
    ):
        self.match_id, self.scope, self.part = match_id, scope, part
        super().__init__(
            discord.ui.Select(
                custom_id=f"lk:{match_id}:{scope}:{part}",
                options=options or [discord.SelectOption(label="?", value="0")],
                placeholder=placeholder,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> "LookSelect":
        return cls(int(match["match"]), match["scope"], int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction)
        seen = await match_handlers(interaction).seen(
            self.match_id, self.scope, interaction.user.id
        )
        found = next((s for s in seen if values and str(s.card.uid) == values[0]), None)
        if found is None:  # moved out of sight, the match ended, or a value never offered
            await interaction.response.send_message(
                "That card is not where you can see it any more.", ephemeral=True
            )
            return
        await answer_card(interaction, found)


async def answer_card(interaction: discord.Interaction, found: SeenCard) -> None:
    """The card's picture and whole text, privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    embed = discord.Embed(
        title=_short(found.card.name, 256),
        description=_short(
            discord.utils.escape_markdown(card_details(found.card)) + f"\n\n*In {found.where}*",
            4096,
        ),
    )
    files = []
    try:
        from bot.render.image import render_card

        png = await asyncio.to_thread(render_card, found.card)
    except Exception:  # a broken picture must not cost the player the card's text
        log.exception("rendering card %s failed", found.card.card_id)
        png = None
    if png:
        files.append(discord.File(io.BytesIO(png), filename="card.png"))
        embed.set_image(url="attachment://card.png")
    await interaction.edit_original_response(embed=embed, attachments=files)


def look_row(match_id: int, scope: str) -> dict:
    """`LookButton(match_id, scope)` as message JSON: one action row."""
    return {
        "type": 1,
        "components": [
            {
                "type": 2,
                "style": discord.ButtonStyle.secondary.value,
                "disabled": False,
                "label": LOOK_LABEL,
                "custom_id": f"look:{match_id}:{scope}",
            }
        ],
    }
