"""Records evaluated as of a later moment than now: what an earlier command's ``--now`` left.

``refresh_decay`` evaluates them again as of its own moment, so no command's result depends on a
``--now`` given to another (docs/decisions/0028). Evaluation is a pure function of the stored fold
state and the moment, so going back is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from creative_memory.model.tables import Preference


def evaluated_later(session: Session, user_id: str, now: int, *, skip: set[int]) -> Sequence[Any]:
    """(id, state, status, decay_count) of the user's records evaluated after ``now`` (index
    ``ix_cm_prefs_user_evaluated``), leaving out the ids in ``skip``."""
    rows = session.execute(
        select(Preference.id, Preference.state, Preference.status, Preference.decay_count).where(
            Preference.user_id == user_id, Preference.evaluated_at > now
        )
    ).all()
    return [row for row in rows if row[0] not in skip]
