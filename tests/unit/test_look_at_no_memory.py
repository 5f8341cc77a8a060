"""Looking at a user who has no memory writes nothing (decision 0031): no derivation row is made
for them, by the derivation check itself or by a command that then refuses its input. Found by the
hostile command-line pass: ``explain <bad name> … --user -1`` exited 3 and had written a
derivation row for user "-1"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from creative_memory.cli.main import main
from creative_memory.services.derivation import derivation
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.digest import store_digest
from creative_memory.services.store.store import Store

NOW = "2026-11-10T12:00:00Z"
NOW_MS = 1_794_312_000_000


@pytest.fixture
def data(tmp_path: Path) -> Path:
    events = tmp_path / "events.jsonl"
    events.write_text(
        "\n".join(
            json.dumps(
                {
                    "event_id": f"e{i}",
                    "signal_type": "manual_refinement",
                    "occurred_at": f"2026-11-0{1 + i}T10:00:00Z",
                    "patterns": [
                        {"preference_type": "palette", "pattern": "warm_tones", "polarity": "positive"}
                    ],
                }
            )
            for i in range(3)
        )
        + "\n"
    )
    data = tmp_path / "od"
    assert main(["--data-dir", str(data), "--now", NOW, "ingest", str(events)]) == 0
    return data


def test_the_derivation_check_of_a_user_without_memory_writes_nothing(data: Path) -> None:
    before = store_digest(data / "app.sqlite")
    store = Store.open(DataDir(data, "flag"))
    try:
        info = derivation.ensure_current(store, "nobody", NOW_MS)
    finally:
        store.close()
    assert info.mode == "current"
    assert store_digest(data / "app.sqlite") == before


@pytest.mark.parametrize(
    "argv",
    [
        ["explain", "\U000ee366\x89ã", "é", "--json", "--user", "-1"],
        ["explain", "palette", "warm_tones", "--user", "nobody"],
        ["inspect", "--user", "nobody"],
        ["status", "--user", "nobody"],
    ],
)
def test_a_look_at_a_user_without_memory_writes_nothing(
    data: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    before = store_digest(data / "app.sqlite")
    main(["--data-dir", str(data), "--now", NOW, *argv])
    capsys.readouterr()
    assert store_digest(data / "app.sqlite") == before
