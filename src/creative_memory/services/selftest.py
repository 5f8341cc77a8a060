"""Prove the gates: with memory off, using paused, or the project disabled, a retrieval yields nothing.

Each check runs through the real path (settings rows in the store, the same gate reads, the engine,
the recorded retrieval with its gate event) inside one write transaction that puts the user's
settings back before it commits, so no other process ever sees the temporary state. A probe
preference makes the baseline non-empty, so an empty block proves the gate and not an empty memory.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from creative_memory.model.constants import DERIVATION_VERSION, Actor, Mode, Origin, Polarity, Status, Tier
from creative_memory.model.records import PrefState
from creative_memory.model.tables import Preference, ProjectSettings, Settings
from creative_memory.services.common.sentence import QT_TRANSLATE_NOOP, Sentence
from creative_memory.services.controls import audit, controls
from creative_memory.services.controls.status import MemoryStatus
from creative_memory.services.derivation.derivation import ensure_current, pref_row
from creative_memory.services.engine.block import build_block, estimate_tokens
from creative_memory.services.engine.retrieve import Gates
from creative_memory.services.retrieval.retrieval import bounded_retrieve, record
from creative_memory.services.store.store import Store

PROBE_PROJECT = "cm_self_test"
# Not a name (it holds spaces; model.names): no event can carry it, so no record of the person's
# is ever this pattern. The probe rows are also removed by their own ids only.
PROBE_PATTERN = "self test probe"

#: the translation context of what a check says to a person
_CONTEXT = "SelfTest"


@dataclass(frozen=True)
class Check:
    """One proven (or failed) check: its name, the outcome and what was seen. The baseline names
    the user's settings set aside for the test; a gate check, the retrieval it recorded."""

    name: str
    ok: bool
    detail: str
    set_aside: list[str] | None = None
    retrieval_id: int | None = None
    #: what was seen in a person's words, which the window translates (``detail`` stays the
    #: wire form and the command line's words)
    said: Sentence | None = field(default=None, compare=False)

    def as_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "ok": self.ok, "detail": self.detail}
        if self.set_aside is not None:
            d["set_aside"] = self.set_aside
        if self.retrieval_id is not None:
            d["retrieval_id"] = self.retrieval_id
        return d


@dataclass(frozen=True)
class SelfTestReport:
    """Every check, in the order run, and whether all passed."""

    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def as_json(self) -> dict[str, Any]:
        """The wire form (``self-test --json``)."""
        return {"checks": [c.as_json() for c in self.checks], "ok": self.ok}


def _retrieve(session: Session, user_id: str, project_id: str | None, now: int) -> tuple[str, Any]:
    g = controls.using_gate(session, user_id, project_id, now)
    gates = Gates(g.memory_enabled, g.using_paused, g.project_use_memory, g.project_use_global)
    res = bounded_retrieve(session, user_id, project_id, now=now, gates=gates)
    return build_block(res, Mode.GENERATION), res


def _set_aside(settings: Settings, now: int) -> list[str]:
    """The user's settings that would have hidden the probe, named for the report."""
    out = []
    if not settings.memory_enabled:
        out.append("memory is off")
    if settings.using_paused_until is not None and settings.using_paused_until > now:
        out.append("using memory is paused")
    return out


def _baseline(block: str, types: list[str], set_aside: list[str]) -> Check:
    aside = (
        f" (your setting{'s' if len(set_aside) > 1 else ''}: {' and '.join(set_aside)} — set aside for the "
        "test and put back)"
        if set_aside
        else ""
    )
    put_back = (
        Sentence(
            QT_TRANSLATE_NOOP("SelfTest", " Your settings were set aside for the test and put back."),
            context=_CONTEXT,
        )
        if set_aside
        else Sentence("")
    )
    if block:
        return Check(
            "baseline",
            True,
            f"with memory on, the probe preference is injected{aside}",
            set_aside,
            said=Sentence(
                QT_TRANSLATE_NOOP(
                    "SelfTest", "With memory on, a test preference is added to the prompt.{then}"
                ),
                {"then": put_back},
                _CONTEXT,
            ),
        )
    return Check(
        "baseline",
        False,
        "the probe preference was not injected, so the gates cannot be proven; what stopped "
        f"it: {', '.join(types) or 'nothing was recorded'}{aside}",
        set_aside,
        said=Sentence(
            QT_TRANSLATE_NOOP(
                "SelfTest",
                "A test preference was not added to the prompt even with memory on, so the switches "
                "cannot be proven.{then}",
            ),
            {"then": put_back},
            _CONTEXT,
        ),
    )


