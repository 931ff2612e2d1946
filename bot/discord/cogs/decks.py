"""/deck: build, check, share and choose decks.

A player's own decks live in storage and may be anything while they are being built; the
ruleset's `validate_deck` says what is still wrong (shown after every change) and a deck
must be legal to become the active deck. Preconstructed decks are read-only: they can be
shown, exported, validated, used, and copied into a new deck of one's own.

Every answer is private: deck building is one player's business, and a deck code is
shared by copying it, not by posting it for the player.
"""

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.cogs.cards import (
    card_choices,
    catalog,
    find_card,
    namespace_game,
    unknown_card_message,
)
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.replies import reply
from bot.render.text import card_line
from bot.storage import DeckNameTaken, DeckNotFound, DeckRow, Storage
from cards.deckcode import DeckCodeError, decode, encode
from engine import EngineError, Ruleset, get_ruleset, ruleset_ids

log = logging.getLogger(__name__)

NAME_MAX = 40
MAX_DECKS = 50  # per player and game: plenty for building, bounded for storage
MAX_DECK_CARDS = 200  # far above any legal deck; stops a runaway /deck add
MAX_ADD = 30
MESSAGE_MAX = 2000
PRESET_TAG = " (preconstructed)"


@dataclass(frozen=True)
class DeckRef:
    """The deck a command names: one of the caller's (`row`) or a preconstructed one."""

    label: str
    cards: list[str]
    row: DeckRow | None = None
    preset: str | None = None

    @property
    def title(self) -> str:
        return escape_markdown(self.label)


def presets(rules: Ruleset) -> dict[str, tuple[str, str]]:
    """Preconstructed decks: key -> (display name, style); the key when there is no name."""
    listed = getattr(getattr(rules, "pool", None), "decks", None) or {}
    out = {}
    for key in sorted(rules.preconstructed_decks()):
        deck = listed.get(key)
        out[key] = (getattr(deck, "name", key), getattr(deck, "style", ""))
    return out


def default_preset(rules: Ruleset) -> str:
    """What /challenge plays with when a player chose nothing (see bot.play.decks.resolve_deck)."""
    return sorted(rules.preconstructed_decks())[0]


def _preset_key(rules: Ruleset, name: str) -> str | None:
    """The preset a typed name means: its key or its display name, in any case."""
    folded = name.strip().casefold()
    for key, (display, _) in presets(rules).items():
        if folded in (key.casefold(), display.casefold(), (display + PRESET_TAG).casefold()):
            return key
    return None


async def find_deck(storage: Storage, user_id: int, rules: Ruleset, name: str) -> DeckRef | None:
    """Presets first, as /challenge's resolve_deck does; own decks cannot shadow them
    because `name_problem` refuses their names."""
    key = _preset_key(rules, name)
    if key is not None:
        display = presets(rules)[key][0]
        return DeckRef(display, rules.preconstructed_decks()[key], preset=key)
    row = await storage.decks.get_deck(user_id, rules.id, name)
    return None if row is None else DeckRef(row.name, list(row.cards), row=row)


def name_problem(rules: Ruleset, name: str) -> str | None:
    """Why a new deck cannot have this name, or None."""
    cleaned = name.strip()
    if not cleaned:
        return "A deck needs a name."
    if len(cleaned) > NAME_MAX:
        return f"A deck name has at most {NAME_MAX} characters."
    if any(c in cleaned for c in "`\n\r"):
        return "A deck name cannot hold backticks or line breaks."
    if _preset_key(rules, cleaned) is not None:
        return f"'{escape_markdown(cleaned)}' is the name of a preconstructed deck; pick another."
    return None


def problems_text(problems: list[str]) -> str:
    return "\n".join(f"• {p}" for p in problems)


def status_text(rules: Ruleset, cards: list[str]) -> str:
    """Legal, or every problem the ruleset finds: shown after each change."""
    problems = rules.validate_deck(cards)
    if not problems:
        return f"✅ Legal: {len(cards)} cards, ready to play."
    return f"Not legal yet ({len(cards)} cards):\n" + problems_text(problems)


