"""Alembic environment: always run programmatically on a connection the store provides."""

from __future__ import annotations

from alembic import context

from creative_memory.model.tables import ALEMBIC_VERSION_TABLE, PREFIX, Base


def _ours(name: str | None, type_: str, parent_names: object) -> bool:
    # Only our own tables are ever compared or touched; the daemon's are invisible here.
    if type_ == "table":
        return bool(name) and str(name).startswith(PREFIX)
    return True


connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    version_table=ALEMBIC_VERSION_TABLE,
    render_as_batch=True,
    include_name=_ours,
)
with context.begin_transaction():
    context.run_migrations()
