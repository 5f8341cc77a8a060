"""blocks say what they are: the kind of fingerprint, the length of a blocked text, a reason

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-28

A block keeps only keyed fingerprints, never the blocked name (docs/decisions/0016, 0030). Three
nullable columns are added to ``creative_memory_blocklist``:

- ``kind``: ``pattern`` (the fingerprint of a type and a pattern, checked against each incoming
  pattern) or ``text`` (the fingerprint of a pattern's text alone, checked against incoming diffs);
- ``length``: for a ``text`` row, the number of characters of the blocked name's canonical form.
  Ingest asks the fingerprint of every run of text of that length, so a blocked name is found in a
  diff wherever it stands, also inside a word of a script written without spaces (decision 0076);
- ``reason``: why the person blocked it, if they said (with the name itself scrubbed out).

Rows written before stay as they are (all three NULL) and are still honoured: their text is looked
for in runs of whole words, as before. No row changes; the downgrade drops the columns.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

TABLE = "creative_memory_blocklist"


def upgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.add_column(sa.Column("kind", sa.String(8), nullable=True))
        batch.add_column(sa.Column("length", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("reason", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table(TABLE) as batch:
        batch.drop_column("reason")
        batch.drop_column("length")
        batch.drop_column("kind")
