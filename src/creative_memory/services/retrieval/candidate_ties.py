"""Ties in the engine's first-seen order (docs/decisions/0022), read from a record's state text.

The engine orders equal strengths by where the fold created each record, which lives in the fold
state, not in a column. The state text opens with that position (``services.derivation.derivation.state_json``),
so its first bytes (``HEAD``) give it without parsing any JSON. The ranked indexes hold the same
position as expressions over the text (``model.tables.SQL_CREATED_ORDER``, migration 0007), so a
group is read in the engine's order directly; the hidden globals of a project are put in that
order from their heads (``HEAD_OF_G``).
"""

from __future__ import annotations

from functools import lru_cache

TABLE = "creative_memory_preferences"
HEAD_CHARS = 100  # the four fields take at most 97 characters (a 16-digit order tie)
HEAD = f"substr(state, 1, {HEAD_CHARS})"
HEAD_OF_G = f"substr(g.state, 1, {HEAD_CHARS})"  # the same, of a table aliased ``g``
PREFIX = '{"created_at":'  # how a state text derived by version 2 opens

Head = tuple[int, int, int, bool]  # (created_at, created_seq (the order tie), created_item, provisional)


@lru_cache(maxsize=16384)
def parse_head(text: str | None) -> Head:
    """``(created_at, created_seq, created_item, provisional)`` from the first bytes of a state
    JSON; zeros for a state that does not start with them (derived by older rules). Cached: a
    pure function of the text, called for every row a retrieval reads."""
    if not text or not text.startswith(PREFIX):
        return (0, 0, 0, False)
    parts = text.split(",", 4)
    return (
        int(parts[0][14:]),
        int(parts[1][14:]),
        int(parts[2][15:]),
        parts[3].endswith("true"),
    )
