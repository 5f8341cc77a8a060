"""Personal memory: compose the daemon's ``## Personal memory`` block from ``<data dir>/memory/``.

Read-only. Composition follows the daemon (shared fixtures README): only entries linked from
``MEMORY.md`` are active; sections Profile, User, Feedback, Project, Reference, Verified rules.
A bad entry file is skipped with a warning sentence naming it — never an exception.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from creative_memory.services.engine.block import estimate_tokens

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
MAX_ENTRY_BYTES = 256 * 1024
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

# "- [Name](<id>.md) — description" (the description part is optional; '-' or '*' bullets).
_LINK_RE = re.compile(r"^\s*[-*]\s+\[(?P<name>[^\]]*)\]\((?P<target>[^)\s]+)\)(?P<rest>.*)$")
_FM_LINE_RE = re.compile(r"^(?P<key>[A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(?P<value>.*)$")


@dataclass(frozen=True, slots=True)
class PersonalBlock:
    text: str  # the whole block ("" when there is nothing to compose)
    body: str  # the sections only
    tokens: int
    entries: int
    warnings: tuple[str, ...]
    enabled: bool


@dataclass(frozen=True, slots=True)
class _Entry:
    name: str
    description: str
    type: str
    body: str


def _read_config(memory_dir: Path, warnings: list[str]) -> tuple[bool, bool]:
    path = memory_dir / CONFIG_NAME
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return True, True
    except (OSError, UnicodeDecodeError) as exc:
        warnings.append(f"{CONFIG_NAME} could not be read ({exc.__class__.__name__}); using the defaults.")
        return True, True
    try:
        data = json.loads(raw)
    except ValueError:
        warnings.append(f"{CONFIG_NAME} is not valid JSON; using the defaults.")
        return True, True
    if not isinstance(data, dict):
        warnings.append(f"{CONFIG_NAME} is not a JSON object; using the defaults.")
        return True, True
    return data.get("enabled", True) is not False, data.get("profileEnabled", True) is not False


def _safe_target(memory_dir: Path, target: str) -> Path | None:
    """The entry file a link names, or None if it is not a plain ``<id>.md`` inside the dir."""
    if (
        not target.endswith(".md")
        or "/" in target
        or "\\" in target
        or ".." in target
        or target.startswith(".")
        or ":" in target
        or target == INDEX_NAME
    ):
        return None
    path = memory_dir / target
    try:
        if path.resolve().parent != memory_dir.resolve():
            return None
    except OSError:
        return None
    return path


def _index_links(memory_dir: Path, warnings: list[str]) -> list[tuple[str, str, Path]]:
    try:
        raw = (memory_dir / INDEX_NAME).read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        warnings.append(f"{INDEX_NAME} could not be read ({exc.__class__.__name__}); no entries are active.")
        return []
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        warnings.append(f"{INDEX_NAME} is not UTF-8 text; no entries are active.")
        return []
    out: list[tuple[str, str, Path]] = []
    seen: set[str] = set()
    for line in text.splitlines():
        m = _LINK_RE.match(line)
        if m is None:
            continue
        target = m.group("target")
        path = _safe_target(memory_dir, target)
        if path is None:
            warnings.append(f"{INDEX_NAME} links to {target!r}, which is not an entry in the memory folder.")
            continue
        if target in seen:
            continue
        seen.add(target)
        desc = m.group("rest").strip().lstrip("—–-:").strip()
        out.append((m.group("name").strip(), desc, path))
    return out


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _parse_entry(path: Path, link_name: str, link_desc: str) -> _Entry | str:
    """The entry, or a warning sentence naming the file."""
    fname = path.name
    try:
        size = path.stat().st_size
        if size > MAX_ENTRY_BYTES:
            return f"{fname} is larger than 256 KiB and was skipped."
        raw = path.read_bytes()
    except FileNotFoundError:
        return f"{fname} is linked from {INDEX_NAME} but does not exist; it was skipped."
    except OSError as exc:
        return f"{fname} could not be read ({exc.__class__.__name__}) and was skipped."
    if len(raw) > MAX_ENTRY_BYTES:
        return f"{fname} is larger than 256 KiB and was skipped."
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        return f"{fname} is not UTF-8 text and was skipped."
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return f"{fname} has no front matter (name, description, type) and was skipped."
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return f"{fname} has unterminated front matter and was skipped."
    meta: dict[str, str] = {}
    for line in lines[1:end]:
        m = _FM_LINE_RE.match(line.strip())
        if m is not None:
            meta[m.group("key")] = _unquote(m.group("value"))
    kind = meta.get("type", "").strip().lower()
    if kind not in KNOWN_TYPES:
        shown = meta.get("type") or "(missing)"
        return f"{fname} has an unknown type {shown!r} and was skipped."
    name = meta.get("name") or link_name or path.stem
    description = meta.get("description") or link_desc
    body = "\n".join(lines[end + 1 :]).strip()
    return _Entry(name=name, description=description, type=kind, body=body)


def _render_entry(entry: _Entry) -> str:
    head = f"- **{entry.name}** — {entry.description}" if entry.description else f"- **{entry.name}**"
    if not entry.body:
        return head
    indented = "\n".join(f"  {line}" if line.strip() else "" for line in entry.body.splitlines())
    return f"{head}\n{indented}"


def _empty(warnings: list[str], enabled: bool) -> PersonalBlock:
    return PersonalBlock(text="", body="", tokens=0, entries=0, warnings=tuple(warnings), enabled=enabled)


def compose_personal(memory_dir: Path) -> PersonalBlock:
    """Compose the Personal memory block the daemon would inject (read-only, never raises)."""
    warnings: list[str] = []
    if not memory_dir.is_dir():
        return _empty(warnings, True)
    enabled, profile_enabled = _read_config(memory_dir, warnings)
    if not enabled:
        return _empty(warnings, False)
    by_type: dict[str, list[_Entry]] = {t: [] for t in KNOWN_TYPES}
    for link_name, link_desc, path in _index_links(memory_dir, warnings):
        parsed = _parse_entry(path, link_name, link_desc)
        if isinstance(parsed, str):
            warnings.append(parsed)
        else:
            by_type[parsed.type].append(parsed)
    sections: list[str] = []
    count = 0
    for kind, heading in SECTIONS:
        entries = by_type[kind]
        if kind == "profile":
            if not profile_enabled:
                continue
            bodies = [e.body for e in entries if e.body]
            if bodies:
                sections.append(f"### {heading}\n\n" + "\n".join(bodies))
                count += len(bodies)
            continue
        if entries:
            sections.append(f"### {heading}\n\n" + "\n".join(_render_entry(e) for e in entries))
            count += len(entries)
    body = "\n\n".join(sections).strip()
    if not body:
        return _empty(warnings, True)
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
    """The memory-relevant prompt prefix: the non-empty blocks joined by a blank line (nothing at all
    when both memory blocks are empty: no custom-instructions note under nothing)."""
    if not personal_text and not creative_block:
        return ""
    return "\n\n".join(part for part in (personal_text, creative_block, placeholder) if part)
