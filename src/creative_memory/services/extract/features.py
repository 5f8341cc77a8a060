"""Spacing, type, shape and layout features of a surveyed page (colour: ``palette.py``, imagery:
``imagery.py``). Each function returns the measures it could decide; one it could not is absent.
"""

from __future__ import annotations

import math
from typing import Any, Final

from creative_memory.services.extract.colors import parse_color
from creative_memory.services.extract.measure import Page, median, mode, px, rounded, word
from creative_memory.services.extract.shorthands import CORNERS, SIDES
from creative_memory.services.extract.typefaces import family_class
from creative_memory.services.extract.values import length_px, significant, split_commas

FeatureValue = float | int | str
Group = dict[str, FeatureValue]

_SPACING_PROPS: Final = (
    *(f"padding-{s}" for s in SIDES),
    *(f"margin-{s}" for s in SIDES),
    "row-gap",
    "column-gap",
)
_BORDER_WIDTH_WORDS: Final = {"thin": 1.0, "medium": 3.0, "thick": 5.0}


def spacing(page: Page) -> Group:
    """The usual padding, margin and gap: their median in px and relative to the box's text size."""
    values: list[float] = []
    in_em: list[float] = []
    for i in page.visible:
        box = page.boxes[i]
        for name in _SPACING_PROPS:
            v = px(box, box.props.get(name), page.styled.root_px)
            if v is not None and v > 0:
                values.append(v)
                in_em.append(v / box.font_px)
    out: Group = {"values": len(values)}
    scale = median(values)
    if scale is not None:
        out["scale_px"] = rounded(scale)
        out["scale_em"] = rounded(median(in_em) or 0.0, 2)
    return out


def typography(page: Page) -> Group:
    boxes = page.boxes
    out: Group = {}
    _family(out, "body", _usual_stack(page, page.body))
    _family(out, "heading", _usual_stack(page, page.headings))
    body_px = median([boxes[i].font_px for i in page.body])
    if body_px is None:
        return out
    out["body_px"] = rounded(body_px)
    sized = page.headings or page.text
    largest = max(boxes[i].font_px for i in sized)
    out["largest_px"] = rounded(largest)
    out["scale_ratio"] = rounded(largest / body_px, 2)
    leading = [_leading(boxes[i].line_height, boxes[i].font_px) for i in page.body]
    known = [v for v in leading if v is not None]
    if known and len(known) * 2 >= len(leading):
        out["leading"] = rounded(median(known) or 0.0, 2)
    tracked = [boxes[i].letter_px for i in (page.headings or page.body)]
    tracking = [
        t / boxes[i].font_px
        for t, i in zip(tracked, page.headings or page.body, strict=True)
        if t is not None
    ]
    if tracking:
        out["heading_tracking_em"] = rounded(median(tracking) or 0.0, 3)
    caps = sum(1 for i in page.text if boxes[i].transform == "uppercase")
    out["uppercase_share"] = rounded(caps / len(page.text), 2)
    return out


def _usual_stack(page: Page, which: list[int]) -> tuple[str, ...] | None:
    """The font stack most of these boxes are set in (by its first family)."""
    stacks = [f for i in which if (f := page.boxes[i].family)]
    first = mode(f[0] for f in stacks)
    return next((f for f in stacks if f[0] == first), None)


def _family(out: Group, role: str, stack: tuple[str, ...] | None) -> None:
    cls = family_class(stack)
    if stack is None or cls is None:
        return
    out[f"{role}_family"] = cls
    out[f"{role}_font"] = stack[0]


def _leading(line: tuple[str, float] | None, font_px: float) -> float | None:
    if line is None:
        return None
    kind, value = line
    return value if kind == "ratio" else value / font_px


def shape(page: Page) -> Group:
    radii: list[float] = []
    widths: list[float] = []
    shadow_depth = 0.0
    shadowed = gradients = 0
    root = page.styled.root_px
    for i in page.visible:
        box = page.boxes[i]
        corners = [px(box, box.props.get(f"border-{c}-radius"), root) for c in CORNERS]
        largest = max((c for c in corners if c is not None), default=0.0)
        if largest > 0:
            radii.append(min(largest, 999.0))
        for side in SIDES:
            w = _border_width(box.props, side, box, root)
            if w:
                widths.append(w)
        depth = _shadow_depth(box.props.get("box-shadow"), box, root)
        if depth is not None:
            shadowed += 1
            shadow_depth = max(shadow_depth, depth)
        image = box.props.get("background-image")
        if image and any(t.type == "function" and "gradient" in t.lower_name for t in image):
            gradients += 1
    out: Group = {
        "rounded_boxes": len(radii),
        "radius_px": rounded(median(radii) or 0.0),
        "bordered_sides": len(widths),
        "border_px": rounded(median(widths) or 0.0),
        "shadowed_boxes": shadowed,
        "shadow_px": rounded(shadow_depth),
        "gradient_boxes": gradients,
    }
    return out


