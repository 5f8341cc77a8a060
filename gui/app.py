"""``creative-memory``: start the desktop app (or render screenshots, or smoke-test a build)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from creative_memory import __version__

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication

    from creative_memory.gui.asyncbridge import AppContext
    from creative_memory.gui.controller import Controller
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings
    from creative_memory.gui.startwindow import StartWindow

log = logging.getLogger("cm.gui")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="creative-memory", description="Creative Memory Studio")
    p.add_argument("--data-dir", metavar="DIR", help="the Open Design data folder (holds app.sqlite)")
    p.add_argument("--user", metavar="ID", help="whose memory (default: OD_USER_ID or 'local')")
    p.add_argument("--version", action="version", version=f"creative-memory {__version__}")
    p.add_argument("--screenshot", metavar="DIR", help="render every tab to PNG files in DIR and exit")
    p.add_argument("--self-test", action="store_true",
                   help="open offscreen on a temporary store, prove the gates, render each tab; exit 0/1")
    p.add_argument("--retrieval", type=_retrieval_id, metavar="ID",
                   help="open Diagnostics on this recorded retrieval (the link of a memory note)")
    p.add_argument("--size", metavar="WxH", default="1200x780",
                   help="window size for --screenshot (default 1200x780; e.g. 720x600)")
    p.add_argument("--palette", choices=["system", "light", "dark"], default="system",
                   help="colour scheme (default: follow the system)")
    p.add_argument("--lang", type=_language, metavar="CODE",
                   help="language of the window: " + ", ".join(shipped_languages())
                   + " (default: the system's). For any other code the window says so on stderr "
                   "and speaks English")
    p.add_argument("--log-level", default=os.environ.get("CM_LOG_LEVEL", "WARNING"))
    return p


def _translations_folder() -> Path:
    import creative_memory.resources as package  # a folder on disk, installed or frozen

    return Path(next(iter(package.__path__))) / "translations"


def shipped_languages() -> list[str]:
    """English (the source) and every language whose ``creative_memory_<code>.qm`` is shipped."""
    shipped = {p.stem.removeprefix("creative_memory_") for p in _translations_folder().glob("creative_memory_*.qm")}
    return ["en", *sorted(shipped - {"en"})]


def _language(text: str) -> str:
    """``de``, ``de_DE`` or ``de-AT`` -> ``de``; a language not shipped is said once and becomes English
    (the program still starts: a missing translation is no reason to refuse to work)."""
    code = text.strip().replace("-", "_").split("_", 1)[0].lower()
    if code in shipped_languages():
        return code
    print(f"creative-memory: there is no '{text}' translation; the window speaks English "
          f"(available: {', '.join(shipped_languages())}).", file=sys.stderr)
    return "en"


def _retrieval_id(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a retrieval id; give its number, e.g. 42")
    return int(text)


def _configure(args: argparse.Namespace) -> Callable[[QApplication], None]:
    def configure(app: QApplication) -> None:
        from creative_memory.gui.errors import show_error
        from creative_memory.gui.icons import app_icon
        from creative_memory.gui.logging_setup import (
            default_log_file,
            install_excepthook,
            install_qt_message_handler,
            setup_logging,
        )

        setup_logging(args.log_level, log_file=default_log_file())
        install_qt_message_handler()
        install_excepthook(lambda exc: show_error(app.activeWindow(), exc))
        _apply_look(app, args)
        app.setWindowIcon(app_icon())

    return configure


def _apply_look(app: QApplication, args: argparse.Namespace) -> None:
    """Names, translation, style and palette: what the first window needs to look right (once)."""
    if app.property("cm_look_applied"):
        return
    app.setProperty("cm_look_applied", True)
    app.setApplicationName("Creative Memory Studio")
    app.setOrganizationName("Open Design")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("io.opendesign.CreativeMemoryStudio")
    _install_translator(app, getattr(args, "lang", None))
    if args.palette != "system" or os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        app.setStyle("Fusion")
    if args.palette != "system":
        from PySide6.QtCore import Qt

        from creative_memory.gui.theme import apply_scheme

        scheme = Qt.ColorScheme.Dark if args.palette == "dark" else Qt.ColorScheme.Light
        app.styleHints().setColorScheme(scheme)
        apply_scheme(app, dark=args.palette == "dark")


def _paint_start_window(args: argparse.Namespace, location: Path) -> tuple[AppSettings, StartWindow]:
    """The first window, painted before the store layer, the tabs or the event loop are imported
    (bench/bench_gui_start.py measures it against a bare PySide6 window)."""
    from PySide6.QtWidgets import QApplication

    from creative_memory.gui.settings import AppSettings
    from creative_memory.gui.startwindow import StartWindow

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0]])
    _apply_look(app, args)
    settings = AppSettings()
    shell = StartWindow(str(location), settings)
    shell.show_painted()
    return settings, shell


_KEPT: list[object] = []


def _install_translator(app: QApplication, lang: str | None = None) -> None:
    """The window's language: ``lang`` (``--lang``) or else the system locale (``QLocale.system()``).
    Loads resources/translations/creative_memory_<locale>.qm if shipped, and Qt's own ``qtbase_<locale>.qm``
    (standard buttons, file dialogs) from PySide6's translations folder if present. English loads
    nothing: the source strings are English."""
    from PySide6.QtCore import QLocale

    locale = QLocale.system() if lang is None else QLocale(lang)
    if lang is not None:
        QLocale.setDefault(locale)  # numbers and dates follow the chosen language too
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        return
    if _load_translation(app, locale, "creative_memory", _translations_folder()):
        for folder in _qt_translation_folders():
            if _load_translation(app, locale, "qtbase", folder):
                break


def _load_translation(app: QApplication, locale: QLocale, name: str, folder: Path) -> bool:
    from PySide6.QtCore import QTranslator

    translator = QTranslator(app)
    if not translator.load(locale, name, "_", str(folder)):
        return False
    app.installTranslator(translator)
    _KEPT.append(translator)  # alive as long as the program
    return True


def _qt_translation_folders() -> list[Path]:
    """Where Qt's own .qm files are: Qt's configured path, then PySide6's folder (a frozen bundle)."""
    import PySide6
    from PySide6.QtCore import QLibraryInfo

    configured = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    beside = Path(next(iter(PySide6.__path__))) / "Qt" / "translations"
    return [Path(configured), beside] if configured else [beside]


