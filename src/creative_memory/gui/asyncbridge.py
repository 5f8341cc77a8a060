"""The bridge between Qt and asyncio (qasync), and the single store thread.

Rules this module enforces for the rest of the GUI:

* Every store (service) call runs on **one** worker thread, :class:`gui.storeworker.StoreWorker`,
  awaited from the qasync loop — the UI thread never blocks on SQLite.
* Every coroutine a Qt signal starts is a task held by a :class:`gui.tasks.TaskKeeper` (a strong reference
  until it finishes, so it cannot be garbage-collected mid-flight); its exception reaches the error
  dialog instead of vanishing. Connect signals to methods decorated with :func:`async_slot`.
* A dialog inside a coroutine is awaited with :func:`wait_dialog` (``open()`` + the ``finished``
  signal), never ``QDialog.exec()``, which would run a nested event loop under the asyncio loop.
* :func:`run_app` creates the QApplication first, then the qasync loop, and on quit cancels the
  tasks, drains them and stops the worker with bounded waits, so closing the window never hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import os
import signal
import sys
import threading
import warnings
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import qasync
import shiboken6
from PySide6.QtCore import QMetaObject, QObject, SignalInstance
from PySide6.QtWidgets import QApplication, QDialog

from creative_memory.gui.storeworker import StoreWorker
from creative_memory.gui.tasks import ErrorCallback, TaskKeeper, default_keeper, set_default_keeper

log = logging.getLogger("cm.async")

P = ParamSpec("P")
T = TypeVar("T")

# --- slots that start coroutines --------------------------------------------------------------

KeeperSpec = TaskKeeper | str | None


def _resolve_keeper(spec: KeeperSpec, args: Sequence[Any]) -> TaskKeeper:
    if isinstance(spec, TaskKeeper):
        return spec
    owner = args[0] if args else None
    if isinstance(spec, str):
        found = getattr(owner, spec, None)
        if not isinstance(found, TaskKeeper):
            raise TypeError(f"{type(owner).__name__}.{spec} is not a TaskKeeper")
        return found
    found = getattr(owner, "task_keeper", None)
    if isinstance(found, TaskKeeper):
        return found
    return default_keeper()


def _fit_arguments(sig: inspect.Signature, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Drop trailing signal arguments the slot does not take (as Qt does for C++ slots)."""
    trimmed = args
    while True:
        try:
            sig.bind(*trimmed, **kwargs)
        except TypeError:
            if not trimmed:
                raise TypeError(
                    f"async slot cannot accept the signal's arguments {args!r}; its signature is {sig}"
                ) from None
            trimmed = trimmed[:-1]
            continue
        return trimmed


def async_slot(
    keeper: KeeperSpec = None,
) -> Callable[[Callable[..., Coroutine[Any, Any, Any]]], Callable[..., asyncio.Future[Any]]]:
    """Decorate an ``async def`` (function or method) so a Qt signal can be connected to it.

    Calling the result starts the coroutine as a task through a :class:`TaskKeeper` and returns the
    task. Which keeper: the one given; for a string, that attribute of ``self``; otherwise
    ``self.task_keeper`` if present, else :func:`default_keeper`. Extra trailing signal arguments
    (``clicked(bool)``) are dropped when the coroutine does not take them.
    """

    def decorate(fn: Callable[..., Coroutine[Any, Any, Any]]) -> Callable[..., asyncio.Future[Any]]:
        if not inspect.iscoroutinefunction(fn):
            raise TypeError(f"async_slot needs an 'async def' function, got {fn!r}")
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def slot(*args: Any, **kwargs: Any) -> asyncio.Future[Any]:
            fitted = _fit_arguments(sig, args, kwargs)
            target = _resolve_keeper(keeper, fitted)
            return target.start(fn(*fitted, **kwargs), name=fn.__qualname__)

        return slot

    return decorate


# --- awaiting Qt -------------------------------------------------------------------------------


