"""``RetrievalRequest``: one retrieval's question, checked and normalised where it is made."""

from __future__ import annotations

import dataclasses
import unicodedata

import pytest

from creative_memory.model.constants import Mode, Origin
from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.retrieval.request import RetrievalRequest, WhatIf

NOW = 1_794_312_000_000


def test_ids_and_types_are_stored_in_their_nfc_form() -> None:
    nfd = unicodedata.normalize("NFD", "p_ndá")
    r = RetrievalRequest(
        unicodedata.normalize("NFD", "jérôme"), project_id=nfd, now=NOW, types=["color", "layout"]
    )
    assert r.project_id == "p_ndá" and r.project_id != nfd
    assert r.user_id == "jérôme"
    assert r.types == ("color", "layout")


def test_no_types_or_an_empty_list_ask_for_every_type() -> None:
    assert RetrievalRequest("local", project_id=None, now=NOW).types is None
    assert RetrievalRequest("local", project_id=None, now=NOW, types=[]).types is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"project_id": "bad id"}, "is not a project id"),
        ({"project_id": ""}, "project id"),
        ({"user_id": "a b"}, "is not a user id"),
        ({"types": ["color", "bad type"]}, "is not a preference type"),
        ({"types": "color"}, "^types must be a list of preference type names"),
        ({"mode": "poem"}, "^mode must be 'generation', 'critique' or 'legacy'[.]$"),
        ({"origin": "somewhere"}, "is not an origin of a retrieval"),
        ({"now": 1.5}, "^now must be a time in milliseconds since 1970"),
        ({"derive_at": True}, "^derive_at must be a time in milliseconds since 1970"),
    ],
)
def test_a_malformed_field_is_refused_in_one_sentence(fields: dict[str, object], words: str) -> None:
    asked: dict[str, object] = {"user_id": "local", "project_id": None, "now": NOW, **fields}
    with pytest.raises(InvalidInput, match=words):
        RetrievalRequest(**asked)  # type: ignore[arg-type]


def test_a_changed_copy_is_checked_again_and_keeps_the_rest() -> None:
    whatif = WhatIf(project_disabled=True)
    r = RetrievalRequest(
        "local", project_id="p_1", now=NOW, mode=Mode.CRITIQUE, origin=Origin.GUI, whatif=whatif
    )
    dry = dataclasses.replace(r, dry_run=True)
    assert dry.dry_run and (dry.project_id, dry.mode, dry.origin, dry.whatif) == (
        "p_1",
        Mode.CRITIQUE,
        Origin.GUI,
        whatif,
    )
    with pytest.raises(InvalidInput):
        dataclasses.replace(r, project_id="bad id")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.dry_run = True  # type: ignore[misc]
