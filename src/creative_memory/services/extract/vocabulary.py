"""The extractor's closed vocabulary: each style property, the feature that measures it and its
degrees — ordered (``tight_spacing < regular_spacing < airy_spacing``) or, for kinds that have no
order (a typeface's class, an accent's hue), a set of categories. Decision 0064 has the table.

``EXTRACTOR_VERSION`` names the extractor and this table together: a change of a threshold, a
degree or a measure is a new version.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final

EXTRACTOR_VERSION: Final = "extract-1"

FeatureValue = float | int | str


@dataclass(frozen=True, slots=True)
class Property:
    name: str
    preference_type: str
    group: str
    feature: str
    degrees: tuple[str, ...]  # patterns, lowest degree first (ordered) or one per category
    bounds: tuple[float, ...] = ()  # ordered: the upper bound of every degree but the last
    categories: tuple[str, ...] = ()  # categorical: the feature value of each degree
    unit: str = ""
    what: str = ""  # the measure in a person's words

    @property
    def ordered(self) -> bool:
        return bool(self.bounds)

    def value(self, features: Mapping[str, Mapping[str, FeatureValue]]) -> FeatureValue | None:
        return features.get(self.group, {}).get(self.feature)

    def degree(self, value: FeatureValue | None) -> int | None:
        """The position of ``value``'s degree in ``degrees``; None when it has none."""
        if value is None:
            return None
        if self.ordered:
            if isinstance(value, str):
                return None
            for i, bound in enumerate(self.bounds):
                if value <= bound:
                    return i
            return len(self.bounds)
        return self.categories.index(value) if value in self.categories else None

    def show(self, value: FeatureValue) -> str:
        text = f"{value:g}" if isinstance(value, float) else str(value)
        return f"{text}{_spaced(self.unit)}"

    def span(self, i: int) -> str:
        """The values degree ``i`` covers, in words (``11–20 px``)."""
        if not self.ordered:
            return self.categories[i]
        unit = _spaced(self.unit)
        if i == 0:
            return f"up to {self.bounds[0]:g}{unit}"
        if i == len(self.bounds):
            return f"over {self.bounds[-1]:g}{unit}"
        return f"over {self.bounds[i - 1]:g}, up to {self.bounds[i]:g}{unit}"

    def neighbours(self, i: int, j: int) -> bool:
        """Adjacent degrees of an ordered scale of three or more (on two, they are opposites)."""
        return self.ordered and len(self.degrees) > 2 and abs(i - j) == 1

    def is_end(self, i: int) -> bool:
        return i in (0, len(self.degrees) - 1)


def _spaced(unit: str) -> str:
    """A unit as it follows a number: ``12 px``, ``4.5:1``."""
    return unit if not unit or unit.startswith(":") else f" {unit}"


_FAMILIES: Final = ("serif", "sans", "mono", "display")
_HUES: Final = ("red", "orange", "yellow", "green", "teal", "blue", "purple", "pink")

