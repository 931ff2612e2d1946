"""Board edits take turns with the clicks (they made the bench's p99).

Matches dealt together fall due for their board edits together, every `board_interval`.
Built in one pass of the loop, a hundred boards held every click queued behind them for
tens of milliseconds, every 1.5 s (the bursts `cardhost bench-bot` showed). The board
worker now keeps at most `boards_at_once` edits under way, so other work runs between them.
"""

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.discord.presenter import Presenter
from bot.discord.traffic import BOARD, GlobalBudget
from tests.bot.bare import bare_presenter


def _presenter() -> Presenter:
    traffic = SimpleNamespace(
        budget=GlobalBudget(rate=1e6, burst=1e6),
        board_token=lambda match_id, message_id: object(),  # a live token: no budget spent
        forget_match=lambda match_id, seats: None,
    )
    return bare_presenter(traffic=traffic)


def _session(match_id: int) -> Any:
    return SimpleNamespace(
        match_id=match_id, board_message_id=1000 + match_id, match=SimpleNamespace(over=False)
    )


async def test_boards_due_together_are_edited_a_few_at_a_time_with_clicks_between() -> None:
    presenter = _presenter()
    under_way, most = 0, 0
    clicks_seen: list[int] = []  # how many boards were done when each "click" ran
    done = 0

    async def draw(session: Any, *, spent: bool = True) -> None:
        nonlocal under_way, most, done
        under_way += 1
        most = max(most, under_way)
        await asyncio.sleep(0.001)  # the edit's round trip
        under_way -= 1
        done += 1

    presenter._draw_board = draw  # type: ignore[method-assign]
    for match_id in range(100):
        presenter._edit_board(_session(match_id))

    async def clicks() -> None:
        for _ in range(20):
            clicks_seen.append(done)
            await asyncio.sleep(0.001)

    await asyncio.gather(clicks(), presenter._board_worker)  # type: ignore[arg-type]
    await presenter.background.gather()

    assert done == 100
    assert most == presenter.boards_at_once  # never more at once, and the cap is used
    # the clicks ran while the boards were being edited, not only before or after them
    assert any(0 < seen < 100 for seen in clicks_seen)


async def test_a_board_edit_off_its_token_takes_its_turn_of_the_budget_after_a_picture() -> None:
    """A board edited on the channel route (its interaction's token gone) costs a turn of
    the global budget unless the caller already took it (`spent=False`: it did not).
    Drawing the picture first must not change that: the time the picture took was once
    written into the same name as the flag, and any picture made the edit skip its turn."""
    from engine import get_ruleset, new_match

    pool = get_ruleset("clash").preconstructed_decks()
    match = new_match("clash", ["a", "b"], [pool["ember_rush"], pool["stone_wall"]], 1)
    spent: list[int] = []
    edits: list[dict[str, Any]] = []

    async def spend(priority: int) -> None:
        spent.append(priority)

    async def edit_board(match_id: int, message_id: int, **fields: Any) -> bool:
        return False  # the token expired: the edit must go on the channel route

    async def committed() -> Any:
        return match

    async def update(session: Any) -> None:
        return None

    traffic = SimpleNamespace(budget=SimpleNamespace(spend=spend), edit_board=edit_board)
    presenter = bare_presenter(traffic=traffic, spectators=SimpleNamespace(update=update))

    async def picture(view: Any) -> bytes:
        await asyncio.sleep(0.01)  # drawing takes a moment
        return b"png"

    async def edit(channel_id: int, message_id: int, **fields: Any) -> None:
        edits.append(fields)

    presenter.picture = picture  # type: ignore[method-assign]
    presenter._edit = edit  # type: ignore[method-assign]
    session: Any = SimpleNamespace(
        match_id=7, board_message_id=1007, channel_id=70, match=match, committed=committed,
        thinking=False,
    )  # fmt: skip
    await presenter._draw_board(session, spent=False)
    assert len(edits) == 1 and "attachments" in edits[0]  # the picture went with the edit
    assert spent == [BOARD]
