"""A small strength-over-time chart (QPainter): one step line per polarity, dated axes.

Feed it ``services.inspection.explain.explain(...).history`` (``StrengthPoint``: ``t`` in ms, ``strength``, ``polarity``)
with :meth:`StrengthChart.set_history`; optionally the current strengths at ``now`` so the line
shows the decay since the last event. Colours come from the palette (positive in the highlight
colour, negative in the error accent), so it reads in light and dark themes. The accessible
description sums the series up in words for screen readers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QDateTime, QEvent, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from creative_memory.gui.icons import mix
from creative_memory.gui.widgets.banner import accent_colour
from creative_memory.model.constants import INJECTION_THRESHOLD

if TYPE_CHECKING:
    from creative_memory.services.inspection.explain import StrengthPoint

Point = tuple[int, float]
DAY_MS = 86_400_000
POLARITIES = ("positive", "negative")


def series_from_history(
    history: Iterable[StrengthPoint],
    *,
    now: int | None = None,
    current: Mapping[str, float] | None = None,
) -> dict[str, list[Point]]:
    """Points per polarity, in time order (one point per time: the last one wins).

    With ``now`` and ``current`` ({polarity: strength}), a final point at ``now`` is added for each
    polarity that has one, when ``now`` is after its last point.
    """
    out: dict[str, dict[int, float]] = {}
    for h in history:
        out.setdefault(h.polarity, {})[h.t] = min(max(h.strength, 0.0), 1.0)
    series = {pol: sorted(points.items()) for pol, points in out.items()}
    if now is not None and current:
        for pol, strength in current.items():
            pts = series.setdefault(pol, [])
            if not pts or now > pts[-1][0]:
                pts.append((int(now), min(max(float(strength), 0.0), 1.0)))
    return {pol: pts for pol, pts in series.items() if pts}


class StrengthChart(QWidget):
    """Strength (0..1) over time, one step line per polarity, with the injection threshold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._series: dict[str, list[Point]] = {}
        self.setObjectName("strength_chart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        fm = self.fontMetrics()
        self.setMinimumSize(fm.averageCharWidth() * 28, fm.height() * 7)
        self.setAccessibleName(self.tr("Strength over time"))
        self.setToolTip(
            self.tr("How the strength changed with each signal; the dashed line is the injection threshold")
        )
        self._describe()

    # ------------------------------------------------------------------ data
    def set_history(
        self,
        history: Iterable[StrengthPoint],
        *,
        now: int | None = None,
        current: Mapping[str, float] | None = None,
    ) -> None:
        self.set_series(series_from_history(history, now=now, current=current))

    def set_series(self, series: Mapping[str, list[Point]]) -> None:
        self._series = {pol: list(pts) for pol, pts in series.items() if pts}
        self._describe()
        self.update()

    def clear(self) -> None:
        self.set_series({})

    def series(self) -> dict[str, list[Point]]:
        return {pol: list(pts) for pol, pts in self._series.items()}

    def point_count(self) -> int:
        return sum(len(p) for p in self._series.values())

    def time_range(self) -> tuple[int, int] | None:
        times = [t for pts in self._series.values() for t, _ in pts]
        if not times:
            return None
        return min(times), max(times)

    # ------------------------------------------------------------------ words
    def _polarity_word(self, pol: str) -> str:
        return {"positive": self.tr("positive"), "negative": self.tr("negative")}.get(pol, pol)

    def _describe(self) -> None:
        if not self._series:
            self.setAccessibleDescription(self.tr("No strength history."))
            return
        locale = QLocale()
        parts = []
        for pol in self._ordered():
            pts = self._series[pol]
            (t0, s0), (t1, s1) = pts[0], pts[-1]
            d0 = locale.toString(QDateTime.fromMSecsSinceEpoch(t0).date(), QLocale.FormatType.ShortFormat)
            d1 = locale.toString(QDateTime.fromMSecsSinceEpoch(t1).date(), QLocale.FormatType.ShortFormat)
            parts.append(
                self.tr(
                    "{polarity}: {n} points, from {first:.2f} on {d0} to {last:.2f} on {d1}, highest {top:.2f}"
                ).format(
                    polarity=self._polarity_word(pol),
                    n=len(pts),
                    first=s0,
                    d0=d0,
                    last=s1,
                    d1=d1,
                    top=max(s for _, s in pts),
                )
            )
        self.setAccessibleDescription("; ".join(parts) + ". " + self.points_text())

    #: at most this many points per series are read out (the events list holds every one)
    READ_OUT = 24

    def points_text(self) -> str:
        """The numbers the chart draws, as text: each point's date and strength, per polarity."""
        locale = QLocale()
        out = []
        for pol in self._ordered():
            pts = self._series[pol]
            shown = pts[-self.READ_OUT :]
            items = ", ".join(
                self.tr("{date} {strength:.2f}").format(
                    date=locale.toString(
                        QDateTime.fromMSecsSinceEpoch(t).date(), QLocale.FormatType.ShortFormat
                    ),
                    strength=v,
                )
                for t, v in shown
            )
            more = (
                self.tr(" (the last {n} of {total})").format(n=len(shown), total=len(pts))
                if len(pts) > len(shown)
                else ""
            )
            out.append(
                self.tr("{polarity} strength{more}: {items}.").format(
                    polarity=self._polarity_word(pol).capitalize(), more=more, items=items
                )
            )
        return " ".join(out)

    def _ordered(self) -> list[str]:
        known = [p for p in POLARITIES if p in self._series]
        return known + sorted(p for p in self._series if p not in POLARITIES)

    # ------------------------------------------------------------------ look
    def colour_for(self, polarity: str) -> QColor:
        palette = self.palette()
        if polarity == "negative":
            return accent_colour("error", palette)
        return accent_colour("info", palette)

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        return QSize(fm.averageCharWidth() * 56, fm.height() * 11)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self.update()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        base = palette.color(QPalette.ColorRole.Base)
        faint = palette.color(QPalette.ColorRole.PlaceholderText)
        fm = QFontMetrics(self.font())
        pad = max(4, fm.height() // 3)

        bounds = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(mix(base, text, 0.2), 1.0))
        painter.setBrush(base)
        painter.drawRoundedRect(bounds, 3, 3)

        if not self._series:
            painter.setPen(faint)
            painter.drawText(bounds, int(Qt.AlignmentFlag.AlignCenter), self.tr("No strength history yet"))
            return

        # Legend row on top, y labels on the left, date labels at the bottom.
        y_label_w = fm.horizontalAdvance("0.00")
        plot = QRectF(
            bounds.left() + pad * 2 + y_label_w,
            bounds.top() + pad * 2 + fm.height(),
            0,
            0,
        )
        plot.setRight(bounds.right() - pad * 2)
        plot.setBottom(bounds.bottom() - pad * 2 - fm.height())
        if plot.width() < 20 or plot.height() < 20:
            return

        tmin, tmax = self.time_range() or (0, 1)
        if tmax - tmin < DAY_MS:
            mid = (tmin + tmax) // 2
            tmin, tmax = mid - DAY_MS // 2, mid + DAY_MS // 2
        frame = _Frame(
            bounds=bounds,
            plot=plot,
            fm=fm,
            pad=pad,
            tmin=tmin,
            tmax=tmax,
            text=text,
            base=base,
            faint=faint,
            grid=mix(base, text, 0.12),
            threshold=QPen(mix(base, text, 0.45), 1.0, Qt.PenStyle.DashLine),
        )
        painter.setFont(self.font())
        self._paint_grid(painter, frame, y_label_w)
        self._paint_dates(painter, frame)
        self._paint_series(painter, frame)
        self._paint_legend(painter, frame)

    @staticmethod
    def _paint_grid(painter: QPainter, f: _Frame, y_label_w: int) -> None:
        """Strength lines with their labels, and the injection threshold (dashed)."""
        for s in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = f.y_of(s)
            painter.setPen(QPen(f.grid, 1.0))
            painter.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y))
            painter.setPen(f.faint)
            label_rect = QRectF(f.bounds.left() + f.pad, y - f.fm.height() / 2, y_label_w, f.fm.height())
            painter.drawText(
                label_rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), f"{s:.2f}"
            )
        y_thr = f.y_of(INJECTION_THRESHOLD)
        painter.setPen(f.threshold)
        painter.drawLine(QPointF(f.plot.left(), y_thr), QPointF(f.plot.right(), y_thr))

    @staticmethod
    def _paint_dates(painter: QPainter, f: _Frame) -> None:
        """The time axis: as many dates as fit, days or months by the span."""
        locale = QLocale()
        fmt = "d MMM" if f.span <= 200 * DAY_MS else "MMM yyyy"
        sample = locale.toString(QDateTime.fromMSecsSinceEpoch(f.tmax).date(), fmt)
        label_w = f.fm.horizontalAdvance(sample) + f.pad * 2
        ticks = max(2, min(6, int(f.plot.width() // max(1, label_w * 1.4))))
        painter.setPen(QPen(f.grid, 1.0))
        painter.drawLine(QPointF(f.plot.left(), f.plot.bottom()), QPointF(f.plot.right(), f.plot.bottom()))
        for i in range(ticks):
            t = f.tmin + int(f.span * i / (ticks - 1))
            x = f.x_of(t)
            painter.setPen(QPen(f.grid, 1.0))
            painter.drawLine(QPointF(x, f.plot.bottom()), QPointF(x, f.plot.bottom() + f.pad / 2))
            label = locale.toString(QDateTime.fromMSecsSinceEpoch(t).date(), fmt)
            w = f.fm.horizontalAdvance(label)
            left = min(max(x - w / 2, f.bounds.left() + f.pad), f.bounds.right() - f.pad - w)
            painter.setPen(f.faint)
            painter.drawText(
                QRectF(left, f.plot.bottom() + f.pad / 2, w + 1, f.fm.height()),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                label,
            )

    def _paint_series(self, painter: QPainter, f: _Frame) -> None:
        """Step lines (a strength holds until the next signal changes it), dots when there are few."""
        for pol in self._ordered():
            pts = self._series[pol]
            colour = self.colour_for(pol)
            path = QPainterPath()
            path.moveTo(f.x_of(pts[0][0]), f.y_of(pts[0][1]))
            for (_t0, s0), (t1, s1) in itertools.pairwise(pts):
                path.lineTo(f.x_of(t1), f.y_of(s0))
                path.lineTo(f.x_of(t1), f.y_of(s1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(
                QPen(colour, 2.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
            )
            painter.drawPath(path)
            if len(pts) <= 80:
                radius = max(2.0, f.fm.height() / 7)
                painter.setBrush(colour)
                painter.setPen(QPen(f.base, 1.0))
                for t, s in pts:
                    painter.drawEllipse(QPointF(f.x_of(t), f.y_of(s)), radius, radius)

    def _paint_legend(self, painter: QPainter, f: _Frame) -> None:
        """A swatch and word per polarity, then the threshold's dashed swatch."""
        fm, pad = f.fm, f.pad
        x = f.plot.left()
        y = f.bounds.top() + pad
        swatch = fm.height() * 1.2
        for pol in self._ordered():
            colour = self.colour_for(pol)
            painter.setPen(QPen(colour, 2.0))
            line_y = y + fm.height() / 2
            painter.drawLine(QPointF(x, line_y), QPointF(x + swatch, line_y))
            label = self._polarity_word(pol)
            painter.setPen(f.text)
            w = fm.horizontalAdvance(label)
            painter.drawText(
                QRectF(x + swatch + pad, y, w + 1, fm.height()),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                label,
            )
            x += swatch + pad + w + pad * 3
        thr_text = self.tr("injected above {value:.2f}").format(value=INJECTION_THRESHOLD)
        line_y = y + fm.height() / 2
        painter.setPen(f.threshold)
        painter.drawLine(QPointF(x, line_y), QPointF(x + swatch, line_y))
        painter.setPen(f.faint)
        w = fm.horizontalAdvance(thr_text)
        painter.drawText(
            QRectF(x + swatch + pad, y, w + 1, fm.height()),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            thr_text,
        )


@dataclass(frozen=True)
class _Frame:
    """Where one painting of the chart draws: the plot area, its scale, the pens' colours."""

    bounds: QRectF
    plot: QRectF
    fm: QFontMetrics
    pad: int
    tmin: int
    tmax: int
    text: QColor
    base: QColor
    faint: QColor
    grid: QColor
    threshold: QPen

    @property
    def span(self) -> float:
        return float(self.tmax - self.tmin)

    def x_of(self, t: int) -> float:
        return self.plot.left() + (t - self.tmin) / self.span * self.plot.width()

    def y_of(self, s: float) -> float:
        return self.plot.bottom() - s * self.plot.height()


__all__ = ["StrengthChart", "series_from_history"]
