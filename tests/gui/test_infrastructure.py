"""GUI infrastructure: logging (Qt messages, excepthook), error dialogs, settings, icons and the small
widgets (banner, strength bar, empty state, filter box), in light and dark palettes.

Set ``CM_SHOTS_DIR`` to keep the rendered PNGs (banner, icons, table) for a visual check.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMessageLogger, QModelIndex, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QIcon,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QStyleFactory,
    QTableView,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from creative_memory.gui import errors, icons, logging_setup, settings
from creative_memory.gui.widgets.banner import Banner, accent_colour, is_dark
from creative_memory.gui.widgets.empty_state import EmptyState
from creative_memory.gui.widgets.filter_edit import FilterLineEdit
from creative_memory.gui.widgets.strength import STRENGTH_ROLE, StrengthBarDelegate
from creative_memory.services.common.errors import Cancelled, InvalidInput, StoreUnavailable

REPO_ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.opendesign.CreativeMemoryStudio"


# --- palettes and screenshots -------------------------------------------------------------------


def light_palette() -> QPalette:
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#f3f3f3",
        QPalette.ColorRole.WindowText: "#1f1f1f",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f6f6f6",
        QPalette.ColorRole.Text: "#1f1f1f",
        QPalette.ColorRole.Button: "#f0f0f0",
        QPalette.ColorRole.ButtonText: "#1f1f1f",
        QPalette.ColorRole.Highlight: "#1a73e8",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#6f6f6f",
        QPalette.ColorRole.ToolTipBase: "#ffffdc",
        QPalette.ColorRole.ToolTipText: "#1f1f1f",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#9a9a9a"))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#9a9a9a"))
    return p


def dark_palette() -> QPalette:
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#2b2b2b",
        QPalette.ColorRole.WindowText: "#e8e8e8",
        QPalette.ColorRole.Base: "#1e1e1e",
        QPalette.ColorRole.AlternateBase: "#262626",
        QPalette.ColorRole.Text: "#e8e8e8",
        QPalette.ColorRole.Button: "#353535",
        QPalette.ColorRole.ButtonText: "#e8e8e8",
        QPalette.ColorRole.Highlight: "#3d7bd9",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#9a9a9a",
        QPalette.ColorRole.ToolTipBase: "#353535",
        QPalette.ColorRole.ToolTipText: "#e8e8e8",
        QPalette.ColorRole.Light: "#4a4a4a",
        QPalette.ColorRole.Midlight: "#3f3f3f",
        QPalette.ColorRole.Mid: "#303030",
        QPalette.ColorRole.Dark: "#1a1a1a",
        QPalette.ColorRole.Shadow: "#000000",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#7a7a7a"))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#7a7a7a"))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#7a7a7a"))
    return p


PALETTES = {"light": light_palette, "dark": dark_palette}


@pytest.fixture
def shots_dir(tmp_path: Path) -> Path:
    """Where rendered PNGs go: ``$CM_SHOTS_DIR`` when set (to look at them), else a temp folder."""
    chosen = os.environ.get("CM_SHOTS_DIR")
    path = Path(chosen) if chosen else tmp_path / "shots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def themed(widget: QWidget, scheme: str) -> QWidget:
    """Give a widget tree the Fusion style and a light or dark palette (locally, not app-wide)."""
    style = QStyleFactory.create("Fusion")
    widget.setProperty("_cm_style", style)  # keep it alive as long as the widget
    widget.setStyle(style)
    for child in widget.findChildren(QWidget):
        child.setStyle(style)
    widget.setPalette(PALETTES[scheme]())
    widget.setAutoFillBackground(True)
    return widget


def grab(widget: QWidget, path: Path) -> QImage:
    widget.adjustSize()
    pixmap = widget.grab()
    assert not pixmap.isNull()
    assert pixmap.save(str(path))
    return pixmap.toImage()


def distinct_colours(image: QImage, step: int = 3) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


# --- the PySide6 6.12 refcount guard (gui/__init__.py) ---------------------------------------------


def test_void_qt_calls_do_not_exhaust_none(qapp: QApplication) -> None:
    """PySide6 6.12 takes a reference from None on every void call; on Python 3.11 that used to
    abort the interpreter after a few thousand calls ("none_dealloc"). With the guard it cannot."""
    from creative_memory import gui

    label = QLabel()
    if sys.version_info < (3, 12) and gui.pyside_leaks_singleton_references():
        assert gui.SINGLETON_REFCOUNT_GUARD
        assert sys.getrefcount(None) > 1 << 39
        assert sys.getrefcount(True) > 1 << 39
    for _ in range(20_000):  # more than None's natural reference count in this process
        label.setText("x")
    assert gui.guard_singleton_refcounts() == gui.SINGLETON_REFCOUNT_GUARD  # idempotent


def test_pyside_reads_no_module_source_and_features_still_work(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PySide6 no longer reads the source of each module imported after it (decision 0093), yet a
    module that selects ``snake_case`` gets it, and one imported after it sees Qt's own names."""
    import inspect

    from PySide6.support import feature

    from creative_memory import gui

    assert gui.FEATURE_SCAN_SKIPPED
    (tmp_path / "cm_snake_probe.py").write_text(
        "from __feature__ import snake_case\n"
        "from PySide6.QtCore import QObject\n"
        "def name():\n"
        "    o = QObject()\n"
        "    o.set_object_name('snake')\n"
        "    return o.object_name()\n",
        encoding="utf-8",
    )
    (tmp_path / "cm_plain_probe.py").write_text(
        "from PySide6.QtCore import QObject\n"
        "def name():\n"
        "    o = QObject()\n"
        "    o.setObjectName('plain')\n"
        "    return o.objectName()\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    read: list[object] = []
    real = inspect.getsource
    monkeypatch.setattr(inspect, "getsource", lambda obj: read.append(obj) or real(obj))
    snake = __import__("cm_snake_probe")  # through builtins.__import__, where PySide6 hooks in
    plain = __import__("cm_plain_probe")
    try:
        assert read == []  # nothing was read to decide
        assert feature.pyside_feature_dict["cm_plain_probe"] == 0  # PySide6's default, no feature
        assert snake.name() == "snake"
        assert plain.name() == "plain"  # not left with snake_case's names
        assert snake.name() == "snake"
    finally:
        sys.modules.pop("cm_snake_probe", None)
        sys.modules.pop("cm_plain_probe", None)


# --- logging ------------------------------------------------------------------------------------


@pytest.fixture
def qt_handler() -> Iterator[None]:
    """Our Qt message handler for one test, then whatever was there before (pytest-qt's)."""
    previous = logging_setup.install_qt_message_handler()
    try:
        yield
    finally:
        logging_setup.restore_qt_message_handler(previous)


def test_named_loggers() -> None:
    for name in logging_setup.SUBSYSTEMS:
        assert logging_setup.get_logger(name).name == f"cm.{name}"
    with pytest.raises(ValueError):
        logging_setup.get_logger("nonsense")


def test_qt_messages_reach_logging_with_their_levels(
    qapp: QApplication, qt_handler: None, caplog: Any
) -> None:
    caplog.set_level(logging.DEBUG, logger="cm.qt")
    logger = QMessageLogger()
    logger.warning("cm-test: a warning from Qt")
    logger.critical("cm-test: a critical from Qt")
    logger.debug("cm-test: a debug from Qt")
    logger.warning("This plugin does not support propagateSizeHints()")  # offscreen noise
    records = {r.getMessage().split("] ", 1)[-1]: r for r in caplog.records if r.name == "cm.qt"}
    assert records["cm-test: a warning from Qt"].levelno == logging.WARNING
    assert records["This plugin does not support propagateSizeHints()"].levelno == logging.DEBUG
    assert records["cm-test: a critical from Qt"].levelno == logging.ERROR
    assert records["cm-test: a debug from Qt"].levelno == logging.DEBUG


def test_a_real_qt_warning_is_routed(qapp: QApplication, qt_handler: None, caplog: Any) -> None:
    caplog.set_level(logging.WARNING, logger="cm.qt")
    QPainter().end()  # Qt: "QPainter::end: Painter not active, aborted"
    messages = [r.getMessage() for r in caplog.records if r.name == "cm.qt"]
    assert any("Painter not active" in m for m in messages), messages


def test_setup_logging_is_idempotent(tmp_path: Path, qt_handler: None) -> None:
    root = logging.getLogger()
    before = list(root.handlers)
    level = root.level
    log_file = tmp_path / "logs" / "cm.log"
    try:
        logging_setup.setup_logging(logging.DEBUG, log_file=log_file, capture_warnings=False)
        logging_setup.setup_logging(logging.DEBUG, log_file=log_file, capture_warnings=False)
        ours = [h for h in root.handlers if getattr(h, "_cm_handler", False)]
        assert len(ours) == 2  # console + file, not four
        logging_setup.get_logger("store").info("opened the store")
        for handler in ours:
            handler.flush()
        assert "cm.store" in log_file.read_text(encoding="utf-8")
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)
        logging.getLogger("cm").setLevel(logging.NOTSET)


