"""The preview: the memory-relevant prefix exactly as the daemon would compose it, with token counts.

Looking never writes: a preview is always a dry run (never recorded, ``last_injected_at`` untouched),
whether it is the GUI's Preview tab, a what-if or ``od-memory preview``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from creative_memory.model.constants import Mode, Origin
from creative_memory.services.common.sentence import Sentence
from creative_memory.services.controls import controls
from creative_memory.services.engine.block import estimate_tokens
from creative_memory.services.retrieval import retrieval
from creative_memory.services.retrieval.personal import compose_personal, compose_prefix
from creative_memory.services.store.store import Store


@dataclass(frozen=True)
class Preview:
    block: str
    tokens: int
    personal_block: str
    personal_tokens: int
    personal_warnings: tuple[str, ...]
    empty_reason: str | None
    outcome: retrieval.RetrievalOutcome
    empty_numbers: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return compose_prefix(self.personal_block, self.block)

    @property
    def prompt_text(self) -> str:
        """Only what the model would be told: the Personal memory block (when composed) and the
        Creative memory block, or nothing. Plain ``preview`` prints this and nothing else."""
        return "\n\n".join(part for part in (self.personal_block, self.block) if part)

    @property
    def empty_sentence(self) -> str:
        return retrieval.describe_empty(self.empty_reason, self.empty_numbers)

    @property
    def empty_explanation(self) -> Sentence | None:
        """:attr:`empty_sentence` as a sentence the window translates."""
        return retrieval.explain_empty(self.empty_reason, self.empty_numbers)

    def as_json(self) -> dict[str, Any]:
        return {
            "block": self.block,
            "tokens": self.tokens,
            "personal_block": self.personal_block,
            "personal_tokens": self.personal_tokens,
            "personal_warnings": list(self.personal_warnings),
            "empty_reason": self.empty_reason,
            "prefix": self.text,
            "empty_sentence": self.empty_sentence or None,
        }


def compose(
    store: Store,
    user_id: str,
    memory_dir: Path,
    *,
    project_id: str | None,
    mode: Mode,
    now: int,
    with_personal: bool = True,
    whatif: retrieval.WhatIf | None = None,
    derive_at: int | None = None,
) -> Preview:
    """Compose the prefix; nothing is recorded (a preview only looks)."""
    request = retrieval.RetrievalRequest(
        user_id,
        project_id=project_id,
        now=now,
        mode=mode,
        origin=Origin.PREVIEW,
        dry_run=True,
        whatif=whatif,
        derive_at=derive_at,
    )
    outcome = retrieval.run(store, request)
    personal = compose_personal(memory_dir) if with_personal else None
    ptext = personal.text if personal else ""
    empty = outcome.result.empty_reason if not outcome.block else None
    numbers = empty_numbers(store, user_id, project_id, empty) if empty else {}
    return Preview(
        block=outcome.block,
        tokens=estimate_tokens(outcome.block),
        personal_block=ptext,
        personal_tokens=estimate_tokens(ptext),
        personal_warnings=personal.warnings if personal else (),
        empty_reason=empty or (None if outcome.block else "nothing_above_threshold"),
        outcome=outcome,
        empty_numbers=numbers,
    )


def empty_numbers(store: Store, user_id: str, project_id: str | None, reason: str) -> dict[str, Any]:
    """What the empty-block sentence names: the project's name, the pause's end."""
    out: dict[str, Any] = {"project_id": project_id}
    with store.read() as session:
        if project_id:
            out["project_name"] = controls.daemon_projects(session).get(project_id)
        if reason == "memory_paused":
            out["paused_until"] = controls.get_settings(session, user_id).using_paused_until
    return out
