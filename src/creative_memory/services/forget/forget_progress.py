"""How far a forget got, in what its committed transactions already did: what it says when a full
disk stops it half-way (a transaction that failed was rolled back; the ones before it stay).

A forget commits in phases (:mod:`creative_memory.services.forget.forgetting`): the preferences
first, then the events a batch at a time, then the preferences those events shaped, then its last
write; the check of the store files comes after. Stopped anywhere, the same forget run again (or the
next open of the store) finishes it; the sentence says what is already done and what is left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

#: how every sentence ends: what to do
_AGAIN = "Free some space on the disk, then run the same forget again: it finishes what is left and checks the files."


@dataclass
class ForgetProgress:
    """What a forget's committed transactions have done so far."""

    blocked: bool = False  # the person asked to block what is forgotten
    first: bool = False  # the first transaction committed: the preferences are deleted (and blocked)
    events: set[int] = field(default_factory=set)  # the events it set out to erase the name from
    erased: set[int] = field(default_factory=set)  # those whose transaction committed
    events_done: bool = False  # no event holds the name any more
    written: bool = False  # the last transaction committed: everything asked is erased

    def committed(self, seqs: Iterable[int]) -> None:
        self.erased.update(seqs)

    def disk_full(self) -> str:
        """The sentence for a forget that a full disk stopped here."""
        if not self.first:
            return (
                "The disk is full, so the forget stopped before it changed anything: nothing was changed. "
                "Free some space on the disk, then run the same forget again."
            )
        head = "The disk is full, so the forget stopped before it finished."
        blocked = " and blocked from being learned again" if self.blocked else ""
        if self.written:
            return (
                f"{head} Already done: everything it forgets is erased from the memory{blocked}. Left: "
                f"checking the store files for old copies of the name. {_AGAIN}"
            )
        done = f"Already done: the preferences it forgets are deleted{blocked}, so nothing uses them any more"
        if self.events_done:
            return (
                f"{head} {done}, and no recorded event holds the name any more. Left: working out again "
                f"the other preferences those events shaped, and checking the store files. {_AGAIN}"
            )
        total = len(self.events | self.erased)
        erased = len(self.erased & self.events) if self.events else len(self.erased)
        if erased:
            done += f"; {erased} of the {total} recorded events that held the name no longer do"
        left = total - erased
        events = (
            f"{left} recorded event{'s' if left != 1 else ''} still hold{'s' if left == 1 else ''} copies of the name"
            if left
            else "some recorded events may still hold copies of the name"
        )
        return f"{head} {done}. Left: {events}, and the store files are not checked yet. {_AGAIN}"
