"""Names at the service boundary: :mod:`creative_memory.model.names`' one check, as an InvalidInput.

Every service that takes an id, a preference type or a pattern from a person or a host (forget,
project switches, ``--user``, retrieval's project, the GUI's dialogs through these services) calls
:func:`valid_name` before it reads or changes anything, and works with the NFC form it returns —
so a gate is always checked on the same string the setting was stored under.
"""

from __future__ import annotations

from creative_memory.model.names import InvalidName, check_name
from creative_memory.services.common.errors import InvalidInput


def valid_name(value: object, what: str = "name") -> str:
    """The stored (NFC) form of a valid name; InvalidInput with one sentence otherwise."""
    try:
        return check_name(value, what)
    except InvalidName as exc:
        raise InvalidInput(str(exc)) from None


def valid_project(value: object) -> str:
    """A project id as given to any command or to the retrieval service, normalised for the gates."""
    return valid_name(value, "project id")


def optional_project(value: object | None) -> str | None:
    return None if value is None else valid_project(value)
