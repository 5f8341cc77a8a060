"""The style extractor on Open Design's own pages: the time to extract each page (its features and
patterns) beside the HTML parse alone and the CSS tokenization alone of the same page, measured
in the same run (decision 0064; target: median ≤ 20 ms a page).

The pages are every ``design-templates/**/*.html`` and ``templates/**/*.html`` of the upstream
snapshot beside this checkout (``../shared/upstream/open-design-*.tar.gz``), unpacked into a
temporary folder; or the ``*.html`` files under ``--pages DIR``.

    python -m bench.bench_extract
    python -m bench.bench_extract --runs 5 --pages DIR
"""

from __future__ import annotations

import argparse
import statistics
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import tinycss2
from selectolax.lexbor import LexborHTMLParser

from bench.common import header, percentile
from creative_memory.services.extract.page import extract

REPO = Path(__file__).resolve().parents[1]
UPSTREAM = REPO.parent / "shared" / "upstream"
FOLDERS = ("design-templates/", "templates/")


def _unpack(into: Path) -> list[Path]:
    archives = sorted(UPSTREAM.glob("open-design-*.tar.gz"))
    if not archives:
        raise SystemExit(f"no Open Design snapshot in {UPSTREAM}; name a folder of pages with --pages DIR")
    pages = []
    with tarfile.open(archives[-1], "r:gz") as tar:
        for member in tar:
            name = member.name.split("/", 1)[-1]
            if member.isfile() and name.endswith(".html") and name.startswith(FOLDERS):
                data = tar.extractfile(member)
                if data is None:
                    continue
                target = into / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data.read())
                pages.append(target)
    return pages


def _css_of(html: str) -> list[str]:
    tree = LexborHTMLParser(html)
    return [n.text(deep=True) for n in tree.css("style")] + [
        n.attributes.get("style") or "" for n in tree.css("[style]")
    ]


def _best_ms(fn: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, (time.perf_counter() - t0) * 1000)
    return best


def _line(label: str, values: list[float]) -> str:
    v = sorted(values)
    return (
        f"   {label:<34} median {statistics.median(v):6.2f} ms  p90 {percentile(v, 90):6.2f} ms  "
        f"p99 {percentile(v, 99):6.2f} ms  max {v[-1]:6.2f} ms"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=3, help="runs per page; the fastest counts (default 3)")
    p.add_argument("--pages", type=Path, help="a folder of .html pages instead of the upstream snapshot")
    args = p.parse_args()
    header("style extractor: one page → features and patterns")
    with tempfile.TemporaryDirectory(prefix="cm-bench-extract-") as tmp:
        files = sorted(args.pages.rglob("*.html")) if args.pages else _unpack(Path(tmp))
        texts = [f.read_text(encoding="utf-8") for f in files]
        names = [f"{f.parent.name}/{f.name} ({f.stat().st_size // 1024} kB)" for f in files]
    whole: list[float] = []
    parse: list[float] = []
    tokens: list[float] = []
    for html in texts:
        css = _css_of(html)
        parse.append(_best_ms(lambda h=html: LexborHTMLParser(h), args.runs))
        tokens.append(_best_ms(lambda c=css: [tinycss2.parse_stylesheet(s) for s in c], args.runs))
        whole.append(_best_ms(lambda h=html: extract(h), args.runs))
    kb = sorted(len(t.encode()) / 1024 for t in texts)
    print(
        f"   {len(texts)} pages, {statistics.median(kb):.1f} kB median, {kb[-1]:.1f} kB largest; "
        f"fastest of {args.runs} runs each"
    )
    print(_line("HTML parse alone (Lexbor)", parse))
    print(_line("CSS tokenization alone (tinycss2)", tokens))
    print(_line("extract: features and patterns", whole))
    for ms, name in sorted(zip(whole, names, strict=True), reverse=True)[:3]:
        print(f"   slowest: {ms:6.1f} ms  {name}")


if __name__ == "__main__":
    main()
