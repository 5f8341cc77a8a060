"""One page → its features (and, with the vocabulary, the patterns they show).

``read_features`` parses the HTML with Lexbor, runs the cascade and measures each group; the
result is plain data (``{"spacing": {"scale_px": 16.0, …}, "type": {…}, …}``), the same for the
same page under the same ``EXTRACTOR_VERSION``.
"""

from __future__ import annotations

from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

from creative_memory.services.extract.cascade import style_page
from creative_memory.services.extract.features import Group, layout, shape, spacing, typography
from creative_memory.services.extract.imagery import imagery
from creative_memory.services.extract.measure import survey
from creative_memory.services.extract.palette import color
from creative_memory.services.extract.vocabulary import EXTRACTOR_VERSION, Shown, shown

Features = dict[str, Group]


@dataclass(frozen=True, slots=True)
class Extraction:
    extractor_version: str
    features: Features
    patterns: tuple[Shown, ...]
    rules: int  # style rules that apply in the reference window
    left_out: int  # rules and selectors that static CSS could not decide


def read_features(html: str) -> tuple[Features, int, int]:
    """(features, rules applied, rules left out) of one page."""
    styled = style_page(LexborHTMLParser(html))
    page = survey(styled)
    features: Features = {
        "spacing": spacing(page),
        "type": typography(page),
        "color": color(page),
        "shape": shape(page),
        "layout": layout(page),
        "imagery": imagery(page),
    }
    return features, styled.rules, styled.left_out


def extract(html: str) -> Extraction:
    features, rules, left_out = read_features(html)
    return Extraction(EXTRACTOR_VERSION, features, tuple(shown(features)), rules, left_out)
