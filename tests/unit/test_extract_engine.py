"""The extractor's parts on small pages written for each rule: lengths and clamp(), @media for the
reference window, specificity and !important, custom properties, what is left out, the vocabulary's
degrees and the evidence of an edit (never a preferred degree beside an avoided neighbour)."""

from __future__ import annotations

import pytest
import tinycss2
from hypothesis import given
from hypothesis import strategies as st

from creative_memory.model.names import name_problem
from creative_memory.services.extract.evidence import moves
from creative_memory.services.extract.page import read_features
from creative_memory.services.extract.sheet import media_applies
from creative_memory.services.extract.values import Ctx, length_px
from creative_memory.services.extract.vocabulary import BY_PATTERN, EXTRACTOR_VERSION, PROPERTIES, conflicts


def page(css: str, body: str = "<p>Text</p>") -> str:
    return f"<!doctype html><html><head><style>{css}</style></head><body>{body}</body></html>"


def features(css: str, body: str = "<p>Text</p>") -> dict[str, dict[str, object]]:
    return dict(read_features(page(css, body))[0])


@pytest.mark.parametrize(
    ("value", "px"),
    [
        ("12px", 12.0),
        ("1.5rem", 24.0),
        ("2em", 40.0),  # the box's 20 px
        ("clamp(36px, 5vw, 52px)", 52.0),  # 5vw of 1280 = 64
        ("clamp(12px, 1vw, 52px)", 12.8),
        ("calc(100vw - 80px)", 1200.0),
        ("min(50vw, 720px)", 640.0),
        ("calc(2 * 8px + 4px)", 20.0),
        ("0", 0.0),
        ("12pt", 16.0),
    ],
)
def test_lengths(value: str, px: float) -> None:
    got = length_px(tinycss2.parse_component_value_list(value), Ctx(font_px=20.0))
    assert got is not None and round(got, 6) == px


@pytest.mark.parametrize("value", ["50%", "calc(100% - 20px)", "auto", "12foo", "12px 14px", "attr(x)"])
def test_what_static_css_cannot_decide_is_no_length(value: str) -> None:
    assert length_px(tinycss2.parse_component_value_list(value), Ctx()) is None


@pytest.mark.parametrize(
    ("query", "applies"),
    [
        ("screen", True),
        ("print", False),
        ("(min-width: 900px)", True),
        ("(max-width: 700px)", False),
        ("screen and (max-width: 1400px)", True),
        ("(width >= 1024px)", True),
        ("(400px <= width <= 800px)", False),
        ("(prefers-color-scheme: dark)", False),
        ("(prefers-reduced-motion: reduce)", False),
        ("not print", True),
        ("(max-width: 600px), (min-width: 1200px)", True),
        ("(min-resolution: 2dppx)", None),
        ("(min-width: 40em)", True),
    ],
)
def test_media_queries_for_the_reference_window(query: str, applies: bool | None) -> None:
    assert media_applies(tinycss2.parse_component_value_list(query)) is applies


def test_the_cascade_specificity_order_important_and_inline() -> None:
    css = (
        "p { font-size: 10px } .a { font-size: 12px } #x { font-size: 14px } p { font-size: 11px !important }"
    )
    assert features(css, '<p class="a" id="x">t</p>')["type"]["body_px"] == 11.0
    css = "p.a { font-size: 12px } p { font-size: 10px }"
    assert features(css, '<p class="a">t</p>')["type"]["body_px"] == 12.0
    assert features(css, '<p class="a" style="font-size: 15px">t</p>')["type"]["body_px"] == 15.0
    css = ".a { font-size: 12px } .a { font-size: 13px }"  # the later of equals
    assert features(css, '<p class="a">t</p>')["type"]["body_px"] == 13.0


def test_custom_properties_inherit_and_resolve_with_fallbacks() -> None:
    css = """
      :root { --pad: 18px; --space: var(--pad); --face: Georgia, serif; }
      section { --pad: 30px; }
      p { padding: var(--space); font-family: var(--missing, var(--face)); }
      p.none { margin: var(--nothing); }
    """
    f = features(css, '<p>one</p><section><p>two</p></section><p class="none">three</p>')
    # --space was computed at :root (18 px); section's own --pad does not reach it.
    assert f["spacing"]["scale_px"] == 18.0
    assert f["type"]["body_family"] == "serif"
    assert f["spacing"]["values"] == 12  # four sides of three paragraphs; the undefined var() set nothing


def test_media_rules_and_states_that_do_not_apply_are_left_out() -> None:
    css = """
      p { font-size: 16px }
      @media (max-width: 600px) { p { font-size: 30px } }
      @media (min-width: 1000px) { p { line-height: 1.7 } }
      p:hover { font-size: 40px }
      p::first-line { font-size: 50px }
    """
    f = features(css)
    assert f["type"]["body_px"] == 16.0 and f["type"]["leading"] == 1.7


def test_font_shorthand_and_relative_sizes() -> None:
    f = features("html { font-size: 62.5% } body { font: italic 600 1.8rem/1.4 'Inter', sans-serif }")
    assert f["type"]["body_px"] == 18.0 and f["type"]["leading"] == 1.4 and f["type"]["body_family"] == "sans"