def _disconnect(connection: QMetaObject.Connection) -> None:
    """Undo one ``connect()`` (quietly if it is already gone, e.g. the sender was deleted)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with contextlib.suppress(RuntimeError, TypeError):
            QObject.disconnect(connection)


async def wait_signal(signal_instance: SignalInstance, *, timeout: float | None = None) -> tuple[Any, ...]:
    """Await the next emission of a Qt signal; returns its arguments."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[tuple[Any, ...]] = loop.create_future()

    def on_emit(*args: Any) -> None:
        if not future.done():
            future.set_result(args)

    connection = signal_instance.connect(on_emit)
    try:
        return await asyncio.wait_for(future, timeout) if timeout is not None else await future
    finally:
        _disconnect(connection)


async def wait_dialog(dialog: QDialog) -> int:
    """Open ``dialog`` (window-modal, ``open()``) and await its result code.

    Returns the ``finished`` result (``QDialog.DialogCode.Accepted`` = 1, ``Rejected`` = 0, or a
    ``done(r)`` code). If the dialog is destroyed without finishing, returns ``Rejected``. If the
    awaiting task is cancelled, the dialog is rejected (closed) and the cancellation propagates.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[int] = loop.create_future()
    rejected = int(QDialog.DialogCode.Rejected.value)

    def on_finished(result: int) -> None:
        if not future.done():
            future.set_result(int(result))

    def on_destroyed(*_args: Any) -> None:
        if not future.done():
            future.set_result(rejected)

    connections = [dialog.finished.connect(on_finished), dialog.destroyed.connect(on_destroyed)]
    try:
        dialog.open()
        return await future
    except asyncio.CancelledError:
        if shiboken6.isValid(dialog) and dialog.isVisible():
            dialog.reject()
        raise
    finally:
        for connection in connections:
            _disconnect(connection)


# --- the application loop ------------------------------------------------------------------------

_retired_loops: list[asyncio.AbstractEventLoop] = []


def new_qt_loop(app: QApplication) -> asyncio.AbstractEventLoop:
    """A qasync loop over ``app``, set as the current event loop."""
    loop: asyncio.AbstractEventLoop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    return loop


def close_qt_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Close a qasync loop and keep its Qt objects alive for the rest of the process.

    qasync's ``close()`` marks its timer object stopped but leaves the Qt timers of pending
    ``call_later`` handles registered (a cancelled ``wait_for`` timeout, say) until they fire. If
    the loop were garbage-collected on another thread (the store worker allocating triggers a
    collection) the QObject would be destroyed there, Qt could not unregister its timers ("Timers
    cannot be stopped from another thread") and the next timer would fire on freed memory — a
    segfault in ``QTimerInfoList::activateTimers``. Retired loops are kept, so their leftover
    timers fire on the GUI thread and simply kill themselves. Also unsets the current loop.
    """
    if not loop.is_closed():
        loop.close()
    asyncio.set_event_loop(None)
    _retired_loops.append(loop)


@dataclass
class AppContext:
    """What :func:`run_app` hands to the main coroutine."""

    app: QApplication
    loop: asyncio.AbstractEventLoop
    keeper: TaskKeeper
    worker: StoreWorker


def _default_error_callback(app: QApplication) -> ErrorCallback:
    def show(exc: BaseException) -> None:
        from creative_memory.gui.errors import show_error

        show_error(app.activeWindow(), exc)

    return show


