"""Shared measuring helpers over the styled boxes: which boxes carry text, which are body text and
headings, weighted medians, and one box's lengths in px.

Every text box weighs the same, however long its text: what a page's text is set in is counted by
element, so an edit of the words alone moves no feature (decision 0064).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from creative_memory.services.extract.cascade import Box, Styled
from creative_memory.services.extract.shorthands import Value
from creative_memory.services.extract.values import VIEW_W, length_px, significant

# Running text: paragraphs, list items, quotes, definitions, captions (not table cells or labels,
# which dashboards set in a face of their own).
BODY_TAGS: Final = frozenset({"p", "li", "dd", "blockquote", "figcaption"})
HEADING_TAGS: Final = frozenset({"h1", "h2", "h3"})


@dataclass(slots=True)
class Page:
    """The styled boxes with what every feature asks of them, computed once."""

    styled: Styled
    boxes: list[Box]
    visible: list[int]
    text: list[int]  # visible boxes with text of their own
    body: list[int]  # text boxes of running text (paragraphs, items…), else every text box but headings
    headings: list[int]  # text boxes inside h1–h3
    width_limit: list[float]  # px: the narrowest width or max-width around each box


def survey(styled: Styled) -> Page:
    boxes = styled.boxes
    visible = [i for i, b in enumerate(boxes) if not b.hidden]
    text = [i for i in visible if boxes[i].chars > 0]
    in_body = [False] * len(boxes)
    in_heading = [False] * len(boxes)
    limit = [VIEW_W] * len(boxes)
    for i, b in enumerate(boxes):
        p = b.parent
        in_body[i] = b.tag in BODY_TAGS or (p >= 0 and in_body[p])
        in_heading[i] = b.tag in HEADING_TAGS or (p >= 0 and in_heading[p])
        limit[i] = min(limit[p] if p >= 0 else VIEW_W, _own_limit(b, styled.root_px))
    body = [i for i in text if in_body[i] and not in_heading[i]] or [i for i in text if not in_heading[i]]
    headings = [i for i in text if in_heading[i]]
    return Page(styled, boxes, visible, text, body, headings, limit)


def _own_limit(box: Box, root_px: float) -> float:
    """The box's own width or max-width in px (a percentage of a box of unknown width is left out)."""
    found = VIEW_W
    for name in ("max-width", "width"):
        value = box.props.get(name)
        if value is None:
            continue
        px = length_px(value, box.ctx(root_px))
        if px is not None and px > 0:
            found = min(found, px)
    return found


def px(box: Box, value: Value | None, root_px: float) -> float | None:
    """One of the box's lengths in px (a percentage is left out)."""
    if value is None:
        return None
    return length_px(value, box.ctx(root_px))


def median(values: Sequence[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def mode(values: Iterable[str]) -> str | None:
    """The most frequent value; ties go to the one seen first."""
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


def word(value: Value | None) -> str | None:
    if value is None:
        return None
    sig = significant(value)
    return str(sig[0].lower_value) if len(sig) == 1 and sig[0].type == "ident" else None


def rounded(value: float, places: int = 1) -> float:
    return round(value, places) + 0.0  # +0.0: no -0.0 in the output
