"""The JSON Schema of the params of ``od-memory serve``'s methods, generated from the pydantic
models that check them (``services.rpc.params``).

``docs/rpc/serve.schema.json`` is this module's output, committed for the daemon; a test fails
when the two differ. Regenerate after changing ``services/rpc/params.py``::

    python -m creative_memory.services.rpc.wire_schema > docs/rpc/serve.schema.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

from creative_memory.services.ingest.wire_schema import SCHEMA_DIALECT
from creative_memory.services.rpc.params import METHODS


def params_schema() -> dict[str, Any]:
    """One schema per method under ``$defs`` (named after the method): what its ``params`` may
    hold. Leaving ``params`` out is the same as ``{}``."""
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "The params of od-memory serve's methods",
        "description": (
            "JSON-RPC 2.0 over standard input and output, one object per line "
            "(docs/decisions/0013-host-protocol.md). Each method takes named parameters: "
            "the object under $defs named after the method. An event of ingest is described "
            "by docs/events/events.schema.json."
        ),
        "$defs": {name: model.model_json_schema(mode="validation") for name, model in METHODS.items()},
    }


def schema_text() -> str:
    return json.dumps(params_schema(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
