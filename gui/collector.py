"""Python's cyclic garbage collection on the GUI thread only, while a main window is open.

Python collects reference cycles in whichever thread happens to allocate when a generation's
threshold is passed. In the window that is often the store thread (it builds thousands of rows),
and a cycle that holds a Qt object — a closed dialog, a replaced model, a lambda connected to a
widget — is then destroyed away from the GUI thread, which crashes Qt (a test run crashed so in
the middle of the Inspector's screenshots). So while a main window is open the automatic
collection is off and a timer on the GUI thread runs the collections the thresholds call for,
generation by generation, as the interpreter would (the pattern qutebrowser uses for the same
reason). The command line and ``serve`` are not affected; ``services.lock_clock`` leaves the
collector off when it finds it off.
"""

from __future__ import annotations

import gc
import logging

from PySide6.QtCore import QCoreApplication, QObject, QTimer

log = logging.getLogger("cm.gui")

INTERVAL_MS = 250  # at most this long between an allocation burst and its collection


class GuiCollector(QObject):
    """Turns automatic collection off for as long as someone holds it (:meth:`hold`) and runs the
    due collections from a timer of the GUI thread meanwhile."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_due)
        self._holders = 0
        self._was_enabled = False

    @property
    def holders(self) -> int:
        return self._holders

    def hold(self) -> None:
        if self._holders == 0:
            self._was_enabled = gc.isenabled()
            gc.disable()
            self._timer.start()
        self._holders += 1

    def release(self) -> None:
        if self._holders == 0:
            return
        self._holders -= 1
        if self._holders == 0:
            self._timer.stop()
            gc.collect()  # here, on the GUI thread
            if self._was_enabled:
                gc.enable()

    def release_all(self) -> None:
        while self._holders:
            self.release()

    def collect_due(self) -> int:
        """The collection the interpreter would have run by now (the oldest generation whose
        threshold is passed), or none; returns the generation collected, or -1."""
        t0, t1, t2 = gc.get_threshold()
        c0, c1, c2 = gc.get_count()
        if c0 <= t0:
            return -1
        generation = 2 if c1 >= t1 and c2 >= t2 else 1 if c1 >= t1 else 0
        gc.collect(generation)
        return generation


_collector: GuiCollector | None = None


def collector() -> GuiCollector:
    """The application's one collector (created on first use, on the GUI thread, owned by the
    application object)."""
    global _collector
    if _collector is None:
        _collector = GuiCollector(QCoreApplication.instance())
    return _collector
