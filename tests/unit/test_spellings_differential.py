"""Every consumer of the spelling rule (decision 0076) finds exactly the same mentions.

Names across scripts are spelled in generated ways — case (with full case folding: ß, İ, final
sigma), NFD, full-width and mathematical letters, ligatures, a Cyrillic look-alike, zero-width and
other invisible characters inside, every kind of separator and runs of them — and put in generated
text (letters of several scripts, scripts without spaces, combining marks, separators, punctuation).
Then forget's scrub (:class:`Mentions`), the block's scrub (:func:`blocked_spans`, by length and
fingerprint only), the byte search of one value (:class:`Spelling`, as live copies are counted), the
search of the store's files (:func:`count_spelled`) and of a backup copy agree, every mention found
is the name (:func:`canonical_name`), and after a scrub no consumer finds anything.
"""

from __future__ import annotations

import sqlite3
import tempfile
import unicodedata
from pathlib import Path

import keyring.backends.fail
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from creative_memory.model import characters
from creative_memory.model.names import is_name, normalize_name
from creative_memory.services.common import spelled_chars, spellings
from creative_memory.services.common.spelled_bytes import Spelling, Spellings, fold_bytes
from creative_memory.services.common.spelled_scan import SpelledScan
from creative_memory.services.common.spellings import Mentions, canonical_name
from creative_memory.services.derivation import event_content
from creative_memory.services.forget import free_text
from creative_memory.services.forget.erasure import Target
from creative_memory.services.forget.spelled_search import count_spelled
from creative_memory.services.ingest.blocklist import BlockChecker
from creative_memory.services.keychain.secrets import SecretStore
from creative_memory.services.store import backups

NAMES = [
    "flat_design",
    "airy_spacing",
    "余白",
    "余白_広め",
    "गहरा_नीला",
    "éclat_doré",
    "straße",
    "istanbul",
    "καφές",
    "кофе_латте",
    "3d_landscapes",
    "خَط_عريض",
    "フラット_デザイン",
]
SEPARATORS = [" ", "-", "_", "\t", "\n", "\u00a0", "  ", "\u2013", "\u2011", ".", "/", "\u3000", " - ",
              "\x1f", "\r\n", "\u30fb", "\uff65", "\u2215", "\u2044", "\u3002", "\u2022"]  # fmt: skip
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u00ad", "\u2060", "\ufeff", "\ufe0f", "\u0640"]
CYRILLIC = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445"}
#: capitals of other scripts that look like a Latin capital (decision 0105): Greek, Cyrillic
UPPER_LOOKALIKE = {"a": "\u0391", "b": "\u0392", "e": "\u0395", "h": "\u0397", "m": "\u041c", "t": "\u0422",
                   "k": "\u041a", "g": "\u0261"}  # fmt: skip
LIGATURES = {"fl": "\ufb02", "fi": "\ufb01", "ff": "\ufb00"}


#: a run of separators (with invisible characters in it) of any length: a long one ends a mention,
#: for every consumer alike (decision 0102)
LONG_RUN = st.one_of(
    st.lists(st.sampled_from([" ", "\t", "-", "\n"]), min_size=6, max_size=90),
    st.lists(st.sampled_from([" ", " ", "\t", "-", "\u00a0", "\u200b"]), min_size=6, max_size=90),
).map(lambda run: " " + "".join(run))


@st.composite
def spelled(draw: st.DrawFn, name: str) -> str:
    """One spelling of ``name``: each character written in a way the rule folds back to it."""
    words = name.split("_")
    out: list[str] = []
    for w, word in enumerate(words):
        if w:
            out.append(draw(st.one_of(st.sampled_from(SEPARATORS), LONG_RUN)))
        k = 0
        while k < len(word):
            pair = word[k : k + 2]
            if pair in LIGATURES and draw(st.booleans()):
                out.append(LIGATURES[pair])
                k += 2
                continue
            if pair == "ss" and draw(st.booleans()):
                out.append(draw(st.sampled_from(["ß", "ẞ", "SS"])))
                k += 2
                continue
            ch = word[k]
            how = draw(
                st.sampled_from(["same", "upper", "title", "nfd", "wide", "math", "cyrillic", "lookalike"])
            )
            if how == "upper":
                ch = ch.upper()
            elif how == "title":
                ch = ch.title()
            elif how == "nfd":
                ch = unicodedata.normalize("NFD", ch.upper() if draw(st.booleans()) else ch)
            elif how == "wide" and "a" <= ch <= "z":
                ch = chr(ord(ch) - ord("a") + 0xFF41)
            elif how == "math" and "a" <= ch <= "z":
                ch = chr(ord(ch) - ord("a") + 0x1D41A)  # mathematical bold small letters
            elif how == "cyrillic" and ch in CYRILLIC:
                ch = CYRILLIC[ch]
            elif how == "lookalike" and ch in UPPER_LOOKALIKE:
                ch = UPPER_LOOKALIKE[ch]
            out.append(ch)
            if k + 1 < len(word) and draw(st.integers(0, 5)) == 0:
                out.append(draw(st.sampled_from(INVISIBLE)) * draw(st.sampled_from([1, 1, 1, 2, 17, 40])))
            k += 1
    return "".join(out)


