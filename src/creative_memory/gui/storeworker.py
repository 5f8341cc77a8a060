"""The single store thread: every store (service) call of the window runs on it, one at a time, awaited
from the event loop, so the UI thread never waits on SQLite (see :mod:`gui.asyncbridge`)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

log = logging.getLogger("cm.async")

P = ParamSpec("P")
T = TypeVar("T")

STORE_THREAD_PREFIX = "cm-store"
OPTIONAL_CHECK_S = 0.01  # how often shutdown looks whether the running call is an optional one


class WorkerShutDown(RuntimeError):
    """A store call was made after :meth:`StoreWorker.shutdown`."""


class StoreWorker:
    """One thread for every store call, awaited from the event loop.

    SQLite connections and sessions are used on this thread only; calls run one at a time in the
    order they were made. ``await worker.run(fn, *args, **kwargs)`` returns ``fn``'s result or
    raises its exception. If the awaiting task is cancelled before the call starts, the call never
    runs; a call that has started runs to its end (a short transaction by design).
    ``run_optional`` is for the work the window does on its own (the decay catch-up, the polls):
    when the program ends, such a call still running is not waited for. ``run_change`` is for a
    change a person asked for (a forget, a switch, an import): it runs even when the window closes
    (or its task is cancelled) before it starts, and the program's end waits for it.
    """

    def __init__(self) -> None:
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix=STORE_THREAD_PREFIX, initializer=self._on_thread_start
        )
        self._lock = threading.Lock()
        self._active = 0
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None
        self._thread_started = threading.Event()
        self._submitted = False
        self._closed = False
        self._running_optional = False  # the call running now was made with run_optional
        self._changes: set[concurrent.futures.Future[Any]] = set()  # run_change calls not done yet
        self._plain: set[concurrent.futures.Future[Any]] = set()  # other calls not done yet
        #: shutdown left an optional call running (the caller ends the process without it)
        self.left_optional = False

    def _on_thread_start(self) -> None:
        self._thread = threading.current_thread()
        self._thread_started.set()

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def busy(self) -> bool:
        """Whether a call is running right now."""
        return not self._idle.is_set()

    @staticmethod
    def is_worker_thread() -> bool:
        """Whether the caller runs on the store thread."""
        return threading.current_thread().name.startswith(STORE_THREAD_PREFIX)

    def _call(self, fn: Callable[[], T], optional: bool = False) -> T:
        with self._lock:
            self._active += 1
            self._idle.clear()
            self._running_optional = optional
        try:
            return fn()
        finally:
            with self._lock:
                self._active -= 1
                self._running_optional = False
                if self._active == 0:
                    self._idle.set()

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(*args, **kwargs)`` on the store thread and await its result."""
        return await self._submit(functools.partial(fn, *args, **kwargs), optional=False)

    async def run_optional(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """As :meth:`run`, for work nobody asked for (the decay catch-up, the polls): at the
        program's end such a call still running is left unfinished instead of holding the exit (a
        write it began is rolled back by SQLite, and the next run does it again)."""
        return await self._submit(functools.partial(fn, *args, **kwargs), optional=True)

    async def run_change(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """As :meth:`run`, for a change a person asked for: once asked, it is made. Cancelling the
        awaiting task (the window closing) does not stop it, and :meth:`shutdown` waits for it
        (up to its ``change_timeout``) instead of dropping it from the queue."""
        return await self._submit(functools.partial(fn, *args, **kwargs), optional=False, change=True)

    async def _submit(self, call: Callable[[], T], *, optional: bool, change: bool = False) -> T:
        if self._closed:
            raise WorkerShutDown("the store worker has been shut down")
        try:
            done = self._executor.submit(self._call, call, optional)
        except RuntimeError as exc:  # executor shut down between the check and the submit
            raise WorkerShutDown("the store worker has been shut down") from exc
        self._submitted = True
        kept = self._changes if change else self._plain
        with self._lock:
            kept.add(done)
        done.add_done_callback(functools.partial(self._forget_future, kept))
        waited = asyncio.wrap_future(done)
        if change:  # the awaiting task's cancellation must not cancel the call itself
            return await asyncio.shield(waited)
        return await waited

    def _forget_future(
        self, kept: set[concurrent.futures.Future[Any]], done: concurrent.futures.Future[Any]
    ) -> None:
        with self._lock:
            kept.discard(done)

    @property
    def changes_pending(self) -> int:
        """How many changes a person asked for are queued or running."""
        with self._lock:
            return len(self._changes)

    def shutdown(self, timeout: float = 2.0, change_timeout: float = 60.0) -> bool:
        """Stop taking calls, cancel queued ones except the changes a person asked for
        (:meth:`run_change`), and wait at most ``timeout`` s for a running call — not at all for
        one made with :meth:`run_optional` (then :attr:`left_optional`) — and at most
        ``change_timeout`` s while a change is queued or running.

        Returns True when the store thread has ended (or never started), False when a call was
        still running at the deadline, or an optional one now; the caller decides whether to
        leave without it (see :func:`run_app`). Never blocks much longer than the bound.
        """
        self._closed = True
        with self._lock:
            dropped = list(self._plain)
        for future in dropped:
            future.cancel()  # only those not started: a started call runs to its end
        self._executor.shutdown(wait=False, cancel_futures=False)
        if not self._submitted:
            return True
        start = time.monotonic()
        deadline = start + max(0.0, timeout)
        changes_deadline = start + max(0.0, timeout, change_timeout)
        if self.changes_pending:
            log.info("Finishing %d change(s) asked for before the program ends", self.changes_pending)
        if not self._thread_started.wait(max(0.0, deadline - time.monotonic())):
            log.warning("The store thread did not start within %.1f s of shutdown", timeout)
            return False
        thread = self._thread
        if thread is not None:
            while thread.is_alive():
                with self._lock:
                    optional = self._running_optional
                    changes = len(self._changes)
                if optional and not changes:
                    log.info("Leaving the store thread's optional call (the window's own work) unfinished")
                    self.left_optional = True
                    return False
                limit = changes_deadline if changes else deadline
                if time.monotonic() >= limit:
                    break
                thread.join(min(OPTIONAL_CHECK_S, max(0.0, limit - time.monotonic())))
            if thread.is_alive():
                log.warning(
                    "A store call was still running %.1f s after shutdown began", time.monotonic() - start
                )
                return False
        return True