def clip(text: str, limit: int = MESSAGE_MAX) -> str:
    """Discord refuses longer messages; a cut list beats no answer."""
    return text if len(text) <= limit else text[: limit - 2] + " …"


def deck_lines(game: str, cards: list[str]) -> list[str]:
    """`3x Sootling Scamp (1) · monster · 2/0/2`, cheapest first; unknown ids by id."""
    known = catalog(game)
    counts = Counter(cards)

    def order(card: str) -> tuple[int, int, str]:
        entry = known.get(card)
        if entry is None:
            return (1, 0, card)
        return (0, entry.cost or 0, entry.name)

    lines = []
    for card in sorted(counts, key=order):
        entry = known.get(card)
        what = card_line(entry.view()) if entry else f"`{card}` (unknown card)"
        lines.append(f"{counts[card]}x {escape_markdown(what) if entry else what}")
    return lines


def with_added(cards: list[str], card: str, count: int) -> list[str]:
    """New copies go next to the ones already there, so a deck reads (and encodes) grouped."""
    out = list(cards)
    at = max((i for i, c in enumerate(out) if c == card), default=len(out) - 1) + 1
    out[at:at] = [card] * count
    return out


def with_removed(cards: list[str], card: str, count: int) -> list[str]:
    """Take the last `count` copies out."""
    out = list(cards)
    for _ in range(count):
        del out[len(out) - 1 - out[::-1].index(card)]
    return out


# -- autocomplete -----------------------------------------------------------------------------


def _storage(interaction: discord.Interaction) -> Storage:
    """The storage of the bot that received `interaction`: autocomplete callbacks are
    plain functions, so they reach it through the Decks cog registered there."""
    cog = interaction.client.get_cog("Decks")  # type: ignore[attr-defined]
    assert isinstance(cog, Decks), "the app registers the Decks cog"
    return cog.storage


async def _deck_choices(
    interaction: discord.Interaction, current: str, with_presets: bool
) -> list[app_commands.Choice[str]]:
    try:
        rules = get_ruleset(namespace_game(interaction))
    except EngineError:
        return []
    own = await _storage(interaction).decks.list_decks(interaction.user.id, rules.id)
    items = [(d.name, d.name) for d in own]
    if with_presets:
        items += [(display + PRESET_TAG, key) for key, (display, _) in presets(rules).items()]
    folded = current.strip().casefold()
    return [
        app_commands.Choice(name=label[:100], value=value[:100])
        for label, value in items
        if folded in label.casefold() or folded in value.casefold()
    ][:25]


async def any_deck_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's decks and the preconstructed ones (for read-only commands)."""
    return await _deck_choices(interaction, current, with_presets=True)


async def own_deck_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Only the caller's own decks (for commands that change a deck)."""
    return await _deck_choices(interaction, current, with_presets=False)


async def deck_card_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """For /deck remove: the cards in the named deck (any card if it is not found yet)."""
    game = namespace_game(interaction)
    name = getattr(interaction.namespace, "name", None)
    row = None
    if isinstance(name, str) and name.strip():
        row = await _storage(interaction).decks.get_deck(interaction.user.id, game, name)
    if row is None:
        return card_choices(game, current)
    choices = card_choices(game, current, among=dict.fromkeys(row.cards))
    unknown = [c for c in dict.fromkeys(row.cards) if c not in catalog(game)]
    folded = current.strip().casefold()
    choices += [
        app_commands.Choice(name=f"{c} (unknown card)"[:100], value=c[:100])
        for c in unknown
        if folded in c.casefold()
    ]
    return choices[:25]


async def card_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """For /deck add: any card of the game whose name contains what was typed."""
    return card_choices(namespace_game(interaction), current)


# -- the commands -----------------------------------------------------------------------------


