"""For the migration tests: run Alembic up or down to a revision on a store file, as the store does."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine

from creative_memory.services.location.schema import alembic_config


def migrate(path: Path, rev: str, *, down: bool = False) -> None:
    from alembic import command

    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, rev)
    finally:
        engine.dispose()
