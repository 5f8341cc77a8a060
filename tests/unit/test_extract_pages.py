"""The extractor on real pages: every page of Open Design's templates (the upstream snapshot beside
this checkout, ``../shared/upstream``) extracts without an error; a dozen pages' features, checked
by hand against their CSS, come out as read there; and edits a person makes to real pages (more
space, a serif set in a sans, a muted palette, shadows removed, a narrower column, other words) give
the patterns and polarities the vocabulary says."""

from __future__ import annotations

import tarfile
from pathlib import Path

import pytest
from extract_edits import (
    change_words,
    drop_shadows,
    mute_colours,
    narrow_content,
    rewrite_css,
    scale_spacing,
    serif_to_sans,
)

from creative_memory.services.extract.evidence import edit_evidence, moves
from creative_memory.services.extract.page import Extraction, Features, extract, read_features

REPO = Path(__file__).resolve().parents[2]
ARCHIVE = REPO.parent / "shared" / "upstream" / "open-design-e00d0bc5.tar.gz"
TOP = "open-design/"
FOLDERS = ("design-templates/", "templates/")


@pytest.fixture(scope="session")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every ``design-templates/**/*.html`` and ``templates/**/*.html`` page of the snapshot, by its
    path in the snapshot (only those members are unpacked)."""
    if not ARCHIVE.is_file():
        pytest.skip(
            f"the Open Design snapshot is not beside this checkout ({ARCHIVE.name} in ../shared/upstream)"
        )
    root = tmp_path_factory.mktemp("open-design")
    found: dict[str, str] = {}
    with tarfile.open(ARCHIVE, "r:gz") as tar:
        for member in tar:
            name = member.name.removeprefix(TOP)
            if not (member.isfile() and name.endswith(".html") and name.startswith(FOLDERS)):
                continue
            data = tar.extractfile(member)
            assert data is not None
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data.read())
            found[name] = target.read_text(encoding="utf-8")
    return found


@pytest.fixture(scope="session")
def extracted(pages: dict[str, str]) -> dict[str, Extraction]:
    """Every page extracted once (the edits below compare against these)."""
    return {name: extract(html) for name, html in pages.items()}


def test_every_page_extracts(extracted: dict[str, Extraction]) -> None:
    assert len(extracted) >= 190
    decided = 0
    for name, page in extracted.items():
        assert page.extractor_version == "extract-1", name
        assert set(page.features) == {"spacing", "type", "color", "shape", "layout", "imagery"}, name
        decided += bool(page.patterns)
    # Nearly every page has CSS of its own; the few that load theirs from files show less.
    assert decided >= 185


# Read by hand in each page's <style> (the value's source in the comment).
EXPECTED: dict[str, dict[tuple[str, str], object]] = {
    "design-templates/blog-post/example.html": {
        ("type", "body_family"): "serif",  # body { font: 18px/1.65 Georgia, 'Iowan Old Style', serif }
        ("type", "body_px"): 18.0,
        ("type", "leading"): 1.65,
        ("type", "largest_px"): 52.0,  # h1 clamp(36px, 5vw, 52px) at 1280 px: 64 → 52
        ("color", "ground"): "#fafaf9",  # --bg
        ("color", "accent"): "#c96442",  # --accent, the only saturated colour
        ("layout", "content_px"): 680.0,  # .wrap { max-width: 680px }
        ("layout", "columns"): 3,  # figure.numbers repeat(3, 1fr)
        ("shape", "shadow_px"): 0.0,
        ("imagery", "kind"): "none",
    },
    "design-templates/docs-page/example.html": {
        ("type", "body_family"): "sans",  # body { font: 15px/1.6 -apple-system, system-ui, sans-serif }
        ("type", "body_px"): 15.0,
        ("type", "leading"): 1.6,
        ("color", "ground"): "#fafaf9",  # --bg
        ("color", "accent_family"): "orange",  # --accent #c96442, hue 15°
        ("layout", "content_px"): 760.0,  # article { max-width: 760px }
        ("layout", "columns"): 3,  # .layout 240px minmax(0, 1fr) 220px; the @media below 1024 px do not apply
    },
    "design-templates/email-marketing/example.html": {
        ("type", "body_family"): "sans",  # body { font: 15px/1.55 'Inter', … }
        ("type", "body_px"): 16.0,  # p.body { font-size: 16px; line-height: 1.55 }
        ("type", "leading"): 1.55,
        ("color", "ground"): "#f4efe7",  # .frame { background: var(--paper) }
        ("color", "accent"): "#d8482b",  # --accent
        ("color", "accent_family"): "red",
        ("layout", "content_px"): 448.0,  # p.body { max-width: 56ch }, a ch taken as 0.5 em of 16 px
        ("layout", "columns"): 2,  # .specs-grid repeat(2, 1fr)
    },
    "design-templates/eng-runbook/example.html": {
        ("color", "ground"): "#14171f",  # .panel and table { background: var(--paper) }
        ("color", "accent_family"): "green",  # --accent #6ee7b7, hue 156°
        ("layout", "content_px"): 1100.0,  # .page { max-width: 1100px }
        ("shape", "shadow_px"): 0.0,
    },
    "design-templates/magazine-poster/example.html": {
        ("type", "body_family"): "serif",  # body { font: 14px/1.55 var(--serif-body) }
        (
            "type",
            "body_font",
        ): "iowan old style",  # --serif-body: 'Iowan Old Style', 'Charter', Georgia, serif
        ("color", "accent"): "#b85a3a",  # --accent
    },
    "design-templates/kami-landing/example.html": {
        ("type", "body_family"): "serif",  # body { font-family: var(--serif) }, 'Source Serif 4' first
        ("type", "body_font"): "source serif 4",
        ("layout", "content_px"): 1120.0,  # max-width: 1120px
    },
    "design-templates/mobile-app/example.html": {
        ("type", "body_family"): "sans",  # body { font: 14px/1.5 -apple-system, system-ui, sans-serif }
        ("layout", "content_px"): 390.0,  # .frame { width: 390px }
        ("shape", "shadow_px"): 80.0,  # .frame { box-shadow: 0 20px 60px … }: 20 + 60
        ("layout", "columns"): 4,  # .tabbar repeat(4, 1fr)
    },
    "design-templates/dashboard/example.html": {
        ("type", "body_family"): "sans",  # body { font: 14px/1.5 -apple-system, … }
        ("type", "body_px"): 14.0,
        ("type", "leading"): 1.5,
        ("color", "ground"): "#ffffff",  # .kpi and .panel { background: var(--surface) }
        ("shape", "radius_px"): 10.0,  # .kpi, .panel { border-radius: 10px }
        ("shape", "shadow_px"): 0.0,
        ("layout", "columns"): 4,  # .kpis repeat(4, 1fr); the 900 px @media does not apply
    },
    "design-templates/pricing-page/example.html": {
        ("type", "body_family"): "sans",
        ("color", "ground"): "#ffffff",  # .tier { background: var(--surface) }
        ("shape", "radius_px"): 14.0,  # .tier, .compare { border-radius: 14px }
        ("shape", "shadow_px"): 4.0,  # .tier.featured { box-shadow: 0 0 0 4px … }: the spread
        ("layout", "content_px"): 1080.0,  # .wrap { max-width: 1080px }
        ("layout", "columns"): 3,  # .tiers repeat(3, 1fr)
    },
    "design-templates/html-ppt-zhangzara-long-table/example.html": {
        ("type", "body_family"): "serif",  # body { font-family: 'Fraunces', Georgia, serif }
        ("type", "body_font"): "fraunces",
        ("color", "ground"): "#faf1e2",  # --paper
        ("color", "accent_family"): "red",  # --ink #B53D2A, "the only ink colour"
    },
    "design-templates/clinical-case-report/example.html": {
        ("type", "body_family"): "serif",  # body { font-family: Georgia, 'Times New Roman', serif }
        ("type", "body_font"): "georgia",
        ("layout", "content_px"): 900.0,  # body { max-width: 900px }
        ("layout", "columns"): 4,  # repeat(4, 1fr)
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hand_checked_features(pages: dict[str, str], name: str) -> None:
    features, _, _ = read_features(pages[name])
    got = {(g, f): features[g].get(f) for g, f in EXPECTED[name]}
    assert got == EXPECTED[name]


def _sample(pages: dict[str, str]) -> list[str]:
    """Every fourth page, by name: a spread of decks, dashboards, documents and landing pages."""
    return sorted(pages)[::4]


Found = set[tuple[str, str, str]]


def _edit(page: Extraction, after_html: str) -> tuple[Found, Features]:
    """The evidence of an edit of ``page`` (already extracted) and the features after it."""
    after, _, _ = read_features(after_html)
    return {(p.preference_type, p.pattern, p.polarity) for p in moves(page.features, after)}, after


def _patterns(before: str, after: str) -> Found:
    ev = edit_evidence(before, after)
    return {(p.preference_type, p.pattern, p.polarity) for p in ev.patterns}


def _spacing_degree(px: float) -> str:
    return "tight" if px <= 10 else "regular" if px <= 20 else "airy"


# (degree before, degree after) → the evidence (decision 0064: neighbours never together).
SPACING_MOVES = {
    ("tight", "regular"): {("spacing", "tight_spacing", "negative")},
    ("tight", "airy"): {("spacing", "airy_spacing", "positive"), ("spacing", "tight_spacing", "negative")},
    ("regular", "airy"): {("spacing", "airy_spacing", "positive")},
}


def test_more_space_gives_airy_spacing_or_leaves_tight(
    pages: dict[str, str], extracted: dict[str, Extraction]
) -> None:
    moved = 0
    for name in _sample(pages):
        found, after = _edit(extracted[name], rewrite_css(pages[name], scale_spacing(2.5)))
        old = extracted[name].features["spacing"].get("scale_px")
        new = after["spacing"].get("scale_px")
        if not isinstance(old, float) or not isinstance(new, float):
            assert found == set(), name
            continue
        assert new >= old, name
        step = (_spacing_degree(old), _spacing_degree(new))
        if step in SPACING_MOVES:
            want = SPACING_MOVES[step]
        elif step == ("airy", "airy") and new >= old * 1.25:
            want = {("spacing", "airy_spacing", "positive")}  # further toward the end
        else:
            want = set()
        assert found == want, (name, old, new)
        moved += bool(want)
    assert moved >= 20


def test_a_serif_set_in_a_sans(pages: dict[str, str], extracted: dict[str, Extraction]) -> None:
    serif = [n for n in sorted(pages) if extracted[n].features["type"].get("body_family") == "serif"]
    assert len(serif) >= 8
    for name in serif:
        found, _ = _edit(extracted[name], rewrite_css(pages[name], serif_to_sans))
        assert ("typography", "sans_body_text", "positive") in found, name
        assert ("typography", "serif_body_text", "negative") in found, name
        assert {p for _, p, _ in found} <= {
            "sans_body_text", "serif_body_text", "sans_headlines", "serif_headlines"
        }, name  # fmt: skip


def test_a_muted_palette(pages: dict[str, str], extracted: dict[str, Extraction]) -> None:
    moved = 0
    for name in _sample(pages):
        old = extracted[name].features["color"].get("saturation")
        if not isinstance(old, float) or old <= 0.12:
            continue
        found, after = _edit(extracted[name], rewrite_css(pages[name], mute_colours))
        assert {t for t, _, _ in found} <= {"color"}, name
        new = after["color"].get("saturation")
        assert isinstance(new, float) and new < old, name
        if new <= 0.12:
            moved += 1
            assert ("color", "muted_palette", "positive") in found, name
            assert (
                not {("color", "balanced_palette", "positive"), ("color", "vivid_palette", "positive")}
                & found
            )
            if old > 0.3:
                assert ("color", "vivid_palette", "negative") in found, name
    assert moved >= 12


def test_shadows_removed(pages: dict[str, str], extracted: dict[str, Extraction]) -> None:
    seen = 0
    for name in sorted(pages)[::2]:
        depth = extracted[name].features["shape"].get("shadow_px")
        if not depth:
            continue
        seen += 1
        found, _ = _edit(extracted[name], drop_shadows(pages[name]))
        want = {("shape", "no_shadows", "positive")}
        if isinstance(depth, float) and depth > 16:
            want.add(("shape", "drop_shadows", "negative"))  # none and drop are no neighbours
        assert found == want, name
    assert seen >= 25


def test_content_narrowed(pages: dict[str, str], extracted: dict[str, Extraction]) -> None:
    moved = 0
    for name in _sample(pages):
        old = extracted[name].features["layout"].get("content_px")
        if not isinstance(old, float) or old <= 760:
            continue
        moved += 1
        found, _ = _edit(extracted[name], narrow_content(pages[name]))
        assert ("layout", "narrow_content", "positive") in found, name
        assert ("layout", "medium_content", "negative") not in found, name  # a neighbour of narrow
        if old > 1120:
            assert ("layout", "wide_content", "negative") in found, name
        assert {t for t, _, _ in found} <= {"layout"}, name
    assert moved >= 25


def test_a_change_of_the_words_alone_gives_nothing(pages: dict[str, str]) -> None:
    for name in _sample(pages)[::2]:
        before = pages[name]
        after = change_words(before)
        assert after != before, name
        assert _patterns(before, after) == set(), name  # the whole path: both pages read again
