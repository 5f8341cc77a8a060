"""Tasks started on behalf of Qt: a :class:`TaskKeeper` holds each until it ends (so it cannot be
garbage-collected mid-flight) and hands its failure to the error dialog (see :mod:`gui.asyncbridge`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

log = logging.getLogger("cm.async")

T = TypeVar("T")

ErrorCallback = Callable[[BaseException], object]


class TaskKeeper:
    """Holds every task started on behalf of Qt until it ends and reports its failure.

    ``on_error`` receives any exception other than cancellation (normally :func:`gui.errors.show_error`
    bound to the main window). Without one, failures are logged only.
    """

    def __init__(
        self,
        on_error: ErrorCallback | None = None,
        *,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._on_error = on_error
        self._loop = loop

    @property
    def tasks(self) -> frozenset[asyncio.Task[Any]]:
        return frozenset(self._tasks)

    def __len__(self) -> int:
        return len(self._tasks)

    def _get_loop(self) -> asyncio.AbstractEventLoop:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            pass
        if self._loop is not None:
            return self._loop
        try:
            return asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError as exc:
            raise RuntimeError(
                "no asyncio event loop for this task: run the program through gui.asyncbridge.run_app "
                "(or give the TaskKeeper a loop)"
            ) from exc

    def start(self, coro: Coroutine[Any, Any, T], *, name: str | None = None) -> asyncio.Future[T]:
        """Schedule ``coro`` on the loop and keep it until it is done; returns its task.

        After the loop has closed (the app is quitting and a widget still emits while it is torn
        down) the coroutine is closed without running and an already-cancelled future is returned,
        instead of raising inside a Qt slot.
        """
        loop = self._get_loop()
        if loop.is_closed():
            coro.close()
            log.debug("Not starting %s: the event loop is closed", name or coro)
            dead: asyncio.Future[T] = loop.create_future()
            dead.cancel()
            return dead
        task = loop.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._on_done)
        return task

    def _on_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        log.error("Task %s failed: %s", task.get_name(), exc, exc_info=(type(exc), exc, exc.__traceback__))
        if self._on_error is None:
            return
        try:
            self._on_error(exc)
        except Exception:
            log.exception("The error callback failed")

    def cancel_all(self) -> int:
        """Request cancellation of every kept task; returns how many were asked."""
        count = 0
        for task in list(self._tasks):
            if not task.done():
                task.cancel()
                count += 1
        return count

    async def drain(self, timeout: float = 2.0) -> bool:
        """Wait (at most ``timeout`` s) for every kept task except the caller to finish."""
        current = asyncio.current_task()
        pending = {t for t in self._tasks if t is not current and not t.done()}
        if not pending:
            return True
        _done, still = await asyncio.wait(pending, timeout=max(0.0, timeout))
        if still:
            log.warning("%d task(s) still running after %.1f s", len(still), timeout)
        return not still


_default_keeper: TaskKeeper | None = None


def default_keeper() -> TaskKeeper:
    """The application's keeper (set by :func:`run_app`); created on first use otherwise."""
    global _default_keeper
    if _default_keeper is None:
        _default_keeper = TaskKeeper()
    return _default_keeper


def set_default_keeper(keeper: TaskKeeper | None) -> TaskKeeper | None:
    """Make ``keeper`` the application's keeper; returns the one it replaces."""
    global _default_keeper
    previous, _default_keeper = _default_keeper, keeper
    return previous
