"""The params models of ``od-memory serve`` (``services/rpc/params.py``) and their committed schema."""

from __future__ import annotations

import json
from pathlib import Path

from creative_memory.model.constants import Actor
from creative_memory.services.context import Context
from creative_memory.services.location.datadir import DataDir
from creative_memory.services.rpc.host import Host
from creative_memory.services.rpc.params import METHODS, RetrieveParams, parse
from creative_memory.services.rpc.wire_schema import schema_text

REPO = Path(__file__).resolve().parents[2]
SCHEMA_FILE = REPO / "docs" / "rpc" / "serve.schema.json"


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "docs/rpc/serve.schema.json is stale; run "
        "python -m creative_memory.services.rpc.wire_schema > docs/rpc/serve.schema.json"
    )


def test_every_method_served_has_a_params_model_and_no_other(tmp_path: Path) -> None:
    ctx = Context(data_dir=DataDir(tmp_path, "flag"), user="local", actor=Actor.CLI)
    try:
        assert set(Host(ctx).methods) == set(METHODS)
    finally:
        ctx.close()


def test_the_schema_names_every_parameter_and_refuses_others() -> None:
    defs = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["$defs"]
    for name, model in METHODS.items():
        assert defs[name]["additionalProperties"] is False
        assert list(defs[name]["properties"]) == list(model.model_fields)
    assert defs["retrieve"]["properties"]["mode"]["enum"] == ["generation", "critique", "legacy"]
    assert defs["ingest"]["required"] == ["events"]
    assert defs["ingest"]["properties"]["events"]["maxItems"] == 1000


def test_left_out_params_are_the_defaults_and_numbers_may_be_integers() -> None:
    p = parse(RetrieveParams, "retrieve", None)
    assert (p.project_id, p.mode, p.dry_run, p.types, p.user_id, p.deadline_ms) == (
        None, "generation", False, None, None, None,
    )  # fmt: skip
    assert (
        parse(RetrieveParams, "retrieve", {"deadline_ms": 1_794_312_000_000}).deadline_ms
        == 1_794_312_000_000.0
    )