def _border_width(props: dict[str, Any], side: str, box: Any, root: float) -> float | None:
    style = word(props.get(f"border-{side}-style"))
    if style in (None, "none", "hidden"):
        return None
    value = props.get(f"border-{side}-width")
    if value is None:
        return 3.0  # the initial width, medium
    w = word(value)
    if w is not None:
        return _BORDER_WIDTH_WORDS.get(w)
    return px(box, value, root)


def _shadow_depth(value: Any, box: Any, root: float) -> float | None:
    """The deepest outer shadow of a ``box-shadow``: blur + vertical offset, in px; None: no shadow."""
    if value is None or word(value) == "none":
        return None
    deepest: float | None = None
    for layer in split_commas(value):
        parts = significant(layer)
        if any(t.type == "ident" and t.lower_value == "inset" for t in parts):
            continue
        lengths: list[float] = []
        faint = False
        for t in parts:
            color = parse_color(t)
            if color is not None:
                faint = color.a < 0.05
                continue
            v = length_px([t], box.ctx(root))
            if v is not None:
                lengths.append(v)
        if faint or len(lengths) < 2:
            continue
        y = abs(lengths[1])
        blur = lengths[2] if len(lengths) > 2 else 0.0
        spread = lengths[3] if len(lengths) > 3 else 0.0
        depth = y + blur + max(spread, 0.0)
        if depth > 0:
            deepest = max(deepest or 0.0, depth)
    return deepest


def layout(page: Page) -> Group:
    boxes = page.boxes
    out: Group = {}
    if page.body:
        content = median([page.width_limit[i] for i in page.body])
        if content is not None:
            out["content_px"] = rounded(content)
    columns = 1
    children: dict[int, int] = {}
    for i in page.visible:
        p = boxes[i].parent
        if p >= 0:
            children[p] = children.get(p, 0) + 1
    for i in page.visible:
        if word(boxes[i].props.get("display")) not in ("grid", "inline-grid") or children.get(i, 0) < 2:
            continue
        tracks = _tracks(boxes[i].props.get("grid-template-columns"), page.width_limit[i], boxes[i], page)
        if tracks is not None:
            columns = max(columns, min(tracks, children[i]))
    out["columns"] = columns
    if page.headings:
        centered = sum(1 for i in page.headings if boxes[i].align == "center")
        out["centered_title_share"] = rounded(centered / len(page.headings), 2)
    return out


def _tracks(value: Any, width: float, box: Any, page: Page) -> int | None:
    if value is None:
        return None
    count = 0
    for t in significant(value):
        if t.type == "[] block":
            continue
        if t.type == "function" and t.lower_name == "repeat":
            parts = split_commas(t.arguments)
            if len(parts) < 2:
                return None
            first = significant(parts[0])
            inner = _tracks(tuple(tok for part in parts[1:] for tok in part), width, box, page)
            if inner is None or not first:
                return None
            if first[0].type == "number":
                count += int(first[0].value) * inner
            elif first[0].type == "ident" and first[0].lower_value in ("auto-fill", "auto-fit"):
                smallest = _min_track(parts[1], box, page)
                if smallest is None:
                    return None
                gap = px(box, box.props.get("column-gap"), page.styled.root_px) or 0.0
                count += max(1, math.floor((width + gap) / (smallest + gap)))
            else:
                return None
        elif t.type in ("dimension", "percentage", "number", "function") or (
            t.type == "ident" and t.lower_value in ("auto", "min-content", "max-content")
        ):
            count += 1
        else:
            return None
    return count or None


def _min_track(tokens: Any, box: Any, page: Page) -> float | None:
    """The smallest size of ``minmax(240px, 1fr)`` (or of a plain length) in px."""
    sig = significant(tokens)
    if len(sig) != 1:
        return None
    t = sig[0]
    if t.type == "function" and t.lower_name == "minmax":
        parts = split_commas(t.arguments)
        v = px(box, tuple(parts[0]), page.styled.root_px)
    else:
        v = px(box, (t,), page.styled.root_px)
    return v if v is not None and v > 0 else None