def test_excepthook_logs_and_shows(qapp: QApplication, caplog: Any) -> None:
    shown: list[BaseException] = []
    uninstall = logging_setup.install_excepthook(shown.append)
    try:
        try:
            raise RuntimeError("nobody caught me")
        except RuntimeError as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
    finally:
        uninstall()
    assert [str(e) for e in shown] == ["nobody caught me"]
    assert any(r.levelno == logging.CRITICAL and r.exc_info for r in caplog.records if r.name == "cm.gui")


def test_excepthook_brings_thread_errors_to_the_gui_thread(qapp: QApplication, qtbot: Any) -> None:
    shown: list[tuple[str, str]] = []
    uninstall = logging_setup.install_excepthook(
        lambda exc: shown.append((str(exc), threading.current_thread().name))
    )
    try:

        def boom() -> None:
            raise ValueError("failed in a thread")

        thread = threading.Thread(target=boom, name="cm-test-thread")
        thread.start()
        thread.join(5)
        qtbot.waitUntil(lambda: bool(shown), timeout=3000)
    finally:
        uninstall()
    assert shown == [("failed in a thread", threading.main_thread().name)]


def test_excepthook_survives_a_failing_dialog(qapp: QApplication) -> None:
    def broken(exc: BaseException) -> None:
        raise RuntimeError("dialog broke")

    uninstall = logging_setup.install_excepthook(broken)
    try:
        exc = KeyError("x")
        sys.excepthook(KeyError, exc, None)  # must not raise
    finally:
        uninstall()