def test_hidden_boxes_and_head_elements_are_not_measured() -> None:
    f = features(
        "p { font-size: 14px } .gone { display: none } .gone p { font-size: 40px }",
        "<p>a</p><div class=gone><p>b</p></div>",
    )
    assert f["type"]["largest_px"] == 14.0


def test_colour_ground_contrast_and_accent() -> None:
    css = """
      body { background: #111418; color: #f0f0f0 }
      a { color: oklch(0.7 0.2 250) } .card { background: linear-gradient(#000, #222) }
    """
    f = features(css, '<p>t <a href="#">l</a></p><div class="card"><p>x</p></div>')
    assert f["color"]["ground"] == "#111418" and f["color"]["ground_luminance"] < 0.18
    assert isinstance(f["color"]["contrast"], float) and f["color"]["contrast"] > 12
    assert f["color"]["accent_family"] == "blue"


def test_imagery_as_far_as_markup_tells() -> None:
    photo = features("", '<img src="a/b/photo.JPG?w=800"><img src="icon.svg" width="16" height="16">')
    assert photo["imagery"]["kind"] == "photo"
    drawn = features("", '<svg viewBox="0 0 400 300"><circle r="4"/></svg>')
    assert drawn["imagery"]["kind"] == "illustration"
    unknown = features("", '<img src="shot.png">')
    assert "kind" not in unknown["imagery"] and unknown["imagery"]["unknown_images"] == 1
    assert features("")["imagery"]["kind"] == "none"


def test_the_vocabulary_is_closed_valid_and_ordered() -> None:
    assert EXTRACTOR_VERSION == "extract-1"
    patterns = [p for prop in PROPERTIES for p in prop.degrees]
    assert len(patterns) == len(set(patterns)) == len(BY_PATTERN)
    for prop in PROPERTIES:
        assert name_problem(prop.preference_type) is None
        for p in prop.degrees:
            assert name_problem(p) is None, p
        if prop.ordered:
            assert list(prop.bounds) == sorted(set(prop.bounds))
            assert len(prop.degrees) == len(prop.bounds) + 1
        else:
            assert len(prop.categories) == len(prop.degrees)
    spacing = next(p for p in PROPERTIES if p.name == "spacing")
    assert [spacing.degrees[spacing.degree(v) or 0] for v in (4.0, 10.0, 14.0, 20.0, 32.0)] == [
        "tight_spacing", "tight_spacing", "regular_spacing", "regular_spacing", "airy_spacing",
    ]  # fmt: skip


def test_conflicts_are_neighbours_or_the_same_degree_never_opposites() -> None:
    assert conflicts([("airy_spacing", "positive"), ("tight_spacing", "negative")]) == []
    assert conflicts([("airy_spacing", "positive"), ("regular_spacing", "negative")]) == [
        ("airy_spacing", "regular_spacing")
    ]
    assert conflicts([("airy_spacing", "positive"), ("airy_spacing", "negative")]) == [
        ("airy_spacing", "airy_spacing")
    ]
    assert (
        conflicts([("dark_ground", "positive"), ("light_ground", "negative")]) == []
    )  # two degrees: opposites
    assert conflicts([("serif_body_text", "positive"), ("sans_body_text", "negative")]) == []
    assert conflicts([("airy_spacing", "positive"), ("my_own_pattern", "negative")]) == []


def _value_for(prop_index: int) -> st.SearchStrategy[float | str]:
    prop = PROPERTIES[prop_index]
    if prop.ordered:
        return st.floats(min_value=-1.0, max_value=2000.0, allow_nan=False)
    return st.sampled_from(prop.categories)


@st.composite
def _feature_pairs(draw: st.DrawFn) -> tuple[dict[str, dict[str, object]], dict[str, dict[str, object]]]:
    before: dict[str, dict[str, object]] = {}
    after: dict[str, dict[str, object]] = {}
    for i, prop in enumerate(PROPERTIES):
        if draw(st.booleans()):
            before.setdefault(prop.group, {})[prop.feature] = draw(_value_for(i))
        if draw(st.booleans()):
            after.setdefault(prop.group, {})[prop.feature] = draw(_value_for(i))
    return before, after


@given(_feature_pairs())
def test_evidence_never_holds_a_conflict_and_agrees_with_the_move(
    pair: tuple[dict[str, dict[str, object]], dict[str, dict[str, object]]],
) -> None:
    before, after = pair
    found = list(moves(before, after))  # type: ignore[arg-type]
    assert conflicts((s.pattern, s.polarity) for s in found) == []
    for s in found:
        prop, i = BY_PATTERN[s.pattern]
        new, old = prop.degree(prop.value(after)), prop.degree(prop.value(before))  # type: ignore[arg-type]
        assert s.because
        if s.polarity == "positive":
            assert i == new  # toward the degree the page has now
        else:
            assert i == old and old != new  # away from the degree it had
    assert list(moves(after, after)) == []  # type: ignore[arg-type]
