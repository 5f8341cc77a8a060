"""Imagery as far as markup tells: photographs (JPEG, WebP, AVIF, video), illustrations (SVG drawn
inline or linked, GIF), and images whose kind the markup does not tell (PNG, an address without
an extension) — counted, never classified. Icons (drawn 48 px or smaller) are not imagery.

The address of an image is read for its kind only; it is not kept.
"""

from __future__ import annotations

from typing import Final

from creative_memory.services.extract.features import Group
from creative_memory.services.extract.measure import Page

_PHOTO: Final = (".jpg", ".jpeg", ".webp", ".avif", ".heic", ".jfif")
_DRAWN: Final = (".svg", ".gif")
_ICON_PX: Final = 48.0


def kind_of(address: str) -> str | None:
    """ "photo", "illustration" or None (the markup does not say) for an image's address."""
    a = address.strip().lower()
    if a.startswith("data:"):
        mime = a[5:].split(";", 1)[0].split(",", 1)[0]
        if mime in ("image/jpeg", "image/webp", "image/avif"):
            return "photo"
        if mime in ("image/svg+xml", "image/gif"):
            return "illustration"
        return None
    path = a.split("#", 1)[0].split("?", 1)[0]
    if path.endswith(_PHOTO):
        return "photo"
    if path.endswith(_DRAWN):
        return "illustration"
    return None


def _small(attrs: dict[str, str | None]) -> bool:
    sizes = []
    for name in ("width", "height"):
        raw = (attrs.get(name) or "").strip().removesuffix("px")
        try:
            sizes.append(float(raw))
        except ValueError:
            return False
    return all(s <= _ICON_PX for s in sizes)


def imagery(page: Page) -> Group:
    photos = drawn = unknown = 0
    nodes = page.styled.nodes
    for i in page.visible:
        box = page.boxes[i]
        node = nodes[i]
        kind: str | None = None
        counted = False
        if box.tag == "img":
            if _small(node.attributes):
                continue
            kind, counted = kind_of(node.attributes.get("src") or ""), True
        elif box.tag == "video":
            kind, counted = "photo", True
        elif box.tag == "svg":
            if _small(node.attributes):
                continue
            kind, counted = "illustration", True
        image = box.props.get("background-image")
        if not counted and image:
            for t in image:
                if t.type == "url":
                    kind, counted = kind_of(str(t.value)), True
                elif t.type == "function" and t.lower_name == "url" and t.arguments:
                    kind, counted = kind_of(str(t.arguments[0].value)), True
        if not counted:
            continue
        if kind == "photo":
            photos += 1
        elif kind == "illustration":
            drawn += 1
        else:
            unknown += 1
    out: Group = {"photos": photos, "illustrations": drawn, "unknown_images": unknown}
    if photos and photos >= drawn:
        out["kind"] = "photo"
    elif drawn:
        out["kind"] = "illustration"
    elif not unknown:
        out["kind"] = "none"
    return out
