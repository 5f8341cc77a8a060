"""Render the application icon (resources/icons/app.svg) to the hicolor PNG sizes.

    python packaging/render_icons.py [--check]

Writes ``resources/icons/hicolor/<n>x<n>/apps/io.opendesign.CreativeMemoryStudio.png`` for
n in 16, 24, 32, 48, 64, 128, 256, 512, using Qt's own SVG renderer (QtSvg is part of
PySide6-Essentials), so the PNGs match what the running program draws. ``--check`` renders to
memory and exits 1 if any shipped PNG is missing or differs from a fresh render (for CI).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

REPO_ROOT = Path(__file__).resolve().parents[1]
ICONS = REPO_ROOT / "src" / "creative_memory" / "resources" / "icons"
APP_ID = "io.opendesign.CreativeMemoryStudio"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("PNG encoding failed")
    buffer.close()
    return bytes(data.data())


def target(size: int) -> Path:
    return ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="verify the shipped PNGs instead of writing")
    parser.add_argument("--source", type=Path, default=ICONS / "app.svg", help="the SVG to render")
    args = parser.parse_args(argv)

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(args.source))
    if not renderer.isValid():
        print(f"error: {args.source} is not a valid SVG for QtSvg", file=sys.stderr)
        return 2

    stale: list[Path] = []
    for size in SIZES:
        data = png_bytes(render(renderer, size))
        path = target(size)
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(REPO_ROOT)} ({len(data)} bytes)")

    if stale:
        for path in stale:
            print(f"stale or missing: {path.relative_to(REPO_ROOT)}", file=sys.stderr)
        print("run: python packaging/render_icons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
