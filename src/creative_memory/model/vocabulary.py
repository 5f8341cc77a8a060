"""The seed's signal vocabulary on the wire, mapped to this project's signal types.

Open Design's integration proposal names the signals a host sends with ``ingestSignal``:
``generation_accepted``, ``manual_refinement``, ``explicit_tag``, ``thumbs`` (up or down),
``abandon``, ``revert`` and a pairwise ``comparison`` (``{chose, over, dimensions?}``). A host may
send those names or this project's own; both validate to the same :class:`SignalType`, so what is
stored (and how it is weighed) does not depend on the vocabulary the host speaks.
See ``docs/events/README.md`` for the table and examples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

from creative_memory.model.constants import WIRE_SIGNAL_TYPES, SignalType

# Seed name → this project's signal type. ``thumbs`` is resolved by its ``rating``.
SEED_SIGNALS: Final[dict[str, SignalType]] = {
    "generation_accepted": SignalType.REPEATED_ACCEPTANCE,
    "abandon": SignalType.ABANDONED_GENERATION,
    "revert": SignalType.REVERT_AFTER_EDIT,
    "comparison": SignalType.PAIRWISE_COMPARISON,
}
THUMBS: Final = "thumbs"

# A thumbs rating: the seed's up/down, or the daemon's own feedback rating words.
Rating = Literal["up", "down", "positive", "negative"]
RATING_SIGNAL: Final[dict[str, SignalType]] = {
    "up": SignalType.THUMBS_UP,
    "positive": SignalType.THUMBS_UP,
    "down": SignalType.THUMBS_DOWN,
    "negative": SignalType.THUMBS_DOWN,
}

# Every signal_type value the wire accepts, in the order the schema lists them.
WIRE_SIGNAL_NAMES: Final[tuple[str, ...]] = (
    *(str(t) for t in WIRE_SIGNAL_TYPES),
    *SEED_SIGNALS,
    THUMBS,
)
WireSignalName = Literal[
    "explicit_tag",
    "manual_refinement",
    "repeated_acceptance",
    "thumbs_up",
    "thumbs_down",
    "single_rejection",
    "abandoned_generation",
    "revert_after_edit",
    "pairwise_comparison",
    "recall_rating",
    "generation_accepted",
    "abandon",
    "revert",
    "comparison",
    "thumbs",
]

MAX_DIMENSIONS: Final = 16


def signal_alias(value: Any) -> Any:
    """A plain seed name (not ``thumbs``) → this project's signal type; anything else unchanged."""
    if isinstance(value, str):
        return SEED_SIGNALS.get(value, value)
    return value


def normalize_wire(data: Any) -> Any:
    """Resolve the parts of the seed's vocabulary that span fields, before field validation.

    ``thumbs`` takes its direction from ``rating``; a comparison with ``dimensions`` keeps only
    the side patterns of those preference types (the user compared on them; the other patterns
    are a classifier's guesses about what else differs). Malformed values are left for the field
    validators, which name them.
    """
    if not isinstance(data, Mapping):
        return data
    signal = data.get("signal_type")
    out: dict[str, Any] | None = None
    if signal == THUMBS:
        rating = data.get("rating")
        if rating is None:
            raise ValueError("rating: a thumbs event needs a rating, 'up' or 'down'")
        if rating not in RATING_SIGNAL:
            raise ValueError(f"rating: {rating!r} is not a rating; use 'up' or 'down'")
        out = {**data, "signal_type": str(RATING_SIGNAL[rating])}
    for side in ("chose", "over"):
        if isinstance(data.get(side), str):
            raise ValueError(
                f"{side}: a bare artifact id names nothing to learn from; send "
                f'{{"artifact_id": "…", "patterns": [{{"preference_type": …, "pattern": …}}]}}'
            )
    dims = data.get("dimensions")
    if isinstance(dims, list) and dims and all(isinstance(d, str) for d in dims):
        out = _keep_dimensions(out if out is not None else dict(data), set(dims))
    return out if out is not None else data


def _keep_dimensions(data: dict[str, Any], dims: set[str]) -> dict[str, Any]:
    for side in ("chose", "over"):
        value = data.get(side)
        if not isinstance(value, Mapping) or not isinstance(value.get("patterns"), list):
            continue
        kept = [p for p in value["patterns"] if isinstance(p, Mapping) and p.get("preference_type") in dims]
        if not kept and not value.get("page"):
            named = ", ".join(f"'{d}'" for d in sorted(dims))
            raise ValueError(
                f"dimensions: '{side}' has no pattern of the compared dimensions ({named}); "
                "add its pattern for them or leave them out of dimensions"
            )
        data[side] = {**value, "patterns": kept}
    return data


def check_extras(signal: SignalType, rating: str | None, dimensions: list[str] | None) -> None:
    """``rating`` belongs to thumbs events (and agrees with them); ``dimensions`` to comparisons."""
    if rating is not None:
        want = RATING_SIGNAL[rating]
        if signal not in (SignalType.THUMBS_UP, SignalType.THUMBS_DOWN):
            raise ValueError("rating: only a thumbs event carries a rating; remove it")
        if signal is not want:
            raise ValueError(f"rating: {rating!r} contradicts signal_type '{signal}'; make them agree")
    if dimensions is not None and signal is not SignalType.PAIRWISE_COMPARISON:
        raise ValueError("dimensions: only a comparison carries dimensions; remove it")
