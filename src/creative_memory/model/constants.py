"""Domain enums and the engine's tuning constants (see docs/design engine notes).

The numbers match the prototype engine (Open Design PR #1746) so that a store built by either
gives the same answers; deliberate differences are bumped into ``DERIVATION_VERSION``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

# Bump when the derivation rules change: every cached preference re-derives lazily. The style
# extractor's version is part of it (decision 0065): a new extractor is a new derivation version.
# (services.extract.vocabulary.EXTRACTOR_VERSION; a test holds the two together.)
# Version 3: a recall rating "missed" is folded as an explicit tag of the preference it names
# (decision 0086); a store without ratings derives exactly as version 2 did.
# Version 4: events of the same instant fold in the order of their content, not of their arrival
# (decision 0089); a store with no two events at one instant derives exactly as version 3 did.
# Version 5: a record weakened by a contradicting reaction names it by time and kind, not by id
# (decision 0104); the strengths, tiers and statuses are those of version 4.
DERIVATION_VERSION: Final = "cm-derive-5+extract-1"

NORMALIZER: Final = 2.0
DECAY_DAYS: Final = 90
ARCHIVE_DAYS: Final = 180
DECAY_FACTOR: Final = 0.70
INJECTION_THRESHOLD: Final = 0.40
TOKEN_BUDGET: Final = 200
TOKEN_OVERHEAD: Final = 20
LINE_OVERHEAD_TOKENS: Final = 5
CHARS_PER_TOKEN: Final = 4
MAX_INJECTION_COUNT: Final = 20
NEGATIVE_PRIORITY_MULTIPLIER: Final = 1.2
NEGATIVE_BUDGET_RATIO: Final = 0.50
MIN_NEG_FLOOR: Final = 2
MAX_PER_CATEGORY: Final = 3
TIER_MEDIUM_MIN: Final = 0.35
TIER_HIGH_ABOVE: Final = 0.65
REVERSAL_STEP2_FACTOR: Final = 0.80
REVERSAL_STEP3_FACTOR: Final = 0.60
REVERSAL_MIN_SESSIONS: Final = 3

MAX_PAYLOAD_BYTES: Final = 64 * 1024
# A page an event carries (HTML text, UTF-8): up to 2 MB each, beside the 64 KiB of everything else.
MAX_PAGE_BYTES: Final = 2 * 1024 * 1024
# The most a line (or a serve event) may be before it is decoded: the rest, and two pages JSON-escaped
# (a character of a page may take six bytes escaped).
MAX_EVENT_LINE_BYTES: Final = MAX_PAYLOAD_BYTES + 2 * 6 * MAX_PAGE_BYTES
PAGE_FIELDS: Final = ("page", "page_before")
# Ids, preference types and patterns: see model/names.py (one check for every entry point, decision 0029).


class SignalType(StrEnum):
    EXPLICIT_TAG = "explicit_tag"
    MANUAL_REFINEMENT = "manual_refinement"
    REPEATED_ACCEPTANCE = "repeated_acceptance"
    THUMBS_UP = "thumbs_up"
    THUMBS_DOWN = "thumbs_down"
    SINGLE_REJECTION = "single_rejection"
    ABANDONED_GENERATION = "abandoned_generation"
    REVERT_AFTER_EDIT = "revert_after_edit"
    PAIRWISE_COMPARISON = "pairwise_comparison"
    # A person's word on one injection: it helped, was too much, named a preference that was not
    # relevant there, or missed one (decision 0088). Folded into no preference.
    RECALL_RATING = "recall_rating"
    # Internal only: a synthetic event carrying a prototype record's state (legacy import).
    # Never accepted on the wire.
    LEGACY_SNAPSHOT = "legacy_snapshot"


SIGNAL_WEIGHTS: Final[dict[str, float]] = {
    SignalType.EXPLICIT_TAG: 0.30,
    SignalType.REVERT_AFTER_EDIT: 0.25,
    SignalType.MANUAL_REFINEMENT: 0.20,
    SignalType.REPEATED_ACCEPTANCE: 0.15,
    SignalType.THUMBS_UP: 0.10,
    SignalType.THUMBS_DOWN: -0.10,
    SignalType.SINGLE_REJECTION: -0.10,
    SignalType.ABANDONED_GENERATION: -0.02,
    # Pairwise: each side weighs more than any unary signal (derivation version 2,
    # docs/decisions/0021-provisional-unary-evidence.md); version 1 used the acceptance weight.
    SignalType.PAIRWISE_COMPARISON: 0.20,
    SignalType.RECALL_RATING: 0.0,
    SignalType.LEGACY_SNAPSHOT: 0.0,
}

# Signals the fold of events into preferences passes over: their patterns are indexed (forget,
# explain and export find them) but add no evidence to a preference (decision 0088).
UNFOLDED_SIGNALS: Final = frozenset({SignalType.RECALL_RATING})
# What a recall rating says about the injection it answers (the seed's recall outcomes, decision 0088).
RECALL_OUTCOMES: Final = ("helped", "too_much", "not_relevant", "missed")
# The outcomes that name one preference (type and pattern) in the event's patterns.
RECALL_NAMING: Final = frozenset({"not_relevant", "missed"})
# What the fold makes of a recall rating, by its outcome (decision 0086): a preference named as
# missed is evidence as a tag the person gave is; the other outcomes change no preference (they
# tune retrieval in their context, services.engine.context).
RECALL_FOLDED_AS: Final[dict[str, SignalType]] = {"missed": SignalType.EXPLICIT_TAG}

# Unary signals: one bit about one artifact. A record built only from these is provisional (at
# most medium confidence, strength capped at PROVISIONAL_MAX_STRENGTH) until a lifting signal
# (explicit tag, manual refinement, revert, pairwise comparison) reinforces it (decision 0021).
UNARY_SIGNALS: Final = frozenset(
    {
        SignalType.REPEATED_ACCEPTANCE,
        SignalType.THUMBS_UP,
        SignalType.THUMBS_DOWN,
        SignalType.SINGLE_REJECTION,
        SignalType.ABANDONED_GENERATION,
    }
)
PROVISIONAL_MAX_STRENGTH: Final = TIER_HIGH_ABOVE
# Signals that say the user rejected something: a positive pattern on one of these contradicts
# the signal and is refused at ingest (docs/decisions/0023-critique-and-contradicting-polarity.md).
REJECTING_SIGNALS: Final = frozenset(
    {SignalType.THUMBS_DOWN, SignalType.SINGLE_REJECTION, SignalType.ABANDONED_GENERATION}
)

WIRE_SIGNAL_TYPES: Final = tuple(t for t in SignalType if t is not SignalType.LEGACY_SNAPSHOT)


class Polarity(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"

    @property
    def opposite(self) -> Polarity:
        return Polarity.NEGATIVE if self is Polarity.POSITIVE else Polarity.POSITIVE


class Tier(StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


class Status(StrEnum):
    STABLE = "stable"
    UNDER_REVIEW = "under_review"
    ARCHIVED = "archived"


POSITIVE_TAGS: Final = ("save this direction", "love this", "keep this style")
NEGATIVE_TAGS: Final = ("too noisy", "too crowded", "not this", "wrong direction", "too minimal", "too heavy")
TAG_POLARITY: Final[dict[str, Polarity]] = {
    **{t: Polarity.POSITIVE for t in POSITIVE_TAGS},
    **{t: Polarity.NEGATIVE for t in NEGATIVE_TAGS},
}


class EventSource(StrEnum):
    DAEMON = "daemon"
    CLI = "cli"
    IMPORT = "import"
    LEGACY = "legacy"
    DEMO = "demo"
    GUI = "gui"  # a rating given in the window's Diagnostics


class Origin(StrEnum):
    DAEMON = "daemon"
    PREVIEW = "preview"  # never recorded since previews became dry runs; older stores may hold some
    CLI = "cli"
    SELF_TEST = "self_test"
    GUI = "gui"  # Diagnostics' explicit "Run a recorded retrieval"


class Actor(StrEnum):
    GUI = "gui"
    CLI = "cli"
    HOST = "host"


class Mode(StrEnum):
    GENERATION = "generation"
    CRITIQUE = "critique"
    LEGACY = "legacy"


def tier_for(strength: float) -> Tier:
    """Confidence tier from strength: < 0.35 low, 0.35-0.65 medium, > 0.65 high."""
    if strength < TIER_MEDIUM_MIN:
        return Tier.LOW
    if strength <= TIER_HIGH_ABOVE:
        return Tier.MEDIUM
    return Tier.HIGH


def tier_down(tier: Tier) -> Tier:
    return Tier.MEDIUM if tier is Tier.HIGH else Tier.LOW


def scope_for(project_id: str | None) -> str:
    return f"project:{project_id}" if project_id else "global"


def project_of(scope: str) -> str | None:
    return scope.split(":", 1)[1] if scope.startswith("project:") else None
