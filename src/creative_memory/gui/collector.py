"""Python's cyclic garbage collection on the GUI thread only, while a main window is open.

Python collects reference cycles in whichever thread happens to allocate when a generation's
threshold is passed. In the window that is often the store thread (it builds thousands of rows),
and a cycle that holds a Qt object — a closed dialog, a replaced model, a lambda connected to a
widget — is then destroyed away from the GUI thread, which crashes Qt (a test run crashed so in
the middle of the Inspector's screenshots). So while a main window is open the automatic
collection is off and a timer on the GUI thread runs the collections the thresholds call for,
generation by generation, as the interpreter would (the pattern qutebrowser uses for the same
reason). The command line and ``serve`` are not affected; ``services.store.lock_clock`` leaves the
collector off when it finds it off.

A collection of the oldest generation walks every object the collector tracks and holds the GIL
meanwhile: on the L store that is 76–145 ms in which neither the window nor the store thread runs
(decision 0058). So, as the interpreter does, it runs only when the objects that reached the
oldest generation since its last collection are at least a quarter of those it kept then; and once
the window has loaded its first tab, :meth:`settle` freezes what exists (the modules, classes and
Qt wrappers of start-up), which no collection walks again until the window closes.
"""

from __future__ import annotations

import gc
import logging

from PySide6.QtCore import QCoreApplication, QObject, QTimer

log = logging.getLogger("cm.gui")

INTERVAL_MS = 250  # at most this long between an allocation burst and its collection
LONG_LIVED_SHARE = 4  # the oldest generation waits for a quarter more objects (CPython's own rule)


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
        self._long_lived = 0  # objects in the oldest generation after its last collection here
        self._frozen = False

    @property
    def holders(self) -> int:
        return self._holders

    def hold(self) -> None:
        if self._holders == 0:
            self._was_enabled = gc.isenabled()
            gc.disable()
            self._timer.start()
        self._holders += 1

    def release(self, *, ending: bool = False) -> None:
        """One holder less; after the last, the collection is the interpreter's again, after one
        full collection here. ``ending``: the program ends now (its last window has closed), so
        nothing is collected (a full pass walks every object: 50-150 ms of the close for memory
        the process hands back anyway) and automatic collection stays off, so that no other
        thread collects the window's objects while the process ends."""
        if self._holders == 0:
            return
        self._holders -= 1
        if self._holders == 0:
            self._timer.stop()
            if ending:
                return
            if self._frozen:  # what the window froze is collectable again once it has closed
                gc.unfreeze()
                self._frozen = False
            gc.collect()  # here, on the GUI thread
            self._long_lived = 0
            if self._was_enabled:
                gc.enable()

    def release_all(self) -> None:
        while self._holders:
            self.release()

    def settle(self) -> None:
        """Freeze every object there is now (``gc.freeze``): the window has started and loaded
        its first tab, and what exists then — modules, classes, Qt wrappers, the tabs — lives as
        long as the window, so no collection need walk it again. The young generations are
        collected first (a few ms), so that recent garbage is not frozen with it. Only while the
        collector is held; once per window (:meth:`release` unfreezes)."""
        if self._holders == 0 or self._frozen:
            return
        gc.collect(1)
        gc.freeze()
        self._frozen = True
        self._long_lived = 0

    def collect_due(self) -> int:
        """The collection the interpreter would have run by now (the oldest generation whose
        threshold is passed and, for the oldest, a quarter more long-lived objects than after its
        last collection), or none; returns the generation collected, or -1."""
        t0, t1, t2 = gc.get_threshold()
        c0, c1, c2 = gc.get_count()
        if c0 <= t0:
            return -1
        generation = 2 if c1 >= t1 and c2 >= t2 and self.oldest_due() else 1 if c1 >= t1 else 0
        self.collect(generation)
        return generation

    def collect(self, generation: int) -> None:
        """Collect ``generation`` (and the younger ones); after the oldest, remember how many
        objects it kept."""
        gc.collect(generation)
        if generation == 2:
            self._long_lived = len(gc.get_objects(2))

    def oldest_due(self) -> bool:
        """Whether the oldest generation has grown by a quarter since its last collection here
        (CPython counts the objects moved into it; the growth of its size is that count less the
        objects freed by their reference counts meanwhile, so this waits at least as long)."""
        grown = len(gc.get_objects(2)) - self._long_lived
        return grown >= self._long_lived // LONG_LIVED_SHARE


_collector: GuiCollector | None = None


def collector() -> GuiCollector:
    """The application's one collector (created on first use, on the GUI thread, owned by the
    application object)."""
    global _collector
    if _collector is None:
        _collector = GuiCollector(QCoreApplication.instance())
    return _collector
