"""Light and dark palettes for when the platform does not provide one (offscreen, --palette)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from creative_memory.gui.style import use_readable_style

R = QPalette.ColorRole
G = QPalette.ColorGroup


def scheme_palette(*, dark: bool) -> QPalette:
    p = QPalette()
    if dark:
        colours = {
            R.Window: "#202124",
            R.WindowText: "#e8eaed",
            R.Base: "#2b2c30",
            R.AlternateBase: "#313236",
            R.ToolTipBase: "#303134",
            R.ToolTipText: "#e8eaed",
            R.PlaceholderText: "#9aa0a6",
            R.Text: "#e8eaed",
            R.Button: "#2d2f33",
            R.ButtonText: "#e8eaed",
            R.BrightText: "#ffffff",
            R.Light: "#5f6368",
            R.Midlight: "#45484c",
            R.Mid: "#5a5d62",
            R.Dark: "#111214",
            R.Shadow: "#000000",
            R.Highlight: "#8ab4f8",
            R.HighlightedText: "#202124",
            R.Link: "#8ab4f8",
            R.LinkVisited: "#c58af9",
        }
        disabled = "#8c9096"  # 3 : 1 on the field and the buttons, as readable as WCAG asks of text
    else:
        colours = {
            R.Window: "#f3f3f3",
            R.WindowText: "#1f1f1f",
            R.Base: "#ffffff",
            R.AlternateBase: "#f6f7f9",
            R.ToolTipBase: "#ffffdc",
            R.ToolTipText: "#1f1f1f",
            R.PlaceholderText: "#6b6f75",
            R.Text: "#1f1f1f",
            R.Button: "#ececec",
            R.ButtonText: "#1f1f1f",
            R.BrightText: "#ffffff",
            R.Light: "#ffffff",
            R.Midlight: "#e3e3e3",
            R.Mid: "#b9b9b9",
            R.Dark: "#9f9f9f",
            R.Shadow: "#6f6f6f",
            R.Highlight: "#1a73e8",
            R.HighlightedText: "#ffffff",
            R.Link: "#1a5fb4",
            R.LinkVisited: "#7b3fb4",
        }
        disabled = "#7f7f7f"  # 3 : 1 on the window and the buttons
    for role, hex_ in colours.items():
        p.setColor(role, QColor(hex_))
    for role in (R.WindowText, R.Text, R.ButtonText):
        p.setColor(G.Disabled, role, QColor(disabled))
    return p


def apply_scheme(app: QApplication, *, dark: bool) -> None:
    use_readable_style(app)
    app.setPalette(scheme_palette(dark=dark))