def run_app(
    main: Callable[[AppContext], Awaitable[object]],
    *,
    argv: Sequence[str] | None = None,
    shutdown_timeout: float = 3.0,
    on_error: ErrorCallback | None = None,
    configure: Callable[[QApplication], object] | None = None,
    hard_exit_if_stuck: bool = True,
) -> int:
    """Run the program: QApplication first, then the qasync loop, until the last window closes.

    ``main(ctx)`` is started as a kept task once the loop runs; it builds and shows the main window
    (and may keep running). ``configure(app)`` runs right after the QApplication is created
    (logging, excepthook, style). Failures in kept tasks go to ``on_error`` (default: the error
    dialog over the active window).

    On quit (``aboutToQuit``): every kept task is cancelled, then drained for at most
    ``shutdown_timeout`` s, then the store worker is stopped with the same bound. If a store call
    is still running after that, the process leaves without waiting for it when
    ``hard_exit_if_stuck`` (SQLite rolls back the unfinished transaction on the next open);
    otherwise the interpreter would wait for the thread at exit.

    Returns the exit code of the Qt event loop.
    """
    app = _application(argv)
    if configure is not None:
        configure(app)

    loop = new_qt_loop(app)
    keeper = TaskKeeper(on_error if on_error is not None else _default_error_callback(app), loop=loop)
    worker = StoreWorker()
    previous_keeper = set_default_keeper(keeper)
    ctx = AppContext(app=app, loop=loop, keeper=keeper, worker=worker)

    quit_connection = app.aboutToQuit.connect(_cancel_once(keeper))
    sigint_installed = _install_sigint(loop, app)

    exit_code: int = 0
    clean = True
    try:
        keeper.start(_as_coroutine(main(ctx)), name="main")
        # qasync's run_forever returns the Qt event loop's exit code (asyncio's returns None).
        result: Any = loop.run_forever()
        exit_code = int(result or 0)
        keeper.cancel_all()
        if len(keeper):
            with contextlib.suppress(RuntimeError):
                loop.run_until_complete(keeper.drain(shutdown_timeout))
    finally:
        clean = worker.shutdown(timeout=shutdown_timeout)
        _disconnect(quit_connection)
        if sigint_installed:
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(signal.SIGINT)
        close_qt_loop(loop)
        set_default_keeper(previous_keeper)

    if not clean and hard_exit_if_stuck:
        if worker.left_optional:  # the window's own work (a decay slice): the next run does it again
            end_process(exit_code)
        _leave_now(exit_code)
    return exit_code


def _application(argv: Sequence[str] | None) -> QApplication:
    """The QApplication that exists already, or a new one."""
    existing = QApplication.instance()
    if existing is not None and not isinstance(existing, QApplication):
        raise RuntimeError("a QCoreApplication that is not a QApplication already exists")
    return existing if isinstance(existing, QApplication) else QApplication(list(argv or sys.argv))


def _cancel_once(keeper: TaskKeeper) -> Callable[[], None]:
    """The ``aboutToQuit`` handler: cancel every kept task, once."""
    quitting = False

    def on_about_to_quit() -> None:
        nonlocal quitting
        if quitting:
            return
        quitting = True
        asked = keeper.cancel_all()
        log.info("Quitting: cancelled %d task(s)", asked)

    return on_about_to_quit


def _leave_now(exit_code: int) -> None:
    """End the process without waiting for the store call that is still running (SQLite rolls its
    unfinished transaction back on the next open)."""
    log.error("Leaving without waiting for the store call that is still running")
    end_process(exit_code)


def end_process(exit_code: int) -> None:
    """End the process now: the log, stdout and stderr flushed, and nothing else run. The
    interpreter's own end (freeing every module and Qt object, 0.3-0.6 s once the window has
    loaded its tabs) has nothing to write: the caller has saved what the window keeps and the
    store thread has stopped (or runs an optional call, whose write SQLite rolls back)."""
    logging.shutdown()
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    os._exit(exit_code)


async def _as_coroutine(awaitable: Awaitable[T]) -> T:
    return await awaitable


def _install_sigint(loop: asyncio.AbstractEventLoop, app: QApplication) -> bool:
    """Ctrl+C in a terminal quits the app cleanly (Unix; the loop's signal support)."""
    if threading.current_thread() is not threading.main_thread():
        return False
    try:
        loop.add_signal_handler(signal.SIGINT, app.quit)
    except (NotImplementedError, RuntimeError, ValueError, AttributeError):
        return False
    return True


def is_gui_object_alive(obj: QObject | None) -> bool:
    """Whether a Qt object still exists (its C++ side was not deleted)."""
    return obj is not None and shiboken6.isValid(obj)


__all__ = [
    "AppContext",
    "async_slot",
    "close_qt_loop",
    "end_process",
    "is_gui_object_alive",
    "new_qt_loop",
    "run_app",
    "wait_dialog",
    "wait_signal",
]


async def next_turn() -> None:
    """Return once the Qt event loop has turned: what was queued before (paints, input) has been
    handled, so the window answers."""
    import asyncio

    from PySide6.QtCore import QTimer

    turned: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def turn() -> None:
        if not turned.done():
            turned.set_result(None)

    QTimer.singleShot(0, turn)
    await turned