async def _settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let queued loads finish and the window repaint (the Qt loop runs while we sleep)."""
    import asyncio

    await asyncio.sleep(seconds)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    offscreen = bool(args.screenshot or args.self_test)
    if offscreen:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from creative_memory.services.context import check_user, default_user
    from creative_memory.services.datadir import DataDir, resolve_data_dir
    from creative_memory.services.errors import CreativeMemoryError, InvalidInput

    temp: tempfile.TemporaryDirectory[str] | None = None
    try:
        if args.screenshot is not None and not args.screenshot.strip():
            raise InvalidInput("--screenshot is empty; give the folder to write the pictures to.")
        if args.self_test or (args.screenshot and not args.data_dir):
            temp = tempfile.TemporaryDirectory(prefix="cm-")
            data_dir = DataDir(Path(temp.name) / "data", "flag")
            os.environ.setdefault("CM_SETTINGS_DIR", str(Path(temp.name) / "settings"))
            os.environ.setdefault("CM_CONFIG_DIR", str(Path(temp.name) / "config"))
            os.environ.setdefault("CM_LOG_DIR", str(Path(temp.name) / "log"))
        else:
            data_dir = resolve_data_dir(args.data_dir)
        user = check_user(args.user if args.user is not None else default_user())
    except CreativeMemoryError as exc:
        print(f"creative-memory: {exc}", file=sys.stderr)
        return exc.exit_code

    shell: StartWindow | None = None
    settings: AppSettings | None = None
    if not offscreen:  # paint first: nothing heavy has been imported yet
        settings, shell = _paint_start_window(args, data_dir.path)
        if os.environ.get("CM_QUIT_AFTER_FIRST_PAINT"):  # bench/bench_gui_start.py
            return 0

    from creative_memory.gui.asyncbridge import run_app
    from creative_memory.model.constants import Actor
    from creative_memory.services.context import Context

    result = {"code": 0}

    async def start(actx: AppContext) -> None:
        """Offscreen, every failure ends the run: a sentence on stderr and a non-zero exit (an
        interactive start shows the error in a dialog instead, through the excepthook)."""
        if offscreen:
            _watchdog(actx, result)
        try:
            from creative_memory.gui.settings import AppSettings

            await body(actx, settings or AppSettings(), shell)
        except Exception as exc:
            if not offscreen:
                raise
            print(f"creative-memory: {_sentence(exc)}", file=sys.stderr)
            result["code"] = int(getattr(exc, "exit_code", 1))
            actx.app.quit()

    async def body(actx: AppContext, settings: AppSettings, shell: StartWindow | None) -> None:
        from creative_memory.gui.controller import Controller
        from creative_memory.gui.main_window import MainWindow

        # Offscreen there is nobody to wait for: a store locked past a few seconds ends the run.
        ctx = Context(data_dir=data_dir, user=user, actor=Actor.GUI)
        if offscreen:
            ctx.lock_budget_s = OFFSCREEN_LOCK_BUDGET_S
        ctrl = Controller(ctx, actx.worker, actx.keeper)
        if args.screenshot and temp is not None:
            # Screenshots show the program, not this machine's keychain; the demo store is temporary.
            settings.set_value("notices/dismissed", "keychain")
            os.environ.setdefault("CM_DEMO_DIR", str(Path(temp.name) / "demo"))
        window = MainWindow(ctrl, settings)
        if shell is not None:
            shell.hand_over(window)
        else:
            window.show()
        if not offscreen:
            from creative_memory.gui.dialogs.store import confirm_first_open

            if not await confirm_first_open(ctrl, window):  # nothing was changed
                actx.app.quit()
                return
        try:
            await ctrl.open()
        except CreativeMemoryError as exc:
            window.store_failed(exc)
            if offscreen:
                print(f"creative-memory: {exc}", file=sys.stderr)
                result["code"] = exc.exit_code
                actx.app.quit()
            return
        if args.screenshot and temp is not None:
            from creative_memory.services import demo

            await ctrl.run(demo.generate, ctrl.store, user, size="S", seed=7, now=ctrl.now())
            await ctrl.run(_screenshot_extras, ctrl, data_dir.path)
            await ctrl.reload_status()
        window.store_opened()
        ctrl.start_polling()
        if args.retrieval:
            from creative_memory.gui.tabs.diagnostics.kept import open_in_diagnostics

            await open_in_diagnostics(window.tabs, args.retrieval)
        if os.environ.get("CM_QUIT_AFTER_START"):  # bench/bench_gui_start.py: painted and loaded
            page = window.current_page()
            while page.stale:  # store_opened() started its first refresh
                await _settle(actx.app, 0.005)
            window.repaint()
            actx.app.quit()
            return
        if args.screenshot:
            result["code"] = await _screenshots(
                actx, window, Path(args.screenshot), args.palette, args.size, extras=temp is not None
            )
            actx.app.quit()
        elif args.self_test:
            result["code"] = await _self_test(actx, ctrl, window)
            actx.app.quit()

    try:
        code = run_app(start, argv=[sys.argv[0]], configure=_configure(args))
    finally:
        if temp is not None:
            from creative_memory.gui.logging_setup import close_log_file

            close_log_file()  # it was written in the temporary folder
            temp.cleanup()
    return result["code"] or code


OFFSCREEN_LOCK_BUDGET_S = 5.0
# A backstop for offscreen runs: whatever hangs, the process ends (CM_OFFSCREEN_DEADLINE_S).
OFFSCREEN_DEADLINE_S = 900.0


def _sentence(exc: BaseException) -> str:
    from creative_memory.services.errors import CreativeMemoryError

    if isinstance(exc, CreativeMemoryError):
        return str(exc)
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror or exc}{where}; nothing more was done. Check the folder and free space, then retry."
    return f"an unexpected error stopped the run ({type(exc).__name__}: {exc}); nothing more was done."


def _watchdog(actx: AppContext, result: dict[str, int]) -> None:
    from PySide6.QtCore import QTimer

    seconds = float(os.environ.get("CM_OFFSCREEN_DEADLINE_S") or OFFSCREEN_DEADLINE_S)

    def expire() -> None:
        print(f"creative-memory: the run did not finish within {seconds:g} s, so it was stopped.", file=sys.stderr)
        result["code"] = 1
        actx.app.quit()

    timer = QTimer(actx.app)
    timer.setSingleShot(True)
    timer.timeout.connect(expire)
    timer.start(int(seconds * 1000))


def _screenshot_extras(ctrl: Controller, folder: Path) -> None:
    """Screenshot data: a few retrievals as the daemon would record them, and Personal memory."""
    import shutil

    from creative_memory.model.constants import Origin
    from creative_memory.services import controls, retrieval

    projects = [p["id"] for p in controls.projects(ctrl.store, ctrl.user)][:3]
    for project in [None, *projects]:
        retrieval.run(ctrl.store, ctrl.user, project_id=project, now=ctrl.now(), origin=Origin.DAEMON)
    sample = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "od-data-dir" / "memory"
    if sample.is_dir() and not (folder / "memory").exists():
        shutil.copytree(sample, folder / "memory")


async def _screenshots(
    actx: AppContext, window: MainWindow, folder: Path, palette: str, size: str = "1200x780", *, extras: bool = False
) -> int:
    """Every tab; on the generated store (no --data-dir) also the Forget dialog and the demo banner."""
    if folder.exists() and not folder.is_dir():
        print(f"creative-memory: {folder} is a file, not a folder; give a folder for the pictures.", file=sys.stderr)
        return 3
    folder.mkdir(parents=True, exist_ok=True)
    try:
        width, height = (int(v) for v in size.lower().split("x", 1))
    except ValueError:
        print(f"creative-memory: --size {size!r} is not WIDTHxHEIGHT (e.g. 720x600)", file=sys.stderr)
        return 2
    window.resize(width, height)
    suffix = ("" if palette == "system" else f"-{palette}") + ("" if size == "1200x780" else f"-{width}")
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        await page.refresh()
        await _settle(actx.app, 0.4)
        path = folder / f"{i + 1}-{page.key}{suffix}.png"
        if not window.grab().save(str(path)):
            print(f"creative-memory: could not write {path}", file=sys.stderr)
            return 1
        print(path)
    if extras:
        return await _extra_screenshots(actx, window, folder, suffix)
    return 0


async def _extra_screenshots(actx: AppContext, window: MainWindow, folder: Path, suffix: str) -> int:
    """The Forget scope dialog (a global row selected) and the demo store's banner."""
    from creative_memory.gui.tabs.inspector.view import InspectorTab
    from creative_memory.gui.tabs.overview.view import OverviewTab

    inspector = next(p for p in window.pages if isinstance(p, InspectorTab))
    window.tabs.setCurrentWidget(inspector)
    await inspector.refresh()
    await _settle(actx.app, 0.3)
    for row in range(inspector.model.rowCount()):
        key = inspector.model.key_at(row)
        if key is not None and key.project_id is None:
            inspector.select_key(key)
            break
    task = window.ctrl.start(inspector.forget_selected(), name="screenshot-forget")
    while inspector.forget_dialog is None or not inspector.forget_dialog.isVisible():
        await _settle(actx.app, 0.05)
    await _settle(actx.app, 0.3)
    paths = [(folder / f"7-forget-scope{suffix}.png", inspector.forget_dialog)]
    ok = inspector.forget_dialog.grab().save(str(paths[0][0]))
    inspector.forget_dialog.reject()
    await task
    overview = next(p for p in window.pages if isinstance(p, OverviewTab))
    window.tabs.setCurrentWidget(overview)
    await window.open_demo()
    await overview.load_demo("S")
    await overview.refresh()
    await _settle(actx.app, 0.4)
    demo_path = folder / f"8-demo-banner{suffix}.png"
    ok = window.grab().save(str(demo_path)) and ok
    for path in (paths[0][0], demo_path):
        print(path)
    if not ok:
        print(f"creative-memory: could not write the screenshots in {folder}", file=sys.stderr)
    return 0 if ok else 1


async def _self_test(actx: AppContext, ctrl: Controller, window: MainWindow) -> int:
    from creative_memory.services import selftest

    report = await ctrl.run(selftest.run, ctrl.store, ctrl.user, now=ctrl.now(), actor=ctrl.ctx.actor)
    ok = bool(report["ok"])
    for check in report["checks"]:
        print(f"{'ok  ' if check['ok'] else 'FAIL'} {check['name']}: {check['detail']}")
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        await page.refresh()
        await _settle(actx.app, 0.1)
        image = window.grab().toImage()
        rendered = not image.isNull() and image.width() > 100
        ok = ok and rendered
        print(f"{'ok  ' if rendered else 'FAIL'} render {page.key}: {image.width()}x{image.height()}")
    print("self-test passed" if ok else "self-test FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
