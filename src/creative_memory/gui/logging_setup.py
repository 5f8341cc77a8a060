"""Logging for the desktop program: named loggers, Qt messages routed into ``logging``, an excepthook.

One logger per subsystem, all under ``cm``: ``cm.gui``, ``cm.store``, ``cm.engine``, ``cm.controls``,
``cm.diagnostics``, ``cm.io``, ``cm.async`` and ``cm.qt`` (Qt's own messages). Services may log under
their module name as well; :func:`setup_logging` configures the root logger so both arrive.

An uncaught exception is logged and shown in a dialog (:func:`install_excepthook`) rather than
printed to a terminal nobody sees. The window also writes the log to a rotating file in the
platform's log folder (:func:`default_log_file`; a Windows GUI has no console), shown in the
Diagnostics tab (:func:`current_log_file`).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from PySide6.QtCore import (
    QCoreApplication,
    QMessageLogContext,
    QObject,
    QtMsgType,
    Signal,
    Slot,
    qInstallMessageHandler,
)

SUBSYSTEMS: tuple[str, ...] = ("gui", "store", "engine", "controls", "diagnostics", "io", "async", "qt")
"""The subsystems that have a named logger ``cm.<subsystem>``."""

ROOT_LOGGER = "cm"
QT_LOGGER = "cm.qt"
LOG_LEVEL_ENV = "CM_LOG_LEVEL"
LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s [%(threadName)s] %(message)s"
LOG_DIR_ENV = "CM_LOG_DIR"
LOG_FILE_NAME = "creative-memory.log"
LOG_FILE_BYTES = 1_000_000
LOG_FILE_BACKUPS = 3

_HANDLER_MARK = "_cm_handler"

_QT_LEVELS: dict[QtMsgType, int] = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def get_logger(subsystem: str) -> logging.Logger:
    """The logger of one subsystem, e.g. ``get_logger("gui")`` → ``cm.gui``."""
    if subsystem not in SUBSYSTEMS:
        raise ValueError(f"unknown logging subsystem {subsystem!r}; expected one of {SUBSYSTEMS}")
    return logging.getLogger(f"{ROOT_LOGGER}.{subsystem}")


def _resolve_level(level: int | str) -> int:
    raw: int | str = os.environ.get(LOG_LEVEL_ENV) or level
    if isinstance(raw, int):
        return raw
    resolved = logging.getLevelName(raw.strip().upper())
    return resolved if isinstance(resolved, int) else logging.INFO


def default_log_file(env: dict[str, str] | None = None) -> Path:
    """Where the window writes its log: ``$CM_LOG_DIR/creative-memory.log`` when that is set, else
    in the platform's per-user log folder (``~/.local/state/creative-memory-studio/log`` on Linux,
    ``~/Library/Logs/creative-memory-studio`` on macOS, ``%LOCALAPPDATA%\\creative-memory-studio\\Logs``
    on Windows)."""
    import platformdirs  # here, not at the top: it costs start-up time before the first paint otherwise

    from creative_memory.services.location.datadir import APP_NAME

    e = os.environ if env is None else env
    folder = (e.get(LOG_DIR_ENV) or "").strip()
    base = Path(folder) if folder else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return base / LOG_FILE_NAME


def current_log_file() -> Path | None:
    """The file the log is being written to, or None when it goes to the console only."""
    for handler in logging.getLogger().handlers:
        if getattr(handler, _HANDLER_MARK, False) and isinstance(
            handler, logging.handlers.RotatingFileHandler
        ):
            return Path(handler.baseFilename)
    return None


def close_log_file() -> None:
    """Stop writing the log file (the console stays): before its folder is removed."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _HANDLER_MARK, False) and isinstance(
            handler, logging.handlers.RotatingFileHandler
        ):
            root.removeHandler(handler)
            handler.close()


def setup_logging(
    level: int | str = logging.INFO,
    *,
    log_file: Path | None = None,
    stream: TextIO | None = None,
    qt_messages: bool = True,
    capture_warnings: bool = True,
    max_bytes: int = LOG_FILE_BYTES,
    backups: int = LOG_FILE_BACKUPS,
) -> None:
    """Configure logging for the program. Safe to call more than once (handlers are replaced).

    ``level`` may be overridden by the ``CM_LOG_LEVEL`` environment variable. ``log_file``, when
    given, receives a rotating copy of the log (``max_bytes`` × ``backups`` older files); when it
    cannot be written the log goes to the console only, which says why. ``qt_messages`` routes Qt's
    messages into the ``cm.qt`` logger; ``capture_warnings`` routes :mod:`warnings` into
    ``py.warnings``.
    """
    resolved = _resolve_level(level)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _HANDLER_MARK, False):
            root.removeHandler(handler)
            handler.close()

    formatter = logging.Formatter(LOG_FORMAT)
    console = logging.StreamHandler(stream if stream is not None else sys.stderr)
    console.setFormatter(formatter)
    setattr(console, _HANDLER_MARK, True)
    root.addHandler(console)

    if log_file is not None:
        try:
            log_file.parent.mkdir(parents=True, exist_ok=True)
            file_handler = logging.handlers.RotatingFileHandler(
                log_file, maxBytes=max_bytes, backupCount=backups, encoding="utf-8"
            )
        except OSError as exc:
            logging.getLogger(f"{ROOT_LOGGER}.gui").warning(
                "The log file %s cannot be written (%s); logging to the console only.", log_file, exc
            )
        else:
            file_handler.setFormatter(formatter)
            setattr(file_handler, _HANDLER_MARK, True)
            root.addHandler(file_handler)

    root.setLevel(resolved)
    logging.getLogger(ROOT_LOGGER).setLevel(resolved)
    if capture_warnings:
        logging.captureWarnings(True)
    if qt_messages:
        install_qt_message_handler()