def _insert_probe(session: Session, probe: PrefState, user_id: str, now: int) -> int:
    """Insert one probe record; its id (what the clean-up deletes, and nothing else)."""
    row = Preference(**pref_row(probe, user_id, now, DERIVATION_VERSION, None))
    session.add(row)
    session.flush()
    return int(row.id)


def _scope_switch_checks(
    session: Session, user_id: str, now: int, probe: PrefState, probe_ids: list[int]
) -> list[Check]:
    """With one use switch of the probe project off, only the other scope's probe is injected."""
    settings = controls.settings_for_write(session, user_id, now)
    settings.memory_enabled, settings.using_paused_until = True, None
    own = replace(probe, scope=f"project:{PROBE_PROJECT}", preference_type="color")
    probe_ids.append(_insert_probe(session, own, user_id, now))
    ps = session.get(ProjectSettings, (user_id, PROBE_PROJECT))
    assert ps is not None  # the project_disabled case made it
    checks = []
    for name, use_global, gate_event, scope in (
        ("project_global_off", False, "project_global_memory_off", own.scope),
        ("project_own_off", True, "project_own_memory_off", "global"),
    ):
        ps.use_global_memory, ps.use_memory = use_global, not use_global
        session.flush()
        _block, res = _retrieve(session, user_id, PROBE_PROJECT, now)
        scopes = {r.scope for r in (*res.positives, *res.negatives)}
        ok = scopes == {scope} and gate_event in [e.type for e in res.events]
        checks.append(
            Check(
                name,
                ok,
                f"only the {scope} probe injected, {gate_event} reported"
                if ok
                else f"expected only the {scope} probe and {gate_event}; got {sorted(scopes)}",
                said=_scope_said(name, ok),
            )
        )
    return checks


_SWITCHES = ("enabled", "learning_paused_until", "using_paused_until", "projects_disabled")
_GATE_CASES = (
    ("memory_off", "memory_disabled", None),
    ("using_paused", "memory_paused", None),
    ("project_disabled", "project_memory_disabled", PROBE_PROJECT),
)


def run(store: Store, user_id: str, *, now: int, actor: Actor) -> SelfTestReport:
    """Prove every gate on a probe record, with the user's switches set aside and put back in the
    same transaction; the recorded retrievals (origin ``self_test``) stay as evidence."""
    ensure_current(store, user_id, now)
    before = controls.status(store, user_id, now)
    checks: list[Check] = []
    with store.write() as session:
        saved = session.get(Settings, user_id)
        snapshot = (
            None
            if saved is None
            else (
                saved.memory_enabled,
                saved.learning_paused_until,
                saved.using_paused_until,
                saved.updated_at,
            )
        )
        saved_proj = session.get(ProjectSettings, (user_id, PROBE_PROJECT))
        proj_snapshot = (
            (True, True) if saved_proj is None else (saved_proj.use_memory, saved_proj.use_global_memory)
        )
        probe = _probe(now)
        probe_ids = [_insert_probe(session, probe, user_id, now)]
        # The user's own switches are set aside for the test (and put back below, in the same
        # transaction), so every gate is proven whatever they are.
        settings = controls.settings_for_write(session, user_id, now)
        set_aside = _set_aside(settings, now)
        settings.memory_enabled, settings.using_paused_until = True, None
        session.flush()
        block, res = _retrieve(session, user_id, None, now)
        checks.append(_baseline(block, [e.type for e in res.events], set_aside))
        checks.extend(_gate_check(session, settings, user_id, case, now) for case in _GATE_CASES)
        checks.extend(_scope_switch_checks(session, user_id, now, probe, probe_ids))
        # Put everything back exactly as it was, in the same transaction.
        session.execute(delete(Preference).where(Preference.id.in_(probe_ids)))
        if snapshot is None:
            session.delete(settings)
        else:
            (
                settings.memory_enabled,
                settings.learning_paused_until,
                settings.using_paused_until,
                settings.updated_at,
            ) = snapshot
        if saved_proj is not None:
            saved_proj.use_memory, saved_proj.use_global_memory = proj_snapshot
        else:
            session.execute(
                delete(ProjectSettings).where(
                    ProjectSettings.user_id == user_id, ProjectSettings.project_id == PROBE_PROJECT
                )
            )
        ok_all = all(c.ok for c in checks)
        audit.record(session, user_id, actor, "self-test", "gates", "ok" if ok_all else "FAILED", now)
    checks.append(_settings_unchanged(before, controls.status(store, user_id, now)))
    return SelfTestReport(checks)


