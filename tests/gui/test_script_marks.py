"""A word that mixes Latin letters with look-alikes of another script names that script, in the
window's language (decision 0107): ``FLAT DESIGΝ[griechisch]`` in German."""

from __future__ import annotations

from typing import Any

from harness import speaking

from creative_memory.gui.visible import shown_name


def test_a_look_alike_is_named_by_its_script_in_the_windows_language(qapp: Any) -> None:
    assert shown_name("FLAT_DESIG\u039d").strip("\u2068\u2069") == "FLAT DESIG\u039d[Greek]"
    with speaking(qapp, "de"):
        assert shown_name("GLOSS\u03a5").strip("\u2068\u2069") == "GLOSS\u03a5[griechisch]"
        assert shown_name("fl\u0430t").strip("\u2068\u2069") == "fl\u0430[kyrillisch]t"
    assert (
        shown_name("\u03ba\u03b1\u03c6\u03ad\u03c2") == "\u03ba\u03b1\u03c6\u03ad\u03c2"
    )  # one script: as it is