class Decks(
    commands.GroupCog, group_name="deck", group_description="Build, check, share and pick decks."
):
    match_route = NOT_MATCH_BOUND  # none of its commands is about a running match

    def __init__(self, *, storage: Storage):
        self.storage = storage
        # One change at a time per player: add/remove read, change and save the whole list.
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, user_id: int) -> asyncio.Lock:
        return self._locks.setdefault(user_id, asyncio.Lock())

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Engine errors (an unknown game, say) are the player's to read; others are ours."""
        original = getattr(error, "original", error)
        if isinstance(original, EngineError):
            await reply(interaction, f"Not done: {original}.")
            return
        if isinstance(error, app_commands.CheckFailure):  # a refused choice (bot/discord/errors.py)
            await reply(interaction, str(error) or "You cannot use this here.")
            return
        log.error("/deck failed", exc_info=original)
        await reply(interaction, "Something went wrong; nothing was changed.")

    async def _deck(
        self, interaction: discord.Interaction, rules: Ruleset, name: str
    ) -> DeckRef | None:
        """The named deck, or None after telling the player it does not exist."""
        deck = await find_deck(self.storage, interaction.user.id, rules, name)
        if deck is None:
            own = await self.storage.decks.list_decks(interaction.user.id, rules.id)
            mine = ", ".join(escape_markdown(d.name) for d in own) or "none yet"
            await reply(
                interaction,
                clip(
                    f"You have no {rules.name} deck called '{escape_markdown(name.strip())}'. "
                    f"Your decks: {mine}. Preconstructed: {', '.join(presets(rules))}."
                ),
            )
        return deck

    async def _own_deck(
        self, interaction: discord.Interaction, rules: Ruleset, name: str
    ) -> DeckRef | None:
        """The named deck if the player may change it; None after saying why not."""
        deck = await self._deck(interaction, rules, name)
        if deck is not None and deck.row is None:
            await reply(
                interaction,
                f"**{deck.title}** is a preconstructed deck and cannot be changed. Copy it "
                f"first: `/deck new name:<new name> from_deck:{deck.preset}`.",
            )
            return None
        return deck

    async def _check_new(self, interaction: discord.Interaction, rules: Ruleset, name: str) -> bool:
        """Whether a deck of this name may be created; False after saying why not."""
        problem = name_problem(rules, name)
        if problem is None:
            own = await self.storage.decks.list_decks(interaction.user.id, rules.id)
            if len(own) >= MAX_DECKS:
                problem = f"You have {len(own)} {rules.name} decks, the most allowed. "
                problem += "Delete one first (/deck delete)."
        if problem is not None:
            await reply(interaction, problem)
            return False
        return True

    async def _create(
        self, interaction: discord.Interaction, rules: Ruleset, name: str, cards: list[str]
    ) -> DeckRow | None:
        try:
            return await self.storage.decks.create_deck(interaction.user.id, rules.id, name, cards)
        except DeckNameTaken:
            await reply(
                interaction,
                f"You already have a {rules.name} deck called '{escape_markdown(name.strip())}'."
                " Pick another name, or delete that one first.",
            )
            return None

    @app_commands.command(name="list", description="Your decks and the preconstructed ones.")
    @app_commands.describe(game="which card game")
    @app_commands.choices(game=GAME_CHOICES)
    async def list_decks(self, interaction: discord.Interaction, game: str) -> None:
        rules = get_ruleset(game)
        uid = interaction.user.id
        own = await self.storage.decks.list_decks(uid, game)
        active = await self.storage.decks.get_active_deck(uid, game)
        active_id = active.deck.id if active and active.deck else None
        active_preset = active.preset if active and active.deck is None else None
        if active_id is None and active_preset not in rules.preconstructed_decks():
            active_preset = default_preset(rules)
        lines = []
        for deck in own:
            problems = rules.validate_deck(deck.cards)
            state = "legal" if not problems else f"{len(problems)} problem(s)"
            star = " · ★ active" if deck.id == active_id else ""
            lines.append(
                f"• **{escape_markdown(deck.name)}**: {len(deck.cards)} cards, {state}{star}"
            )
        embed = discord.Embed(title=f"{rules.name} decks", color=discord.Color.dark_teal())
        embed.description = clip(
            "\n".join(lines) or "You have no decks yet: start one with `/deck new`.", 4096
        )
        preset_lines = []
        for key, (display, style) in presets(rules).items():
            star = " · ★ active" if key == active_preset else ""
            kind = f" — {style}" if style else ""
            preset_lines.append(f"• **{escape_markdown(display)}** (`{key}`){kind}{star}")
        embed.add_field(name="Preconstructed", value=clip("\n".join(preset_lines), 1024))
        embed.set_footer(text="★ active: what /challenge plays when you name no deck.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(description="Show a deck's cards and whether it is legal.")
    @app_commands.describe(game="which card game", name="one of your decks or a preconstructed one")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=any_deck_autocomplete)
    async def show(
        self, interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 100]
    ) -> None:
        rules = get_ruleset(game)
        deck = await self._deck(interaction, rules, name)
        if deck is None:
            return
        embed = discord.Embed(title=deck.label[:256], color=discord.Color.dark_teal())
        embed.description = clip("\n".join(deck_lines(game, deck.cards)) or "(no cards)", 4096)
        problems = rules.validate_deck(deck.cards)
        status = "✅ Legal" if not problems else problems_text(problems)
        embed.add_field(name="Status", value=clip(status, 1024), inline=False)
        owner = "preconstructed" if deck.row is None else "your deck"
        embed.set_footer(text=f"{rules.name} · {len(deck.cards)} cards · {owner}")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(description="Start a deck: empty, or a copy of another deck.")
    @app_commands.describe(
        game="which card game",
        name="the new deck's name",
        from_deck="copy this deck (yours or preconstructed); leave out to start empty",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(from_deck=any_deck_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, NAME_MAX],
        from_deck: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        rules = get_ruleset(game)
        cards: list[str] = []
        source = ""
        if from_deck is not None:
            deck = await self._deck(interaction, rules, from_deck)
            if deck is None:
                return
            cards, source = list(deck.cards), f", a copy of **{deck.title}**"
        async with self._lock(interaction.user.id):
            if not await self._check_new(interaction, rules, name):
                return
            row = await self._create(interaction, rules, name, cards)
        if row is None:
            return
        hint = (
            "" if cards else "\nAdd cards with `/deck add`, or import a code with `/deck import`."
        )
        await reply(
            interaction,
            clip(
                f"Created **{escape_markdown(row.name)}**{source}.\n"
                f"{status_text(rules, row.cards)}{hint}"
            ),
        )

    @app_commands.command(description="Put copies of a card into one of your decks.")
    @app_commands.describe(
        game="which card game",
        name="one of your decks",
        card="the card (start typing its name)",
        count="how many copies (default 1)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=own_deck_autocomplete, card=card_autocomplete)
    async def add(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, 100],
        card: app_commands.Range[str, 1, 100],
        count: app_commands.Range[int, 1, MAX_ADD] = 1,
    ) -> None:
        rules = get_ruleset(game)
        entry = find_card(game, card)
        if entry is None:
            return await reply(interaction, unknown_card_message(game, card))
        if not 1 <= count <= MAX_ADD:
            return await reply(interaction, f"Add 1 to {MAX_ADD} copies at a time.")
        async with self._lock(interaction.user.id):
            deck = await self._own_deck(interaction, rules, name)
            if deck is None or deck.row is None:
                return
            if len(deck.cards) + count > MAX_DECK_CARDS:
                return await reply(
                    interaction, f"A deck holds at most {MAX_DECK_CARDS} cards; nothing added."
                )
            cards = with_added(deck.cards, entry.card_id, count)
            row = await self.storage.decks.save_cards(deck.row.id, cards)
        have = row.cards.count(entry.card_id)
        await reply(
            interaction,
            clip(
                f"Added {count}x **{escape_markdown(entry.name)}** to **{deck.title}** "
                f"(now {have}).\n{status_text(rules, row.cards)}"
            ),
        )

    @app_commands.command(description="Take copies of a card out of one of your decks.")
    @app_commands.describe(
        game="which card game",
        name="one of your decks",
        card="the card (start typing its name)",
        count="how many copies (default 1)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=own_deck_autocomplete, card=deck_card_autocomplete)
    async def remove(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, 100],
        card: app_commands.Range[str, 1, 100],
        count: app_commands.Range[int, 1, MAX_ADD] = 1,
    ) -> None:
        rules = get_ruleset(game)
        if not 1 <= count <= MAX_ADD:
            return await reply(interaction, f"Remove 1 to {MAX_ADD} copies at a time.")
        async with self._lock(interaction.user.id):
            deck = await self._own_deck(interaction, rules, name)
            if deck is None or deck.row is None:
                return
            # an id in the deck first: imported decks may hold cards the game does not know
            typed = card.strip()
            if typed in deck.cards:
                card_id, entry = typed, catalog(game).get(typed)
            else:
                entry = find_card(game, typed)
                if entry is None:
                    return await reply(interaction, unknown_card_message(game, typed))
                card_id = entry.card_id
            shown = escape_markdown(entry.name if entry else typed)
            have = deck.cards.count(card_id)
            if have == 0:
                return await reply(
                    interaction, f"**{deck.title}** has no {shown}; nothing removed."
                )
            if count > have:
                return await reply(
                    interaction,
                    f"**{deck.title}** has only {have}x {shown}; nothing removed.",
                )
            row = await self.storage.decks.save_cards(
                deck.row.id, with_removed(deck.cards, card_id, count)
            )
        await reply(
            interaction,
            clip(
                f"Removed {count}x **{shown}** from **{deck.title}** (now {have - count}).\n"
                f"{status_text(rules, row.cards)}"
            ),
        )

    @app_commands.command(name="import", description="Make a new deck from a deck code.")
    @app_commands.describe(
        game="which card game",
        name="the new deck's name",
        code="the deck code (from /deck export); leave it out to paste it into a text box",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def import_deck(
        self,
        interaction: discord.Interaction,
        game: str,
        name: app_commands.Range[str, 1, NAME_MAX],
        code: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        # A slash option holds at most 1,000 characters and is awkward to paste into; the
        # option stays for scripts, people get a text box (a modal: the first answer).
        if code is None:
            await interaction.response.send_modal(ImportModal(self, game, name))
            return
        await self.import_code(interaction, game, name, code)

    async def import_code(
        self, interaction: discord.Interaction, game: str, name: str, code: str
    ) -> None:
        rules = get_ruleset(game)
        try:
            code_game, cards = decode(code.strip())
        except DeckCodeError as exc:
            return await reply(interaction, f"That code cannot be imported: {exc}.")
        if code_game != game:
            other = get_ruleset(code_game).name if code_game in ruleset_ids() else code_game
            return await reply(interaction, f"That is a {other} deck code, not a {rules.name} one.")
        if len(cards) > MAX_DECK_CARDS:
            return await reply(interaction, f"A deck holds at most {MAX_DECK_CARDS} cards.")
        async with self._lock(interaction.user.id):
            if not await self._check_new(interaction, rules, name):
                return
            row = await self._create(interaction, rules, name, cards)
        if row is None:
            return
        await reply(
            interaction,
            clip(f"Imported **{escape_markdown(row.name)}**.\n{status_text(rules, row.cards)}"),
        )

    @app_commands.command(description="A code for a deck, to share it or keep it safe.")
    @app_commands.describe(game="which card game", name="one of your decks or a preconstructed one")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=any_deck_autocomplete)
    async def export(
        self, interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 100]
    ) -> None:
        deck = await self._deck(interaction, get_ruleset(game), name)
        if deck is None:
            return
        try:
            code = encode(game, deck.cards)
        except ValueError as exc:
            return await reply(interaction, f"This deck cannot be put in a code: {exc}.")
        await reply(
            interaction,
            f"Deck code for **{deck.title}** ({len(deck.cards)} cards):\n```\n{code}\n```\n"
            "Anyone can load it with `/deck import`.",
        )

    @app_commands.command(description="Check a deck against the game's deck rules.")
    @app_commands.describe(game="which card game", name="one of your decks or a preconstructed one")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=any_deck_autocomplete)
    async def validate(
        self, interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 100]
    ) -> None:
        rules = get_ruleset(game)
        deck = await self._deck(interaction, rules, name)
        if deck is None:
            return
        problems = rules.validate_deck(deck.cards)
        if not problems:
            text = f"✅ **{deck.title}** is legal: {len(deck.cards)} cards, ready to play."
        else:
            text = f"**{deck.title}** is not legal ({len(problems)} problem(s)):\n" + problems_text(
                problems
            )
        await reply(interaction, clip(text))

    @app_commands.command(description="Play this deck from now on when you name no deck.")
    @app_commands.describe(game="which card game", name="one of your decks or a preconstructed one")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=any_deck_autocomplete)
    async def use(
        self, interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 100]
    ) -> None:
        rules = get_ruleset(game)
        async with self._lock(interaction.user.id):
            deck = await self._deck(interaction, rules, name)
            if deck is None:
                return
            problems = rules.validate_deck(deck.cards)
            if problems:
                return await reply(
                    interaction,
                    clip(
                        f"**{deck.title}** is not legal yet, so it cannot be your active deck:\n"
                        + problems_text(problems)
                    ),
                )
            ref: int | str = deck.row.id if deck.row is not None else str(deck.preset)
            try:
                await self.storage.decks.set_active_deck(interaction.user.id, game, ref)
            except DeckNotFound:  # deleted in the meantime
                return await reply(interaction, f"**{deck.title}** no longer exists.")
        await reply(
            interaction,
            f"**{deck.title}** is now your active {rules.name} deck: /challenge plays it "
            "when you name no deck.",
        )

    @app_commands.command(description="Delete one of your decks (the answer holds its code).")
    @app_commands.describe(game="which card game", name="one of your decks")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(name=own_deck_autocomplete)
    async def delete(
        self, interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 100]
    ) -> None:
        rules = get_ruleset(game)
        async with self._lock(interaction.user.id):
            deck = await self._own_deck(interaction, rules, name)
            if deck is None or deck.row is None:
                return
            active = await self.storage.decks.get_active_deck(interaction.user.id, game)
            was_active = bool(active and active.deck and active.deck.id == deck.row.id)
            await self.storage.decks.delete_deck(deck.row.id)
        text = f"Deleted **{deck.title}**."
        if was_active:
            fallback = presets(rules)[default_preset(rules)][0]
            text += f" Your active deck is now the default, **{escape_markdown(fallback)}**."
        try:
            code = encode(game, deck.cards)
        except ValueError:
            code = None
        if code is not None:
            text += f"\nChanged your mind? `/deck import game:{game} name:{deck.label} code:{code}`"
        await reply(interaction, clip(text))


CODE_MAX = 4000  # a modal text input holds up to 4,000 characters


class ImportModal(discord.ui.Modal):
    """/deck import without a code: a text box to paste it into."""

    code: discord.ui.TextInput = discord.ui.TextInput(
        label="Deck code",
        style=discord.TextStyle.paragraph,
        placeholder="Paste the code from /deck export",
        min_length=1,
        max_length=CODE_MAX,
    )

    def __init__(self, cog: "Decks", game: str, name: str):
        super().__init__(title=f"Import a {get_ruleset(game).name} deck"[:45])
        self.cog, self.game, self.name = cog, game, name

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.import_code(interaction, self.game, self.name, str(self.code.value))
