"""The listening side of :mod:`creative_memory.gui.single_instance`: the open window takes a later
start's request (show a retrieval, or just come forward) through a ``QLocalServer``."""

from __future__ import annotations

import logging
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from creative_memory.gui.single_instance import MAX_LINE, ask_running, parse_request, server_address

log = logging.getLogger("cm.gui")


class InstanceServer(QObject):
    """Emits ``asked`` with each request a later start hands over (``{"retrieval": id or None}``)."""

    asked = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._connected)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self, name: str) -> bool:
        """Listen under ``name``; a socket left by a window that crashed is replaced, one that a
        live window answers on is not (that window stays the one)."""
        address = server_address(name)
        if self._server.listen(address):
            return True
        if ask_running(name, {"retrieval": None}, timeout=0.5):
            return False
        QLocalServer.removeServer(address)
        ok = self._server.listen(address)
        if not ok:
            log.warning("a second start cannot reach this window: %s", self._server.errorString())
        return ok

    def close(self) -> None:
        self._server.close()

    def _connected(self) -> None:
        while (sock := self._server.nextPendingConnection()) is not None:
            self._buffers[sock] = b""
            sock.readyRead.connect(self._ready)
            sock.disconnected.connect(self._gone)

    def _ready(self) -> None:
        sock = self.sender()
        if not isinstance(sock, QLocalSocket) or sock not in self._buffers:
            return  # answered already: what else it sends is not read
        data = self._buffers[sock] + bytes(sock.readAll().data())
        if b"\n" not in data and len(data) < MAX_LINE:
            self._buffers[sock] = data
            return
        del self._buffers[sock]
        request: dict[str, Any] | None = parse_request(data.split(b"\n", 1)[0][:MAX_LINE])
        sock.write(b"ok\n" if request is not None else b"no\n")
        sock.flush()
        sock.disconnectFromServer()
        if request is not None:
            self.asked.emit(request)

    def _gone(self) -> None:
        sock = self.sender()
        if isinstance(sock, QLocalSocket):
            self._buffers.pop(sock, None)
            sock.deleteLater()