# --- error dialogs ------------------------------------------------------------------------------


def test_typed_error_shows_its_sentence(qtbot: Any) -> None:
    sentence = "The pause date is in the past; choose a later date."
    box = errors.show_error(None, InvalidInput(sentence))
    assert box.isVisible()
    assert box.text() == sentence
    assert box.detailedText() == ""
    assert box.icon() == QMessageBox.Icon.Warning
    assert "Invalid input" in box.windowTitle()
    assert box.accessibleName()
    box.close()


def test_typed_error_with_action_and_kinds(qtbot: Any) -> None:
    box = errors.show_error(
        None,
        StoreUnavailable("The store cannot be read: check the folder's permissions."),
        action="Could not open",
    )
    assert box.text() == "Could not open"
    assert box.informativeText().startswith("The store cannot be read")
    assert box.icon() == QMessageBox.Icon.Critical
    box.close()
    info = errors.show_error(None, Cancelled("The import was cancelled; nothing was changed."))
    assert info.icon() == QMessageBox.Icon.Information
    info.close()


def test_unexpected_error_has_generic_sentence_and_traceback(qtbot: Any, caplog: Any) -> None:
    try:
        {}["missing"]
    except KeyError as exc:
        err = exc
    box = errors.show_error(None, err)
    assert "KeyError" in box.text()
    assert "Show Details" in box.text()
    assert "Traceback" in box.detailedText()
    assert "missing" in box.detailedText()
    assert "Unexpected error" in box.windowTitle()
    # An identical failure while the box is open raises the same box instead of stacking another.
    assert errors.show_error(None, err) is box
    box.close()


