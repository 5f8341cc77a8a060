"""Realistic, deterministic demo data: the standard S / M / L data sets (``od-memory demo``, ``bench/``).

``generate(store, user, size=..., seed=..., now=...)`` writes synthetic raw events (the rows
:func:`services.ingest.insert_event_rows` would write, through a faster equivalent, see
:func:`_insert`) and then re-derives the user's preferences with :func:`services.derivation.rebuild`.
Everything follows from ``random.Random(seed)`` and ``now``: two stores generated with the same
arguments hold identical event rows and identical preference rows; nothing reads the wall clock.

Shape of the data (sizes in ``quality.md``: S ≈ 1 k preferences / 10 k events, M ≈ 10 k / 100 k,
L ≈ 100 k / 1 M):

- a design vocabulary per preference type (typography, color, layout, spacing, imagery, tone,
  motion, iconography): a curated head of signature patterns (``serif_headlines``,
  ``drop_shadows``, …), then ``<adjective>_<noun>`` combinations, then a long tail of the same in
  a context (``muted_palette_on_mobile``); popularity falls off along that order (Zipf);
- projects (``p_brand_refresh``, ``p_investor_deck``, ``p_cafe_menu``, … then ``p_<word>_<n>``) that
  start and end over the ~400 days before ``now``, some still running, some long finished;
- preference groups (scope, type, pattern) with a heavy-tailed number of signals, a base polarity
  and an active window: tastes that stopped > 90 days ago decay, > 180 days ago are archived;
  a share of groups flips polarity part-way (reversal → ``under_review``, shadows, promotions)
  and many get an odd contradicting signal (the noise guard);
- sessions ``s_<n>`` of 3–30 events inside a project or outside any; about 10 % of the events of
  a project session are sent with scope ``global`` (``EventIn.effective_scope``'s rule);
- a signal mix of mostly thumbs and acceptances, some refinements (with a short diff), explicit
  tags whose polarity matches the tag, a few abandons and reverts, and pairwise comparisons.

Event ids are ``demo-<seed>-<n>`` (chronological), source ``demo``. Rows are inserted in batches of
:data:`BATCH_ROWS` per write transaction; a second run with the same seed is refused. Measured
times and figures: ``bench/README.md``.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import queue
import random
import sqlite3
import threading
from array import array
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, suppress
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import delete, func, select

from creative_memory.model.constants import NEGATIVE_TAGS, POSITIVE_TAGS, EventSource, SignalType
from creative_memory.model.events import iso
from creative_memory.model.tables import Event, EventPattern
from creative_memory.services import derivation
from creative_memory.services.blocklist import BlockChecker
from creative_memory.services.engine.block import human
from creative_memory.services.errors import Cancelled, InvalidInput, ReadOnly, StoreLocked, StoreUnavailable
from creative_memory.services.naming import valid_name
from creative_memory.services.retry import is_busy, retry_while_busy
from creative_memory.services.store import Store

Progress = Callable[[int, int], None]
CancelCheck = Callable[[], bool]

DAY_MS: Final = 86_400_000
SPAN_DAYS: Final = 400
PERIODS: Final = 40  # the span is cut into periods of 10 days; a group is active in a range of them
PERIOD_MS: Final = SPAN_DAYS * DAY_MS // PERIODS
BATCH_ROWS: Final = 20_000

# size → (target preferences, target events, projects)
SIZES: Final[dict[str, tuple[int, int, int]]] = {
    "S": (1_000, 10_000, 10),
    "M": (10_000, 100_000, 40),
    "L": (100_000, 1_000_000, 250),
}
# Pattern occurrences per event as measured per size (bigger buckets split fewer multi-pattern
# events on a repeated group); the planner multiplies the event target by it.
_ITEMS_PER_EVENT_BY_SIZE: Final[dict[str, float]] = {"S": 1.36, "M": 1.41, "L": 1.44}

# Calibration (measured): preference records per planned group come out of the flip and noise
# rules below (shadows, records of the other polarity); the planner divides by it.
_RECORDS_PER_GROUP: Final = 1.045
_ITEMS_PER_EVENT: Final = 1.4  # (for the share of pairwise events in a bucket)
_GLOBAL_SHARE: Final = 0.16  # of the groups
_GLOBAL_IN_PROJECT: Final = 0.10  # of a project session's events, sent with scope "global"
_PAIRWISE_SHARE: Final = 0.045  # of the events
_MIXED_REFINEMENT_SHARE: Final = 0.03  # "more X, less Y" refinements
_FLIP_SHARE: Final = 0.09  # of the groups with enough signals
_NOISE_RATE: Final = 0.035  # chance that a later signal of a group contradicts it

POS, NEG = 0, 1
_POLARITY_TEXT: Final = ("positive", "negative")

# --------------------------------------------------------------------------- vocabulary
# fmt: off
TYPES: Final = ("typography", "color", "layout", "spacing", "imagery", "tone", "motion", "iconography")

# The head: what a designer's feedback is mostly about (fixed polarity: the "core taste").
SIGNATURE: Final[tuple[tuple[str, str, int], ...]] = (
    ("typography", "serif_headlines", POS),
    ("spacing", "airy_spacing", POS),
    ("color", "muted_palette", POS),
    ("layout", "drop_shadows", NEG),
    ("layout", "dense_grids", NEG),
    ("imagery", "monochrome_imagery", POS),
    ("layout", "left_aligned_titles", POS),
    ("layout", "rounded_corners", POS),
    ("typography", "high_contrast_type", POS),
    ("tone", "confident_voice", POS),
    ("color", "neon_accents", NEG),
    ("imagery", "stock_photos", NEG),
    ("motion", "subtle_transitions", POS),
    ("iconography", "outlined_icons", POS),
    ("typography", "tiny_captions", NEG),
    ("spacing", "cramped_margins", NEG),
    ("tone", "corporate_copy", NEG),
    ("motion", "bouncy_animations", NEG),
    ("color", "warm_neutrals", POS),
    ("imagery", "grainy_textures", POS),
    ("iconography", "skeuomorphic_icons", NEG),
    ("layout", "asymmetric_compositions", POS),
    ("typography", "condensed_sans_headlines", POS),
    ("spacing", "generous_gutters", POS),
    ("tone", "playful_microcopy", POS),
    ("color", "saturated_gradients", NEG),
    ("layout", "full_bleed_hero", POS),
    ("imagery", "candid_portraits", POS),
    ("motion", "parallax_scrolling", NEG),
    ("iconography", "filled_icons", NEG),
    ("typography", "justified_body_copy", NEG),
    ("layout", "centered_titles", NEG),
)

ADJECTIVES: Final[dict[str, tuple[str, ...]]] = {
    "typography": (
        "serif", "sans_serif", "slab_serif", "geometric", "humanist", "condensed", "extended", "light",
        "bold", "heavy", "thin", "oversized", "uppercase", "lowercase", "tracked_out", "tight", "loose",
        "monospaced", "handwritten", "high_contrast", "classic", "playful", "editorial", "rounded",
        "italic", "variable_weight", "retro", "elegant", "quirky", "compact", "left_aligned", "centered",
        "grotesque", "didone", "stencil", "script",
    ),
    "color": (
        "muted", "vibrant", "pastel", "neon", "earthy", "warm", "cool", "monochrome", "saturated",
        "desaturated", "jewel_toned", "high_contrast", "low_contrast", "dark", "light", "dusty", "bright",
        "soft", "bold", "analogous", "complementary", "sepia", "candy", "metallic", "acid_green", "ocean",
        "forest", "sunset", "terracotta", "sage", "navy", "mustard", "blush", "charcoal", "off_white",
        "teal", "coral", "lavender",
    ),
    "layout": (
        "dense", "airy", "asymmetric", "symmetric", "centered", "left_aligned", "modular", "stacked",
        "split", "full_bleed", "boxed", "overlapping", "staggered", "bento", "magazine", "masonry",
        "single_column", "two_column", "three_column", "z_pattern", "broken_grid", "rigid", "fluid",
        "nested", "floating", "sticky", "edge_to_edge", "framed", "minimal", "crowded", "balanced",
        "diagonal", "layered", "card_based", "horizontal", "offset",
    ),
    "spacing": (
        "airy", "tight", "generous", "compact", "even", "uneven", "consistent", "roomy", "cramped", "loose",
        "narrow", "wide", "balanced", "minimal", "ample", "dense", "relaxed", "snug", "breathable",
        "proportional", "modular", "large", "small", "eight_point", "four_point", "fluid", "fixed",
        "responsive", "asymmetric", "symmetric",
    ),
    "imagery": (
        "monochrome", "black_and_white", "duotone", "grainy", "glossy", "matte", "candid", "staged", "flat",
        "isometric", "hand_drawn", "watercolor", "vector", "photoreal", "abstract", "geometric", "organic",
        "vintage", "cinematic", "moody", "bright", "natural_light", "studio_lit", "blurred", "sharp",
        "close_up", "wide_angle", "aerial", "cutout", "minimal", "busy", "stock", "authentic", "retro",
        "surreal", "3d", "pixel", "line_art", "textured", "collage",
    ),
    "tone": (
        "playful", "serious", "formal", "casual", "friendly", "witty", "warm", "confident", "humble",
        "bold", "quiet", "luxurious", "technical", "approachable", "corporate", "quirky", "minimal",
        "poetic", "direct", "energetic", "calm", "optimistic", "edgy", "nostalgic", "premium", "earnest",
        "sarcastic", "whimsical", "authoritative", "conversational", "understated", "dramatic", "clinical",
        "cheerful",
    ),
    "motion": (
        "subtle", "snappy", "slow", "fast", "springy", "smooth", "bouncy", "linear", "eased", "minimal",
        "playful", "cinematic", "staggered", "looping", "reduced", "elastic", "gentle", "abrupt", "fluid",
        "layered",
    ),
    "iconography": (
        "outlined", "filled", "duotone", "rounded", "sharp", "line", "flat", "skeuomorphic", "hand_drawn",
        "geometric", "minimal", "detailed", "thin_stroke", "bold_stroke", "colorful", "monochrome", "pixel",
        "3d", "playful", "isometric",
    ),
}

NOUNS: Final[dict[str, tuple[str, ...]]] = {
    "typography": (
        "headlines", "titles", "body_copy", "subheads", "captions", "labels", "pull_quotes", "numerals",
        "wordmarks", "lettering", "type_scale", "drop_caps", "callouts", "footnotes", "nav_labels",
        "button_labels", "bylines", "table_text", "eyebrows", "display_type", "hero_type", "type",
        "small_caps", "quotes", "data_labels",
    ),
    "color": (
        "palette", "accents", "backgrounds", "gradients", "highlights", "neutrals", "links", "buttons",
        "borders", "overlays", "charts", "duotones", "brand_colors", "headers", "footers", "cards", "tints",
        "text_color", "color_blocking", "icon_colors", "hover_states", "dark_mode", "section_fills",
        "data_colors", "shadows",
    ),
    "layout": (
        "grids", "columns", "titles", "hero", "sections", "cards", "sidebars", "navigation", "footers",
        "margins", "alignment", "compositions", "modules", "tables", "galleries", "forms", "headers",
        "spreads", "dashboards", "panels", "lists", "timelines", "slides", "covers", "menus", "tiles",
    ),
    "spacing": (
        "spacing", "padding", "margins", "gutters", "line_height", "paragraph_gaps", "section_gaps",
        "whitespace", "leading", "tracking", "rhythm", "insets", "card_padding", "button_padding",
        "list_spacing", "table_rows", "form_fields", "icon_spacing", "grid_gaps", "vertical_rhythm",
        "page_margins", "header_spacing",
    ),
    "imagery": (
        "imagery", "photos", "illustrations", "portraits", "backgrounds", "textures", "patterns",
        "hero_images", "product_shots", "thumbnails", "collages", "renders", "mockups", "diagrams",
        "infographics", "avatars", "landscapes", "still_lifes", "crops", "photography", "graphics",
    ),
    "tone": (
        "tone", "voice", "copy", "microcopy", "ctas", "taglines", "mood", "messaging", "error_messages",
        "greetings", "storytelling", "humor", "intros", "descriptions", "headings", "onboarding_copy",
        "empty_states", "captions", "headlines", "sign_offs",
    ),
    "motion": (
        "transitions", "animations", "hover_effects", "scrolling", "parallax", "loaders",
        "micro_interactions", "page_transitions", "reveals", "carousels", "easing", "fades", "zooms",
        "video_loops", "cursor_effects", "menus",
    ),
    "iconography": (
        "icons", "pictograms", "glyphs", "badges", "bullets", "arrows", "logos", "emoji", "symbols",
        "markers", "nav_icons", "app_icons", "favicons", "stickers", "spot_illustrations",
    ),
}

CONTEXTS: Final = (
    "in_headers", "on_mobile", "for_print", "in_slides", "on_cards", "in_hero", "in_emails", "on_social",
    "in_reports", "in_dashboards", "on_packaging", "in_ads", "on_landing_pages", "in_onboarding",
)

NAMED_PROJECTS: Final = (
    "p_brand_refresh", "p_investor_deck", "p_cafe_menu", "p_portfolio_site", "p_product_launch",
    "p_annual_report", "p_wedding_invite", "p_mobile_onboarding", "p_conference_poster", "p_newsletter",
    "p_podcast_cover", "p_recipe_app",
)
PROJECT_WORDS: Final = (
    "landing", "pitch", "poster", "catalog", "dashboard", "brochure", "flyer", "lookbook", "storefront",
    "campaign", "booklet", "microsite", "banner", "packaging", "menu", "invite", "slides", "report", "zine",
    "label", "onboarding", "checkout", "keynote", "album", "festival", "gallery",
)

# Signal mix per polarity of the patterns an event speaks for (weights, cumulative below).
_POS_SIGNALS: Final = (
    (SignalType.THUMBS_UP, 36),
    (SignalType.REPEATED_ACCEPTANCE, 30),
    (SignalType.MANUAL_REFINEMENT, 14),
    (SignalType.EXPLICIT_TAG, 9),
    (SignalType.REVERT_AFTER_EDIT, 4),
)
_NEG_SIGNALS: Final = (
    (SignalType.THUMBS_DOWN, 38),
    (SignalType.SINGLE_REJECTION, 28),
    (SignalType.ABANDONED_GENERATION, 13),
    (SignalType.EXPLICIT_TAG, 12),
    (SignalType.MANUAL_REFINEMENT, 8),
)
_DIFF_VERBS: Final = (("more", "less"), ("switched to", "dropped"), ("leaned into", "removed"), ("added", "cut"))
# fmt: on


@dataclass(frozen=True, slots=True)
class _Project:
    project_id: str
    first: int  # first active period
    last: int  # last active period (inclusive)
    weight: float


@dataclass(frozen=True, slots=True)
class _Group:
    scope: int  # 0 = global, 1 + i = project i
    vocab: int  # index into the vocabulary


def _vocabulary(rng: random.Random, need: int) -> tuple[list[tuple[str, str]], list[int]]:
    """Popularity-ordered (type, pattern) entries with each one's default polarity."""
    entries: list[tuple[str, str]] = []
    polarity: list[int] = []
    seen: set[tuple[str, str]] = set()
    for t, p, pol in SIGNATURE:
        entries.append((t, p))
        polarity.append(pol)
        seen.add((t, p))
    base = [(t, f"{a}_{n}") for t in TYPES for a in ADJECTIVES[t] for n in NOUNS[t]]
    base = [e for e in base if e not in seen]
    rng.shuffle(base)
    for e in base:
        entries.append(e)
        seen.add(e)
        polarity.append(POS if rng.random() < 0.68 else NEG)
    if len(entries) < need:
        ctx = [(t, f"{p}_{c}") for (t, p) in base for c in CONTEXTS]
        rng.shuffle(ctx)
        for e in ctx[: need - len(entries)]:
            entries.append(e)
            polarity.append(POS if rng.random() < 0.68 else NEG)
    return entries, polarity


