"""A forget that removes an item from an event moves the items after it up in the event's item list.

That place is kept in one field only: ``created_item`` of a record the event created (the engine's
first-seen order, decision 0022; the fold uses an item's index for nothing else). So instead of
folding such a group's whole history again, the forget moves that field of the records the event
created to the item's new place, in the same transaction as the rewrite (docs/decisions/0053). A
record whose creating item has no new place is left to a re-derivation of its group, and so is a
group another event of the rewritten event's instant speaks for (:func:`sharing_an_instant`).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from creative_memory.model.tables import Event, EventPattern, Preference
from creative_memory.services.derivation.derivation import Group, dbapi_connection
from creative_memory.services.derivation.derivation_rows import PREF_COLUMNS, load_group_rows, rows_in
from creative_memory.services.retrieval.candidate_ties import PREFIX, parse_head

_PREFERENCES = Preference.__tablename__
_EVENTS = Event.__tablename__
_STATE = 1 + PREF_COLUMNS.index("state")  # in a row of load_group_rows (id first)
_EVENT_PATTERNS = EventPattern.__tablename__
_ITEM = '"created_item":'
_TIE = '"created_seq":'  # the creating event's order tie (model.events.order_tie)


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


def _moved(state: str, place: dict[int, int], tie: int) -> str | None:
    """The state text with ``created_item`` at its new place and the creating event's new order
    tie (its content changed), or None if it cannot be moved."""
    if not state.startswith(PREFIX):
        return None
    _at, _tie, item, _provisional = parse_head(state)
    new = place.get(item)
    parts = state.split(",", 3)
    if new is None or len(parts) < 4 or not parts[1].startswith(_TIE) or not parts[2].startswith(_ITEM):
        return None
    old_tie, old_item = parts[1], parts[2]
    parts[1] = f"{_TIE}{tie}"
    parts[2] = f"{_ITEM}{new}"
    if len(parts[1]) > len(old_tie):
        return None  # a longer tie than the state has room for: the group is re-derived instead
    # The same length as before (JSON allows the spaces): SQLite overwrites the record in place,
    # leaving no old copy of its text in the page (an item only moves up: never more digits).
    parts[1] = parts[1].ljust(len(old_tie))
    parts[2] = parts[2].ljust(len(old_item))
    return ",".join(parts)


def move_created_items(
    session: Session,
    user_id: str,
    shifted: set[tuple[Group, int]],
    moved_places: dict[int, dict[int, int]],
    groups: set[Group],
    ties: dict[int, tuple[int, int, int]],
) -> None:
    """Inside the rewrite's transaction: for each (group, seq) whose item a rewrite of event
    ``seq`` kept, give the group's record that event created its item's new place and the event's
    new order tie (``ties``: seq → (occurred_at, old tie, new tie)); a group with a record that
    cannot be moved joins ``groups`` (re-derived in full). The event's records are known by their
    creation instant and tie: no other event of that instant speaks for the group
    (:func:`sharing_an_instant` sent those groups to ``groups``). The groups' records are read in
    one statement per 300 groups (``derivation_rows.load_group_rows``: a busy pattern's events share a
    few other groups)."""
    wanted = sorted({g for g, _seq in shifted if g not in groups})
    if not wanted:
        return
    con = session.connection()
    created: dict[tuple[Group, int, int], list[tuple[int, str]]] = {}
    # Only a record created by one of these events can be moved: one created at its instant, which a
    # record keeps as its first sighting (``first_seen``; a record imported from a snapshot was
    # created at 0 and is never one of them).
    instants = {ties[seq][0] for g, seq in shifted if g not in groups}
    rows = load_group_rows(dbapi_connection(session), user_id, set(wanted), first_seen=sorted(instants))
    for row in rows.values():
        rid, state = int(row[0]), str(row[_STATE])
        at, tie, _item, _provisional = parse_head(state)
        created.setdefault(((str(row[2]), str(row[4]), str(row[5])), at, tie), []).append((rid, state))
    updates: list[tuple[str, int]] = []
    for group, seq in sorted(shifted):
        if group in groups:
            continue
        at, old_tie, new_tie = ties[seq]
        found = [
            (i, s, _moved(s, moved_places[seq], new_tie)) for i, s in created.get((group, at, old_tie), [])
        ]
        if any(new is None for _i, _s, new in found):
            groups.add(group)
            continue
        updates.extend((new, i) for i, old, new in found if new is not None and new != old)
    if updates:
        con.exec_driver_sql(f"UPDATE {_PREFERENCES} SET state = ? WHERE id = ?", updates)


def sharing_an_instant(
    session: Session, user_id: str, shifted: set[tuple[Group, int]], ties: dict[int, tuple[int, int, int]]
) -> set[Group]:
    """The groups of ``shifted`` (group, seq) that another event of the same instant as event
    ``seq`` (``ties``: seq → (occurred_at, old tie, new tie)) also speaks for: a rewrite changes the event's content hash, so its
    order among them (decision 0089), which only a re-derivation of the group follows. One probe
    of the time index per instant, and the pattern index of the few events found."""
    if not shifted:
        return set()
    at_instant: dict[int, list[int]] = {}
    instants = {seq: tie[0] for seq, tie in ties.items()}
    times = sorted(set(instants.values()))
    sql = f"SELECT seq, occurred_at FROM {_EVENTS} WHERE user_id = ? AND occurred_at IN"
    for seq, at in rows_in(dbapi_connection(session), sql, times, user_id):
        at_instant.setdefault(int(at), []).append(int(seq))
    others = {
        seq: [o for o in at_instant.get(instants[seq], []) if o != seq]
        for _g, seq in shifted
        if seq in instants
    }
    wanted = sorted({o for found in others.values() for o in found})
    if not wanted:
        return set()
    named: dict[int, set[Group]] = {}
    sql = f"SELECT seq, scope, preference_type, pattern FROM {_EVENT_PATTERNS} WHERE seq IN"
    for seq, scope, ptype, pattern in rows_in(dbapi_connection(session), sql, wanted):
        named.setdefault(int(seq), set()).add((str(scope), str(ptype), str(pattern)))
    return {group for group, seq in shifted if any(group in named.get(o, ()) for o in others.get(seq, ()))}
