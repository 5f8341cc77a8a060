"""The head revision the store is compared with on every open is Alembic's real head."""

from __future__ import annotations

import subprocess
import sys

from alembic.script import ScriptDirectory

from creative_memory.services.location import schema


def test_the_head_constant_is_alembics_head() -> None:
    heads = ScriptDirectory.from_config(schema.alembic_config()).get_heads()
    assert heads == [schema.HEAD_REVISION]
    assert schema.head_from_files() == schema.HEAD_REVISION
    assert schema.latest_revision() == schema.HEAD_REVISION
    assert schema.known_revision(schema.HEAD_REVISION)
    assert not schema.known_revision("9999")


def test_opening_a_current_store_and_reading_status_load_no_heavy_library(tmp_path: object) -> None:
    # ``od-memory status`` on a current store: no Alembic (no migration is due), no SQLAlchemy,
    # no pydantic — the libraries that made the command take half a second.
    from pathlib import Path

    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.store import Store

    assert isinstance(tmp_path, Path)
    Store.open(DataDir(tmp_path, "flag")).close()  # created and migrated in this process
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from creative_memory.cli.main import main\n"
        f"rc = main(['--data-dir', {str(tmp_path)!r}, 'status'])\n"
        "heavy = sorted(m for m in ('alembic', 'sqlalchemy', 'pydantic') if m in sys.modules)\n"
        "print('HEAVY', heavy, rc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "HEAVY [] 0" in out, out