def _between(rng: random.Random, lo: int, hi: int) -> int:
    """A uniform integer in [lo, hi] (cheaper than ``randint`` in the hot loops)."""
    return lo + int(rng.random() * (hi - lo + 1))


def _projects(rng: random.Random, n: int) -> list[_Project]:
    out: list[_Project] = []
    counters: dict[str, int] = {}
    for i in range(n):
        if i < len(NAMED_PROJECTS):
            pid = NAMED_PROJECTS[i]
        else:
            word = PROJECT_WORDS[_between(rng, 0, len(PROJECT_WORDS) - 1)]
            counters[word] = counters.get(word, 0) + 1
            pid = f"p_{word}_{counters[word]}"
        length = _between(rng, 3, 16)
        if i < 2:  # the two flagship projects run through (most of) the year
            first, last, boost = 4 + i * 6, PERIODS - 1, 3.0
        elif i == 2:  # the café menu was finished ~4 months ago: its records have decayed
            first, last, boost = PERIODS - 12 - length, PERIODS - 13, 1.5
        elif rng.random() < 0.35:  # still running
            first, last, boost = PERIODS - length, PERIODS - 1, 1.0
        else:  # finished; the older ones are archived by now
            last = _between(rng, length - 1, PERIODS - 2)
            first, boost = last - length + 1, 1.0
        first = max(0, first)
        weight = (last - first + 1) * min(rng.paretovariate(1.6), 8.0) * boost
        out.append(_Project(pid, first, last, weight))
    return out


