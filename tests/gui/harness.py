"""A real app environment for tab tests: a store in a temp folder, the store worker, a controller.

Import the fixtures into a test module with ``from harness import ctrl, window, seed, wait_until``
(pytest finds fixtures in a module's globals). Everything runs on the qasync loop of ``qloop``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from creative_memory.gui.controller import Controller
from creative_memory.gui.storeworker import StoreWorker
from creative_memory.gui.tasks import TaskKeeper
from creative_memory.model.constants import Actor
from creative_memory.services.context import Context
from creative_memory.services.derivation.cache_state import is_current
from creative_memory.services.derivation.derivation import ensure_current
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.location.datadir import DataDir

T0 = 1_793_000_000_000  # 2026-10-26T…Z: a fixed "now" for seeded events


def derived(ctrl: Controller, timeout_s: float = 30.0) -> None:
    """Wait until the stored preferences are derived from every event. The window's store worker
    may be re-deriving right then (a refresh that read the new events first): while its lease
    lives, the ingest's own derivation stands back and readers serve what is stored
    (docs/decisions/0019), so a test that retrieves at once could see the store as it was."""
    deadline = time.monotonic() + timeout_s
    while True:
        ensure_current(ctrl.store, ctrl.user, ctrl.now())
        with ctrl.store.snapshot() as con:
            if is_current(con, ctrl.user):
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"the store's preferences were not derived within {timeout_s:g} s")
        time.sleep(0.01)


@pytest.fixture
def ctrl(
    qloop: asyncio.AbstractEventLoop,
    run_async: Callable[..., Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Controller]:
    """A controller over a fresh store; ``ctrl.errors`` collects exceptions that reached the keeper."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    yield from open_controller(qloop, run_async, tmp_path)


def store_context(folder: Path) -> Context:
    """The window's context over the store in ``folder / "data"``, with short busy timeouts."""
    return Context(
        data_dir=DataDir(folder / "data", "flag"),
        user="local",
        actor=Actor.GUI,
        config_dir=folder / "config",
        busy_timeout_s=1.0,
        lock_budget_s=2.0,
    )


def open_controller(
    qloop: asyncio.AbstractEventLoop, run_async: Callable[..., Any], folder: Path
) -> Iterator[Controller]:
    """A controller over a store in ``folder / "data"``, opened; closed when the generator ends."""
    errors: list[BaseException] = []
    ctx = store_context(folder)
    worker = StoreWorker()
    keeper = TaskKeeper(errors.append, loop=qloop)
    c = Controller(ctx, worker, keeper, poll_ms=100)
    c.errors = errors  # type: ignore[attr-defined]
    run_async(c.open())
    if c._catch_up is not None:  # the opening's decay catch-up (nothing is due yet) has ended,
        run_async(c._catch_up)  # so a test's own writes are not taken for a change it missed
    try:
        yield c
    finally:
        c.stop_polling()
        # as run_app ends: the cancelled tasks run their cleanup (a decay catch-up closes its
        # connection on the store thread) before the worker stops
        if keeper.cancel_all():
            run_async(keeper.drain(5.0))
        worker.shutdown(timeout=5)
        ctx.close()


@pytest.fixture
def window(ctrl: Controller, qtbot: Any, run_async: Callable[..., Any]) -> Any:
    """The whole main window over ``ctrl`` (store opened, not yet polling)."""
    from creative_memory.gui.main_window import MainWindow
    from creative_memory.gui.settings import AppSettings

    w = MainWindow(ctrl, AppSettings())
    qtbot.addWidget(w)
    w.show()
    w.store_opened()
    return w


def event(
    n: int,
    *,
    pattern: str = "airy_spacing",
    ptype: str = "layout",
    polarity: str = "positive",
    signal: str = "manual_refinement",
    project: str | None = None,
    session: str = "s1",
    at_ms: int | None = None,
    **extra: Any,
) -> str:
    """One JSON line of the event wire shape."""
    from creative_memory.model.events import iso

    obj: dict[str, Any] = {
        "event_id": f"t{n}",
        "signal_type": signal,
        "occurred_at": iso(at_ms if at_ms is not None else T0 + n * 60_000),
        "session_id": session,
        "patterns": [{"preference_type": ptype, "pattern": pattern, "polarity": polarity}],
    }
    if project:
        obj["project_id"] = project
    obj.update(extra)
    return json.dumps(obj)


@pytest.fixture
def seed(ctrl: Controller) -> Callable[[list[str]], Any]:
    """``seed([event(1), event(2, pattern=…)])``: ingest JSON lines into the controller's store (sync)."""

    def go(lines: list[str]) -> Any:
        rep = ingest_jsonl(
            ctrl.store, "\n".join(lines), default_user=ctrl.user, now=ctrl.now(), blocks=ctrl.ctx.blocks
        )
        assert not rep.rejected, rep.rejected
        derived(ctrl)
        return rep

    return go


@pytest.fixture
def wait_until(run_async: Callable[..., Any]) -> Callable[..., None]:
    """``wait_until(lambda: cond, timeout=5)``: let the loop run until the condition holds."""

    def go(predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        async def poll() -> None:
            while not predicate():
                await asyncio.sleep(0.02)

        run_async(poll(), timeout=timeout)

    return go


@contextmanager
def speaking(qapp: Any, lang: str = "de") -> Iterator[None]:
    """The window's language set as ``--lang`` sets it, and put back afterwards: the translators,
    the language a report is written in (``language.SPOKEN``) and the default locale, so that a
    later test meets English again."""
    from PySide6.QtCore import QLocale

    from creative_memory.gui import app as gui_app
    from creative_memory.gui import language

    before, kept, spoken = QLocale(), len(language.KEPT), len(language.SPOKEN)
    language.install_translator(qapp, gui_app.build_parser().parse_args(["--lang", lang]).lang)
    try:
        yield
    finally:
        for translator in language.KEPT[kept:]:
            qapp.removeTranslator(translator)
        del language.KEPT[kept:]
        del language.SPOKEN[spoken:]
        QLocale.setDefault(before)
