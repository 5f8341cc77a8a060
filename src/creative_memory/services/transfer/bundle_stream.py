"""Reading an import file: a bundle piece by piece, so that importing one costs what its largest
event costs, not what the file costs (docs/decisions/0085); a prototype preferences.json whole.

:func:`read_import` makes a first pass over the file: the top-level members one by one
(:mod:`services.transfer.json_stream`), each event validated and checked by every rule the import
applies as it comes (the wire schema, the stored payload, the lone-surrogate check), the page
digests checked one by one. It keeps the bundle's other members (settings, project switches, the
digests), the events' count and the digest ids they name, and a sha256 of each block of
:data:`BLOCK` events' text. Nothing is written before this pass has read the whole file, so a bad
event at the end refuses the import as a bad one at the start does.

:meth:`StreamedBundle.batches` is the second pass: it reads the events again, in blocks, and hands
a block on only when its text is the one the first pass checked (the file changed in between:
refused with a sentence before that block is written).

An encrypted bundle is one AES-GCM message: it is read and decrypted whole (a lower bound,
:data:`MAX_ENCRYPTED_BYTES`), and its plaintext then read in the same two passes from memory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from creative_memory.model.events import page_digest_ids
from creative_memory.model.inert import not_unicode
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.ingest.ingest import describe_validation_error
from creative_memory.services.store import held_files, safefile
from creative_memory.services.transfer import crypto
from creative_memory.services.transfer.bundle import (
    BUNDLE_FORMAT,
    BUNDLE_VERSION,
    MAX_IMPORT_BYTES,
    BundleEvent,
    BundleHead,
    LegacyFile,
    check_digest,
)
from creative_memory.services.transfer.event_rules import check_events
from creative_memory.services.transfer.json_stream import (
    BytesSource,
    NotJson,
    Reader,
    RepeatedName,
    Source,
    TooLarge,
)

MiB = 1024 * 1024
# An encrypted bundle is decrypted whole: the envelope, its text, the ciphertext and the plaintext
# are held at once (measured: about 3.4 times the file beyond the program's own, decision 0085).
MAX_ENCRYPTED_BYTES = 128 * MiB
# A prototype preferences.json is validated whole (its records are few: the prototype kept them in
# one JSON file it rewrote on every change).
MAX_LEGACY_BYTES = 32 * MiB
# The most text one value held whole may have: a member other than the events and digests, one
# event, one digest (an event is at most 64 KiB beside pages of 2 MiB each).
MAX_VALUE_CHARS = 32 * MiB
BLOCK = 256  # events per block the second pass checks against the first

_BUNDLE_FIELDS = frozenset(BundleHead.model_fields)
_LEGACY_FIELDS = frozenset(LegacyFile.model_fields)

NOT_JSON = "{path} is not a JSON file; choose a bundle exported by this program or a preferences.json."


@dataclass
class StreamedBundle:
    """A bundle whose first pass found it whole and valid; :meth:`batches` reads its events."""

    head: BundleHead
    events: int
    path: Path
    data: bytes | None  # the plaintext of an encrypted bundle; None: read the file again
    blocks: list[bytes] = field(default_factory=list)

    @property
    def events_user(self) -> str:
        """The user whose memory the bundle holds."""
        return self.head.user_id

    def batches(self) -> Iterator[list[BundleEvent]]:
        """The events again, a block at a time, each block only once its text is the one checked;
        InvalidInput (nothing of that block handed on) when the file changed since."""
        if self.data is not None:
            yield from self._batches(BytesSource(self.data))
            return
        try:
            named = held_files.NamedFile(self.path)
        except OSError:
            raise self._changed() from None
        with named:
            yield from self._batches(named)

    def _changed(self) -> InvalidInput:
        return InvalidInput(
            f"{self.path} changed after it was checked; nothing more of it was imported. Import it "
            "again once nothing writes it: events already stored are skipped."
        )

    def _batches(self, source: Source) -> Iterator[list[BundleEvent]]:
        try:
            reader = Reader(source, limit=MAX_VALUE_CHARS)
            for name in reader.members():
                if name != "events":
                    reader.skip()
                    continue
                yield from self._blocks(reader)
                return
        except (NotJson, RepeatedName, TooLarge, ValidationError):
            raise self._changed() from None
        raise self._changed()

    def _blocks(self, reader: Reader) -> Iterator[list[BundleEvent]]:
        pending: list[Any] = []
        hasher = hashlib.sha256()
        n = 0
        for obj, text in reader.elements():
            hasher.update(text.encode("utf-8", "surrogatepass") + b"\n")
            pending.append(obj)
            n += 1
            if n % BLOCK == 0:
                yield self._checked(pending, hasher.digest(), n // BLOCK - 1)
                pending, hasher = [], hashlib.sha256()
        if pending:
            yield self._checked(pending, hasher.digest(), (n - 1) // BLOCK)
        if n != self.events:
            raise self._changed()

    def _checked(self, pending: list[Any], digest: bytes, index: int) -> list[BundleEvent]:
        if index >= len(self.blocks) or self.blocks[index] != digest:
            raise self._changed()
        return [BundleEvent.model_validate(obj) for obj in pending]


@dataclass
class _FirstPass:
    """What the first pass keeps."""

    path: Path
    members: dict[str, Any] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)
    events: int = 0
    blocks: list[bytes] = field(default_factory=list)
    named: dict[str, str] = field(default_factory=dict)  # digest id → the first event naming it
    digests: dict[str, Any] = field(default_factory=dict)
    deferred: InvalidInput | None = None  # an event's fault, said once the file is known a bundle

    def bundle_known(self) -> bool:
        return self.members.get("format") == BUNDLE_FORMAT

    def check_unicode(self, value: Any, text: str) -> None:
        if "\\u" in text and not_unicode(value):  # only an escape makes a lone surrogate here
            raise InvalidInput(
                f"{self.path} holds text that is not Unicode (a lone surrogate such as \\ud800); this "
                "program never writes one. Nothing was imported."
            )

    def event(self, obj: Any, text: str) -> None:
        if self.deferred is not None:
            return
        try:
            self.check_unicode(obj, text)
            self.check_version()
            try:
                e = BundleEvent.model_validate(obj)
            except ValidationError as exc:
                raise InvalidInput(
                    f"{self.path} is not a valid bundle: "
                    f"{describe_validation_error(exc, ('events', self.events))}. Nothing was imported."
                ) from None
            check_events([e])
            for digest_id in page_digest_ids(e.payload):
                self.named.setdefault(digest_id, e.event_id)
        except InvalidInput as exc:
            if self.bundle_known():
                raise
            self.deferred = exc

    def check_version(self) -> None:
        if self.bundle_known() and "version" in self.members and self.members["version"] != BUNDLE_VERSION:
            raise InvalidInput(
                f"{self.path} is bundle version {self.members['version']!r}, which this program cannot "
                "read; update the program."
            )


def _events(reader: Reader, seen: _FirstPass) -> None:
    hasher = hashlib.sha256()
    for obj, text in reader.elements():
        hasher.update(text.encode("utf-8", "surrogatepass") + b"\n")
        seen.event(obj, text)
        seen.events += 1
        if seen.events % BLOCK == 0:
            seen.blocks.append(hasher.digest())
            hasher = hashlib.sha256()
    if seen.events % BLOCK:
        seen.blocks.append(hasher.digest())


def _first_pass(reader: Reader, seen: _FirstPass) -> None:
    """Every member, the events and digests one by one; raises NotJson, TooLarge or InvalidInput."""
    if reader.peek() != "{":
        reader.value()
        reader.end()
        raise InvalidInput(
            f"{seen.path} does not hold a JSON object; it is not a bundle or a preferences.json."
        )
    names: set[str] = set()
    for name in reader.members():
        if name in names:
            raise InvalidInput(
                f"{seen.path} names the member {name!r} twice; this program never writes such a file. "
                "Nothing was imported."
            )
        names.add(name)
        if name == "events" and reader.peek() == "[":
            _events(reader, seen)
            seen.members["events"] = []
        elif name == "page_digests" and reader.peek() == "{":
            for digest_id, body in reader.entries():
                seen.digests[digest_id] = body
            seen.members["page_digests"] = seen.digests
        elif name in _BUNDLE_FIELDS or name in _LEGACY_FIELDS:
            value, text = reader.value()
            seen.check_unicode(value, text)
            seen.members[name] = value
        else:
            reader.skip()  # refused below for a bundle, ignored in a preferences.json
            seen.unknown.append(name)
    reader.end()
    seen.check_unicode(seen.digests, "\\u")


def _bundle(seen: _FirstPass, data: bytes | None) -> StreamedBundle:
    seen.check_version()
    try:
        head = BundleHead.model_validate({**seen.members, **dict.fromkeys(seen.unknown)})
    except ValidationError as exc:
        raise InvalidInput(
            f"{seen.path} is not a valid bundle: {describe_validation_error(exc)}. Nothing was imported."
        ) from None
    if seen.deferred is not None:
        raise seen.deferred
    for digest_id, body in head.page_digests.items():
        check_digest(digest_id, body)
    missing = [(event_id, d) for d, event_id in seen.named.items() if d not in head.page_digests]
    if missing:
        event_id, digest_id = min(missing)
        raise InvalidInput(
            f"events[{event_id}]: names the page digest {digest_id}, which the bundle does not carry. "
            "Nothing was imported."
        )
    return StreamedBundle(head, seen.events, seen.path, data, seen.blocks)


def _legacy(seen: _FirstPass, size: int) -> LegacyFile:
    if size > MAX_LEGACY_BYTES:
        raise InvalidInput(
            f"{seen.path} is larger than {MAX_LEGACY_BYTES // MiB} MiB; the prototype never wrote a "
            "preferences.json that large. Nothing was imported."
        )
    try:
        return LegacyFile.model_validate(seen.members)
    except ValidationError as exc:
        raise InvalidInput(
            f"{seen.path} is not a valid prototype preferences.json: {describe_validation_error(exc)}. "
            "Nothing was imported."
        ) from None


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError as exc:
        raise InvalidInput(f"Cannot read {path} ({exc.strerror}); check the path.") from None


def _decrypted(path: Path, size: int, passphrase: Callable[[], str] | None) -> bytes:
    if size > MAX_ENCRYPTED_BYTES:
        raise InvalidInput(
            f"{path} is an encrypted bundle larger than {MAX_ENCRYPTED_BYTES // MiB} MiB, which this "
            "program decrypts whole; export that memory without --encrypt (and keep the file safe) "
            "to move it. Nothing was imported."
        )
    if passphrase is None:
        raise InvalidInput(f"{path} is encrypted; give its passphrase to import it.")
    try:
        raw = held_files.read_whole(path)
    except OSError as exc:
        raise InvalidInput(f"Cannot read {path} ({exc.strerror}); choose a file to import.") from None
    return crypto.decrypt(raw, passphrase())


def read_import(
    path: Path, passphrase: Callable[[], str] | None
) -> tuple[str, StreamedBundle | LegacyFile, bool]:
    """The first pass over an import file (module docstring): ("bundle" or "legacy", what it holds,
    whether it was encrypted). Refuses with a sentence anything the import would refuse."""
    path = safefile.source_path(path, "bundle")  # every caller: a name no file can have is a sentence
    size = _size(path)
    if size > MAX_IMPORT_BYTES:
        raise InvalidInput(f"{path} is larger than 512 MiB; that is not a bundle this program wrote.")
    try:
        head = held_files.read_head(path, 4096)  # a store's file named by mistake stays locked
    except OSError as exc:  # a folder, a file without read permission, …
        raise InvalidInput(f"Cannot read {path} ({exc.strerror}); choose a file to import.") from None
    encrypted = crypto.is_encrypted(head)
    data = _decrypted(path, size, passphrase) if encrypted else None
    seen = _FirstPass(path)
    try:
        if data is not None:
            _first_pass(Reader(BytesSource(data), limit=MAX_VALUE_CHARS), seen)
        else:
            with held_files.NamedFile(path) as named:
                _first_pass(Reader(named, limit=MAX_VALUE_CHARS), seen)
    except OSError as exc:
        raise InvalidInput(f"Cannot read {path} ({exc.strerror}); choose a file to import.") from None
    except NotJson:
        raise InvalidInput(NOT_JSON.format(path=path)) from None
    except RepeatedName as exc:
        raise InvalidInput(
            f"{path} names {exc.name!r} twice in one object; this program never writes such a file. "
            "Nothing was imported."
        ) from None
    except TooLarge:
        raise InvalidInput(
            f"{path} holds a value larger than {MAX_VALUE_CHARS // MiB} Mi characters in one piece; "
            "that is not a bundle this program wrote. Nothing was imported."
        ) from None
    if seen.bundle_known():
        return "bundle", _bundle(seen, data), encrypted
    members = seen.members
    if "schema_version" in members and ("global_preferences" in members or "project_overrides" in members):
        return "legacy", _legacy(seen, size), encrypted
    raise InvalidInput(
        f"{path} is neither a creative memory bundle nor a prototype preferences.json; nothing was imported."
    )
