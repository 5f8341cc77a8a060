"""A forget that removes an item from an event moves the items after it up in the event's item list.

That place is kept in one field only: ``created_item`` of a record the event created (the engine's
first-seen order, decision 0022; the fold uses an item's index for nothing else). So instead of
folding such a group's whole history again, the forget moves that field of the records the event
created to the item's new place, in the same transaction as the rewrite (docs/decisions/0053). A
record whose creating item has no new place is left to a re-derivation of its group.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from creative_memory.model.tables import SQL_CREATED_ORDER, Preference
from creative_memory.services.derivation.derivation import Group
from creative_memory.services.retrieval.candidate_ties import PREFIX, parse_head

_PREFERENCES = Preference.__tablename__
_ITEM = '"created_item":'


def places(old: Sequence[object], new: Sequence[object]) -> dict[int, int] | None:
    """Each kept item's old index → its new one, ``new`` being ``old`` with some items removed (a
    rewrite only removes items: the target's, a comparison's sides, a snapshot). None when
    ``new`` is not such a subsequence (then nothing is moved; the groups are re-derived)."""
    out: dict[int, int] = {}
    j = 0
    for i, item in enumerate(old):
        if j < len(new) and new[j] == item:
            out[i] = j
            j += 1
    return out if j == len(new) else None


def _moved(state: str, place: dict[int, int]) -> str | None:
    """The state text with ``created_item`` at its new place, or None if it cannot be moved."""
    if not state.startswith(PREFIX):
        return None
    _at, _seq, item, _provisional = parse_head(state)
    new = place.get(item)
    parts = state.split(",", 3)
    if new is None or len(parts) < 4 or not parts[2].startswith(_ITEM):
        return None
    parts[2] = f"{_ITEM}{new}"
    return ",".join(parts)


def move_created_items(
    session: Session,
    user_id: str,
    shifted: set[tuple[Group, int]],
    moved_places: dict[int, dict[int, int]],
    groups: set[Group],
) -> None:
    """Inside the rewrite's transaction: for each (group, seq) whose item only moved up in event
    ``seq``, move ``created_item`` of the group's records that event created; a group with a
    record that cannot be moved joins ``groups`` (re-derived in full)."""
    con = session.connection()
    sql = (
        f"SELECT id, state FROM {_PREFERENCES} WHERE user_id = ? AND scope = ? AND preference_type = ? "
        f"AND pattern = ? AND {SQL_CREATED_ORDER[1]} = ?"
    )
    updates: list[tuple[str, int]] = []
    for group, seq in sorted(shifted):
        if group in groups:
            continue
        found = [
            (int(i), str(s), _moved(str(s), moved_places[seq]))
            for i, s in con.exec_driver_sql(sql, (user_id, *group, seq))
        ]
        if any(new is None for _i, _s, new in found):
            groups.add(group)
            continue
        updates.extend((new, i) for i, old, new in found if new is not None and new != old)
    if updates:
        con.exec_driver_sql(f"UPDATE {_PREFERENCES} SET state = ? WHERE id = ?", updates)