# fmt: off
PROPERTIES: Final[tuple[Property, ...]] = (
    Property("spacing", "spacing", "spacing", "scale_px",
             ("tight_spacing", "regular_spacing", "airy_spacing"), bounds=(10.0, 20.0), unit="px",
             what="the usual padding, margin and gap"),
    Property("body_typeface", "typography", "type", "body_family",
             tuple(f"{f}_body_text" for f in _FAMILIES), categories=_FAMILIES, what="the body text's typeface"),
    Property("heading_typeface", "typography", "type", "heading_family",
             tuple(f"{f}_headlines" for f in _FAMILIES), categories=_FAMILIES, what="the headlines' typeface"),
    Property("text_size", "typography", "type", "body_px",
             ("small_text", "regular_text", "large_text"), bounds=(14.5, 17.5), unit="px",
             what="the body text's size"),
    Property("type_scale", "typography", "type", "scale_ratio",
             ("flat_type_scale", "moderate_type_scale", "dramatic_type_scale"), bounds=(2.0, 4.0),
             unit="×", what="the largest headline against the body text"),
    Property("leading", "typography", "type", "leading",
             ("tight_leading", "regular_leading", "loose_leading"), bounds=(1.35, 1.6),
             what="the body text's line height"),
    Property("tracking", "typography", "type", "heading_tracking_em",
             ("tight_tracking", "normal_tracking", "wide_tracking"), bounds=(-0.01, 0.02), unit="em",
             what="the headlines' letter spacing"),
    Property("case", "typography", "type", "uppercase_share",
             ("sentence_case", "uppercase_labels", "all_caps"), bounds=(0.02, 0.3),
             what="the share of text set in capitals"),
    Property("ground", "color", "color", "ground_luminance",
             ("dark_ground", "light_ground"), bounds=(0.18,), what="the ground's luminance"),
    Property("saturation", "color", "color", "saturation",
             ("muted_palette", "balanced_palette", "vivid_palette"), bounds=(0.12, 0.3),
             what="the palette's saturation"),
    Property("temperature", "color", "color", "temperature",
             ("cool_palette", "neutral_palette", "warm_palette"), bounds=(-0.03, 0.03),
             what="the palette's temperature"),
    Property("accent", "color", "color", "accent_family",
             tuple(f"{h}_accents" for h in _HUES), categories=_HUES, what="the accent colour's hue"),
    Property("contrast", "color", "color", "contrast",
             ("low_contrast_text", "medium_contrast_text", "high_contrast_text"), bounds=(4.5, 12.0),
             unit=":1", what="the text's contrast on its ground"),
    Property("corners", "shape", "shape", "radius_px",
             ("square_corners", "soft_corners", "rounded_corners"), bounds=(2.0, 10.0), unit="px",
             what="the usual corner radius"),
    Property("borders", "shape", "shape", "border_px",
             ("borderless", "hairline_borders", "heavy_borders"), bounds=(0.0, 1.5), unit="px",
             what="the usual border width"),
    Property("shadows", "shape", "shape", "shadow_px",
             ("no_shadows", "soft_shadows", "drop_shadows"), bounds=(0.0, 16.0), unit="px",
             what="the deepest shadow"),
    Property("gradients", "shape", "shape", "gradient_boxes",
             ("flat_fills", "gradient_fills"), bounds=(0.0,), what="the boxes filled with a gradient"),
    Property("content_width", "layout", "layout", "content_px",
             ("narrow_content", "medium_content", "wide_content"), bounds=(760.0, 1120.0), unit="px",
             what="the text column's width"),
    Property("columns", "layout", "layout", "columns",
             ("single_column", "few_columns", "dense_grids"), bounds=(1.0, 3.0),
             what="the most columns of a grid"),
    Property("title_alignment", "layout", "layout", "centered_title_share",
             ("left_aligned_titles", "centered_titles"), bounds=(0.5,),
             what="the share of headlines centred"),
    Property("imagery", "imagery", "imagery", "kind",
             ("no_imagery", "illustrated_imagery", "photographic_imagery"),
             categories=("none", "illustration", "photo"), what="the page's imagery"),
)
# fmt: on

BY_PATTERN: Final[dict[str, tuple[Property, int]]] = {
    pattern: (prop, i) for prop in PROPERTIES for i, pattern in enumerate(prop.degrees)
}


#: the most characters an explanation keeps (a page's own names, such as a font family, can be
#: long); a bundle holds an imported event's explanations to the same bound
MAX_BECAUSE: Final = 300


@dataclass(frozen=True, slots=True)
class Shown:
    """A pattern with its polarity and the values that decided it, in a person's words (at most
    :data:`MAX_BECAUSE` characters, shortened with "…")."""

    preference_type: str
    pattern: str
    polarity: str
    because: str

    def __post_init__(self) -> None:
        if len(self.because) > MAX_BECAUSE:
            object.__setattr__(self, "because", self.because[: MAX_BECAUSE - 1] + "…")

    def as_json(self) -> dict[str, str]:
        return {
            "preference_type": self.preference_type,
            "pattern": self.pattern,
            "polarity": self.polarity,
            "because": self.because,
        }


def shown(features: Mapping[str, Mapping[str, FeatureValue]]) -> Iterator[Shown]:
    """The degree of every property the page's features decide, as an accepted page shows them."""
    for prop in PROPERTIES:
        value = prop.value(features)
        i = prop.degree(value)
        if value is None or i is None:
            continue
        because = f"{prop.what}: {prop.show(value)}"
        if prop.ordered:
            because += f" ({prop.degrees[i].replace('_', ' ')}: {prop.span(i)})"
        yield Shown(prop.preference_type, prop.degrees[i], "positive", because)


def conflicts(items: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Pairs (preferred, avoided) of the vocabulary that a block must not hold together: the same
    property's neighbouring degrees, or one degree both preferred and avoided. ``items`` are
    (pattern, polarity); patterns outside the vocabulary (a host's own) never conflict here."""
    pairs = list(items)
    preferred = [BY_PATTERN[p] for p, pol in pairs if pol == "positive" and p in BY_PATTERN]
    avoided = [BY_PATTERN[p] for p, pol in pairs if pol == "negative" and p in BY_PATTERN]
    found: list[tuple[str, str]] = []
    for prop, i in preferred:
        for other, j in avoided:
            if other.name == prop.name and (i == j or prop.neighbours(i, j)):
                found.append((prop.degrees[i], other.degrees[j]))
    return found
