"""Leases: which bot process owns which running match, when several processes share a database.

A process owns a match while its lease in `match_leases` has not expired; it renews all
of its leases in one statement every few seconds. A process that stops renewing (killed,
frozen, cut off) loses them at `expires_at`, and any other process may then take them
(`claim_running`) and replay those matches from their logs.

The lease decides who *serves* a match; it is not what keeps an action from being applied
twice. That is the append-only log's sequence check (`MatchRepo.append_actions`): an
append is refused unless its seq is the last one plus one, so of two processes that both
believe they own a match (one frozen past its lease, then waking), only the first to
commit a given seq succeeds, and the other's `SaveFailed` makes it replay and find out.

Times are epoch seconds from the process's clock (`time.time()`), so the processes'
clocks must agree to well under the lease's length (NTP does).
"""

import time
from collections.abc import Sequence

from bot.storage.db import Database, SyncTx

# Take a lease that is free, expired, or already ours; leave anyone else's alone.
# (A running match only: a finished one gets no lease.)
_CLAIM = (
    "INSERT INTO match_leases (match_id, owner, expires_at)"
    " SELECT id, ?, ? FROM matches WHERE id = ? AND status = 'running'"
    " ON CONFLICT (match_id) DO UPDATE SET owner = excluded.owner,"
    " expires_at = excluded.expires_at"
    " WHERE match_leases.expires_at < ? OR match_leases.owner = excluded.owner"
)
_OWNED = (
    "SELECT l.match_id FROM match_leases l JOIN matches m ON m.id = l.match_id"
    " WHERE l.owner = ? AND m.status = 'running' ORDER BY l.match_id"
)


class LeaseRepo:
    def __init__(self, db: Database):
        self._db = db

    async def claim(self, owner: str, match_ids: Sequence[int], ttl: float) -> list[int]:
        """Take the leases of these matches that are free, expired or ours already, until
        now + `ttl`: the ids of `match_ids` that `owner` holds afterwards."""
        now = time.time()
        wanted = set(match_ids)

        def work(tx: SyncTx) -> list[int]:
            tx.executemany(_CLAIM, [(owner, now + ttl, m, now) for m in sorted(wanted)])
            return [row[0] for row in tx.fetchall(_OWNED, (owner,)) if row[0] in wanted]

        return await self._db.atomic(work) if wanted else []

    async def claim_running(self, owner: str, ttl: float) -> list[int]:
        """Renew `owner`'s leases and take every running match whose lease is free or
        expired (a start, or another process died): every running match `owner` holds
        afterwards. Ours are renewed by one statement, so the write lock (held by every
        write transaction) is held briefly however many matches a process serves."""
        now = time.time()

        def work(tx: SyncTx) -> list[int]:
            tx.execute("UPDATE match_leases SET expires_at = ? WHERE owner = ?", (now + ttl, owner))
            free = [
                row[0]
                for row in tx.fetchall(
                    "SELECT m.id FROM matches m LEFT JOIN match_leases l ON l.match_id = m.id"
                    " WHERE m.status = 'running' AND (l.match_id IS NULL OR l.expires_at < ?)",
                    (now,),
                )
            ]
            if free:
                tx.executemany(_CLAIM, [(owner, now + ttl, m, now) for m in free])
            return [row[0] for row in tx.fetchall(_OWNED, (owner,))]

        return await self._db.atomic(work)

    async def renew(self, owner: str, ttl: float) -> list[int]:
        """Push every lease `owner` still holds to now + `ttl`, in one statement: the
        running matches it holds (one taken over while this process was frozen is not
        among them: it must drop that match)."""
        now = time.time()

        def work(tx: SyncTx) -> list[int]:
            tx.execute(
                "UPDATE match_leases SET expires_at = ? WHERE owner = ? AND expires_at >= ?",
                (now + ttl, owner, now),
            )
            return [row[0] for row in tx.fetchall(_OWNED, (owner,))]

        return await self._db.atomic(work)

    async def owner_of(self, match_id: int) -> str | None:
        """The process holding this match's lease now, or None (free or expired)."""
        row = await self._db.fetchone(
            "SELECT owner FROM match_leases WHERE match_id = ? AND expires_at >= ?",
            (match_id, time.time()),
        )
        return None if row is None else str(row[0])

    async def release(self, owner: str, match_ids: Sequence[int] | None = None) -> None:
        """Give leases up (a clean shutdown: every one; a finished match: its own), so
        another process need not wait for them to expire."""
        if match_ids is None:
            await self._db.execute("DELETE FROM match_leases WHERE owner = ?", (owner,))
            return
        ids = list(match_ids)

        def work(tx: SyncTx) -> None:
            tx.executemany(
                "DELETE FROM match_leases WHERE owner = ? AND match_id = ?",
                [(owner, m) for m in ids],
            )

        if ids:
            await self._db.atomic(work)
