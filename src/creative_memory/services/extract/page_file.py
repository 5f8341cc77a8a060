"""Reading a page a person names (``od-memory extract PAGE``): the one place of this package that
touches files; the extractor itself is pure.

A page is a UTF-8 HTML file of at most 2 MB, the largest page an event may carry. Anything else is
:class:`~creative_memory.services.common.errors.InvalidInput` with one sentence that says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.store import held_files

MAX_PAGE_BYTES: Final = 2 * 1024 * 1024


def read_page_file(name: str, role: str = "the page") -> str:
    """The text of the HTML page named ``name``; ``role`` names it in the sentence of an error."""
    if not name.strip():
        raise InvalidInput(f"The name of {role} is empty; name an HTML file.")
    path = Path(name)
    if path.is_dir():
        raise InvalidInput(f"{path} is a folder; name the HTML file of {role} instead.")
    try:
        # A store's file named by mistake is read without dropping this process's SQLite locks.
        raw = held_files.read_head(path, MAX_PAGE_BYTES + 1)
    except FileNotFoundError:
        raise InvalidInput(f"{path} does not exist; name the HTML file of {role}.") from None
    except OSError as exc:
        raise InvalidInput(
            f"{path} cannot be read ({exc.strerror or exc}); name a readable HTML file."
        ) from None
    if len(raw) > MAX_PAGE_BYTES:
        raise InvalidInput(f"{path} is over 2 MB, the most a page may be; name a smaller page.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{path} is not UTF-8 text; save {role} as UTF-8 HTML.") from None