def _sample_distinct(rng: random.Random, cum: Sequence[float], n: int, must: Sequence[int] = ()) -> list[int]:
    """``n`` distinct vocabulary indices drawn by popularity (``must`` first)."""
    chosen: dict[int, None] = dict.fromkeys(must)
    population = range(len(cum))
    n = min(n, len(cum))
    while len(chosen) < n:
        for i in rng.choices(population, cum_weights=cum, k=(n - len(chosen)) * 2 + 8):
            chosen.setdefault(i, None)
            if len(chosen) >= n:
                break
    return list(chosen)[:n]


def _window(rng: random.Random, first: int, last: int, core: float) -> tuple[int, int]:
    """A group's active periods inside its scope's lifetime: the whole of it, or a phase."""
    if rng.random() < core or last - first < 2:
        return first, last
    length = _between(rng, 1, max(1, min(12, last - first)))
    start = _between(rng, first, last - length + 1)
    return start, start + length - 1


# --------------------------------------------------------------------------- the plan
@dataclass
class _Plan:
    vocab: list[tuple[str, str]]
    projects: list[_Project]
    groups: list[_Group]
    # buckets[period][scope] → codes (group index * 2 + polarity bit), in no particular order
    buckets: list[dict[int, array[int]]]
    items: int


def _plan(rng: random.Random, size: str, skip: Callable[[str, str], bool] | None) -> _Plan:
    target_prefs, target_events, n_projects = SIZES[size]
    n_groups = round(target_prefs / _RECORDS_PER_GROUP)
    n_items = round(target_events * _ITEMS_PER_EVENT_BY_SIZE[size])
    n_global = max(len(SIGNATURE), round(n_groups * _GLOBAL_SHARE))

    vocab, default_pol = _vocabulary(rng, need=max(4000, n_global * 5))
    if skip is not None:  # patterns the user forgot and blocked are never generated again
        keep = [i for i, (t, p) in enumerate(vocab) if not skip(t, p)]
        vocab = [vocab[i] for i in keep]
        default_pol = [default_pol[i] for i in keep]
    signature = {(t, p) for t, p, _ in SIGNATURE}
    n_sig = sum(1 for e in vocab[: len(SIGNATURE)] if e in signature)
    cum = list(itertools.accumulate(1.0 / (i + 8) ** 0.85 for i in range(len(vocab))))
    projects = _projects(rng, n_projects)

    groups: list[_Group] = []
    pol_of: list[int] = []
    windows: list[tuple[int, int]] = []
    for v in _sample_distinct(rng, cum, n_global, must=range(n_sig)):
        groups.append(_Group(0, v))
        pol_of.append(default_pol[v] if v < n_sig or rng.random() < 0.92 else 1 - default_pol[v])
        windows.append(_window(rng, 0, PERIODS - 1, core=1.0 if v < n_sig else 0.35))
    total_w = sum(p.weight for p in projects)
    left = n_groups - n_global
    for j, proj in enumerate(projects):
        if j == len(projects) - 1:
            share = left
        else:
            share = max(12, round((n_groups - n_global) * proj.weight / total_w))
            share = max(1, min(share, left - (len(projects) - 1 - j)))
        left -= share
        for v in _sample_distinct(rng, cum, share):
            groups.append(_Group(1 + j, v))
            # A project often wants something the global taste does not (project overrides).
            pol_of.append(default_pol[v] if rng.random() < 0.78 else 1 - default_pol[v])
            windows.append(_window(rng, proj.first, proj.last, core=0.7))

    # Signals per group: heavy-tailed; the head of the vocabulary (above all globally) is busier.
    weights: list[float] = []
    for g in groups:
        w = min(rng.paretovariate(1.15), 400.0)
        if g.vocab < n_sig:
            w *= 12.0 if g.scope == 0 else 2.0
        weights.append(w)
    scale = (n_items - len(groups)) / sum(weights)
    counts = [1 + int(w * scale) for w in weights]
    short = n_items - sum(counts)
    for i in rng.sample(range(len(groups)), min(len(groups), max(0, short))):
        counts[i] += 1

    buckets: list[dict[int, array[int]]] = [{} for _ in range(PERIODS)]
    rnd = rng.random
    for gi, (g, k) in enumerate(zip(groups, counts, strict=True)):
        a, b = windows[gi]
        width = b - a + 1
        periods = sorted(a + int(rnd() * width) for _ in range(k))
        base = pol_of[gi]
        flip_at = k + 1
        if k >= 12 and rnd() < _FLIP_SHARE:  # a change of taste part-way: reversal, shadow, promotion
            flip_at = int(k * rng.uniform(0.45, 0.8))
        for j, p in enumerate(periods):
            pol = base
            if j >= flip_at or (j >= 3 and rnd() < _NOISE_RATE):
                pol = 1 - base
            bucket = buckets[p].get(g.scope)
            if bucket is None:
                bucket = buckets[p][g.scope] = array("q")
            bucket.append(gi * 2 + pol)
    return _Plan(vocab, projects, groups, buckets, n_items)