FILLER = st.text(
    alphabet=st.one_of(
        st.sampled_from(list("abcdefghijklmnopqrstuvwxyz ABCDEFG-_.,;:/'\"\t\n")),
        st.sampled_from(list("余白広めをとって、。日本語カタカナ")),
        st.sampled_from(list("गहरानीलाकम\u094d\u093f")),
        st.sampled_from(list("éÉèçÇßẞİıσςΣκοферлатте\u0301\u0308\u0327")),
        st.sampled_from(
            [s for s in SEPARATORS if len(s) == 1] + INVISIBLE + ["\ufb02", "\uff46", "\U0001d41a"]
        ),
    ),
    max_size=30,
)


@st.composite
def case(draw: st.DrawFn) -> tuple[str, str, str]:
    """(canonical name, a text holding some spellings of it, one of those spellings)"""
    name = draw(st.sampled_from(NAMES))
    one = draw(spelled(name))
    parts = [draw(FILLER), " ", one, " ", draw(FILLER)]
    for _ in range(draw(st.integers(0, 2))):
        parts += [draw(st.sampled_from(["", " "])), draw(spelled(name)), draw(FILLER)]
    return canonical_name(name), "".join(parts), one


def text_mentions(canonical: str, text: str) -> list[tuple[int, int]]:
    return spellings.fold(text).find(canonical)


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> BlockChecker:
    cfg = tmp_path_factory.mktemp("cfg")
    return BlockChecker(SecretStore(config_dir=cfg, keyring_backend=keyring.backends.fail.Keyring()))


SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


ASCII_SEPARATORS = list(characters.ASCII_SEPARATORS)


@st.composite
def ascii_case(draw: st.DrawFn) -> tuple[str, str]:
    """(canonical name, a text of ASCII only holding a spelling of it): any case, and between its
    words any run of ASCII separators (tabs and line breaks, which JSON writes escaped, included)."""
    name = draw(st.sampled_from([n for n in NAMES if n.isascii()]))
    parts = []
    for w, word in enumerate(name.split("_")):
        if w:
            parts.append("".join(draw(st.lists(st.sampled_from(ASCII_SEPARATORS), min_size=1, max_size=3))))
        parts.append("".join(c.upper() if draw(st.booleans()) else c for c in word))
    filler = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=20)
    return canonical_name(name), draw(filler) + " " + "".join(parts) + " " + draw(filler)


@SETTINGS
@given(ascii_case())
def test_the_diff_prefilter_keeps_every_mention_written_in_ascii(c: tuple[str, str]) -> None:
    canonical, text = c
    assert text_mentions(canonical, text), "the text holds a spelling"
    assert _kept_by_the_diff_prefilter(canonical, text)


def _kept_by_the_diff_prefilter(canonical: str, text: str) -> bool:
    """Whether the payload of an event with ``text`` as its diff passes the SQL prefilter of
    ``free_text.diff_candidates`` (the payload as ingest stores it: canonical JSON)."""
    condition, params = free_text.diff_prefilter([Target("layout", canonical)])
    con = sqlite3.connect(":memory:")
    try:
        con.execute("CREATE TABLE t (payload TEXT)")
        con.execute("INSERT INTO t VALUES (?)", (event_content.canonical({"diff": text, "patterns": []}),))
        sql = f"SELECT count(*) FROM t WHERE payload < ? AND ({condition})"
        return bool(con.execute(sql, ('{"e', *params)).fetchone()[0])
    finally:
        con.close()


