"""The style digest an event keeps of a page (decision 0065): the extractor reads it as it reads
the page (every real page of the Open Design snapshot gives equal features and rule counts), and
it holds none of the page's words, alt text, addresses or scripts."""

from __future__ import annotations

import re
import tarfile
from pathlib import Path

import pytest

from creative_memory.services.extract.digest import address_kind, clean_css, digest, digest_id_of
from creative_memory.services.extract.page import extract, read_features

REPO = Path(__file__).resolve().parents[2]
ARCHIVE = REPO.parent / "shared" / "upstream" / "open-design-e00d0bc5.tar.gz"
FOLDERS = ("design-templates/", "templates/")

PRIVATE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><title>Quarterly Secret Plan</title>
<meta name="description" content="Confidential roadmap">
<link rel="stylesheet" href="https://cdn.example.org/private-theme.css">
<style>
/* a comment naming Project Nightingale */
@import url("https://fonts.example.org/css?family=Spectral");
body { font-family: Georgia, serif; padding: 32px; background: url(https://img.example.org/hero-photo.jpg?token=abc); }
.badge::before { content: "Launch words"; }
p { margin: 24px 0; line-height: 1.7; }
</style>
<script>const apiKey = "sk-hidden-script-value"; document.title = "Scripted";</script>
</head>
<body>
<h1 style="letter-spacing:-0.02em">Nightingale relaunch</h1>
<p class="badge">The launch is on the fourteenth of March &amp; nobody knows.</p>
<img src="https://photos.example.org/team/alice-portrait.jpg" alt="Alice at the offsite" width="600" height="400">
<a href="https://intranet.example.org/roadmap">Read the roadmap</a>
<input placeholder="Your password" value="hunter2" aria-label="Password field">
<button onclick="steal()">Send</button>
<svg width="200" height="120"><text x="0" y="20">Logo words</text></svg>
</body></html>
"""

WORDS = (
    "Quarterly",
    "Secret",
    "Confidential",
    "Nightingale",
    "Launch words",
    "fourteenth",
    "nobody",
    "Alice",
    "offsite",
    "roadmap",
    "password",
    "hunter2",
    "steal",
    "Logo words",
    "sk-hidden",
    "Scripted",
    "apiKey",
    "example.org",
    "https",
    "alice-portrait",
    "hero-photo",
    "token",
    "private-theme",
    "Spectral",
    "Send",
)


def test_the_digest_holds_no_words_addresses_or_script() -> None:
    d = digest(PRIVATE_PAGE)
    for word in WORDS:
        assert word.lower() not in d.body.lower(), word
    # What the extractor reads is still there: the declarations, the image's kind, the structure.
    assert "font-family: Georgia, serif" in d.body
    assert 'src="x.jpg"' in d.body
    assert 'width="600"' in d.body
    assert "<script></script>" in d.body
    assert read_features(d.body) == read_features(PRIVATE_PAGE)
    assert extract(d.body).patterns == extract(PRIVATE_PAGE).patterns


def test_the_digest_is_content_addressed_and_ignores_the_words() -> None:
    d = digest(PRIVATE_PAGE)
    assert d.digest_id == digest_id_of(d.body)
    assert len(d.digest_id) == 64
    # Another page that differs only in its words, its addresses and its script has the same digest.
    other = (
        PRIVATE_PAGE.replace("Nightingale", "Kestrel")
        .replace("alice-portrait.jpg", "bob.jpg?v=2")
        .replace("sk-hidden-script-value", "other")
    )
    assert digest(other) == d
    # A change of style is a different digest.
    assert digest(PRIVATE_PAGE.replace("padding: 32px", "padding: 8px")).digest_id != d.digest_id
    # The digest of a digest is itself: it is canonical.
    assert digest(d.body) == d


def test_addresses_keep_their_kind_only() -> None:
    assert address_kind("https://a.example/b/c/photo.JPG?x=1#y") == "x.jpg"
    assert address_kind("/assets/logo.svg") == "x.svg"
    assert address_kind("https://example.org/") == "x"
    assert address_kind("data:image/svg+xml;utf8,<svg>secret</svg>") == "data:image/svg+xml,"
    assert (
        clean_css('a{background:url("data:image/png;base64,AAAA")}') == 'a{background:url("data:image/png,")}'
    )
    assert (
        clean_css("/* words */ .a::after{content:'Hi there'; color: red}")
        == ' .a::after{content:""; color: red}'
    )


def _snapshot_pages() -> dict[str, str]:
    if not ARCHIVE.is_file():
        pytest.skip(
            f"the Open Design snapshot is not beside this checkout ({ARCHIVE.name} in ../shared/upstream)"
        )
    found: dict[str, str] = {}
    with tarfile.open(ARCHIVE, "r:gz") as tar:
        for member in tar:
            name = member.name.removeprefix("open-design/")
            if member.isfile() and name.endswith(".html") and name.startswith(FOLDERS):
                data = tar.extractfile(member)
                assert data is not None
                found[name] = data.read().decode("utf-8")
    return found


def test_every_real_page_reads_the_same_from_its_digest() -> None:
    """The digest is enough for the extractor: features and rule counts are equal on every page."""
    pages = _snapshot_pages()
    assert len(pages) >= 190
    differ = []
    for name, html in pages.items():
        d = digest(html)
        if read_features(d.body) != read_features(html):
            differ.append(name)
        scripts = re.findall(r"<script[^>]*>(.*?)</script>", d.body, re.S)
        assert len(scripts) == d.body.count("<script") and set(scripts) <= {""}, name
        assert "http://" not in d.body.replace("http://www.w3.org", "") and "https://" not in d.body, name
    assert differ == []