# --------------------------------------------------------------------------- events
@dataclass(slots=True)
class _Ev:
    """One generated event before it has an id and a time."""

    signal: SignalType
    items: tuple[int, ...]  # codes of the patterns it names (for pairwise: the chosen side)
    over: tuple[int, ...] = ()  # pairwise only: the other side
    tag: str | None = None
    scope: int = 0


def _pick(rng: random.Random, table: Sequence[tuple[SignalType, int]]) -> SignalType:
    r = rng.random() * sum(w for _, w in table)
    for s, w in table:
        r -= w
        if r < 0:
            return s
    return table[-1][0]


def _chunks(rng: random.Random, codes: list[int]) -> list[tuple[int, ...]]:
    """1–3 patterns per event, never the same group twice in one event."""
    out: list[tuple[int, ...]] = []
    i, n = 0, len(codes)
    while i < n:
        r = rng.random()
        want = 1 if r < 0.66 else (2 if r < 0.91 else 3)
        chunk = [codes[i]]
        i += 1
        while len(chunk) < want and i < n and all(codes[i] >> 1 != c >> 1 for c in chunk):
            chunk.append(codes[i])
            i += 1
        out.append(tuple(chunk))
    return out


def _form_events(rng: random.Random, codes: array[int], scope: int) -> list[_Ev]:
    items = list(codes)
    rng.shuffle(items)
    pos = [c for c in items if c & 1 == POS]
    neg = [c for c in items if c & 1 == NEG]
    events: list[_Ev] = []
    n_est = len(items) / _ITEMS_PER_EVENT
    for _ in range(int(n_est * _PAIRWISE_SHARE + rng.random())):
        if not pos or not neg or pos[-1] >> 1 == neg[-1] >> 1:
            break
        chose = [pos.pop()]
        if pos and rng.random() < 0.3 and pos[-1] >> 1 != chose[0] >> 1 and pos[-1] >> 1 != neg[-1] >> 1:
            chose.append(pos.pop())
        events.append(_Ev(SignalType.PAIRWISE_COMPARISON, tuple(chose), (neg.pop(),), scope=scope))
    for _ in range(int(n_est * _MIXED_REFINEMENT_SHARE + rng.random())):
        if not pos or not neg or pos[-1] >> 1 == neg[-1] >> 1:
            break
        events.append(_Ev(SignalType.MANUAL_REFINEMENT, (pos.pop(), neg.pop()), scope=scope))
    for codes_of, table, tags in ((pos, _POS_SIGNALS, POSITIVE_TAGS), (neg, _NEG_SIGNALS, NEGATIVE_TAGS)):
        for chunk in _chunks(rng, codes_of):
            signal = _pick(rng, table)
            tag = tags[_between(rng, 0, len(tags) - 1)] if signal is SignalType.EXPLICIT_TAG else None
            events.append(_Ev(signal, chunk, tag=tag, scope=scope))
    rng.shuffle(events)
    return events