@SETTINGS
@given(case())
def test_every_consumer_finds_the_same_mentions_in_text(c: tuple[str, str, str]) -> None:
    canonical, text, one = c
    found = text_mentions(canonical, text)
    # the inserted spelling is a mention, unless it is longer than any mention may be
    assert found or len(one) > characters.longest_mention(len(canonical))
    assert canonical_name(one) == canonical
    for s, e in found:
        assert e - s <= characters.longest_mention(len(canonical))
    for s, e in found:
        assert canonical_name(text[s:e]) == canonical, text[s:e]
    merged = spellings.merge(found)
    # forget's scrub and the block's scrub (which knows the name only by length and fingerprint)
    assert Mentions([canonical]).spans(text) == merged
    assert spellings.blocked_spans(text, {len(canonical)}, {canonical}.__contains__) == merged
    # the byte search of one value (live copies), with and without bytes that are no text around
    spelling = Spelling(canonical)
    raw = text.encode("utf-8")
    assert spelling.count(fold_bytes(raw)) == len(found)
    assert spelling.count(fold_bytes(b"\x00\x81\xff" + raw + b"\xc3\x00")) == len(found)
    # the search of raw bytes (files, backups), with Hyperscan and without
    for fast in (True, False):
        scan = SpelledScan(Spellings([canonical]), fast=fast)
        assert scan.count(raw) == len(found), fast
        assert scan.count(b"\x00\x81\xff" + raw.upper() + b"\xc3\x00") == len(found), fast
    # the same text as the store holds it, in an event's JSON payload: a tab is written ``\t``, a
    # control character ``\u001f``, and each escape is still the separator it stands for
    stored = event_content.canonical({"diff": text, "patterns": []}).encode("utf-8")
    assert spelling.count(fold_bytes(stored)) == len(found)
    for fast in (True, False):
        assert SpelledScan(Spellings([canonical]), fast=fast).count(stored) == len(found), fast
    # the SQL prefilter of forget's scan of the events' diffs keeps the payload that holds them
    assert _kept_by_the_diff_prefilter(canonical, text)
    # after a scrub, nobody finds anything
    scrubbed = Mentions([canonical]).scrub(text, "[x]")
    assert text_mentions(canonical, scrubbed) == []
    assert spellings.blocked_spans(scrubbed, {len(canonical)}, {canonical}.__contains__) == []
    assert spelling.count(fold_bytes(scrubbed.encode("utf-8"))) == 0


@SETTINGS
@given(case())
def test_a_spelling_that_is_a_name_is_blocked_by_the_names_block(
    checker: BlockChecker, c: tuple[str, str, str]
) -> None:
    canonical, _text, one = c
    if not is_name(one):
        return
    fps = {checker.fingerprint("style", canonical)}
    assert checker.blocked(fps, "STYLE", one)
    # and a valid name is a mention of its own canonical form: a stored name is found by the search
    # for it, however many separators or joiners it holds (decision 0102)
    stored = normalize_name(one)
    assert (0, len(stored)) in text_mentions(canonical, stored)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case())
def test_the_file_search_and_the_backup_search_find_the_same_mentions(
    tmp_path: Path, c: tuple[str, str, str]
) -> None:
    canonical, text, _one = c
    found = text_mentions(canonical, text)
    data = (b"\x00\x0d\x81" + text.encode("utf-8") + b"\x00") * 3
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    db = folder / "app.sqlite"
    db.write_bytes(data)
    names = Spellings([canonical])
    assert count_spelled(db, names) == 3 * len(found)
    assert count_spelled(db, names, fast=False) == 3 * len(found)
    copy = folder / "copy.bak"
    copy.write_bytes(data)
    assert backups._contains(copy, names) is bool(found)


def test_no_code_point_outside_the_scanned_ranges_folds_or_joins() -> None:
    """The byte search's tables read only ``spelled_chars.SCANNED``: every other assigned code point folds to
    itself and joins nothing (checked on this Python's Unicode data)."""
    inside = {cp for lo, hi in spelled_chars.SCANNED for cp in range(lo, hi)}
    odd = []
    for cp in range(0x80, 0x110000):
        if cp in inside or 0xD800 <= cp < 0xE000:
            continue
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Co"):
            continue
        if spellings.fold_cluster.__wrapped__(ch) != ch or spelled_chars.jamo_or_mark(ch):
            odd.append(hex(cp))
    assert odd == []


#: names whose anchor has a part after it, or is one letter, or comes back in the name
MORE_NAMES = ["wide_margins_xl", "a_b_c", "x_spacing_spacing", "muted_palette"]


@st.composite
def raw_parts(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(NAMES + MORE_NAMES))
    parts = draw(
        st.lists(
            st.one_of(
                st.binary(max_size=8),
                spelled(name).map(lambda t: t.encode("utf-8")),
                st.sampled_from([*SEPARATORS, "X", "é", "\u0301"]).map(lambda t: t.encode("utf-8")),
                case().map(lambda c: c[1].encode("utf-8")),
            ),
            max_size=8,
        )
    )
    return name, b"".join(parts)