def test_error_box_is_not_modal_blocking(qtbot: Any) -> None:
    """show_error returns at once (open(), not exec()) and the box is window-modal."""
    parent = QMainWindow()
    qtbot.addWidget(parent)
    parent.show()
    box = errors.show_error(parent, InvalidInput("Bad value."))
    assert box.isVisible()  # exec() would have returned only once the box was closed
    assert box.windowModality() == Qt.WindowModality.WindowModal
    box.close()


# --- settings -----------------------------------------------------------------------------------


def test_settings_live_in_cm_settings_dir_only(qapp: QApplication, qtbot: Any, cm_settings_dir: Path) -> None:
    store = settings.AppSettings()
    assert Path(store.file_name).resolve() == (cm_settings_dir / settings.INI_NAME).resolve()

    window = QMainWindow()
    qtbot.addWidget(window)
    splitter = QSplitter()
    splitter.addWidget(QTextEdit())
    splitter.addWidget(QTextEdit())
    window.setCentralWidget(splitter)
    window.resize(640, 420)
    window.show()
    splitter.setSizes([100, 500])
    store.save_window(window)
    store.save_splitter("inspector", splitter)
    store.last_tab = 3
    store.sync()

    assert (cm_settings_dir / settings.INI_NAME).is_file()
    assert {p.name for p in cm_settings_dir.iterdir()} == {settings.INI_NAME}

    again = settings.AppSettings()
    assert again.last_tab == 3
    other = QMainWindow()
    qtbot.addWidget(other)
    other_splitter = QSplitter()
    other_splitter.addWidget(QTextEdit())
    other_splitter.addWidget(QTextEdit())
    other.setCentralWidget(other_splitter)
    assert again.restore_window(other)
    assert again.restore_splitter("inspector", other_splitter)
    assert other.size() == window.size()


def test_settings_defaults_and_bad_values(cm_settings_dir: Path) -> None:
    store = settings.AppSettings()
    assert store.last_tab == 0
    store.set_value("window/lastTab", "not a number")
    assert store.last_tab == 0
    assert not store.restore_splitter("never-saved", QSplitter())
    with pytest.raises(ValueError):
        store.save_splitter("a/b", QSplitter())


def test_settings_override_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(settings.SETTINGS_DIR_ENV, str(tmp_path / "elsewhere"))
    assert settings.settings_path_override() == tmp_path / "elsewhere" / settings.INI_NAME
    monkeypatch.delenv(settings.SETTINGS_DIR_ENV)
    assert settings.settings_path_override() is None  # the native store (not touched by tests)


# --- icons and resources ------------------------------------------------------------------------


def test_every_action_icon_loads(qapp: QApplication) -> None:
    shipped = set(icons.available_icons())
    assert set(icons.ICON_NAMES) | {"app"} <= shipped
    for name in icons.ICON_NAMES:
        ic = icons.icon(name)
        assert not ic.isNull(), name
        image = ic.pixmap(QSize(24, 24)).toImage()
        assert not image.isNull(), name
        assert any(QColor.fromRgba(c).alpha() > 0 for c in distinct_colours(image, 1)), name
        assert icons.icon(name) is ic  # cached
        assert not icons.shipped_icon(name).isNull(), name