def _session_sizes(rng: random.Random, n: int) -> list[int]:
    """Split ``n`` events into sessions of 3–30 (mostly short ones)."""
    sizes: list[int] = []
    left = n
    while left > 0:
        s = min(left, 3 + int(27 * rng.random() ** 2))
        sizes.append(s)
        left -= s
    if len(sizes) > 1 and sizes[-1] < 3:
        rest = sizes.pop()
        for i in range(len(sizes) - 1, -1, -1):
            if sizes[i] + rest <= 30:
                sizes[i] += rest
                break
        else:
            sizes.append(rest)
    return sizes


class _Sink:
    """Writes batches on a worker thread, so SQLite's work (which releases the GIL) overlaps the
    generation of the next batch.

    One connection (``Store.raw``: the store's pragmas) serves every batch so that its page cache
    stays warm across batches — with a fresh connection per batch the random inserts into the
    pattern index re-read their pages every time, which costs ~40 % at L. Each batch is still its
    own short ``BEGIN IMMEDIATE`` transaction, retried with backoff while the store is busy, as
    ``Store.write`` does.
    """

    CACHE_KIB: Final = 131_072

    def __init__(self, store: Store) -> None:
        self.store = store
        self.written_items = 0
        self.error: BaseException | None = None
        self._queue: queue.Queue[tuple[list[_Row], list[list[_Row]], int] | None] = queue.Queue(maxsize=2)
        self._thread = threading.Thread(target=self._run, name="cm-demo-writer", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with ExitStack() as stack:
            con: sqlite3.Connection | None = None
            while True:
                batch = self._queue.get()
                if batch is None:
                    return
                if self.error is not None:
                    continue  # drain after a failure; the producer sees the error on its next put
                try:
                    if con is None:
                        con = stack.enter_context(self.store.raw())
                        con.execute(f"PRAGMA cache_size=-{self.CACHE_KIB}")
                    self._write(con, *batch)
                except BaseException as exc:
                    self.error = exc

    def _write(self, con: sqlite3.Connection, rows: list[_Row], prows: list[list[_Row]], items: int) -> None:
        _begin_immediate(con, self.store)
        try:
            _insert(con, rows, prows)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self.written_items += items

    def put(self, rows: list[_Row], prows: list[list[_Row]], items: int) -> None:
        self.raise_error()
        self._queue.put((rows, prows, items))

    def close(self) -> None:
        """Wait until every batch is written (or dropped after an error)."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()

    def raise_error(self) -> None:
        if self.error is not None:
            err, self.error = self.error, None
            raise _translate(err, self.store.lock_budget_s)


def _begin_immediate(con: sqlite3.Connection, store: Store) -> None:
    """``BEGIN IMMEDIATE``; while the store is busy, retry with backoff up to the lock budget."""
    retry_while_busy(lambda: con.execute("BEGIN IMMEDIATE"), budget_s=store.lock_budget_s)


def _translate(exc: BaseException, budget_s: float) -> BaseException:
    """A writer failure as one of the service errors (a sentence a person can act on)."""
    if isinstance(exc, sqlite3.IntegrityError):
        return InvalidInput(
            "Demo events with these ids were written meanwhile by another run; reset first or pick another seed."
        )
    if isinstance(exc, sqlite3.OperationalError):
        if is_busy(exc):
            return StoreLocked(
                f"The store is busy: another program has held a write lock for more than {budget_s:g} s. The demo data "
                "written so far was removed; try again in a moment."
            )
        return StoreUnavailable(
            f"The store could not be written ({exc}); the demo data written so far was removed."
        )
    return exc


class _Writer:
    """Turns generated events into store rows (canonical payload, content hash, pattern index)."""

    def __init__(
        self, user_id: str, seed: int, now: int, plan: _Plan, emit: Callable[[_Writer], None]
    ) -> None:
        self.user_id = user_id
        self.user_json = json.dumps(user_id, ensure_ascii=False)
        self.seed = seed
        self.now = now
        self.plan = plan
        self.emit = emit  # called with a full batch in ``rows``/``prows``; it takes them away
        self.items = 0  # pattern occurrences in ``rows``
        self.n = 0
        self.rows: list[_Row] = []
        self.prows: list[list[_Row]] = []
        self.projects_used: set[int] = set()
        self.scope_text = ["global"] + [f"project:{p.project_id}" for p in plan.projects]
        # Canonical JSON of each pattern as a payload holds it (keys sorted), by code / by group.
        self._frag: dict[int, str] = {}
        self._side: dict[int, str] = {}

    def _names(self, code: int) -> tuple[str, str]:
        return self.plan.vocab[self.plan.groups[code >> 1].vocab]

    def frag(self, code: int) -> str:
        f = self._frag.get(code)
        if f is None:
            t, p = self._names(code)
            f = self._frag[code] = (
                f'{{"pattern":"{p}","polarity":"{_POLARITY_TEXT[code & 1]}","preference_type":"{t}"}}'
            )
        return f

    def side(self, code: int) -> str:
        f = self._side.get(code >> 1)
        if f is None:
            t, p = self._names(code)
            f = self._side[code >> 1] = f'{{"pattern":"{p}","preference_type":"{t}"}}'
        return f

    def pattern_rows(self, ev: _Ev, scope: str) -> list[tuple[str, ...]]:
        """The event's rows of the pattern index, in :data:`_PATTERN_COLS` order after the seq."""
        out: list[tuple[str, ...]] = []
        pairwise = ev.signal is SignalType.PAIRWISE_COMPARISON
        for codes, role in ((ev.items, "chose" if pairwise else ""), (ev.over, "over")):
            for c in codes:
                t, p = self._names(c)
                pol = _POLARITY_TEXT[NEG if role == "over" else (POS if role == "chose" else c & 1)]
                out.append((self.user_id, scope, t, p, pol, role))
        return out

    def diff(self, rng: random.Random, ev: _Ev) -> str | None:
        """A short free-text note for some refinements and reverts ("more airy spacing; less …")."""
        if (
            ev.signal not in (SignalType.MANUAL_REFINEMENT, SignalType.REVERT_AFTER_EDIT)
            or rng.random() < 0.4
        ):
            return None
        more, less = _DIFF_VERBS[_between(rng, 0, len(_DIFF_VERBS) - 1)]
        parts = [f"{more if c & 1 == POS else less} {human(self._names(c)[1])}" for c in ev.items]
        if ev.signal is SignalType.REVERT_AFTER_EDIT:
            return "reverted an edit, back to " + "; ".join(human(self._names(c)[1]) for c in ev.items)
        return "; ".join(parts)

    def add(
        self, rng: random.Random, ev: _Ev, at: int, project: int | None, session_id: str, artifact_id: str
    ) -> None:
        scope = self.scope_text[ev.scope]
        # Payload keys in canonical (sorted) order: chose, diff, over, patterns, scope, tag.
        parts: list[str] = []
        if ev.signal is SignalType.PAIRWISE_COMPARISON:
            chose = ",".join(map(self.side, ev.items))
            over = ",".join(map(self.side, ev.over))
            parts.append(f'"chose":{{"artifact_id":"{artifact_id}c","patterns":[{chose}]}}')
            parts.append(f'"over":{{"artifact_id":"{artifact_id}o","patterns":[{over}]}}')
            parts.append('"patterns":[]')
        else:
            d = self.diff(rng, ev)
            if d is not None:
                parts.append(f'"diff":{json.dumps(d, ensure_ascii=False)}')
            parts.append(f'"patterns":[{",".join(map(self.frag, ev.items))}]')
        parts.append(f'"scope":"{scope}"')
        if ev.tag is not None:
            parts.append(f'"tag":"{ev.tag}"')
        payload = "{" + ",".join(parts) + "}"
        project_id = None if project is None else self.plan.projects[project - 1].project_id
        signal = str(ev.signal)
        # content_hash as services.ingest.content_hash computes it (canonical JSON, keys sorted),
        # without a JSON round trip; tests/unit/test_demo.py checks the two agree.
        pid_json = "null" if project_id is None else f'"{project_id}"'
        content = (
            f'{{"artifact_id":"{artifact_id}","occurred_at":{at},"payload":{payload},'
            f'"project_id":{pid_json},"scope":"{scope}","session_id":"{session_id}",'
            f'"signal_type":"{signal}","user_id":{self.user_json}}}'
        )
        self.rows.append(
            (
                f"demo-{self.seed}-{self.n}",
                self.user_id,
                project_id,
                scope,
                signal,
                at,
                ev.tag,
                session_id,
                artifact_id,
                payload,
                hashlib.sha256(content.encode()).hexdigest(),
                _SOURCE,
                self.now,
            )
        )
        self.prows.append(self.pattern_rows(ev, scope))
        if project is not None:
            self.projects_used.add(project)
        self.n += 1
        self.items += len(ev.items) + len(ev.over)
        if len(self.rows) >= BATCH_ROWS:
            self.emit(self)

    def take(self) -> tuple[list[_Row], list[list[_Row]], int]:
        out = (self.rows, self.prows, self.items)
        self.rows, self.prows, self.items = [], [], 0
        return out


_SOURCE: Final = str(EventSource.DEMO)
_Row = tuple[Any, ...]
# Column order of the rows the writer makes (each preceded by the seq on insert).
_EVENT_COLS: Final = ("event_id", "user_id", "project_id", "scope", "signal_type", "occurred_at", "tag")
_EVENT_COLS_2: Final = ("session_id", "artifact_id", "payload", "content_hash", "source", "ingested_at")
_PATTERN_COLS: Final = ("user_id", "scope", "preference_type", "pattern", "polarity", "role")


def _insert_sql(table: str, cols: Sequence[str]) -> str:
    return f"INSERT INTO {table} (seq, {', '.join(cols)}) VALUES ({', '.join('?' * (len(cols) + 1))})"


_INSERT_EVENT: Final = _insert_sql(Event.__tablename__, _EVENT_COLS + _EVENT_COLS_2)
_INSERT_PATTERN: Final = _insert_sql(EventPattern.__tablename__, _PATTERN_COLS)


def _insert(con: sqlite3.Connection, rows: list[_Row], prows: list[list[_Row]]) -> None:
    """Write event rows and their pattern index rows: exactly what ``ingest.insert_event_rows`` writes.

    It assigns seqs the same way ``insert_event_rows`` does (inside an IMMEDIATE write transaction,
    above both the highest seq and the AUTOINCREMENT high-water mark, so no seq is ever reused) but
    works on a plain sqlite3 connection shared with the generator thread, so the L data set can be
    written while the next rows are generated (the C executemany loop releases the GIL). ``tests/unit/test_demo.py`` checks that the stored rows equal
    those ``insert_event_rows`` stores for the same input.
    """
    top = con.execute(f"SELECT max(seq) FROM {Event.__tablename__}").fetchone()
    hwm = con.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (Event.__tablename__,)).fetchone()
    seq = max(int((top or (0,))[0] or 0), int((hwm or (0,))[0] or 0))
    events: list[_Row] = []
    patterns: list[_Row] = []
    for row, pats in zip(rows, prows, strict=True):
        seq += 1
        events.append((seq, *row))
        patterns.extend((seq, *p) for p in pats)
    con.executemany(_INSERT_EVENT, events)
    if patterns:
        con.executemany(_INSERT_PATTERN, patterns)