@settings(max_examples=300, deadline=None)
@given(raw_parts())
def test_hyperscan_and_the_plain_search_give_the_same_hits(c: tuple[str, bytes]) -> None:
    """The two ways of finding the hits (decision 0091) find the same mentions, in bytes that are
    no text too, upper case included, near the ends of the range searched; Hyperscan reports no
    hit the plain search does not (it leaves out the anchors the bytes around them rule out)."""
    name, data = c
    data = data + data.upper()
    names = Spellings([canonical_name(name), "air"])
    fast, plain = SpelledScan(names, fast=True), SpelledScan(names, fast=False)
    view = memoryview(data)
    for lo, hi in ((0, len(data)), (1, max(1, len(data) - 3)), (len(data) // 2, len(data))):
        assert set(fast.hits(view, lo, hi)) <= set(plain.hits(view, lo, hi))
        assert fast.starts(view, lo, hi) == plain.starts(view, lo, hi)


def _every_consumer_counts(canonical: str, text: str, folder: Path) -> set[int]:
    """How many mentions each consumer finds in ``text`` (one figure when they agree)."""
    raw = text.encode("utf-8")
    names = Spellings([canonical])
    db = folder / "app.sqlite"
    db.write_bytes(b"\x00" + raw + b"\x00")
    copy = folder / "copy.bak"
    copy.write_bytes(b"\x00" + raw + b"\x00")
    counts = {
        len(text_mentions(canonical, text)),
        len(Mentions([canonical]).spans(text)),
        len(spellings.blocked_spans(text, {len(canonical)}, {canonical}.__contains__)),
        Spelling(canonical).count(fold_bytes(raw)),
        names.count_text(text),
        count_spelled(db, names),
        count_spelled(db, names, fast=False),
        *(SpelledScan(names, fast=fast).count(raw) for fast in (True, False)),
    }
    assert backups._contains(copy, names) is (counts != {0})
    return counts


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("filler", [" ", "\t", "-", "\u00a0", "\u200b"])
def test_a_mention_is_at_most_the_longest_a_name_allows_for_every_consumer(
    tmp_path: Path, name: str, filler: str
) -> None:
    """Decision 0102: a spelling of up to ``longest_mention`` characters is a mention, one character
    more is not, whichever consumer looks and however the run between its words is written (a
    name of one word gets its filler from invisible characters inside it)."""
    canonical = canonical_name(name)
    longest = characters.longest_mention(len(canonical))
    words = canonical.split("_")
    if len(words) == 1 and filler != "\u200b":
        return
    for extra, expected in ((0, 1), (1, 0)):
        if len(words) == 1:  # invisible characters inside the word
            cut = len(canonical) // 2
            spelling = canonical[:cut] + filler * (longest + extra - len(canonical)) + canonical[cut:]
        else:  # one long run between the first two words, the others a space
            first = " " + filler * (longest + extra - len(canonical))
            spelling = words[0] + first + " ".join(words[1:])
        assert len(spelling) == longest + extra
        assert canonical_name(spelling) == canonical
        folder = tmp_path / f"{extra}"
        folder.mkdir()
        assert _every_consumer_counts(canonical, f"a {spelling} b", folder) == {expected}, extra


@SETTINGS
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=80), st.sampled_from(NAMES))
def test_the_quick_answer_for_ascii_text_is_the_folds(text: str, name: str) -> None:
    """``Mentions`` settles ASCII text without a name at C speed: that is never a text the fold
    finds a mention in."""
    canonical = canonical_name(name)
    runs = name.replace("_", " -\t")
    for t in (text, f"{text} {name.upper()} {text}", text.replace(" ", f" {runs} ", 1)):
        assert Mentions([canonical]).spans(t) == spellings.merge(text_mentions(canonical, t))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # a name anchored on one character that is not ASCII, written another way than its composed
        # forms: on a compatibility base, with a mark that means the same, partly composed, in jamo
        ("été", "un \uff45\u0301t\uff45\u0301 chaud"),
        ("été", "un e\u0341te\u0341 chaud"),
        ("né_là", "x \uff4e\uff45\u0301 l\uff41\u0300 y"),
        ("tiếng_việt", "học tiê\u0301ng viê\u0323t nhé"),
        ("tiếng_việt", "học tie\u0302\u0301ng vie\u0323\u0302t nhé"),
        ("한국_지도", "x \u314e\u1161\u11ab\uad6d \uc9c0\ub3c4 y"),
        ("한국_지도", "x \uffbe\u1161\u11ab\uad6d_\uc9c0\ub3c4 y"),
        # a mark after a character that ends a mention's reach belongs to that character's cluster
        ("ink_pot", "中\u0345nk_pot"),
        ("ink_pot", "x中\u0345NK-pot y"),
    ],
)
def test_spellings_the_fold_joins_are_found_by_every_consumer(tmp_path: Path, name: str, text: str) -> None:
    canonical = canonical_name(name)
    expected = len(text_mentions(canonical, text))
    assert _every_consumer_counts(canonical, text, tmp_path) == {expected}
