"""The JSON Schema of the event wire shape, generated from the pydantic model that validates it.

``docs/events/events.schema.json`` is this module's output, committed; a test fails when the two
differ. Regenerate after changing ``model/events.py`` or ``model/vocabulary.py``::

    python -m creative_memory.services.ingest.wire_schema > docs/events/events.schema.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

from creative_memory.model.events import EventIn

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def event_schema() -> dict[str, Any]:
    """The schema of one event object (one line of ``od-memory ingest``'s input)."""
    return {"$schema": SCHEMA_DIALECT, **EventIn.model_json_schema(mode="validation")}


def schema_text() -> str:
    return json.dumps(event_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
