"""A bundle is imported piece by piece (decision 0085): the first pass checks every event before
anything is written, whatever the order of the bundle's members; the second pass writes only what
the first checked; what is held is bounded by one event, not by the file; an encrypted bundle and a
prototype file keep their own, smaller bounds."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from test_import_rules import bundle, digest, do_import, ev, write

from creative_memory.model.tables import Event
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.store.store import Store
from creative_memory.services.transfer import bundle_stream, crypto, importing
from creative_memory.services.transfer.bundle_stream import read_import


def events(n: int, **kw: Any) -> list[dict[str, Any]]:
    return [ev(i % 60, event_id=f"e{i}", **kw) for i in range(n)]


def stored(store: Store) -> list[str]:
    with store.read() as s:
        return list(s.scalars(select(Event.event_id).order_by(Event.seq)))


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunked writes and blocks of a few events, so a small bundle shows what a large one does."""
    monkeypatch.setattr(importing, "SINGLE_TRANSACTION_ROWS", 5)
    monkeypatch.setattr(bundle_stream, "BLOCK", 4)


@pytest.mark.parametrize("chunked", [False, True], ids=["one-transaction", "chunked"])
def test_a_bad_event_at_the_end_refuses_the_import_and_changes_nothing(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunked: bool
) -> None:
    if chunked:
        monkeypatch.setattr(importing, "SINGLE_TRANSACTION_ROWS", 5)
        monkeypatch.setattr(bundle_stream, "BLOCK", 4)
    do_import(store, write(tmp_path, bundle([ev(59, event_id="before")])))
    before = digest(store)
    doc = bundle([*events(30), ev(1, event_id="bad", patterns=[])])
    with pytest.raises(InvalidInput, match=r"events\[bad\].*at least one pattern") as info:
        do_import(store, write(tmp_path, doc), mode="replace")
    assert str(info.value).endswith("Nothing was imported.")
    assert digest(store) == before and stored(store) == ["before"]


def test_members_in_any_order_import_alike_and_a_bad_event_before_the_format_is_still_refused(
    store: Store, tmp_path: Path, small_blocks: None
) -> None:
    doc = bundle(events(13))
    reordered = {k: doc[k] for k in ["events", "preferences", "settings", "user_id", "version", "format",
                                      "derivation_version", "project_settings", "exported_at"]}  # fmt: skip
    path = tmp_path / "spaced.json"
    path.write_text(json.dumps(reordered, indent="\t", separators=(" ,\n", " :  ")))
    assert do_import(store, path).events == 13
    assert stored(store) == [f"e{i}" for i in range(13)]
    bad = {**reordered, "events": [*doc["events"], {**doc["events"][0], "event_id": "x y"}]}
    before = digest(store)
    with pytest.raises(InvalidInput, match=r"not a valid bundle: events\[13\]\.event_id"):
        do_import(store, write(tmp_path, bad), mode="replace")
    assert digest(store) == before


def test_a_member_named_twice_is_refused(store: Store, tmp_path: Path) -> None:
    text = json.dumps(bundle(events(2)))
    path = tmp_path / "twice.json"
    path.write_text(text[:-1] + ', "events": []}')
    with pytest.raises(InvalidInput, match="names the member 'events' twice"):
        do_import(store, path)
    assert stored(store) == []


@pytest.mark.parametrize("chunked", [False, True], ids=["one-transaction", "chunked"])
def test_a_file_changed_between_the_passes_is_refused_before_a_changed_event_is_written(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunked: bool
) -> None:
    monkeypatch.setattr(bundle_stream, "BLOCK", 4)
    if chunked:
        monkeypatch.setattr(importing, "SINGLE_TRANSACTION_ROWS", 5)
    doc = bundle(events(20))
    path = write(tmp_path, doc)
    changed = json.loads(json.dumps(doc))
    changed["events"][9]["event_id"] = "sneaked_in"  # still a valid bundle

    def rewrite(_plan: Any) -> None:
        path.write_text(json.dumps(changed))

    with pytest.raises(InvalidInput, match="changed after it was checked"):
        do_import(store, path, announce=rewrite)
    got = stored(store)
    assert "sneaked_in" not in got
    # In one transaction nothing is written; in chunks at most the blocks before the change.
    assert got == ([] if not chunked else [f"e{i}" for i in range(len(got))]) and len(got) <= 8


def _peaks(path: Path) -> tuple[int, int]:
    """The most memory Python held during the first pass and during the second."""
    tracemalloc.start()
    try:
        _kind, doc, _encrypted = read_import(path, None)
        first = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        assert isinstance(doc, bundle_stream.StreamedBundle)
        assert sum(len(b) for b in doc.batches()) == doc.events
        return first, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_what_an_import_holds_does_not_grow_with_the_file(store: Store, tmp_path: Path) -> None:
    def made(n: int) -> Path:
        doc = bundle([ev(i % 60, event_id=f"e{i}", diff=f"{i} " + "d" * 4000) for i in range(n)])
        return write(tmp_path, doc, f"{n}.json")

    _peaks(made(3))  # the modules and validators a first import builds are not counted below
    small, large = made(800), made(2400)
    assert large.stat().st_size > 9_000_000
    small_peaks, large_peaks = _peaks(small), _peaks(large)
    for s, big in zip(small_peaks, large_peaks, strict=True):
        assert big < 1.25 * s and big < 10_000_000, (small_peaks, large_peaks)
    assert do_import(store, small).events == 800


def test_an_event_larger_than_a_value_may_be_is_refused_with_a_sentence(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bundle_stream, "MAX_VALUE_CHARS", 2000)
    path = write(tmp_path, bundle([ev(1), ev(2, diff="x" * 5000)]))
    with pytest.raises(InvalidInput, match="holds a value larger than") as info:
        do_import(store, path)
    assert str(info.value).endswith("Nothing was imported.")
    assert stored(store) == []


def test_an_encrypted_bundle_over_its_bound_and_a_large_prototype_file_are_refused(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = crypto.encrypt(json.dumps(bundle(events(3))).encode(), "a passphrase", n=2**14)
    enc = tmp_path / "b.enc"
    enc.write_bytes(data)
    assert do_import(store, enc, passphrase=lambda: "a passphrase").events == 3
    monkeypatch.setattr(bundle_stream, "MAX_ENCRYPTED_BYTES", len(data) - 1)
    with pytest.raises(InvalidInput, match=r"encrypted bundle larger than .* without --encrypt"):
        do_import(store, enc, passphrase=lambda: "a passphrase")
    legacy = Path(__file__).parents[1] / "fixtures" / "legacy_preferences.json"
    monkeypatch.setattr(bundle_stream, "MAX_LEGACY_BYTES", legacy.stat().st_size - 1)
    with pytest.raises(InvalidInput, match=r"the prototype never wrote a preferences\.json that large"):
        do_import(store, legacy)
    assert stored(store) == [f"e{i}" for i in range(3)]


def test_an_encrypted_export_larger_than_an_import_reads_is_refused_and_writes_nothing(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from creative_memory.model.constants import Actor
    from creative_memory.services.transfer import exporting

    do_import(store, write(tmp_path, bundle(events(20))))
    monkeypatch.setattr(exporting, "MAX_ENCRYPTED_BYTES", 1000)
    target = tmp_path / "out.enc"
    before = sorted(tmp_path.iterdir())
    with pytest.raises(InvalidInput, match=r"Export it without --encrypt.*Nothing was written\.$"):
        exporting.export_bundle(store, "local", target, now=1, actor=Actor.CLI, passphrase="a passphrase")
    assert not target.exists() and sorted(tmp_path.iterdir()) == before