def _probe(now: int) -> PrefState:
    """A strong stable record under a name no user can create."""
    return PrefState(
        scope="global",
        preference_type="layout",
        pattern=PROBE_PATTERN,
        polarity=Polarity.POSITIVE,
        strength=0.9,
        confidence=Tier.HIGH,
        status=Status.STABLE,
        decay_at=now + 86_400_000,
        first_seen=now,
        last_seen=now,
        as_of=now,
    )


def _gate_check(
    session: Session, settings: Settings, user_id: str, case: tuple[str, str, str | None], now: int
) -> Check:
    """Close one gate, retrieve (recorded, origin self_test): the block must be empty and say why."""
    name, gate_event, project = case
    settings.memory_enabled = name != "memory_off"
    settings.using_paused_until = now + 3_600_000 if name == "using_paused" else None
    if project:
        ps = session.get(ProjectSettings, (user_id, project)) or ProjectSettings(
            user_id=user_id, project_id=project, learn_from_project=True, updated_at=now
        )
        ps.use_memory = ps.use_global_memory = False
        session.add(ps)
    session.flush()
    block, res = _retrieve(session, user_id, project, now)
    types = [e.type for e in res.events]
    rid = record(
        session,
        user_id,
        res,
        block=block,
        tokens=estimate_tokens(block),
        mode=Mode.GENERATION,
        origin=Origin.SELF_TEST,
        types=None,
        now=now,
    )
    ok = block == "" and gate_event in types
    return Check(
        name,
        ok,
        f"empty block, gate event {gate_event} recorded (retrieval #{rid})"
        if ok
        else f"expected an empty block and {gate_event}; got {len(block)} characters, {types}",
        retrieval_id=rid,
        said=Sentence(
            QT_TRANSLATE_NOOP(
                "SelfTest", "Nothing was added to the prompt; the test run is listed in Diagnostics."
            )
            if ok
            else QT_TRANSLATE_NOOP("SelfTest", "Something was still added to the prompt ({n} characters)."),
            {} if ok else {"n": len(block)},
            _CONTEXT,
        ),
    )


def _settings_unchanged(before: MemoryStatus, after: MemoryStatus) -> Check:
    was, now = before.as_json(), after.as_json()
    same = {k: was[k] for k in _SWITCHES} == {k: now[k] for k in _SWITCHES}
    return Check(
        "settings_unchanged",
        same,
        "the user's settings are as they were"
        if same
        else f"settings changed: {json.dumps(was)} -> {json.dumps(now)}",
        said=Sentence(
            QT_TRANSLATE_NOOP("SelfTest", "Your settings are as they were.")
            if same
            else QT_TRANSLATE_NOOP(
                "SelfTest", "Your settings changed during the test; check them here and in Projects."
            ),
            context=_CONTEXT,
        ),
    )


def _scope_said(name: str, ok: bool) -> Sentence:
    """A project switch's check in a person's words."""
    if not ok:
        return Sentence(
            QT_TRANSLATE_NOOP("SelfTest", "More than the switch allows was added to the prompt."),
            context=_CONTEXT,
        )
    if name == "project_global_off":
        return Sentence(
            QT_TRANSLATE_NOOP("SelfTest", "Only what was learned in the project was added to the prompt."),
            context=_CONTEXT,
        )
    return Sentence(
        QT_TRANSLATE_NOOP("SelfTest", "Only your global preferences were added to the prompt."),
        context=_CONTEXT,
    )
