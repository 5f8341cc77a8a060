"""A helper process that works beside this one on the other core and sends back one answer (the
fold's helper of docs/decisions/0056, the verification's search ahead of decision 0100).

It is spawned, never forked (a process that may run Qt threads is not forked); it sends
``("ok", value)`` or ``("error", text)`` once (:func:`answer_with`). Whatever goes wrong on either
side, the caller gets None and does the work itself: a helper only ever saves time.
"""

from __future__ import annotations

import logging
import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any


def answer_with(out: Connection, work: Callable[[], Any]) -> None:
    """In the helper process: send what ``work`` returns, or what it raised, then close."""
    try:
        result: tuple[str, Any] = ("ok", work())
    except BaseException as exc:  # reported to the parent, which then does the work itself
        result = ("error", f"{type(exc).__name__}: {exc}")
    try:
        out.send(result)
    except (BrokenPipeError, OSError):
        pass  # the parent is gone or gave up waiting
    out.close()


class HelperProcess:
    """A started helper; ``what`` names it in the log (``"the fold's helper process"``), ``instead``
    says what happens without it (``"folding here"``)."""

    def __init__(
        self,
        target: Callable[..., None],
        args: tuple[Any, ...],
        *,
        name: str,
        log: logging.Logger,
        what: str,
        instead: str,
    ) -> None:
        self._log, self._what, self._instead = log, what, instead
        self.started = time.monotonic()
        ctx = multiprocessing.get_context("spawn")  # never fork a process that may run Qt threads
        self._inbox, outbox = ctx.Pipe(duplex=False)
        self._process = ctx.Process(target=target, args=(outbox, *args), daemon=True, name=name)
        self._process.start()
        outbox.close()

    def answered(self, timeout: float = 0.0) -> bool:
        """Whether its answer is here, waiting up to ``timeout`` seconds for it."""
        return bool(self._inbox.poll(timeout))

    def result(self, deadline: float | None = None, cancelled: Callable[[], bool] | None = None) -> Any:
        """Its answer, waited for until ``deadline`` (a ``time.monotonic`` instant) or ``cancelled``;
        None when it did not come or it failed (said in the log)."""
        try:
            while not self._inbox.poll(0.05):
                if cancelled is not None and cancelled():
                    return None
                if not self._process.is_alive() and not self._inbox.poll(0):
                    self._log.warning("%s ended without an answer; %s", self._what, self._instead)
                    return None
                if deadline is not None and time.monotonic() > deadline:
                    self._log.warning("%s did not answer in time; %s", self._what, self._instead)
                    return None
            kind, value = self._inbox.recv()
        except (EOFError, OSError) as exc:
            self._log.warning("%s could not answer (%s); %s", self._what, exc, self._instead)
            return None
        if kind != "ok":
            self._log.warning("%s failed (%s); %s", self._what, value, self._instead)
            return None
        return value

    def stop(self) -> None:
        """Ends it (no helper outlives the work it helps)."""
        self._inbox.close()
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(5)
