"""Discord embeds for the public board and a player's private panel, built from views."""

import discord

from bot.render.text import board_lines, card_line, seat_summary, table_lines
from engine import MatchView

EVENTS_IN_EMBED = 15  # at most; as many of the newest as fit in one field
FIELD_CHARS = 1024  # Discord's limit for an embed field's value


def _title(view: MatchView, game_name: str) -> str:
    if view.over:
        if view.winner is None:
            return f"{game_name} — a draw"
        return f"{game_name} — {view.seats[view.winner].name} wins!"
    if view.active is not None:
        return f"{game_name} — turn {view.turn}: {view.seats[view.active].name}"
    if view.turn:  # a game where everyone acts at once (Enchantoria) has no active seat
        return f"{game_name} — turn {view.turn}: {view.phase}"
    return f"{game_name} — {view.phase}"


def newest_that_fit(lines: list[str], budget: int) -> list[str]:
    """The newest lines whose total (with newlines) fits `budget`: a simultaneous reveal
    makes many lines at once, and the oldest should be the ones to go, not the last."""
    kept: list[str] = []
    for line in reversed(lines):
        line = line[:budget]
        if sum(len(k) + 1 for k in kept) + len(line) > budget:
            break
        kept.append(line)
    return kept[::-1]


def board_embed(
    view: MatchView, game_name: str, image_name: str | None = None, *, thinking: bool = False
) -> discord.Embed:
    """The public table: what everyone in the channel may see (a view for viewer None).
    `thinking`: the computer is working out its move, and the board says so."""
    color = discord.Color.gold() if view.over else discord.Color.blurple()
    embed = discord.Embed(title=_title(view, game_name), color=color)
    for seat in view.seats:
        body = "\n".join(board_lines(view, seat)) or f"({view.empty_board.lower()})"
        name = seat_summary(seat)
        embed.add_field(name=name[:256], value=body[:1024], inline=False)
    table = table_lines(view)
    if table:
        embed.add_field(name="Table", value="\n".join(table)[:1024], inline=False)
    waiting = [d.player_name for d in view.decisions]
    if waiting and not view.over:
        text = ", ".join(waiting) + (" (the computer is thinking…)" if thinking else "")
        embed.add_field(name="Waiting for", value=text, inline=False)
    recent = newest_that_fit([e.text for e in view.events[-EVENTS_IN_EMBED:]], FIELD_CHARS)
    if recent:
        embed.add_field(name="Last events", value="\n".join(recent), inline=False)
    if image_name:
        embed.set_image(url=f"attachment://{image_name}")
    return embed


def panel_embed(view: MatchView, game_name: str, prompt: str | None) -> discord.Embed:
    """A player's private panel: their hand (from their own view) and their open choice."""
    assert view.viewer is not None, "a private panel is always someone's own view"
    me = view.seats[view.viewer]
    embed = discord.Embed(title=f"{game_name} — your hand", color=discord.Color.dark_teal())
    hand = me.zones.get("hand")
    cards = hand.cards if hand is not None and hand.cards is not None else ()
    text = "\n".join(f"• {card_line(c, show_text=True)}" for c in cards) or "(empty)"
    embed.description = text[:4000]
    embed.add_field(name="You", value=seat_summary(me)[:1024], inline=False)
    if view.over:
        winner = view.seats[view.winner].name if view.winner is not None else "nobody"
        embed.add_field(name="Match over", value=f"{winner} wins.", inline=False)
    elif prompt:
        embed.add_field(name="Your move", value=prompt[:1024], inline=False)
    else:
        waiting = ", ".join(d.player_name for d in view.decisions) or "the next step"
        embed.add_field(name="Waiting", value=f"for {waiting}", inline=False)
    return embed
