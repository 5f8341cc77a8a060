"""Decision 0105: look-alike capitals, separators such as the katakana middle dot and the tatweel
are part of the one definition of a name's spellings; blocks keyed before it still hold; a block's
reason is scrubbed as it is kept."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail
import pytest

from creative_memory.services.common.errors import NotFound
from creative_memory.services.common.spellings import Mentions, canonical_name, canonical_name_0076
from creative_memory.services.ingest import redaction
from creative_memory.services.ingest.blocklist import REASON_MAX, BlockChecker, Blocked, clean_reason
from creative_memory.services.ingest.ingest import ingest_jsonl
from creative_memory.services.inspection import explain
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store.store import Store


@pytest.fixture
def checker(tmp_path: Path) -> BlockChecker:
    return BlockChecker(SecretStore(config_dir=tmp_path, keyring_backend=keyring.backends.fail.Keyring()))


@pytest.mark.parametrize(
    ("spelled", "name"),
    [
        ("FL\u0391T_DESIGN", "flat_design"),  # Greek capital alpha
        ("FLA\u0422_DESIGN", "flat_design"),  # Cyrillic capital te
        ("flat_desi\u0261n", "flat_design"),  # Latin script g
        ("\u041c\u0395\u0422\u0391L", "metal"),  # every letter from another script
        ("\u0641\u0640\u0644\u0627\u062a", "\u0641\u0644\u0627\u062a"),  # the tatweel stretches a letter
        (
            "\u30d5\u30e9\u30c3\u30c8\u30fb\u30c7\u30b6\u30a4\u30f3",
            "\u30d5\u30e9\u30c3\u30c8_\u30c7\u30b6\u30a4\u30f3",
        ),
        (
            "\uff8c\uff97\uff6f\uff84\uff65\uff83\uff9e\uff7b\uff9e\uff72\uff9d",
            "\u30d5\u30e9\u30c3\u30c8_\u30c7\u30b6\u30a4\u30f3",
        ),
        ("flat\u2215design", "flat_design"),  # division slash
        ("flat\u2044design", "flat_design"),  # fraction slash
        ("flat\u2022design", "flat_design"),  # bullet
    ],
)
def test_a_look_alike_is_the_same_name_for_every_consumer(
    checker: BlockChecker, spelled: str, name: str
) -> None:
    canonical = canonical_name(name)
    assert canonical_name(spelled) == canonical
    text = f"we tried {spelled} again"
    assert Mentions([canonical]).found(text)
    fps = Blocked({checker.text_fingerprint(canonical)})
    fps.lengths = frozenset({len(canonical)})
    assert redaction.BLOCKED_TEXT in str(redaction.clean_diff(text, checker, fps))
    assert checker.blocked({checker.fingerprint("style", name)}, "style", spelled)


def test_a_greek_name_folds_alike_in_both_cases() -> None:
    """The look-alikes are read in lower case too, so a name of that script keeps one form."""
    assert canonical_name("\u0391\u0398\u0397\u039d\u0391") == canonical_name(
        "\u03b1\u03b8\u03b7\u03bd\u03b1"
    )


def test_blocks_keyed_before_decision_0105_still_hold(checker: BlockChecker) -> None:
    """A block made before keyed the name as decision 0076 folded it: the katakana middle dot was
    a letter then. Its pattern and its text are still found (the fold they were keyed in is asked
    too), while new blocks key the new fold."""
    name = "\u30d5\u30e9\u30c3\u30c8\u30fb\u30c7\u30b6\u30a4\u30f3"
    old = canonical_name_0076(name)
    assert old != canonical_name(name)
    fps = Blocked({checker._fp("style", old), checker.text_fingerprint(old)})
    fps.lengths = frozenset({len(old)})
    half_width = "\uff8c\uff97\uff6f\uff84\uff65\uff83\uff9e\uff7b\uff9e\uff72\uff9d"  # another spelling
    assert checker.blocked(fps, "style", half_width)
    diff = redaction.clean_diff(f"\u4eca\u65e5\u306f{half_width}\u3067\u3059", checker, fps)
    assert diff is not None and half_width not in diff and redaction.BLOCKED_TEXT in diff


def test_a_reason_is_scrubbed_as_it_is_kept() -> None:
    """Cut at its limit, a reason could part the blocked name from an accent that made it another
    word; what is kept holds no mention of the name."""
    reason = "x" * 489 + "flat desig" + "n" + "\u0308"
    kept = clean_reason(reason, ["flat_design"])
    assert kept is not None and len(kept) <= REASON_MAX
    assert not Mentions(["flat_design"]).found(kept)
    assert clean_reason("  keep it  ", ["flat_design"]) == "keep it"


def test_explain_finds_a_name_by_any_spelling_as_forget_does(store: Store) -> None:
    """Found in review: ``explain style FLAT-DESIGN`` said nothing was remembered while ``forget``
    of the same spelling erased it."""
    line = json.dumps(
        {"event_id": "e1", "signal_type": "explicit_tag", "tag": "love this", "occurred_at": "2026-11-01T00:00:01Z",
         "patterns": [{"preference_type": "style", "pattern": "flat_design", "polarity": "positive"}]}
    )  # fmt: skip
    ingest_jsonl(store, line, default_user="local", now=1_793_500_000_000)
    for spelled in ("FLAT-DESIGN", "\ufb02at_design", "fl\u0430t_design"):
        got = explain.load_explain(store, "local", "Style", spelled, None)
        assert got.preference is not None and got.preference.pattern == "flat_design"
        assert len(got.events) == 1
    with pytest.raises(NotFound):
        explain.load_explain(store, "local", "style", "flat_designs", None)
