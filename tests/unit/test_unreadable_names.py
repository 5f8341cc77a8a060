"""A file name no file can have (empty, or holding a NUL character) given to ``import`` or
``ingest`` is refused with a sentence before any store is opened: no traceback (a NUL made
``Path.stat`` raise ``ValueError``), and no store created for a command that could not run."""

from __future__ import annotations

from pathlib import Path

import pytest

from creative_memory.cli.main import main
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.store.safefile import source_path
from creative_memory.services.transfer.bundle_stream import read_import


@pytest.mark.parametrize("command", ["import", "ingest"])
@pytest.mark.parametrize("name", ["\x00", "bundle\x00.json", "   "])
def test_refused_with_a_sentence_and_no_store_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, name: str
) -> None:
    folder = tmp_path / "od"
    code = main(["--data-dir", str(folder), command, name])
    err = capsys.readouterr().err
    assert code == InvalidInput.exit_code
    assert "Traceback" not in err and ("NUL character" in err or "is empty" in err), err
    assert not folder.exists()


def test_every_reader_of_a_bundle_asks_the_same_question() -> None:
    with pytest.raises(InvalidInput, match="NUL character"):
        read_import(Path("a\x00b"), None)
    with pytest.raises(InvalidInput, match="NUL character"):
        source_path("a\x00b")
    assert source_path("~/x.json") == Path.home() / "x.json"


@pytest.mark.parametrize(
    "argv", [["export", "--to", "out\x00.json"], ["reset", "--yes", "--backup", "b\x00.json"]]
)
def test_a_target_no_file_can_have_is_refused_before_the_store_is_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    folder = tmp_path / "od"
    code = main(["--data-dir", str(folder), *argv])
    err = capsys.readouterr().err
    assert code == InvalidInput.exit_code and "NUL character" in err and "Traceback" not in err, err
    assert not folder.exists()
