"""A store derived by an older DERIVATION_VERSION re-derives by itself, with progress (decision 0026)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from creative_memory.cli.main import main
from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.services.derivation import rederive
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.store.store import Store

NOW = 1_795_000_000_000


def _events(n: int) -> str:
    return "\n".join(
        json.dumps(
            {
                "event_id": f"e{i}",
                "signal_type": "thumbs_up",
                "occurred_at": "2026-11-02T10:15:00Z",
                "session_id": f"s{i}",
                "patterns": [{"preference_type": "layout", "pattern": f"p{i % 7}", "polarity": "positive"}],
            }
        )
        for i in range(n)
    )


def _age(store: Store) -> None:
    """The store as the previous release left it: every row derived by version 1."""
    with sqlite3.connect(store.data_dir.store) as con:
        con.execute("UPDATE creative_memory_derivations SET derivation_version = 'cm-derive-1'")
        con.execute("UPDATE creative_memory_preferences SET derivation_version = 'cm-derive-1'")


def _versions(store: Store) -> set[str]:
    with sqlite3.connect(store.data_dir.store) as con:
        rows = con.execute(
            "SELECT derivation_version FROM creative_memory_preferences UNION "
            "SELECT derivation_version FROM creative_memory_derivations"
        )
        return {v for (v,) in rows}


def test_outdated_rules_are_re_derived_once_with_progress(store: Store) -> None:
    ingest_jsonl(store, _events(40), default_user="local", now=NOW)
    assert rederive.outdated_version(store, "local") is None
    assert rederive.rederive_if_outdated(store, "local", NOW) is None
    _age(store)
    assert rederive.outdated_version(store, "local") == "cm-derive-1"
    calls: list[tuple[int, int]] = []
    info = rederive.rederive_if_outdated(store, "local", NOW, progress=lambda d, t: calls.append((d, t)))
    assert info is not None and info.events == 40 and info.preferences == 7
    assert calls and calls[-1][0] == calls[-1][1]
    assert _versions(store) == {DERIVATION_VERSION}
    assert rederive.outdated_version(store, "local") is None


def test_the_cli_says_it_re_derives_before_the_first_read(
    tmp_data_dir: DataDir, capsys: pytest.CaptureFixture[str]
) -> None:
    s = Store.open(tmp_data_dir)
    try:
        ingest_jsonl(s, _events(10), default_user="local", now=NOW)
        _age(s)
    finally:
        s.close()
    assert main(["--data-dir", str(tmp_data_dir.path), "--json", "inspect"]) == 0
    out, err = capsys.readouterr()
    assert "derived by older rules (cm-derive-1); re-deriving" in err
    assert len(json.loads(out)["preferences"]) == 7
    assert main(["--data-dir", str(tmp_data_dir.path), "status"]) == 0
    assert "older rules" not in capsys.readouterr().err  # once only