def test_icon_svgs_are_24px_line_icons() -> None:
    for name in icons.ICON_NAMES:
        data = icons.svg_bytes(name)
        assert QSvgRenderer(data).isValid(), name
        root = ET.fromstring(data)
        assert root.get("viewBox") == "0 0 24 24", name
        assert icons.BASE_COLOR.encode() in data, name


def test_unknown_icon_is_null_and_logged(caplog: Any) -> None:
    assert icons.icon("no-such-icon").isNull()
    assert any("no-such-icon" in r.getMessage() for r in caplog.records)


def test_tinted_icon_uses_the_colour(qapp: QApplication) -> None:
    red = QColor("#d00000")
    image = icons.tinted_icon("warning", red).pixmap(QSize(48, 48)).toImage()
    opaque = [QColor.fromRgba(c) for c in distinct_colours(image, 1) if QColor.fromRgba(c).alpha() == 255]
    assert opaque and all(c.red() > 150 and c.green() < 60 for c in opaque)


def test_app_icon_and_hicolor_pngs(qapp: QApplication) -> None:
    app_icon = icons.app_icon()
    assert not app_icon.isNull()
    sizes = {s.width() for s in app_icon.availableSizes()}
    assert {16, 32, 48, 256, 512} <= sizes
    for size in icons.APP_ICON_SIZES:
        png = (
            REPO_ROOT
            / "src"
            / "creative_memory"
            / "resources"
            / "icons"
            / "hicolor"
            / f"{size}x{size}"
            / "apps"
            / f"{APP_ID}.png"
        )
        image = QImage(str(png))
        assert image.width() == size and image.height() == size, png


def test_resources_is_a_package_with_the_desktop_files() -> None:
    root = resources.files("creative_memory.resources")
    assert root.joinpath(f"{APP_ID}.desktop").is_file()
    assert root.joinpath(f"{APP_ID}.metainfo.xml").is_file()
    metainfo = ET.fromstring(root.joinpath(f"{APP_ID}.metainfo.xml").read_bytes())
    assert metainfo.findtext("id") == APP_ID
    assert metainfo.findtext("launchable") == f"{APP_ID}.desktop"


def test_icon_sheet_light_and_dark(qapp: QApplication, shots_dir: Path) -> None:
    """Render every action icon (shipped grey, and palette-tinted) on light and dark."""
    names = [*icons.ICON_NAMES]
    cell = 40
    for scheme, make in PALETTES.items():
        palette = make()
        sheet = QImage(cell * len(names), cell * 4 + 72, QImage.Format.Format_ARGB32)
        sheet.fill(palette.color(QPalette.ColorRole.Window))
        painter = QPainter(sheet)
        selected_band = palette.color(QPalette.ColorRole.Highlight)
        painter.fillRect(0, cell * 3, sheet.width(), cell, selected_band)
        size = QSize(24, 24)
        for i, name in enumerate(names):
            themed_icon = icons.palette_icon(name, palette)
            x = i * cell + 8
            painter.drawPixmap(x, 8, icons.shipped_icon(name).pixmap(size))  # row 1: as shipped
            painter.drawPixmap(x, cell + 8, themed_icon.pixmap(size))  # row 2: palette text colour
            painter.drawPixmap(x, cell * 2 + 8, themed_icon.pixmap(size, QIcon.Mode.Disabled))  # row 3
            painter.drawPixmap(x, cell * 3 + 8, themed_icon.pixmap(size, QIcon.Mode.Selected))  # row 4
        for x, px in ((8, 16), (32, 24), (64, 32), (104, 48), (160, 64)):  # row 5: the app icon
            painter.drawPixmap(x, cell * 4 + 4, icons.app_icon().pixmap(QSize(px, px)))
        painter.end()
        assert sheet.save(str(shots_dir / f"icons-{scheme}.png"))


