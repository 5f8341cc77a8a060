"""Personal memory: compose the daemon's ``## Personal memory`` block from ``<data dir>/memory/``.

Read-only. The body under the heading is byte for byte what the daemon's ``composeMemoryBody``
writes (rules in ``../shared/fixtures/README.md``; the edge cases in tests/unit/test_personal.py):
only entries linked from ``MEMORY.md`` count, sections Profile, User, Feedback, Project, Reference,
Verified rules, newest file first within a section, an unknown type counts as ``user``. A file the
daemon would skip silently is skipped here too, with a warning sentence for the preview — never
an exception, and never a change to the body.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from creative_memory.services.engine.block import estimate_tokens
from creative_memory.services.retrieval.personal_text import (
    DOT_CLASS,
    WS_CLASS,
    FrontMatterError,
    decode,
    js_lines,
    js_trim,
    js_trim_end,
    js_trim_start,
    parse_front_matter,
)

PERSONAL_HEADER = "## Personal memory (auto-extracted from past chats)"
PERSONAL_PREAMBLE = (
    "The following facts have been sedimented from this user's previous conversations and edited "
    "in the settings panel. Treat them as preferences and context, NOT hard rules: when they collide "
    "with the active design system tokens, the brand wins; when they collide with the active skill's "
    "workflow, the skill wins. They are still authoritative for tone, voice, terminology, and what "
    "the user already told you about themselves and their goals — never re-ask the user about "
    "something already captured here."
)
CUSTOM_PLACEHOLDER = "## Custom instructions (user-level)\n\n…"
# Where the daemon's own blocks that belong to Personal memory go (they follow its body whenever
# it is non-empty); the creative block comes after them, right before the custom instructions
# (docs/decisions/0017-creative-block-placement.md). A marked note, not prompt text.
PERSONAL_TRAILER = (
    "[Open Design adds its Personal memory instructions here (Intent gateway, Self-verify against "
    "your verified rules, Propose new verified rules, as switched on); Creative memory follows them.]"
)
INDEX_NAME = "MEMORY.md"
CONFIG_NAME = ".config.json"

# (type, section heading) in the daemon's order.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("profile", "Profile"),
    ("user", "User"),
    ("feedback", "Feedback"),
    ("project", "Project"),
    ("reference", "Reference"),
    ("rule", "Verified rules"),
)
KNOWN_TYPES = frozenset(t for t, _ in SECTIONS)
_ID_RE = re.compile(r"[a-z0-9_]+")
MAX_ID_LENGTH = 96  # the daemon reads an entry's body only through an id of at most 96 characters
# A MEMORY.md line that activates an entry: "- [label](<id>.md)", optionally " — description".
_INDEX_LINK_RE = re.compile(
    rf"{WS_CLASS}*-{WS_CLASS}+\[([^\]]+)\]\(([^)]+)\)(?:{WS_CLASS}+—{WS_CLASS}+{DOT_CLASS}*)?"
)


@dataclass(frozen=True, slots=True)
class PersonalBlock:
    text: str  # the whole block ("" when there is nothing to compose)
    body: str  # the sections only: byte for byte what the daemon composes
    tokens: int
    entries: int
    warnings: tuple[str, ...]
    enabled: bool


@dataclass(frozen=True, slots=True)
class _Entry:
    id: str
    name: str
    description: str
    type: str
    mtime_ms: float


def _read_config(memory_dir: Path, warnings: list[str]) -> tuple[bool, bool]:
    """(enabled, profileEnabled) as the daemon reads ``.config.json``: anything unreadable or not
    JSON (by JavaScript's rules: no NaN, no byte-order mark) means the defaults, both on."""
    try:
        raw = (memory_dir / CONFIG_NAME).read_bytes()
    except FileNotFoundError:
        return True, True
    except OSError as exc:
        warnings.append(f"{CONFIG_NAME} could not be read ({exc.__class__.__name__}); using the defaults.")
        return True, True
    try:
        data = json.loads(decode(raw), parse_constant=_reject_constant)
    except ValueError:
        warnings.append(f"{CONFIG_NAME} is not valid JSON; using the defaults.")
        return True, True
    if not isinstance(data, dict):
        return True, True
    return data.get("enabled") is not False, data.get("profileEnabled") is not False


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _linked_ids(memory_dir: Path, warnings: list[str]) -> set[str]:
    try:
        text = decode((memory_dir / INDEX_NAME).read_bytes())
    except FileNotFoundError:
        return set()
    except OSError as exc:
        warnings.append(f"{INDEX_NAME} could not be read ({exc.__class__.__name__}); no entries are active.")
        return set()
    ids: set[str] = set()
    for line in js_lines(text):
        m = _INDEX_LINK_RE.fullmatch(line)
        if m is None:
            continue
        target = m.group(2)
        if target.endswith(".md") and target != INDEX_NAME and _ID_RE.fullmatch(target[:-3]):
            ids.add(target[:-3])
    return ids


def _mtime_ms(st: os.stat_result) -> float:
    """Node's ``stats.mtimeMs``: seconds × 1000 + nanoseconds / 10⁶, in double precision."""
    sec, nsec = divmod(st.st_mtime_ns, 1_000_000_000)
    return float(sec) * 1000.0 + nsec / 1e6


def _summary(entry_id: str, text: str, mtime_ms: float) -> tuple[_Entry, str]:
    data, body = parse_front_matter(text)
    kind = data.get("type")
    name, description = data.get("name"), data.get("description")
    entry = _Entry(
        id=entry_id,
        name=name if isinstance(name, str) and name else entry_id,
        description=description if isinstance(description, str) else "",
        type=kind if isinstance(kind, str) and kind in KNOWN_TYPES else "user",
        mtime_ms=mtime_ms,
    )
    return entry, js_trim_start(body)


def _list_entries(memory_dir: Path) -> list[_Entry]:
    """Every readable ``<id>.md`` entry, newest first (ties in file-name order, as the daemon's
    directory listing and stable sort leave them)."""
    try:
        names = sorted((p.name for p in memory_dir.iterdir()), key=os.fsencode)
    except OSError:
        return []
    out: list[_Entry] = []
    for fname in names:
        if not fname.endswith(".md") or fname == INDEX_NAME or not _ID_RE.fullmatch(fname[:-3]):
            continue
        path = memory_dir / fname
        try:
            text = decode(path.read_bytes())
            entry, _ = _summary(fname[:-3], text, _mtime_ms(path.stat()))
        except (OSError, FrontMatterError):
            continue
        out.append(entry)
    out.sort(key=lambda e: -e.mtime_ms)
    return out


def _body(memory_dir: Path, entry: _Entry, warnings: list[str]) -> str:
    """The entry's body read again, as the daemon does when it renders it ("" if it cannot)."""
    if len(entry.id) > MAX_ID_LENGTH:
        warnings.append(
            f"{entry.id}.md has a name longer than {MAX_ID_LENGTH} characters; its text is left out."
        )
        return ""
    path = memory_dir / f"{entry.id}.md"
    try:
        return _summary(entry.id, decode(path.read_bytes()), 0.0)[1]
    except (OSError, FrontMatterError) as exc:
        warnings.append(f"{path.name} could not be read ({exc.__class__.__name__}) and was left out.")
        return ""


def compose_body(memory_dir: Path, warnings: list[str] | None = None) -> tuple[str, int, bool]:
    """(body, entries rendered, enabled): the daemon's ``composeMemoryBody`` for this folder."""
    notes: list[str] = [] if warnings is None else warnings
    enabled, profile_enabled = _read_config(memory_dir, notes)
    if not enabled:
        return "", 0, False
    entries = _list_entries(memory_dir)
    if not entries:
        return "", 0, True
    linked = _linked_ids(memory_dir, notes)
    readable = {e.id for e in entries}
    for missing in sorted(linked - readable):
        notes.append(f"{missing}.md is linked from {INDEX_NAME} but cannot be read; it was skipped.")
    grouped: dict[str, list[_Entry]] = {}
    for e in entries:
        if e.id in linked:
            grouped.setdefault(e.type, []).append(e)
    parts: list[str] = []
    count = 0
    for kind, heading in SECTIONS:
        if kind not in grouped or (kind == "profile" and not profile_enabled):
            continue
        parts.append(f"### {heading}")
        for e in grouped[kind]:
            body = _body(memory_dir, e, notes)
            if not body:
                continue
            count += 1
            if kind == "profile":
                parts.extend(js_trim_end(line) for line in js_lines(js_trim(body)) if js_trim(line))
                continue
            parts.append(f"- **{e.name}** — {e.description or '(no description)'}")
            parts.append("\n".join(f"  {line}" for line in js_lines(js_trim(body))))
        parts.append("")
    return js_trim("\n".join(parts)), count, True


def compose_personal(memory_dir: Path) -> PersonalBlock:
    """Compose the Personal memory block the daemon would inject (read-only, never raises)."""
    warnings: list[str] = []
    if not memory_dir.is_dir():
        return PersonalBlock("", "", 0, 0, (), True)
    body, count, enabled = compose_body(memory_dir, warnings)
    if not body:
        return PersonalBlock("", "", 0, 0, tuple(warnings), enabled)
    text = f"{PERSONAL_HEADER}\n\n{PERSONAL_PREAMBLE}\n\n{body}"
    return PersonalBlock(
        text=text,
        body=body,
        tokens=estimate_tokens(text),
        entries=count,
        warnings=tuple(warnings),
        enabled=True,
    )


def compose_prefix(personal_text: str, creative_block: str, placeholder: str = CUSTOM_PLACEHOLDER) -> str:
    """The memory-relevant prompt prefix: the non-empty blocks joined by a blank line, with the
    place of the daemon's Personal memory instructions marked after a Personal memory block; nothing
    at all when both memory blocks are empty (no custom-instructions note under nothing)."""
    if not personal_text and not creative_block:
        return ""
    trailer = PERSONAL_TRAILER if personal_text else ""
    return "\n\n".join(part for part in (personal_text, trailer, creative_block, placeholder) if part)
