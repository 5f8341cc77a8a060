"""What a retrieval is asked: one value the command line, the window and ``serve`` each build, checked
in one place (:class:`RetrievalRequest`), and the Preview's what-ifs (:class:`WhatIf`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from creative_memory.model.constants import Mode, Origin
from creative_memory.model.records import PrefState
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.naming import optional_project, valid_name
from creative_memory.services.engine.retrieve import Gates


@dataclass(frozen=True)
class WhatIf:
    """Preview what-ifs: as if some preferences were forgotten, or the project disabled."""

    #: (preference_type, pattern) everywhere, or (preference_type, pattern, scope) in that scope only
    forgotten: frozenset[tuple[str, ...]] = frozenset()
    project_disabled: bool = False  # the project uses no memory at all
    memory_off: bool = False
    global_off: bool = False  # "Use global memory in this project" off
    project_own_off: bool = False  # "Use this project's memory" off

    def apply(self, states: list[PrefState]) -> list[PrefState]:
        gone = self.forgotten
        return [
            s
            for s in states
            if (s.preference_type, s.pattern) not in gone
            and (s.preference_type, s.pattern, s.scope) not in gone
        ]

    def apply_gates(self, gates: Gates) -> Gates:
        if not (self.project_disabled or self.memory_off or self.global_off or self.project_own_off):
            return gates
        return Gates(
            memory_enabled=gates.memory_enabled and not self.memory_off,
            using_paused=gates.using_paused,
            project_use_memory=gates.project_use_memory
            and not (self.project_disabled or self.project_own_off),
            project_use_global=gates.project_use_global and not (self.project_disabled or self.global_off),
        )


def _types(value: Sequence[str] | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InvalidInput("types must be a list of preference type names, or null for all types.")
    # An empty list asks for every type, as null does.
    return tuple(valid_name(t, "preference type") for t in value) or None


@dataclass(frozen=True)
class RetrievalRequest:
    """One retrieval's question, checked and normalised when it is made.

    The user id, the project id and the types are checked and NFC-normalised
    (``services.common.naming``), so every gate is read under the id the switch was stored under:
    a malformed id is refused in a sentence (InvalidInput), never looked up as another project.
    ``types``: a sequence of names (stored as a tuple; an empty one is None, every type).

    ``dry_run``: nothing is recorded. ``whatif``: the Preview's what-ifs. ``derive_at``: the
    moment a stale cache is re-derived at, when ``now`` is another moment than the real one (a dry
    run at ``--now`` persists no evaluation of that moment). ``read_notes``: also read the
    memory-notes setting, in the same read transaction as the gates (``serve`` asks on every call).
    ``temporary``: the host marked the conversation temporary; nothing is read into its prompt and
    one gate event says so (decision 0087).
    """

    user_id: str
    project_id: str | None
    now: int
    mode: Mode = Mode.GENERATION
    types: Sequence[str] | None = None  # a tuple once made
    origin: Origin = Origin.CLI
    dry_run: bool = False
    whatif: WhatIf | None = None
    derive_at: int | None = None
    read_notes: bool = False
    temporary: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # a frozen dataclass normalises its own fields here only
        set_(self, "user_id", valid_name(self.user_id, "user id"))
        set_(self, "project_id", optional_project(self.project_id))
        set_(self, "types", _types(self.types))
        if not isinstance(self.mode, Mode):
            raise InvalidInput("mode must be 'generation', 'critique' or 'legacy'.")
        if not isinstance(self.origin, Origin):
            raise InvalidInput(f"{self.origin!r} is not an origin of a retrieval.")
        for name in ("now", "derive_at"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidInput(f"{name} must be a time in milliseconds since 1970 (an integer).")