def _id_range(seed: int) -> tuple[str, str]:
    """All ``demo-<seed>-…`` ids sort inside [lo, hi) ('.' follows '-' in ASCII)."""
    return f"demo-{seed}-", f"demo-{seed}."


def demo_owner(store: Store, seed: int) -> str | None:
    """The user whose events carry the demo ids of ``seed`` (None if there are none)."""
    lo, hi = _id_range(seed)
    with store.read() as session:
        # Event ids are unique per user (index (user_id, event_id)): probe each user's range.
        user = session.scalar(select(func.min(Event.user_id)))
        while user is not None:
            if session.scalar(
                select(Event.seq).where(Event.user_id == user, Event.event_id >= lo, Event.event_id < hi).limit(1)
            ):
                return str(user)
            user = session.scalar(select(func.min(Event.user_id)).where(Event.user_id > user))
        return None


def _remove(store: Store, user_id: str, seed: int, now: int) -> None:
    """Delete the demo events of ``seed`` (their pattern rows cascade) and re-derive what is left."""
    lo, hi = _id_range(seed)
    with store.write() as session:
        session.execute(
            delete(Event).where(Event.user_id == user_id, Event.event_id >= lo, Event.event_id < hi)
        )
    derivation.ensure_current(store, user_id, now)


_CANCELLED: Final = "The demo data generation was cancelled; the demo events written so far were removed."