# --- Qt messages -------------------------------------------------------------------------------


# Qt warnings that say nothing about this program (the offscreen platform used for screenshots and
# tests cannot resize a window to its hints): logged at DEBUG instead.
_BENIGN_QT_WARNINGS: tuple[str, ...] = ("This plugin does not support propagateSizeHints()",)


def qt_message_handler(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Route one Qt message into the ``cm.qt`` logger with the matching level."""
    level = _QT_LEVELS.get(mode, logging.WARNING)
    if level == logging.WARNING and message.startswith(_BENIGN_QT_WARNINGS):
        level = logging.DEBUG
    logger = logging.getLogger(QT_LOGGER)
    if not logger.isEnabledFor(level):
        return
    category = (context.category if context is not None else None) or "default"
    where = ""
    if context is not None and context.file:
        where = f" ({context.file}:{context.line})"
    logger.log(level, "[%s] %s%s", category, message, where, extra={"qt_category": category})
    if mode == QtMsgType.QtFatalMsg:
        # Qt aborts right after the handler returns: get the line out first.
        for handler in logging.getLogger().handlers:
            handler.flush()


_previous_qt_handler: list[Any] = []


def install_qt_message_handler() -> Any:
    """Install :func:`qt_message_handler`; returns the handler it replaced (may be ``None``)."""
    previous = qInstallMessageHandler(qt_message_handler)
    if previous is not qt_message_handler:
        _previous_qt_handler.append(previous)
    return previous


def restore_qt_message_handler(previous: Any = None) -> None:
    """Put back ``previous`` (or the handler replaced by the last install)."""
    if previous is None and _previous_qt_handler:
        previous = _previous_qt_handler.pop()
    qInstallMessageHandler(previous)


# --- uncaught exceptions -----------------------------------------------------------------------

ShowError = Callable[[BaseException], object]


class _MainThreadDispatcher(QObject):
    """Carries an exception raised on another thread to the GUI thread (queued connection)."""

    raised = Signal(object)

    def __init__(self, show_error: ShowError) -> None:
        super().__init__()
        self._show_error = show_error
        self.raised.connect(self._on_raised)

    @Slot(object)
    def _on_raised(self, exc: BaseException) -> None:
        _call_show_error(self._show_error, exc)


_showing = threading.local()


def _call_show_error(show_error: ShowError, exc: BaseException) -> None:
    if getattr(_showing, "active", False):  # the dialog itself failed: do not recurse
        return
    _showing.active = True
    try:
        show_error(exc)
    except Exception:
        get_logger("gui").exception("Could not show the error dialog")
    finally:
        _showing.active = False


def install_excepthook(show_error: ShowError) -> Callable[[], None]:
    """Log every uncaught exception and show it with ``show_error`` instead of dying silently.

    Covers ``sys.excepthook`` (which PySide6 also calls for exceptions escaping slots and virtual
    overrides) and ``threading.excepthook`` (shown on the GUI thread). Returns a function that
    restores the previous hooks.
    """
    log = get_logger("gui")
    previous_sys = sys.excepthook
    previous_threading = threading.excepthook
    dispatcher: _MainThreadDispatcher | None = None
    app = QCoreApplication.instance()
    if app is not None:
        dispatcher = _MainThreadDispatcher(show_error)
        dispatcher.moveToThread(app.thread())

    def _show(exc: BaseException) -> None:
        app_now = QCoreApplication.instance()
        if app_now is None:
            return
        if threading.current_thread() is threading.main_thread() or dispatcher is None:
            _call_show_error(show_error, exc)
        else:
            dispatcher.raised.emit(exc)

    def sys_hook(exc_type: type[BaseException], exc: BaseException | None, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            previous_sys(exc_type, exc if exc is not None else exc_type(), tb)
            return
        if exc is None:
            exc = exc_type()
        log.critical("Uncaught exception", exc_info=(exc_type, exc, tb))
        if exc.__traceback__ is None and tb is not None:
            exc = exc.with_traceback(tb)
        _show(exc)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        thread_name = args.thread.name if args.thread is not None else "?"
        exc = args.exc_value if args.exc_value is not None else args.exc_type()
        log.critical(
            "Uncaught exception in thread %s",
            thread_name,
            exc_info=(args.exc_type, exc, args.exc_traceback),
        )
        _show(exc)

    sys.excepthook = sys_hook
    threading.excepthook = thread_hook

    def uninstall() -> None:
        if sys.excepthook is sys_hook:
            sys.excepthook = previous_sys
        if threading.excepthook is thread_hook:
            threading.excepthook = previous_threading
        if dispatcher is not None:
            dispatcher.deleteLater()

    return uninstall
