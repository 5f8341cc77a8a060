"""The window's first screen: the first refresh of the tab shown after the store was opened. What
can wait (the keychain, the decay catch-up, listening for later starts) waits for it."""

from __future__ import annotations

import asyncio

from creative_memory.gui.asyncbridge import next_turn

#: how long after the first screen has answered the work that can wait starts (:meth:`FirstScreen.settled`)
AFTER_FIRST_SCREEN_S = 0.1


class FirstScreen:
    """Whether the first screen has been shown, and the coroutines waiting for it."""

    def __init__(self) -> None:
        self.shown = False
        self._waiting: list[asyncio.Future[None]] = []

    async def wait(self) -> None:
        """Return once the first screen is shown."""
        if self.shown:
            return
        shown: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(shown)
        await shown

    async def settled(self) -> None:
        """Return a moment after the first screen has painted and answered: what can wait (the
        keychain, whose module takes about 60 ms to import and holds the interpreter meanwhile;
        the decay catch-up, which loads the derivation) starts then, not while the first screen
        is being painted."""
        await self.wait()
        await next_turn()
        await asyncio.sleep(AFTER_FIRST_SCREEN_S)

    def done(self) -> bool:
        """The first screen is shown (once): wake whoever waits; False if it had been already."""
        if self.shown:
            return False
        self.shown = True
        waiting, self._waiting = self._waiting, []
        for shown in waiting:
            if not shown.done():
                shown.set_result(None)
        return True
