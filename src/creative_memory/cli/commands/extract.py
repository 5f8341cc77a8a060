"""``extract``: the style features of a page and the patterns they show, or with ``--before`` what
an edit moved. Opens no store: looking never writes."""

from __future__ import annotations

import argparse
from typing import Any

from creative_memory.cli.output import Out
from creative_memory.services.context import Context
from creative_memory.services.extract.evidence import edit_evidence
from creative_memory.services.extract.page import Features
from creative_memory.services.extract.page import extract as extract_page
from creative_memory.services.extract.page_file import read_page_file
from creative_memory.services.extract.vocabulary import Shown


def extract(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    after = read_page_file(args.page, "the page")
    before = read_page_file(args.before, "the page before") if args.before is not None else None
    if before is None:
        page = extract_page(after)
        version, features, patterns = page.extractor_version, page.features, page.patterns
        heading = "Patterns the page shows (as an accepted page would teach them):"
    else:
        evidence = edit_evidence(before, after)
        version, features, patterns = evidence.extractor_version, evidence.after, evidence.patterns
        heading = "What the edit moved:" if patterns else "The edit moved no style feature: no patterns."
    data: dict[str, Any] = {
        "extractor_version": version,
        "features": features,
        "patterns": [p.as_json() for p in patterns],
    }
    out.emit(data, lambda: _text(version, features, heading, patterns))
    return 0


def _text(version: str, features: Features, heading: str, patterns: tuple[Shown, ...]) -> str:
    lines = [f"Extractor {version}."]
    for group, values in features.items():
        shown = ", ".join(f"{k} {v}" for k, v in values.items())
        lines.append(f"  {group}: {shown or '(nothing decided)'}")
    lines.append(heading)
    for p in patterns:
        sign = "+" if p.polarity == "positive" else "-"
        lines.append(f"  {sign} {p.preference_type} {p.pattern}: {p.because}")
    return "\n".join(lines)
