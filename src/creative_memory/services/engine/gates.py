"""The switches a retrieval obeys: memory on, using not paused, and a project's two use switches.

A project has three switches, named as the seed names them (decision 0025): "Use global memory in
this project" (off: the global preferences are not injected there), "Use this project's memory"
(off: the project's own preferences are not) and "Learn from this project" (ingest's side,
``services.controls.controls.learning_gate``). With both use switches off the project uses no memory at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from creative_memory.model.records import DiagEvent

#: the gate of a conversation the host marked temporary (decision 0087)
TEMPORARY = "temporary_conversation"


@dataclass(frozen=True, slots=True)
class Gates:
    """The switches a retrieval obeys. For a project: ``project_use_memory`` — "Use this
    project's memory" (its own records); ``project_use_global`` — "Use global memory in this
    project". With both off the project uses no memory at all (``project_memory_disabled``)."""

    memory_enabled: bool = True
    using_paused: bool = False
    project_use_memory: bool = True
    project_use_global: bool = True
    #: the host marked the conversation temporary: nothing is read into its prompt
    temporary: bool = False


def closed_gate(gates: Gates, project_id: str | None) -> tuple[str, str] | None:
    """The first gate that is closed, as (event type, trace), or None when retrieval may proceed."""
    if gates.temporary:
        return (TEMPORARY, "A temporary conversation: memory was neither used nor fed")
    if not gates.memory_enabled:
        return ("memory_disabled", "Creative memory is turned off: nothing injected")
    if gates.using_paused:
        return ("memory_paused", "Using memory is paused: nothing injected")
    if project_id is not None and not gates.project_use_memory and not gates.project_use_global:
        return ("project_memory_disabled", f"Project {project_id} does not use memory: nothing injected")
    return None


def scope_switches(gates: Gates, project_id: str | None) -> tuple[bool, bool]:
    """(use global records, use the project's records) for a retrieval in ``project_id``."""
    if project_id is None:
        return True, False
    return gates.project_use_global, gates.project_use_memory


def switch_events(gates: Gates, project_id: str | None) -> list[DiagEvent]:
    use_global, use_project = scope_switches(gates, project_id)
    if project_id is None or (use_global and use_project):
        return []
    if not use_global:
        return [
            DiagEvent(
                type="project_global_memory_off",
                stage="gates",
                trace=f"Project {project_id} does not use global memory: only its own preferences are considered",
                fields={"project_id": project_id},
            )
        ]
    return [
        DiagEvent(
            type="project_own_memory_off",
            stage="gates",
            trace=f"Project {project_id} does not use its own memory: only global preferences are considered",
            fields={"project_id": project_id},
        )
    ]
