"""An edit → evidence: what moved between the page before and the page after, as patterns of the
vocabulary with a polarity and a sentence that says why.

For each property both pages decide:

- a categorical property that changed (a serif body set in a sans) gives the new category
  positive and the old one negative;
- an ordered property whose degree changed gives the new degree positive and the old one negative
  — except that two neighbouring degrees of a scale of three are never given together (a block
  must not prefer one and avoid its neighbour): of the two, the one at the end of the scale is
  kept (``regular → airy`` spacing: airy positive; ``tight → regular``: tight negative);
- an ordered property that stayed at an end of its scale but went further toward it by a quarter
  or more (``airy``: 24 → 40 px) gives that end positive.

A change of the words alone moves no feature, so it gives no evidence.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from creative_memory.services.extract.page import Features, read_features
from creative_memory.services.extract.vocabulary import (
    EXTRACTOR_VERSION,
    PROPERTIES,
    FeatureValue,
    Property,
    Shown,
)

_FURTHER: Final = 0.25
# The feature that names what a category is (a typeface's family, an accent's colour).
_NAMED_BY: Final[dict[str, str]] = {
    "body_typeface": "body_font",
    "heading_typeface": "heading_font",
    "accent": "accent",
}


@dataclass(frozen=True, slots=True)
class Evidence:
    extractor_version: str
    before: Features
    after: Features
    patterns: tuple[Shown, ...]


def edit_evidence(before_html: str, after_html: str) -> Evidence:
    before, _, _ = read_features(before_html)
    after, _, _ = read_features(after_html)
    return Evidence(EXTRACTOR_VERSION, before, after, tuple(moves(before, after)))


def moves(
    before: Mapping[str, Mapping[str, FeatureValue]], after: Mapping[str, Mapping[str, FeatureValue]]
) -> Iterator[Shown]:
    for prop in PROPERTIES:
        old, new = prop.value(before), prop.value(after)
        i, j = prop.degree(old), prop.degree(new)
        if old is None or new is None or i is None or j is None:
            continue
        if not prop.ordered:
            if i != j:
                because = f"{prop.what} went from {_named(prop, before, old)} to {_named(prop, after, new)}"
                yield Shown(prop.preference_type, prop.degrees[j], "positive", because)
                yield Shown(prop.preference_type, prop.degrees[i], "negative", because)
            continue
        assert not isinstance(old, str) and not isinstance(new, str)
        because = _moved(prop, old, new, i, j)
        if i != j:
            keep_new = not prop.neighbours(i, j) or prop.is_end(j)
            keep_old = not prop.neighbours(i, j) or (prop.is_end(i) and not prop.is_end(j))
            if keep_new:
                yield Shown(prop.preference_type, prop.degrees[j], "positive", because)
            if keep_old:
                yield Shown(prop.preference_type, prop.degrees[i], "negative", because)
        elif prop.is_end(i) and _further(prop, old, new, i):
            yield Shown(prop.preference_type, prop.degrees[i], "positive", because)


def _further(prop: Property, old: float, new: float, i: int) -> bool:
    """Whether ``new`` lies at least a quarter further than ``old`` toward the end degree ``i``."""
    toward_top = i == len(prop.degrees) - 1
    step = new - old if toward_top else old - new
    return step > 0 and step >= _FURTHER * max(abs(old), abs(new))


def _moved(prop: Property, old: float, new: float, i: int, j: int) -> str:
    verb = "grew" if new > old else "fell"
    text = f"{prop.what} {verb} from {_number(old)} to {prop.show(new)}"
    if i != j:
        text += f" ({prop.degrees[i].replace('_', ' ')} → {prop.degrees[j].replace('_', ' ')})"
    return text


def _number(value: float) -> str:
    return f"{value:g}"


def _named(prop: Property, features: Mapping[str, Mapping[str, FeatureValue]], value: FeatureValue) -> str:
    name = features.get(prop.group, {}).get(_NAMED_BY.get(prop.name, ""))
    return f"{value} ({name})" if name is not None else str(value)