# --- banner ---------------------------------------------------------------------------------------


def test_banner_shows_hides_and_its_button_emits(qtbot: Any) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    banner = Banner(host)
    QVBoxLayout(host).addWidget(banner)
    host.show()
    assert not banner.isVisible()  # hidden until there is something to say

    banner.show_message("warning", "Paused — learning and using — until Tue 24 Nov, 09:00", "&Resume")
    assert banner.isVisible()
    assert banner.kind == "warning"
    assert banner.text().startswith("Paused")
    button = banner.actionButton()
    assert button.isVisible()
    assert button.accessibleName() == "Resume"
    assert button.toolTip()
    assert banner.accessibleName()
    with qtbot.waitSignal(banner.actionTriggered, timeout=1000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    banner.show_message("info", "Creative memory is off")
    assert not button.isVisible()
    assert banner.actionText() == ""

    banner.clear()
    assert not banner.isVisible()
    with pytest.raises(ValueError):
        banner.show_message("fatal", "no such kind")  # type: ignore[arg-type]


def test_banner_colours_follow_the_palette(qtbot: Any) -> None:
    banner = Banner()
    qtbot.addWidget(banner)
    banner.show_message("error", "This store is read-only")
    banner.setPalette(light_palette())
    light_bg, _edge, light_accent = banner.colours()
    banner.setPalette(dark_palette())
    dark_bg, _edge, dark_accent = banner.colours()
    assert light_bg.lightnessF() > 0.8
    assert dark_bg.lightnessF() < 0.3
    assert light_accent != dark_accent
    assert is_dark(dark_palette()) and not is_dark(light_palette())
    for kind in ("info", "warning", "error"):
        # The accent is used for the icon: it must stand out from the window in both schemes.
        for make in (light_palette, dark_palette):
            pal = make()
            accent = accent_colour(kind, pal)  # type: ignore[arg-type]
            window = pal.color(QPalette.ColorRole.Window)
            assert contrast(accent, window) >= 3.0, (kind, make.__name__)


def contrast(a: QColor, b: QColor) -> float:
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_banner_renders_in_light_and_dark(qtbot: Any, shots_dir: Path, scheme: str) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    samples = [
        ("info", "Creative memory is off. Nothing is learned and nothing is added to prompts.", "Turn on"),
        ("warning", "Paused — learning and using — until Tue 24 Nov, 09:00", "Resume"),
        (
            "error",
            "This store is read-only: the folder cannot be written. Open it elsewhere or fix the "
            "folder's permissions to make changes.",
            None,
        ),
    ]
    for kind, text, action in samples:
        banner = Banner()
        banner.show_message(kind, text, action)  # type: ignore[arg-type]
        layout.addWidget(banner)
    empty = EmptyState(
        "No preferences learned yet. They appear here as you react to generated work.",
        "info",
        action_text="Run self-test",
    )
    layout.addWidget(empty)
    themed(page, scheme)
    page.setFixedWidth(720)
    page.show()
    qtbot.waitExposed(page)
    image = grab(page, shots_dir / f"banner-{scheme}.png")
    assert len(distinct_colours(image)) > 10


# --- strength bar ------------------------------------------------------------------------------------


def strength_model() -> QStandardItemModel:
    model = QStandardItemModel(0, 2)
    model.setHorizontalHeaderLabels(["pattern", "strength"])
    for pattern, value in [
        ("editorial layouts", 0.92),
        ("serif headings", 0.55),
        ("stock photos", 0.08),
        ("muted palette", 0.0),
        ("generous margins", 1.0),
    ]:
        strength = QStandardItem()
        strength.setData(value, Qt.ItemDataRole.DisplayRole)
        model.appendRow([QStandardItem(pattern), strength])
    odd = QStandardItem("n/a")
    model.appendRow([QStandardItem("not a number"), odd])
    by_role = QStandardItem("ignored text")
    by_role.setData(0.33, STRENGTH_ROLE)
    model.appendRow([QStandardItem("strength in its own role"), by_role])
    return model


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_strength_bar_paints(qtbot: Any, shots_dir: Path, scheme: str) -> None:
    model = strength_model()
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    delegate = StrengthBarDelegate(view)
    view.setItemDelegateForColumn(1, delegate)
    themed(view, scheme)
    view.setColumnWidth(0, 200)
    view.setColumnWidth(1, 160)
    view.resize(400, 280)
    view.selectRow(1)
    view.show()
    qtbot.waitExposed(view)
    pixmap = QPixmap(view.size())
    view.render(pixmap)
    assert not pixmap.isNull()
    assert pixmap.save(str(shots_dir / f"strength-{scheme}.png"))

    image = pixmap.toImage()
    highlight = view.palette().color(QPalette.ColorRole.Highlight)
    row_rect = view.visualRect(model.index(0, 1))
    offset = view.viewport().pos()
    y = offset.y() + row_rect.center().y()
    xs = range(offset.x() + row_rect.left(), offset.x() + row_rect.right())
    row_pixels = [QColor(image.pixel(x, y)) for x in xs]
    assert any(closeness(c, highlight) < 30 for c in row_pixels), "the 0.92 bar is drawn in the accent"
    assert delegate.displayText(0.5, None) == "0.50"
    assert (
        delegate.sizeHint(
            view.viewOptions() if hasattr(view, "viewOptions") else _option(view), model.index(0, 1)
        ).width()
        > 40
    )


def _option(view: QTableView) -> Any:
    from PySide6.QtWidgets import QStyleOptionViewItem

    option = QStyleOptionViewItem()
    option.initFrom(view)
    return option


def closeness(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_strength_delegate_reads_values() -> None:
    model = strength_model()
    value = StrengthBarDelegate._value
    assert value(model.index(0, 1)) == pytest.approx(0.92)
    assert value(model.index(5, 1)) is None  # "n/a" → painted as text
    assert value(model.index(6, 1)) == pytest.approx(0.33)  # the role wins over the text
    assert value(QModelIndex()) is None


# --- empty state and filter box ----------------------------------------------------------------------


def test_empty_state(qtbot: Any) -> None:
    empty = EmptyState("Nothing here yet.", "info")
    qtbot.addWidget(empty)
    empty.show()
    assert empty.text() == "Nothing here yet."
    assert empty.accessibleName() == "Nothing here yet."
    assert not empty.actionButton().isVisible()
    empty.setAction("Run a retrieval now", "Runs a dry-run retrieval for the selected project")
    assert empty.actionButton().isVisible()
    assert empty.actionButton().toolTip().startswith("Runs")
    with qtbot.waitSignal(empty.actionTriggered, timeout=1000):
        empty.actionButton().click()
    empty.setIconName("lock")


def test_filter_line_edit_debounces(qtbot: Any) -> None:
    box = FilterLineEdit()
    box.show()
    assert box.isClearButtonEnabled()
    assert box.placeholderText()
    assert box.accessibleName() and box.toolTip()
    assert box.debounce_ms == 150

    emitted: list[str] = []
    box.filterChanged.connect(emitted.append)
    with qtbot.waitSignal(box.filterChanged, timeout=2000) as blocker:
        qtbot.keyClicks(box, "serif")
        assert emitted == []  # nothing while typing
        assert box.isPending()
    assert blocker.args == ["serif"]
    qtbot.wait(250)
    assert emitted == ["serif"]  # once, not once per key

    qtbot.keyClicks(box, "s")
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter applies at once
    assert emitted == ["serif", "serifs"]
    assert not box.isPending()

    with qtbot.waitSignal(box.filterChanged, timeout=1000) as blocker:
        qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert blocker.args == [""]
    assert box.text() == ""
    qtbot.wait(250)
    assert emitted == ["serif", "serifs", ""]
