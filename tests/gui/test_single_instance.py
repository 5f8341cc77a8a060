"""One window per store: a second start hands its request to the open window and ends."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from creative_memory.gui.instance_server import InstanceServer
from creative_memory.gui.single_instance import ask_running, instance_name, server_address

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the POSIX socket folder is checked here")


@pytest.fixture
def runtime(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


def _ask_in_thread(name: str, request: dict[str, Any]) -> list[bool]:
    out: list[bool] = []
    threading.Thread(target=lambda: out.append(ask_running(name, request)), daemon=True).start()
    return out


def test_a_request_reaches_the_open_window(qtbot: QtBot, runtime: Path, tmp_path: Path) -> None:
    name = instance_name(tmp_path / "od", "local")
    server = InstanceServer()
    assert server.listen(name)
    with qtbot.waitSignal(server.asked, timeout=5000) as signal:
        answers = _ask_in_thread(name, {"retrieval": 42})
    assert signal.args == [{"retrieval": 42}]
    qtbot.waitUntil(lambda: answers == [True], timeout=5000)
    server.close()


def test_a_malformed_request_is_refused_and_changes_nothing(
    qtbot: QtBot, runtime: Path, tmp_path: Path
) -> None:
    name = instance_name(tmp_path / "od", "local")
    server = InstanceServer()
    assert server.listen(name)
    seen: list[object] = []
    server.asked.connect(seen.append)
    for bad in ({"retrieval": "42; rm"}, {"retrieval": -1}, {"retrieval": True}):
        answers = _ask_in_thread(name, bad)
        qtbot.waitUntil(lambda a=answers: a == [False], timeout=5000)
    assert seen == []
    server.close()


def test_nobody_listening_or_a_socket_left_by_a_crash_means_start_as_usual(
    qtbot: QtBot, runtime: Path, tmp_path: Path
) -> None:
    name = instance_name(tmp_path / "od", "local")
    assert ask_running(name, {"retrieval": None}) is False
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(server_address(name))  # bound, never listening, left behind
    stale.close()
    assert Path(server_address(name)).exists()
    assert ask_running(name, {"retrieval": None}) is False
    server = InstanceServer()
    assert server.listen(name)  # the stale socket is replaced
    with qtbot.waitSignal(server.asked, timeout=5000):
        _ask_in_thread(name, {"retrieval": None})
    server.close()


def test_another_store_or_user_is_another_window(tmp_path: Path) -> None:
    one = instance_name(tmp_path / "od", "local")
    assert instance_name(tmp_path / "od", "local") == one
    assert instance_name(tmp_path / "other", "local") != one
    assert instance_name(tmp_path / "od", "someone") != one


def test_a_second_start_with_a_retrieval_hands_it_over_and_ends(
    qtbot: QtBot, runtime: Path, tmp_path: Path
) -> None:
    data = tmp_path / "od"
    server = InstanceServer()
    assert server.listen(instance_name(data.resolve(), "local"))
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime), "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.monotonic()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "creative_memory.gui.app",
            "--data-dir",
            str(data),
            "--user",
            "local",
            "--retrieval",
            "7",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with qtbot.waitSignal(server.asked, timeout=20000) as signal:
        pass
    assert signal.args == [{"retrieval": 7}]
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=20000)
    _out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert time.monotonic() - t0 < 20
    assert not data.exists()  # the second start opened no store
    server.close()
