"""The ratings of one context as retrieval reads them (decision 0086): the user's ``recall_rating``
events of a project (or of no project) and a mode, summed with their weight at ``now``
(``services.engine.context``). A store without ratings reads one indexed row range and gets None."""

from __future__ import annotations

import json
import sqlite3

from creative_memory.model.constants import SignalType
from creative_memory.model.tables import Event
from creative_memory.services.engine.context import ContextRatings, Item, weight

# The signal type is written out, not bound: SQLite uses the partial index of the ratings
# (``ix_cm_events_ratings``, migration 0010) only when the query's WHERE names its condition.
RATINGS_SQL = (
    f"SELECT occurred_at, payload FROM {Event.__tablename__} "
    f"WHERE user_id = ? AND project_id IS ? AND signal_type = '{SignalType.RECALL_RATING}' AND occurred_at <= ?"
)


def load(
    con: sqlite3.Connection, user_id: str, project_id: str | None, mode: str, now: int
) -> ContextRatings | None:
    """What the ratings given in ``project_id`` and ``mode`` up to ``now`` change there, or None."""
    not_relevant: dict[Item, float] = {}
    helped: dict[Item, float] = {}
    too_much = helped_all = 0.0
    for at, text in con.execute(RATINGS_SQL, (user_id, project_id, now)):
        payload = json.loads(text)
        recall = payload.get("recall") or {}
        if recall.get("mode") != mode:
            continue
        w = weight(int(at), now)
        outcome = recall.get("outcome")
        items = [(p["preference_type"], p["pattern"], p["polarity"]) for p in payload.get("patterns") or ()]
        if outcome == "not_relevant":
            for item in items:
                not_relevant[item] = not_relevant.get(item, 0.0) + w
        elif outcome == "helped":
            helped_all += w
            for item in items:
                helped[item] = helped.get(item, 0.0) + w
        elif outcome == "too_much":
            too_much += w
    ctx = ContextRatings.from_sums(not_relevant, helped, too_much, helped_all)
    return ctx if ctx else None
