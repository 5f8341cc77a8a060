"""How the Preview shows a composed prefix: ``## Personal memory`` and ``## Creative memory`` as two
tinted blocks (colours derived from the palette, so they read in light and dark), the rest muted,
and the token estimate of each."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QFont, QPalette, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QTextEdit

from creative_memory.gui.icons import mix
from creative_memory.gui.visible import for_display
from creative_memory.gui.widgets.banner import is_dark
from creative_memory.services.retrieval import preview
from creative_memory.services.retrieval.personal import CUSTOM_PLACEHOLDER, PERSONAL_TRAILER


def section_colours(palette: QPalette) -> dict[str, tuple[QColor, QColor]]:
    """(background, accent) per block kind, tuned for the palette's lightness."""
    dark = is_dark(palette)
    base = palette.color(QPalette.ColorRole.Base)
    personal = QColor("#7fd4a8") if dark else QColor("#0f6e3c")
    creative = QColor("#c9a4fb") if dark else QColor("#7229c2")
    amount = 0.17 if dark else 0.085
    return {
        "personal": (mix(base, personal, amount), personal),
        "creative": (mix(base, creative, amount), creative),
    }


def parts_of(result: preview.Preview) -> list[tuple[str, str]]:
    """The prefix as (kind, text) parts: personal, its trailer, creative, the custom placeholder."""
    parts: list[tuple[str, str]] = []
    if result.personal_block:
        parts.append(("personal", result.personal_block))
        parts.append(("custom", PERSONAL_TRAILER))
    if result.block:
        parts.append(("creative", result.block))
    if parts:
        parts.append(("custom", CUSTOM_PLACEHOLDER))
    return parts


def render_prefix(view: QTextEdit, result: preview.Preview | None) -> None:
    """Paint ``result`` into ``view``, each part in its colours, keeping the scroll position."""
    scroll = view.verticalScrollBar().value()
    doc = view.document()
    doc.clear()
    if result is None:
        return
    parts = parts_of(result)
    if "\n\n".join(body for _, body in parts) != result.text:
        # The composition changed shape: show it exactly, uncoloured, rather than guess.
        view.setPlainText(for_display(result.text, isolate=False, keep_newlines=True))
        return
    palette = view.palette()
    colours = section_colours(palette)
    text_colour = palette.color(QPalette.ColorRole.Text)
    muted = palette.color(QPalette.ColorRole.PlaceholderText)
    pad = view.fontMetrics().averageCharWidth() * 1.2
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()
    first = True
    for n, (kind, body) in enumerate(parts):
        if n > 0:
            gap = QTextBlockFormat()
            cursor.insertBlock(gap, QTextCharFormat())
        lines = body.split("\n")
        for i, line in enumerate(lines):
            bf = QTextBlockFormat()
            cf = QTextCharFormat()
            cf.setForeground(text_colour)
            if kind in colours:
                background, accent = colours[kind]
                bf.setBackground(background)
                bf.setLeftMargin(pad)
                bf.setRightMargin(pad)
                if line.startswith("## ") or line == "[MEMORY CONTEXT]":
                    cf.setForeground(accent)
                    cf.setFontWeight(QFont.Weight.Bold)
                elif line.startswith("### "):
                    cf.setForeground(accent)
                    cf.setFontWeight(QFont.Weight.DemiBold)
                if i == 0:
                    bf.setTopMargin(pad / 2)
                if i == len(lines) - 1:
                    bf.setBottomMargin(pad / 2)
            else:
                bf.setLeftMargin(pad)
                cf.setForeground(muted)
                cf.setFontItalic(True)
            if first:
                cursor.setBlockFormat(bf)
                cursor.setBlockCharFormat(cf)
                first = False
            else:
                cursor.insertBlock(bf, cf)
            cursor.insertText(for_display(line, isolate=False), cf)
    cursor.endEditBlock()
    view.verticalScrollBar().setValue(scroll)


def scroll_to_creative(view: QTextEdit, line_height: int) -> None:
    """Bring the Creative memory block to the top of the view (Personal memory may be long)."""
    doc = view.document()
    for marker in ("## Creative memory", "[MEMORY CONTEXT]"):
        found = doc.find(marker)
        if not found.isNull():
            bar = view.verticalScrollBar()
            top = int(doc.documentLayout().blockBoundingRect(found.block()).top())
            bar.setValue(min(max(top - line_height, 0), bar.maximum()))
            return


def tokens_text(result: preview.Preview | None) -> str:
    """ "Personal memory: 123 tokens · Creative memory: 87 tokens" (plain text)."""
    if result is None:
        return ""

    def count(n: int) -> str:
        return (
            QCoreApplication.translate("PreviewRender", "none")
            if n == 0
            else QCoreApplication.translate("PreviewRender", "1 token")
            if n == 1
            else QCoreApplication.translate("PreviewRender", "{n} tokens").format(n=n)
        )

    return QCoreApplication.translate("PreviewRender", "Personal memory: {p} · Creative memory: {c}").format(
        p=count(result.personal_tokens), c=count(result.tokens)
    )


def show_tokens(label: QLabel, result: preview.Preview | None) -> None:
    """The two estimates, each after a chip in its block's colour."""
    if result is None:
        label.clear()
        return
    colours = section_colours(label.palette())
    plain = tokens_text(result)
    p_text, c_text = plain.split(" · ", 1)

    def chip(kind: str, text: str) -> str:
        accent = colours[kind][1].name()
        return f'<span style="color:{accent}">■</span>&nbsp;{html.escape(text)}'

    label.setText(f"{chip('personal', p_text)} &nbsp;·&nbsp; {chip('creative', c_text)}")
    label.setAccessibleName(plain)
