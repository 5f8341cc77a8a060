"""``creative-memory``: start the desktop app (or render screenshots, or smoke-test a build)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from creative_memory import __version__
from creative_memory.gui.language import install_translator, language_code, shipped_languages
from creative_memory.gui.offscreen import (
    next_turn,
    screenshots,
    self_test,
    sentence,
    settle,
    watchdog,
    window_size,
)
from creative_memory.gui.startmarks import mark

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QApplication

    from creative_memory.gui.asyncbridge import AppContext
    from creative_memory.gui.instance_server import InstanceServer
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings
    from creative_memory.gui.startwindow import StartWindow
    from creative_memory.services.location.datadir import DataDir

log = logging.getLogger("cm.gui")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="creative-memory", description="Creative Memory Studio")
    p.add_argument("--data-dir", metavar="DIR", help="the Open Design data folder (holds app.sqlite)")
    p.add_argument("--user", metavar="ID", help="whose memory (default: OD_USER_ID or 'local')")
    p.add_argument("--version", action="version", version=f"creative-memory {__version__}")
    p.add_argument("--screenshot", metavar="DIR", help="render every tab to PNG files in DIR and exit")
    p.add_argument(
        "--self-test",
        action="store_true",
        help="open offscreen on a temporary store, prove the gates, render each tab; exit 0/1",
    )
    p.add_argument(
        "--retrieval",
        type=_retrieval_id,
        metavar="ID",
        help="open Diagnostics on this recorded retrieval (the link of a memory note)",
    )
    p.add_argument(
        "--size",
        metavar="WxH",
        default="1200x780",
        help="window size for --screenshot (default 1200x780; e.g. 720x600)",
    )
    p.add_argument(
        "--palette",
        choices=["system", "light", "dark"],
        default="system",
        help="colour scheme (default: follow the system)",
    )
    p.add_argument(
        "--lang",
        type=language_code,
        metavar="CODE",
        help="language of the window: "
        + ", ".join(shipped_languages())
        + " (default: the system's). For any other code the window says so on stderr "
        "and speaks English",
    )
    p.add_argument("--log-level", default=os.environ.get("CM_LOG_LEVEL", "WARNING"))
    return p


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
    install_translator(app, getattr(args, "lang", None))
    style = app.style()
    fusion = style is not None and style.name().lower() == "fusion"
    if fusion or args.palette != "system" or os.environ.get("QT_QPA_PLATFORM") == "offscreen":
        from creative_memory.gui.style import use_readable_style

        use_readable_style(app)  # Fusion with edges and a focus ring that stand out (WCAG AA)
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


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    launch = _Launch(args)
    code = launch.prepare()
    if code is not None:
        return code
    if not launch.offscreen and launch.hand_over():  # the window already open on this store took it
        return 0
    if not launch.offscreen:  # paint first: nothing heavy has been imported yet
        launch.settings, launch.shell = _paint_start_window(args, launch.data_dir.path)
        mark("first_paint")
        if os.environ.get("CM_QUIT_AFTER_FIRST_PAINT"):  # bench/bench_gui_start.py
            return 0
    return launch.run()


OFFSCREEN_LOCK_BUDGET_S = 5.0


class _Launch:
    """One run of the program: where its store is, the window's life on the event loop, and the
    exit code (offscreen, every failure ends the run with a sentence on stderr)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.offscreen = bool(args.screenshot or args.self_test)
        self.temp: tempfile.TemporaryDirectory[str] | None = None  # screenshots and self-test
        self.data_dir: DataDir
        self.user = ""
        self.settings: AppSettings | None = None
        self.shell: StartWindow | None = None
        self.server: InstanceServer | None = None  # takes later starts' requests on this store
        self.code = 0

    def prepare(self) -> int | None:
        """The data folder and the user; an exit code when either is not usable."""
        from creative_memory.services.common.errors import CreativeMemoryError, InvalidInput
        from creative_memory.services.context import check_user, default_user
        from creative_memory.services.location.datadir import DataDir, resolve_data_dir

        args = self.args
        if self.offscreen:
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        try:
            if args.screenshot is not None and not args.screenshot.strip():
                raise InvalidInput("--screenshot is empty; give the folder to write the pictures to.")
            window_size(args.size)  # before anything opens: a size no window can have is a sentence
            if args.self_test or (args.screenshot and args.data_dir is None):
                self.temp = tempfile.TemporaryDirectory(prefix="cm-")
                self.data_dir = DataDir(Path(self.temp.name) / "data", "flag")
                os.environ.setdefault("CM_SETTINGS_DIR", str(Path(self.temp.name) / "settings"))
                os.environ.setdefault("CM_CONFIG_DIR", str(Path(self.temp.name) / "config"))
                os.environ.setdefault("CM_LOG_DIR", str(Path(self.temp.name) / "log"))
            else:
                self.data_dir = resolve_data_dir(args.data_dir)
            self.user = check_user(args.user if args.user is not None else default_user())
        except CreativeMemoryError as exc:
            print(f"creative-memory: {exc}", file=sys.stderr)
            return exc.exit_code
        return None

    def hand_over(self) -> bool:
        """Whether a window already open on this store and user took this start's request (one
        window per store: it comes forward, on the retrieval asked for)."""
        from creative_memory.gui.single_instance import ask_running, instance_name

        return ask_running(instance_name(self.data_dir.path, self.user), {"retrieval": self.args.retrieval})

    def listen(self, actx: AppContext, window: MainWindow) -> None:
        """Take later starts' requests on this store (not offscreen: those runs are never the one)."""
        from creative_memory.gui.instance_server import InstanceServer
        from creative_memory.gui.single_instance import instance_name

        server = InstanceServer(window)
        if server.listen(instance_name(self.data_dir.path, self.user)):
            server.asked.connect(lambda request: actx.keeper.start(self.asked(window, request)))
            self.server = server

    async def listen_after_first_screen(self, actx: AppContext, window: MainWindow) -> None:
        """:meth:`listen` a moment after the first screen is shown (``first_screen_settled``; a
        start meanwhile opens its own window, as before any window listened)."""
        await window.first_screen_settled()
        self.listen(actx, window)

    async def asked(self, window: MainWindow, request: dict[str, Any]) -> None:
        """A later start's request: come forward, and show the retrieval it names."""
        if window.isMinimized():
            window.showNormal()
        window.raise_()
        window.activateWindow()
        if request.get("retrieval"):
            await window.show_retrieval(int(request["retrieval"]))

    def run(self) -> int:
        from creative_memory.gui.asyncbridge import run_app

        try:
            code = run_app(self.start, argv=[sys.argv[0]], configure=_configure(self.args))
        finally:
            if self.temp is not None:
                from creative_memory.gui.logging_setup import close_log_file

                close_log_file()  # it was written in the temporary folder
                self.temp.cleanup()
        code = self.code or code
        if not self.offscreen:
            self.leave(code)
        return code

    def leave(self, code: int) -> None:
        """End the program once its window has closed and the store thread has stopped: what the
        window keeps is saved, the socket later starts would ask is closed, Qt ends (the clipboard
        goes to the system's), the log is flushed, and the process ends without the interpreter
        freeing each of its modules and objects (0.3-0.6 s of the close, writing nothing)."""
        import shiboken6
        from PySide6.QtWidgets import QApplication

        from creative_memory.gui.asyncbridge import end_process

        if self.server is not None:
            self.server.close()
        if self.settings is not None:
            self.settings.sync()
        app = QApplication.instance()
        if app is not None:
            shiboken6.delete(app)
        end_process(code)

    async def start(self, actx: AppContext) -> None:
        """Offscreen, every failure ends the run: a sentence on stderr and a non-zero exit (an
        interactive start shows the error in a dialog instead, through the excepthook)."""
        if self.offscreen:
            watchdog(actx, self.end)
        try:
            from creative_memory.gui.settings import AppSettings

            await self.body(actx, self.settings or AppSettings())
        except Exception as exc:
            if not self.offscreen:
                raise
            self.code = int(getattr(exc, "exit_code", 1))
            actx.app.quit()
            with suppress(OSError):  # nobody to tell (a broken pipe): the run ends all the same
                print(f"creative-memory: {sentence(exc)}", file=sys.stderr)

    def end(self, actx: AppContext, code: int) -> None:
        self.code = code
        actx.app.quit()

    async def body(self, actx: AppContext, settings: AppSettings) -> None:
        window = self.window(actx, settings)
        if not self.offscreen:
            from creative_memory.gui.dialogs.store import confirm_create_folder, confirm_first_open

            if not await confirm_create_folder(window.ctrl, window) or not await confirm_first_open(
                window.ctrl, window
            ):  # nothing was changed
                actx.app.quit()
                return
        if not await self.open_store(actx, window):
            return
        if not self.offscreen:
            actx.keeper.start(self.listen_after_first_screen(actx, window), name="listen")
        await self.after_open(actx, window)

    def window(self, actx: AppContext, settings: AppSettings) -> MainWindow:
        from creative_memory.gui.controller import Controller
        from creative_memory.gui.main_window import MainWindow
        from creative_memory.model.constants import Actor
        from creative_memory.services.context import Context

        # --screenshot of a store only looks: it never creates, migrates or backs one up (decision 0031)
        looking = bool(self.args.screenshot) and self.temp is None
        ctx = Context(
            data_dir=self.data_dir, user=self.user, actor=Actor.GUI, looking=looking, create_folder=False
        )
        if self.offscreen:  # nobody to wait for: a store locked past a few seconds ends the run
            ctx.lock_budget_s = OFFSCREEN_LOCK_BUDGET_S
        ctrl = Controller(ctx, actx.worker, actx.keeper)
        if self.args.screenshot and self.temp is not None:
            # Screenshots show the program, not this machine's keychain; the demo store is temporary.
            settings.set_value("notices/dismissed", "keychain")
            os.environ.setdefault("CM_DEMO_DIR", str(Path(self.temp.name) / "demo"))
        window = MainWindow(ctrl, settings)
        window.ends_program = not self.offscreen
        if self.shell is not None:
            self.shell.hand_over(window)
        else:
            window.show()
        return window

    async def open_store(self, actx: AppContext, window: MainWindow) -> bool:
        from creative_memory.services.common.errors import CreativeMemoryError

        ctrl = window.ctrl
        try:
            await ctrl.open()
        except CreativeMemoryError as exc:
            window.store_failed(exc)
            if self.offscreen:
                print(f"creative-memory: {exc}", file=sys.stderr)
                self.end(actx, exc.exit_code)
            return False
        if self.args.screenshot and self.temp is not None:
            from creative_memory.services.demo import demo

            await ctrl.run(demo.generate, ctrl.store, self.user, size="S", seed=7, now=ctrl.now())
            from creative_memory.services.controls import controls
            from creative_memory.services.demo.demostore import name_projects, show_everything

            await ctrl.run(show_everything, ctrl.store, self.user, ctrl.now())
            # A folder of this run's own: its projects get names as Open Design's would have.
            ids = [p.id for p in await ctrl.run(controls.projects, ctrl.store, self.user)]
            await ctrl.run(name_projects, ctrl.store, ids)
            await ctrl.reload_status()
        window.store_opened()
        ctrl.start_polling()
        return True

    async def after_open(self, actx: AppContext, window: MainWindow) -> None:
        """What the run was asked for once the store is open: a retrieval shown, the first page
        painted (the start benchmark), the screenshots or the self-test."""
        args = self.args
        if args.retrieval:
            await window.show_retrieval(args.retrieval)
        if os.environ.get("CM_QUIT_AFTER_START"):  # bench/bench_gui_start.py: painted and loaded
            while not window.first_screen_loaded():  # store_opened() started its first refresh
                await settle(actx.app, 0.005)
            window.repaint()
            await next_turn()  # the event loop turns: the window answers
            mark("loaded")
            mark("close")
            window.close()  # as a person's close: the program ends when its last window has closed
        elif args.screenshot:
            code = await screenshots(
                actx, window, Path(args.screenshot), args.palette, args.size, extras=self.temp is not None
            )
            self.end(actx, code)
        elif args.self_test:
            self.end(actx, await self_test(actx, window.ctrl, window))


if __name__ == "__main__":
    raise SystemExit(main())
