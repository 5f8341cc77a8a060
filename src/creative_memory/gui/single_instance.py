"""One window per store: a second start hands its request to the window already open, and ends.

The first window listens on a local socket named after its store and user (a ``QLocalServer``: a
Unix domain socket in a folder only this account can enter, a named pipe on Windows). A later start
on the same store — the link of a memory note (``creative-memory --retrieval ID``) or the program
started again from the menu — asks that window first: one line of JSON (what was asked), one line
back. The asking side is plain Python and runs before Qt is imported, so a start that finds a
window costs no more than the interpreter's start; one that finds none goes on as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger("cm.gui")

#: How long a second start waits for the first window's answer.
ASK_TIMEOUT_S = 2.0
MAX_LINE = 4096


def instance_name(store: Path, user: str) -> str:
    """The name the window for ``store`` and ``user`` listens under (short: a Unix socket's path
    has about a hundred bytes)."""
    try:
        where = str(store.resolve(strict=False))
    except (OSError, RuntimeError):
        where = str(store)
    digest = hashlib.sha256(f"{where}\0{user}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"cm-{digest}"


def socket_folder() -> Path:
    """Where the sockets are on POSIX systems: the session's runtime folder, else a folder of this
    account's own in the temporary folder (made 0700)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime).is_dir():
        return Path(runtime)
    folder = Path(tempfile.gettempdir()) / f"creative-memory-{os.getuid()}"
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    return folder


def server_address(name: str) -> str:
    """The address ``QLocalServer.listen`` takes: a full socket path on POSIX, the pipe's name on
    Windows."""
    if sys.platform == "win32":
        return name
    return str(socket_folder() / f"{name}.sock")


def _private_folder(folder: Path) -> bool:
    """Whether only this account can enter ``folder`` (else nobody else's socket is trusted)."""
    try:
        st = folder.stat()
    except OSError:
        return False
    return st.st_uid == os.getuid() and (st.st_mode & 0o077) == 0


def ask_running(name: str, request: dict[str, Any], timeout: float = ASK_TIMEOUT_S) -> bool:
    """Hand ``request`` to the window listening under ``name``; True when it took it."""
    line = (json.dumps(request) + "\n").encode("utf-8")
    try:
        if sys.platform == "win32":
            with Path(rf"\\.\pipe\{name}").open("r+b", buffering=0) as pipe:
                pipe.write(line)
                answer = pipe.readline(MAX_LINE)
        else:
            path = Path(server_address(name))
            if not path.exists() or not _private_folder(path.parent):
                return False
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(timeout)
                sock.connect(str(path))
                sock.sendall(line)
                with sock.makefile("rb") as reply:
                    answer = reply.readline(MAX_LINE)
    except OSError:  # nobody listens (or a socket left by a window that crashed): start as usual
        return False
    return answer.strip() == b"ok"


def parse_request(data: bytes) -> dict[str, Any] | None:
    """One request line as the window reads it; None for anything that is not one."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(value, dict):
        return None
    retrieval = value.get("retrieval")
    if retrieval is not None and (
        not isinstance(retrieval, int) or isinstance(retrieval, bool) or retrieval < 1
    ):
        return None
    return {"retrieval": retrieval}
