"""What the window remembers between runs: geometry, window state, last tab, splitters, headers.

These are the program's own UI settings (QSettings, organisation "Open Design", application
"Creative Memory Studio"), not creative-memory settings, which live in the store.

If the environment variable ``CM_SETTINGS_DIR`` is set, settings go to
``$CM_SETTINGS_DIR/creative-memory-studio.ini`` instead of the user's real configuration. Tests
always set it, so they never write the real user config.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QHeaderView, QMainWindow, QSplitter, QWidget

ORGANIZATION = "Open Design"
APPLICATION = "Creative Memory Studio"
SETTINGS_DIR_ENV = "CM_SETTINGS_DIR"
INI_NAME = "creative-memory-studio.ini"

_GEOMETRY = "window/geometry"
_STATE = "window/state"
_LAST_TAB = "window/lastTab"
_STATE_VERSION = 1


def settings_path_override() -> Path | None:
    """The ini file used instead of the native store when ``CM_SETTINGS_DIR`` is set."""
    raw = os.environ.get(SETTINGS_DIR_ENV)
    if not raw:
        return None
    return Path(raw).expanduser() / INI_NAME


def make_qsettings() -> QSettings:
    """A QSettings for this program, honouring ``CM_SETTINGS_DIR``."""
    override = settings_path_override()
    if override is not None:
        override.parent.mkdir(parents=True, exist_ok=True)
        return QSettings(str(override), QSettings.Format.IniFormat)
    return QSettings(ORGANIZATION, APPLICATION)


def _as_bytes(value: object) -> QByteArray | None:
    if isinstance(value, QByteArray):
        return value if not value.isEmpty() else None
    if isinstance(value, bytes | bytearray) and value:
        return QByteArray(bytes(value))
    return None


def _check_name(name: str) -> str:
    if not name or "/" in name or "\\" in name:
        raise ValueError(f"settings name must be a plain word, not {name!r}")
    return name


class AppSettings:
    """Typed access to the window's remembered state."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._s = qsettings if qsettings is not None else make_qsettings()

    @property
    def qsettings(self) -> QSettings:
        return self._s

    @property
    def file_name(self) -> str:
        """Where the settings live (a path, or a registry key on Windows)."""
        return self._s.fileName()

    def sync(self) -> None:
        self._s.sync()

    # window -------------------------------------------------------------------------------------

    def save_window(self, window: QWidget) -> None:
        """Remember geometry (any top-level widget) and toolbar/dock state (a QMainWindow)."""
        self._s.setValue(_GEOMETRY, window.saveGeometry())
        if isinstance(window, QMainWindow):
            self._s.setValue(_STATE, window.saveState(_STATE_VERSION))

    def restore_window(self, window: QWidget) -> bool:
        """Restore what :meth:`save_window` remembered. False if nothing (usable) was stored."""
        geometry = _as_bytes(self._s.value(_GEOMETRY))
        restored = bool(geometry is not None and window.restoreGeometry(geometry))
        if isinstance(window, QMainWindow):
            state = _as_bytes(self._s.value(_STATE))
            if state is not None:
                window.restoreState(state, _STATE_VERSION)
        return restored

    # last tab -----------------------------------------------------------------------------------

    @property
    def last_tab(self) -> int:
        raw = self._s.value(_LAST_TAB, 0)
        try:
            value = int(str(raw))
        except (TypeError, ValueError):
            return 0
        return max(value, 0)

    @last_tab.setter
    def last_tab(self, index: int) -> None:
        self._s.setValue(_LAST_TAB, int(index))

    # splitters and table headers -----------------------------------------------------------------

    def save_splitter(self, name: str, splitter: QSplitter) -> None:
        self._s.setValue(f"splitters/{_check_name(name)}", splitter.saveState())

    def restore_splitter(self, name: str, splitter: QSplitter) -> bool:
        state = _as_bytes(self._s.value(f"splitters/{_check_name(name)}"))
        return bool(state is not None and splitter.restoreState(state))

    def save_header(self, name: str, header: QHeaderView) -> None:
        """Remember column widths, order, hidden columns and sort indicator of a table."""
        self._s.setValue(f"headers/{_check_name(name)}", header.saveState())

    def restore_header(self, name: str, header: QHeaderView) -> bool:
        state = _as_bytes(self._s.value(f"headers/{_check_name(name)}"))
        return bool(state is not None and header.restoreState(state))

    # anything else --------------------------------------------------------------------------------

    def value(self, key: str, default: object = None) -> object:
        return self._s.value(key, default)

    def set_value(self, key: str, value: object) -> None:
        self._s.setValue(key, value)

    def remove(self, key: str) -> None:
        self._s.remove(key)
