"""The GUI's one door to the services: every call runs on the store worker thread.

Tabs hold the controller, never a Store or a Session. Results come back as plain values (dicts,
dataclasses) on the GUI thread. Writes announce themselves with :attr:`Controller.changed`; writes by
other processes (the daemon) are noticed by polling SQLite's ``data_version`` and announced with
:attr:`Controller.externalChange`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from creative_memory.gui.storeworker import StoreWorker, WorkerShutDown
from creative_memory.gui.tasks import TaskKeeper
from creative_memory.model.constants import DERIVATION_VERSION
from creative_memory.services.common.errors import CreativeMemoryError
from creative_memory.services.context import Context
from creative_memory.services.controls import status as plain_status
from creative_memory.services.controls.status import MemoryStatus

if TYPE_CHECKING:
    # The derivation (and with it SQLAlchemy) is imported on the store thread, once the first
    # screen is shown (``_start_decay_run``): the window's first reads are plain SQL.
    from creative_memory.services.derivation.decay import DecayRun
    from creative_memory.services.inspection.overview import OverviewFacts
    from creative_memory.services.location.datadir import DataDir
    from creative_memory.services.store.store import Store
    from creative_memory.services.store.whereabouts import Whereabouts

log = logging.getLogger("cm.gui")
T = TypeVar("T")
P = ParamSpec("P")

POLL_MS = 1000
#: how long one slice of a decay catch-up may keep the store thread (the tabs' calls run between)
DECAY_SLICE_S = 0.1
#: how long the decay catch-up waits for the window's first screen before it starts all the same
FIRST_SCREEN_WAIT_S = 10.0


@dataclass(frozen=True, slots=True)
class _Opened:
    """What :meth:`Controller.open` reads first, read on the store thread right after opening
    the store ahead of it (:meth:`Controller.look`)."""

    store: Store
    data_version: int
    status: MemoryStatus
    rules: str | None  # the derivation version the store was derived by (None: read-only)
    overview: OverviewFacts  # what the Overview, the first screen of a new window, shows


def _look_and_open(ctx: Context, now: int) -> tuple[Whereabouts, _Opened | CreativeMemoryError | None]:
    """On the store thread: where the store is and what opening it would change; when that needs
    no question (it exists and its tables are current), also the store opened and what
    :meth:`Controller.open` reads first. Why a store failed to open is handed to ``open()``, which
    raises it where it always has."""
    from creative_memory.services.inspection.overview import overview_facts
    from creative_memory.services.store import whereabouts

    facts = whereabouts.where(ctx.data_dir)
    if not facts.exists or facts.needs_migration:
        return facts, None
    try:
        store = ctx.store()
        version = store.data_version()  # first: a change after the status is seen by the poll
        status = plain_status.status(store, ctx.user, now)
        rules = None if store.read_only else plain_status.derivation_version(store, ctx.user)
        overview = overview_facts(store, ctx.user, now)
    except CreativeMemoryError as exc:
        return facts, exc
    return facts, _Opened(store, version, status, rules, overview)


class Controller(QObject):
    #: after one of our own writes; the argument names what changed:
    #: 'settings', 'preferences', 'projects', 'diagnostics', 'audit' or 'all'
    changed = Signal(str)
    #: another process committed to the store (seen through PRAGMA data_version)
    externalChange = Signal()
    #: the latest status (a services.controls.status.MemoryStatus), for the banner and the overview
    statusChanged = Signal(object)
    #: a long operation started/finished (for the status bar)
    busyChanged = Signal(bool)
    #: the live indicator: True while polling works, False when the store cannot be read
    liveChanged = Signal(bool)
    #: another store was opened in place of the current one (the demo store, or back)
    storeSwitched = Signal()
    #: a long decay catch-up's progress: records brought up to date, records that were due (once
    #: more with both equal when it ends)
    decayProgress = Signal(int, int)

    def __init__(
        self,
        ctx: Context,
        worker: StoreWorker,
        keeper: TaskKeeper,
        parent: QObject | None = None,
        *,
        poll_ms: int = POLL_MS,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.worker = worker
        self.keeper = keeper
        self.task_keeper = keeper
        self.status: MemoryStatus | None = None  # None until the store is open
        self._data_version: int | None = None
        # While a decay catch-up writes its slices, the store's version changes with each of them:
        # the polls ask the catch-up instead whether anyone else has committed (its own commits
        # do not count), so that Open Design's changes are shown as at any other time, without
        # reloading the visible tab after every slice. A change seen before the catch-up could
        # tell is shown once it ends.
        self._catching_up = False
        self._decay_run: DecayRun | None = None
        self._change_missed = False
        self._catch_up: asyncio.Future[None] | None = None  # the running catch-up (stop_catch_up)
        self.outdated_rules: str | None = None  # the older derivation version the store was derived by
        self._polling = False
        self._live = True
        #: awaited between an external change and the status reload (the main window sets it: its
        #: refreshes), so that the status (50-150 ms at L) does not queue before the tab's reads
        self.before_status: Callable[[], Awaitable[None]] | None = None
        #: awaited before the work that can wait (the decay catch-up) takes the store thread (the
        #: main window sets it: until its first screen is shown), so that the first screen's reads
        #: do not queue behind it
        self.after_first_screen: Callable[[], Awaitable[None]] | None = None
        #: the window's first screen is loading (the main window says so): a tab leaves what can
        #: wait (the Overview's keychain line) until after it
        self.first_screen_pending = False
        self._status_due = False
        self._opened: _Opened | CreativeMemoryError | None = None  # what look() read ahead of open()
        self._overview: tuple[Store, OverviewFacts] | None = None  # ... and of the Overview's first read
        self._timer = QTimer(self)
        self._timer.setInterval(poll_ms)
        self._timer.timeout.connect(self._tick)
        self.changed.connect(self._after_change)

    # ------------------------------------------------------------------ basics
    @property
    def store(self) -> Store:
        return self.ctx.store()

    @property
    def user(self) -> str:
        return self.ctx.user

    def now(self) -> int:
        return self.ctx.now()

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a service call on the store thread and await its result (mypy checks the arguments
        against ``fn``'s parameters and the result's type)."""
        t0 = time.perf_counter()
        try:
            return await self.worker.run(fn, *args, **kwargs)
        finally:
            ms = (time.perf_counter() - t0) * 1000
            if ms > 100:
                log.info("store call %s took %.0f ms", getattr(fn, "__qualname__", fn), ms)

    async def change(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """As :meth:`run`, for a change a person asked for (a forget, a switch, an import, a
        reset): made even when the window closes before it starts, and waited for when the
        program ends (``StoreWorker.run_change``)."""
        return await self.worker.run_change(fn, *args, **kwargs)

    async def run_optional(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """As :meth:`run`, for the window's own work (the decay catch-up, the polls): not waited
        for when the program ends (``StoreWorker.run_optional``)."""
        return await self.worker.run_optional(fn, *args, **kwargs)

    def start(self, coro: Coroutine[Any, Any, T], *, name: str | None = None) -> Any:
        return self.keeper.start(coro, name=name)

    def notify(self, *what: str) -> None:
        for w in what or ("all",):
            self.changed.emit(w)

    # ------------------------------------------------------------------ start-up and status
    async def switch_store(self, data_dir: DataDir) -> Store:
        """Close the current store and open the one in ``data_dir`` (same user, same settings).

        Used for the demo store and the way back; the old context is closed on the store thread.
        """
        polling = self._timer.isActive()
        old = self.ctx
        await self.close_store()
        self.ctx = replace(old, data_dir=data_dir, _store=None, _secrets=old._secrets, _blocks=old._blocks)
        self._data_version = None
        store = await self.open()
        if polling:
            self.start_polling()
        self.storeSwitched.emit()
        return store

    async def look(self) -> Whereabouts:
        """Where the store is and what opening it would change (``whereabouts.where``), asked
        before the window opens it. When that needs no question, the same call on the store thread
        opens the store and reads what :meth:`open` reads first: the window's first paint, which
        runs meanwhile, then no longer comes before them."""
        facts, self._opened = await self.run(_look_and_open, self.ctx, self.now())
        return facts

    def overview_read_ahead(self) -> OverviewFacts | None:
        """The Overview's facts read with the store's opening (:meth:`look`), once, while the
        window's first screen loads (the Overview is that screen) and that store is still the one
        open; else None (the tab reads them itself: a window that opens on another tab reads the
        Overview's facts when it is shown, not those of its start)."""
        ahead, self._overview = self._overview, None
        if ahead is None or not self.first_screen_pending or self.ctx.open_store is not ahead[0]:
            return None
        return ahead[1]

    async def open(self) -> Store:
        """Open (create on first run) the store. Decay catches up to now in the background."""
        opened, self._opened = self._opened, None
        if isinstance(opened, CreativeMemoryError):
            raise opened  # opening it ahead failed (look): said as a failed open always was
        store = await self.run(self.ctx.store)
        version: str | None
        if opened is not None and opened.store is store:  # read ahead by look()
            self._data_version = opened.data_version
            self._overview = (store, opened.overview)
            self.status = opened.status
            self.statusChanged.emit(self.status)
            version = opened.rules
        else:
            self._data_version = await self.run(store.data_version)
            await self.reload_status()
            # Plain SQL: the derivation is imported only if due.
            version = (
                None if store.read_only else await self.run(plain_status.derivation_version, store, self.user)
            )
        # Preferences derived by older rules are re-derived with progress (MainWindow.store_opened),
        # which also brings decay up to now.
        self.outdated_rules = None if version in (None, DERIVATION_VERSION) else version
        if not store.read_only and self.outdated_rules is None:
            self._catch_up = self.start(self._catch_up_decay(store), name="decay-catch-up")
        return store

    async def close_store(self) -> None:
        """Close the store on the store thread, after the polls and the decay catch-up have
        stopped (before another store is opened, or the file is moved)."""
        self.stop_polling()
        await self.stop_catch_up()
        await self.run(self.ctx.close)

    async def stop_catch_up(self) -> None:
        """Before the store is closed (another one opened, the legacy file moved): the decay
        catch-up stops after the slice under way, instead of writing on into the closed store."""
        task, self._catch_up = self._catch_up, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task])

    async def _catch_up_decay(self, store: Store) -> None:
        """A store idle for months may have many records due: bring them up to now in slices of
        :data:`DECAY_SLICE_S`, so that the tabs' calls on the one store thread run between them
        instead of waiting for the whole catch-up, saying how far it has come; then refresh."""
        now = self.now()  # one moment for every slice: a slice goes on where the last one stopped
        total = 0
        decayed = archived = 0
        self._catching_up = True
        run: DecayRun | None = None
        base = self._data_version
        try:
            if self.after_first_screen is not None:  # at most a few seconds: it must start
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.after_first_screen(), FIRST_SCREEN_WAIT_S)
            # which records are due, read once; its connection, opened next, stays for the slices
            run = await self.run_optional(_start_decay_run, store, self.user, now)
            await self.run_optional(run.watch)
            # A commit from elsewhere before the run's connection began to count is not lost:
            # shown when the catch-up ends (the polls meanwhile cannot tell it from ours).
            if await self.run_optional(store.data_version) != base:
                self._change_missed = True
            self._decay_run = run
            total = len(run.ids)
            while not run.finished:
                part = await self.run_optional(run.go, budget_s=DECAY_SLICE_S)
                decayed += part.decayed
                archived += part.archived
                if not run.finished:
                    self.decayProgress.emit(run.done, total)
            # The version the polls go on from, read before they may see changes again: a poll
            # queued behind the last slice would otherwise reload the tab a second time. Then
            # whether anyone else committed since the last poll: after this read, the polls see it.
            self._data_version = await self.run_optional(store.data_version)
            if await self.run_optional(run.changed_elsewhere):
                self._change_missed = True
        except CreativeMemoryError as exc:  # a busy store must not stop the window working
            log.warning("decay catch-up skipped: %s", exc)
        except Exception as exc:  # sqlite3 errors: the store went away; the missed change is shown
            log.warning("decay catch-up stopped: %s", exc)
        finally:
            self._catching_up = False
            self._decay_run = None
            if run is not None:
                await self._close_run(run)
            if total:
                self.decayProgress.emit(total, total)
        if decayed or archived:
            log.info("decay catch-up: %d decayed, %d archived", decayed, archived)
        if self.ctx.open_store is not store:  # closed meanwhile: nothing of it to show, nor to reopen
            self._change_missed = False
            return
        if self._change_missed:  # another process's change too, perhaps: everything again
            self._change_missed = False
            self.externalChange.emit()
            await self._status_after_refresh()
        elif decayed or archived:
            self.notify("preferences")

    async def _close_run(self, run: DecayRun) -> None:
        """The catch-up's connection is closed on the store thread, where it was used — also when
        the catch-up is stopped meanwhile (another store opened): a call cancelled before it starts
        never runs, and the old store would be closed with this connection still open on it."""
        closing = asyncio.ensure_future(self.run_optional(run.close))
        try:
            await asyncio.shield(closing)
        except asyncio.CancelledError:  # stopped: the close still runs before the stopper goes on
            with contextlib.suppress(Exception):
                await closing
            raise
        except Exception as exc:  # the store thread has ended (the window closes): nothing to keep
            log.debug("decay catch-up's connection: %s", exc)

    async def reload_status(self) -> MemoryStatus:
        self.status = await self.run(plain_status.status, self.store, self.user, self.now())
        self.statusChanged.emit(self.status)
        return self.status

    def start_polling(self) -> None:
        self._timer.start()

    def stop_polling(self) -> None:
        self._timer.stop()

    def _after_change(self, what: str) -> None:
        if what in ("settings", "projects", "all", "preferences"):
            self.start(self.reload_status(), name="reload-status")

    def _tick(self) -> None:
        # While a store call runs, the poll queues behind it (one poll at most): skipped, a change
        # seen during a long refresh waited one more interval (decision 0060).
        if self._polling:
            return
        self._polling = True
        self.start(self._poll(), name="poll")

    async def _poll(self) -> None:
        try:
            version = await self.run_optional(self.store.data_version)
        except (CreativeMemoryError, WorkerShutDown, OSError) as exc:
            if self._live:
                log.warning("live view paused: %s", exc)
            self._set_live(False)
            return
        except Exception as exc:  # sqlite3 errors: the store went away
            log.warning("live view paused: %s", exc)
            self._set_live(False)
            return
        finally:
            self._polling = False
        self._set_live(True)
        changed = self._data_version is not None and version != self._data_version
        self._data_version = version
        if self._catching_up:
            run = self._decay_run
            if run is None:  # the catch-up is still reading what is due
                self._change_missed = self._change_missed or changed
                return
            try:
                changed = await self.run_optional(run.changed_elsewhere)
            except Exception as exc:  # the catch-up's connection failed: its end shows the change
                log.warning("live view during the decay catch-up: %s", exc)
                self._change_missed = True
                return
        if changed:
            self.externalChange.emit()
            await self._status_after_refresh()

    async def _status_after_refresh(self) -> None:
        """Reload the status once the visible tab's refresh has read what it shows (decision 0060)."""
        if self._status_due:
            return  # a reload already waits, and it will read the newest status
        self._status_due = True
        try:
            if self.before_status is not None:
                await self.before_status()
        finally:
            self._status_due = False
        await self.reload_status()

    def _set_live(self, live: bool) -> None:
        if live != self._live:
            self._live = live
            self.liveChanged.emit(live)


def _start_decay_run(store: Store, user_id: str, now: int) -> DecayRun:
    """A decay catch-up's run, made on the store thread: the derivation is imported there, not on
    the window's thread."""
    from creative_memory.services.derivation.decay import DecayRun

    return DecayRun(store, user_id, now, keep=True)