def generate(
    store: Store,
    user_id: str,
    *,
    size: str = "S",
    seed: int = 1,
    now: int,
    progress: Progress | None = None,
    cancelled: CancelCheck | None = None,
    blocks: BlockChecker | None = None,
) -> dict[str, int]:
    """Fill the store with the standard data set ``size`` for ``user_id``, re-derive, return counts.

    Returns ``{"events", "preferences", "projects"}``: events written, preference records of the
    user after the re-derivation, projects that received events. ``progress(done, total)`` is called
    after every batch and during the re-derivation (abstract work units, ending at
    ``done == total``); ``cancelled()`` is polled at the same points — on cancellation the demo
    events written so far are removed and :class:`Cancelled` is raised. With ``blocks``, patterns
    the user forgot and blocked are never generated. Refuses (``InvalidInput``, nothing changed) a
    seed whose demo data the store already holds.
    """
    key = size.strip().upper() if isinstance(size, str) else ""
    if key not in SIZES:
        raise InvalidInput(f"'{size}' is not a demo size; use S, M or L.")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidInput(f"'{seed}' is not a seed; use a whole number of 0 or more.")
    user_id = valid_name(user_id, "user id")
    if store.read_only:
        raise ReadOnly(store.read_only_reason or "This store is read-only.")
    owner = demo_owner(store, seed)
    if owner == user_id:
        raise InvalidInput(
            f"The store already holds demo data for seed {seed}; reset first or pick another seed."
        )
    if owner is not None:
        raise InvalidInput(
            f"Another user of this store already holds demo data for seed {seed} (event ids are unique per "
            "store); pick another seed."
        )

    skip: Callable[[str, str], bool] | None = None
    if blocks is not None:
        with store.read() as session:
            fps = blocks.fingerprints(session, user_id)
        if fps:
            checker = blocks

            def skip(t: str, p: str) -> bool:
                return checker.blocked(fps, t, p)

    rng = random.Random(seed)
    plan = _plan(rng, key, skip)
    derive_units = max(1, plan.items // 2)
    total = plan.items + derive_units
    sink = _Sink(store)

    def emit(w: _Writer) -> None:
        sink.put(*w.take())
        if progress is not None:
            progress(min(sink.written_items, plan.items), total)
        if cancelled is not None and cancelled():
            raise Cancelled(_CANCELLED)

    writer = _Writer(user_id, seed, now, plan, emit)
    try:
        try:
            for at, ev, project, session_id, artifact in _timeline(rng, plan, now):
                writer.add(rng, ev, at, project, session_id, artifact)
            if writer.rows:
                emit(writer)
        finally:
            sink.close()
        sink.raise_error()
        if progress is not None:
            progress(plan.items, total)

        def derive_progress(done: int, of: int) -> None:
            if progress is not None:
                progress(plan.items + (derive_units * done) // max(1, of), total)

        info = derivation.rebuild(store, user_id, now, progress=derive_progress, cancelled=cancelled)
    except Cancelled:
        _remove(store, user_id, seed, now)
        raise Cancelled(_CANCELLED) from None
    except InvalidInput:
        raise  # another run wrote these ids meanwhile: they are not ours to remove
    except BaseException:
        with suppress(Exception):  # best effort: leave no half data set behind
            _remove(store, user_id, seed, now)
        raise
    if progress is not None:
        progress(total, total)
    return {"events": writer.n, "preferences": info.preferences, "projects": len(writer.projects_used)}


def _timeline(rng: random.Random, plan: _Plan, now: int) -> Iterator[tuple[int, _Ev, int | None, str, str]]:
    """Period by period: events per scope, sessions, times. Yields, in chronological order,
    ``(occurred_at, event, project index or None, session id, artifact id)``."""
    start = now - SPAN_DAYS * DAY_MS
    span = PERIOD_MS - 3 * 3_600_000  # a session (≤ 30 events × 4 min) ends inside its period
    rnd = rng.random
    session_no = 0
    artifact_no = 0
    ratio = _GLOBAL_IN_PROJECT / (1 - _GLOBAL_IN_PROJECT)
    carry: dict[int, list[_Ev]] = {}  # events of a scope too few for a session: next period's
    last_period = len(plan.buckets) - 1
    for period, scopes in enumerate(plan.buckets):
        p0 = start + period * PERIOD_MS
        final = period == last_period
        global_events = carry.pop(0, []) + (_form_events(rng, scopes[0], 0) if 0 in scopes else [])
        sessions: list[tuple[int | None, list[_Ev]]] = []
        for scope in sorted({s for s in scopes if s != 0} | set(carry)):
            events = carry.pop(scope, []) + (
                _form_events(rng, scopes[scope], scope) if scope in scopes else []
            )
            for size in _session_sizes(rng, len(events)):
                session_events = [events.pop() for _ in range(size)]
                # ~10 % of a project session's events are sent with scope "global".
                want = max(int(size * ratio + rnd()), 3 - size)
                borrow = min(len(global_events), want, max(0, 30 - size))
                if size + borrow < 3 and not final:
                    carry[scope] = session_events
                    continue
                for _ in range(borrow):
                    session_events.insert(int(rnd() * (len(session_events) + 1)), global_events.pop())
                sessions.append((scope, session_events))
        if len(global_events) < 3 and not final:
            carry[0] = global_events
        else:
            for size in _session_sizes(rng, len(global_events)):
                sessions.append((None, [global_events.pop() for _ in range(size)]))
        # (time, order, event, project index or None, session id, artifact id)
        timed: list[tuple[int, int, _Ev, int | None, str, str]] = []
        for project, session_events in sessions:
            session_no += 1
            session_id = f"s_{session_no}"
            t = p0 + int(rnd() * span)
            artifact = ""
            for ev in session_events:
                if not artifact or rnd() < 0.55:
                    artifact_no += 1
                    artifact = f"a_{artifact_no}"
                t += 15_000 + int(rnd() * 225_000)
                timed.append((t, len(timed), ev, project, session_id, artifact))
        timed.sort(key=lambda x: (x[0], x[1]))
        for t, _o, ev, project, session_id, artifact in timed:
            yield min(t, now), ev, project, session_id, artifact


def wire_events(
    user_id: str, *, size: str = "S", seed: int = 1, now: int, limit: int | None = None
) -> Iterator[dict[str, Any]]:
    """The data set as a host would send it: wire-shaped event dicts (``store.md``), chronological.

    Nothing is stored. For ingest benchmarks and tests that need a realistic stream (``occurred_at``
    is ISO 8601 UTC; ``scope`` is given only where a signal inside a project is sent as global).
    """
    key = size.strip().upper()
    if key not in SIZES:
        raise InvalidInput(f"'{size}' is not a demo size; use S, M or L.")
    rng = random.Random(seed)
    plan = _plan(rng, key, None)
    writer = _Writer(user_id, seed, now, plan, lambda w: None)
    for n, (at, ev, project, session_id, artifact) in enumerate(_timeline(rng, plan, now)):
        if limit is not None and n >= limit:
            return
        writer.add(rng, ev, at, project, session_id, artifact)
        yield _wire(writer.take()[0][0])


def _wire(row: _Row) -> dict[str, Any]:
    event_id, user_id, project_id, scope, signal, at, _tag, session_id, artifact_id, payload_text = row[:10]
    payload = json.loads(payload_text)
    out: dict[str, Any] = {
        "event_id": event_id,
        "user_id": user_id,
        "project_id": project_id,
        "signal_type": signal,
        "occurred_at": iso(at),
        "session_id": session_id,
        "artifact_id": artifact_id,
        "patterns": payload["patterns"],
    }
    if project_id is not None and scope == "global":
        out["scope"] = "global"
    for k in ("tag", "diff", "chose", "over"):
        if k in payload:
            out[k] = payload[k]
    return out


def expected(size: str) -> tuple[int, int]:
    """The target (preferences, events) of a standard size."""
    p, e, _ = SIZES[size.upper()]
    return p, e


__all__ = ["SIZES", "demo_owner", "expected", "generate", "wire_events"]
