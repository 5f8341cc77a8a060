"""What ``creative-memory`` does without a person at the window: ``--screenshot`` (every tab, the
Forget dialog and the demo banner) and ``--self-test``, with a deadline that ends a hung run."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QApplication

    from creative_memory.gui.asyncbridge import AppContext
    from creative_memory.gui.controller import Controller
    from creative_memory.gui.main_window import MainWindow

# A backstop for offscreen runs: whatever hangs, the process ends (CM_OFFSCREEN_DEADLINE_S).
OFFSCREEN_DEADLINE_S = 900.0


async def settle(app: QApplication, seconds: float = 0.3) -> None:
    """Let queued loads finish and the window repaint (the Qt loop runs while we sleep)."""
    import asyncio

    await asyncio.sleep(seconds)


async def next_turn() -> None:
    """:func:`creative_memory.gui.asyncbridge.next_turn`, imported when called (this module is
    imported before the first paint, asyncio is not)."""
    from creative_memory.gui.asyncbridge import next_turn as turned

    await turned()


def sentence(exc: BaseException) -> str:
    from creative_memory.services.common.errors import CreativeMemoryError

    if isinstance(exc, CreativeMemoryError):
        return str(exc)
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror or exc}{where}; nothing more was done. Check the folder and free space, then retry."
    return f"an unexpected error stopped the run ({type(exc).__name__}: {exc}); nothing more was done."


def watchdog(actx: AppContext, end: Callable[[AppContext, int], None]) -> None:
    """Ends the run with exit code 1 (through ``end``) once the deadline has passed."""
    from PySide6.QtCore import QTimer

    seconds = float(os.environ.get("CM_OFFSCREEN_DEADLINE_S") or OFFSCREEN_DEADLINE_S)

    def expire() -> None:
        end(actx, 1)
        with suppress(OSError):  # nobody to tell (a broken pipe): the run ends all the same
            print(
                f"creative-memory: the run did not finish within {seconds:g} s, so it was stopped.",
                file=sys.stderr,
            )

    timer = QTimer(actx.app)
    timer.setSingleShot(True)
    timer.timeout.connect(expire)
    timer.start(int(seconds * 1000))


#: the window sizes --screenshot accepts: the smallest the tabs are laid out for, the largest an
#: 8K screen shows (a picture of 100000x100000 would need 40 GB and crashed the renderer)
MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH`` as (width, height), or InvalidInput with the range."""
    from creative_memory.services.common.errors import InvalidInput

    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise InvalidInput(f"--size {text!r} is not WIDTHxHEIGHT; give it as, for example, 720x600.")
    width, height = int(parts[0]), int(parts[1])
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise InvalidInput(
            f"--size {width}x{height} is outside what the window can be: give a width from {MIN_SIZE[0]} to "
            f"{MAX_SIZE[0]} and a height from {MIN_SIZE[1]} to {MAX_SIZE[1]} (for example 720x600)."
        )
    return width, height


async def screenshots(
    actx: AppContext,
    window: MainWindow,
    folder: Path,
    palette: str,
    size: str = "1200x780",
    *,
    extras: bool = False,
) -> int:
    """Every tab; on the generated store (no --data-dir) also the Forget dialog and the demo banner."""
    if folder.exists() and not folder.is_dir():
        print(
            f"creative-memory: {folder} is a file, not a folder; give a folder for the pictures.",
            file=sys.stderr,
        )
        return 3
    folder.mkdir(parents=True, exist_ok=True)
    width, height = window_size(size)  # checked before the run began (app.py)
    window.resize(width, height)
    suffix = ("" if palette == "system" else f"-{palette}") + ("" if size == "1200x780" else f"-{width}")
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        await page.refresh()
        await settle(actx.app, 0.4)
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
    await settle(actx.app, 0.3)
    for row in range(inspector.model.rowCount()):
        key = inspector.model.key_at(row)
        if key is not None and key.project_id is None:
            inspector.select_key(key)
            break
    task = window.ctrl.start(inspector.forget_selected(), name="screenshot-forget")
    while inspector.forget.forget_dialog is None or not inspector.forget.forget_dialog.isVisible():
        await settle(actx.app, 0.05)
    await settle(actx.app, 0.3)
    paths = [(folder / f"7-forget-scope{suffix}.png", inspector.forget.forget_dialog)]
    ok = inspector.forget.forget_dialog.grab().save(str(paths[0][0]))
    inspector.forget.forget_dialog.reject()
    await task
    overview = next(p for p in window.pages if isinstance(p, OverviewTab))
    window.tabs.setCurrentWidget(overview)
    await window.open_demo()
    await overview.load_demo("S")
    await overview.refresh()
    await settle(actx.app, 0.4)
    demo_path = folder / f"8-demo-banner{suffix}.png"
    ok = window.grab().save(str(demo_path)) and ok
    for path in (paths[0][0], demo_path):
        print(path)
    if not ok:
        print(f"creative-memory: could not write the screenshots in {folder}", file=sys.stderr)
    return 0 if ok else 1


async def self_test(actx: AppContext, ctrl: Controller, window: MainWindow) -> int:
    from creative_memory.services import selftest

    report = await ctrl.run(selftest.run, ctrl.store, ctrl.user, now=ctrl.now(), actor=ctrl.ctx.actor)
    ok = report.ok
    for check in report.checks:
        print(f"{'ok  ' if check.ok else 'FAIL'} {check.name}: {check.detail}")
    for i, page in enumerate(window.pages):
        window.tabs.setCurrentIndex(i)
        await page.refresh()
        await settle(actx.app, 0.1)
        image = window.grab().toImage()
        rendered = not image.isNull() and image.width() > 100
        ok = ok and rendered
        print(f"{'ok  ' if rendered else 'FAIL'} render {page.key}: {image.width()}x{image.height()}")
    print("self-test passed" if ok else "self-test FAILED")
    return 0 if ok else 1
