"""docs/decisions/README.md lists every record, and a line for each number not used."""

from __future__ import annotations

import re
from pathlib import Path

DECISIONS = Path(__file__).resolve().parents[2] / "docs" / "decisions"


def test_every_number_up_to_the_highest_has_a_line_and_every_record_is_linked() -> None:
    index = (DECISIONS / "README.md").read_text(encoding="utf-8")
    lines = dict(re.findall(r"^\| (\d{4}) \| (.+) \|$", index, re.M))
    records = {p.name[:4]: p.name for p in DECISIONS.glob("[0-9][0-9][0-9][0-9]-*.md")}
    highest = max(int(n) for n in records)
    assert sorted(lines) == [f"{i:04d}" for i in range(1, highest + 1)]
    for number, name in records.items():
        assert f"]({name})" in lines[number], f"{name} is not linked from the index"
    for number, text in lines.items():
        if number not in records:
            assert text == "(not used)"


def test_no_two_records_share_a_number() -> None:
    numbers = [p.name[:4] for p in DECISIONS.glob("[0-9][0-9][0-9][0-9]-*.md")]
    assert len(numbers) == len(set(numbers))
