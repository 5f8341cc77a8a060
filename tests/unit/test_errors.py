"""services.common.errors.is_database_error: what the CLI treats as a damaged store, decided below the CLI."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from creative_memory.services.common.errors import InvalidInput, is_database_error


def _not_a_database(tmp_path: Path) -> Path:
    path = tmp_path / "app.sqlite"
    path.write_bytes(b"this is not an SQLite file, only text that looks like one " * 100)
    return path


def test_a_file_that_is_not_a_database_is_a_database_error_raw_and_through_sqlalchemy(tmp_path: Path) -> None:
    path = _not_a_database(tmp_path)
    with pytest.raises(sqlite3.DatabaseError) as raw:
        sqlite3.connect(path).execute("SELECT count(*) FROM sqlite_master").fetchall()
    assert is_database_error(raw.value)
    engine = create_engine(f"sqlite:///{path}")
    try:
        with pytest.raises(Exception) as wrapped, engine.connect() as conn:
            conn.execute(text("SELECT count(*) FROM sqlite_master"))
    finally:
        engine.dispose()
    assert not isinstance(wrapped.value, sqlite3.Error)  # SQLAlchemy's own class, wrapping it
    assert is_database_error(wrapped.value)


def test_other_errors_are_not_database_errors() -> None:
    assert not is_database_error(OSError(28, "No space left on device"))
    assert not is_database_error(ValueError("bad"))
    assert not is_database_error(InvalidInput("A sentence."))
