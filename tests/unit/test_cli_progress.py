"""The progress line a long command draws on a terminal's stderr is wiped when the work is done, so
the result that follows on stdout starts a line of its own ("807/807 preferencesDecayed 0, …")."""

from __future__ import annotations

import io

import pytest

from creative_memory.cli.output import Out, progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def shown(text: str) -> str:
    """What a terminal line shows after ``text``: each carriage return goes back to the start."""
    line: list[str] = []
    col = 0
    for ch in text:
        if ch == "\r":
            col = 0
            continue
        if col < len(line):
            line[col] = ch
        else:
            line.append(ch)
        col += 1
    return "".join(line)


def test_the_line_counts_up_then_is_wiped(monkeypatch: pytest.MonkeyPatch) -> None:
    err = Terminal()
    monkeypatch.setattr("sys.stderr", err)
    show = progress(Out(as_json=False), " preferences")
    show(100, 807)
    assert shown(err.getvalue()) == "100/807 preferences"
    show(667, 807)
    assert shown(err.getvalue()) == "667/807 preferences"
    show(807, 807)
    assert shown(err.getvalue()).strip() == ""
    assert err.getvalue().endswith("\r")  # the cursor is back at the line's start


def test_nothing_is_drawn_with_json_or_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    err = Terminal()
    monkeypatch.setattr("sys.stderr", err)
    progress(Out(as_json=True))(1, 2)
    assert err.getvalue() == ""
    plain = io.StringIO()
    monkeypatch.setattr("sys.stderr", plain)
    progress(Out(as_json=False))(1, 2)
    assert plain.getvalue() == ""
