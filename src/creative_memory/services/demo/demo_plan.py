"""The demo data set's plan and timeline: which preference groups exist in which scopes and periods,
how their signals become events, and when each event happens (:mod:`services.demo.demo`).

Everything follows from the ``random.Random`` given and ``now``; nothing reads the wall clock.
"""

from __future__ import annotations

import itertools
import random
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from creative_memory.model.constants import NEGATIVE_TAGS, POSITIVE_TAGS, SignalType
from creative_memory.services.demo.demo_words import (
    ADJECTIVES,
    CONTEXTS,
    NAMED_PROJECTS,
    NEG,
    NEG_SIGNALS,
    NOUNS,
    POS,
    POS_SIGNALS,
    PROJECT_WORDS,
    SIGNATURE,
    TYPES,
)

DAY_MS: Final = 86_400_000
SPAN_DAYS: Final = 400
PERIODS: Final = 40  # the span is cut into periods of 10 days; a group is active in a range of them
PERIOD_MS: Final = SPAN_DAYS * DAY_MS // PERIODS

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


@dataclass(frozen=True, slots=True)
class PlannedProject:
    project_id: str
    first: int  # first active period
    last: int  # last active period (inclusive)
    weight: float


@dataclass(frozen=True, slots=True)
class PlannedGroup:
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


def between(rng: random.Random, lo: int, hi: int) -> int:
    """A uniform integer in [lo, hi] (cheaper than ``randint`` in the hot loops)."""
    return lo + int(rng.random() * (hi - lo + 1))


def _projects(rng: random.Random, n: int) -> list[PlannedProject]:
    out: list[PlannedProject] = []
    counters: dict[str, int] = {}
    for i in range(n):
        if i < len(NAMED_PROJECTS):
            pid = NAMED_PROJECTS[i]
        else:
            word = PROJECT_WORDS[between(rng, 0, len(PROJECT_WORDS) - 1)]
            counters[word] = counters.get(word, 0) + 1
            pid = f"p_{word}_{counters[word]}"
        length = between(rng, 3, 16)
        if i < 2:  # the two flagship projects run through (most of) the year
            first, last, boost = 4 + i * 6, PERIODS - 1, 3.0
        elif i == 2:  # the café menu was finished ~4 months ago: its records have decayed
            first, last, boost = PERIODS - 12 - length, PERIODS - 13, 1.5
        elif rng.random() < 0.35:  # still running
            first, last, boost = PERIODS - length, PERIODS - 1, 1.0
        else:  # finished; the older ones are archived by now
            last = between(rng, length - 1, PERIODS - 2)
            first, boost = last - length + 1, 1.0
        first = max(0, first)
        weight = (last - first + 1) * min(rng.paretovariate(1.6), 8.0) * boost
        out.append(PlannedProject(pid, first, last, weight))
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
    length = between(rng, 1, max(1, min(12, last - first)))
    start = between(rng, first, last - length + 1)
    return start, start + length - 1


# --------------------------------------------------------------------------- the plan
@dataclass
class Plan:
    vocab: list[tuple[str, str]]
    projects: list[PlannedProject]
    groups: list[PlannedGroup]
    # buckets[period][scope] → codes (group index * 2 + polarity bit), in no particular order
    buckets: list[dict[int, array[int]]]
    items: int


def make_plan(rng: random.Random, size: str, skip: Callable[[str, str], bool] | None) -> Plan:
    # One function, ~70 lines: every draw from ``rng`` happens in this order, which fixes the data set
    # for a seed; cut into pieces, the order would be easy to change by accident.
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

    groups: list[PlannedGroup] = []
    pol_of: list[int] = []
    windows: list[tuple[int, int]] = []
    for v in _sample_distinct(rng, cum, n_global, must=range(n_sig)):
        groups.append(PlannedGroup(0, v))
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
            groups.append(PlannedGroup(1 + j, v))
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
    return Plan(vocab, projects, groups, buckets, n_items)


# --------------------------------------------------------------------------- events
@dataclass(slots=True)
class PlannedEvent:
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


def _form_events(rng: random.Random, codes: array[int], scope: int) -> list[PlannedEvent]:
    items = list(codes)
    rng.shuffle(items)
    pos = [c for c in items if c & 1 == POS]
    neg = [c for c in items if c & 1 == NEG]
    events: list[PlannedEvent] = []
    n_est = len(items) / _ITEMS_PER_EVENT
    for _ in range(int(n_est * _PAIRWISE_SHARE + rng.random())):
        if not pos or not neg or pos[-1] >> 1 == neg[-1] >> 1:
            break
        chose = [pos.pop()]
        if pos and rng.random() < 0.3 and pos[-1] >> 1 != chose[0] >> 1 and pos[-1] >> 1 != neg[-1] >> 1:
            chose.append(pos.pop())
        events.append(PlannedEvent(SignalType.PAIRWISE_COMPARISON, tuple(chose), (neg.pop(),), scope=scope))
    for _ in range(int(n_est * _MIXED_REFINEMENT_SHARE + rng.random())):
        if not pos or not neg or pos[-1] >> 1 == neg[-1] >> 1:
            break
        events.append(PlannedEvent(SignalType.MANUAL_REFINEMENT, (pos.pop(), neg.pop()), scope=scope))
    for codes_of, table, tags in ((pos, POS_SIGNALS, POSITIVE_TAGS), (neg, NEG_SIGNALS, NEGATIVE_TAGS)):
        for chunk in _chunks(rng, codes_of):
            signal = _pick(rng, table)
            tag = tags[between(rng, 0, len(tags) - 1)] if signal is SignalType.EXPLICIT_TAG else None
            events.append(PlannedEvent(signal, chunk, tag=tag, scope=scope))
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


def timeline(
    rng: random.Random, plan: Plan, now: int
) -> Iterator[tuple[int, PlannedEvent, int | None, str, str]]:
    """Period by period: events per scope, sessions, times. Yields, in chronological order,
    ``(occurred_at, event, project index or None, session id, artifact id)``."""
    start = now - SPAN_DAYS * DAY_MS
    span = PERIOD_MS - 3 * 3_600_000  # a session (≤ 30 events × 4 min) ends inside its period
    rnd = rng.random
    session_no = 0
    artifact_no = 0
    ratio = _GLOBAL_IN_PROJECT / (1 - _GLOBAL_IN_PROJECT)
    carry: dict[int, list[PlannedEvent]] = {}  # events of a scope too few for a session: next period's
    last_period = len(plan.buckets) - 1
    for period, scopes in enumerate(plan.buckets):
        p0 = start + period * PERIOD_MS
        final = period == last_period
        global_events = carry.pop(0, []) + (_form_events(rng, scopes[0], 0) if 0 in scopes else [])
        sessions: list[tuple[int | None, list[PlannedEvent]]] = []
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
        timed: list[tuple[int, int, PlannedEvent, int | None, str, str]] = []
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
