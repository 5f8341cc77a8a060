"""The report as one self-contained, printable HTML page, in English or German, light and dark.

Everything that comes from the store (names, patterns, tags, project names) is escaped, so a name
is shown as text and never read as markup. The page loads nothing: its style sheet is inline and
its charts are inline SVG, so it opens the same offline, attached to a mail, or printed.
"""

from __future__ import annotations

import functools
import html
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from creative_memory.services.common.passphrase import check_passphrase
from creative_memory.services.common.sentence import Translate
from creative_memory.services.inspection.report import Report, ReportInjection, ReportPreference, gather
from creative_memory.services.inspection.report_lock import lock
from creative_memory.services.retrieval.reasons import empty_block
from creative_memory.services.store import safefile
from creative_memory.services.store.store import Store

LANGUAGES = ("en", "de")

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "What creative memory knows about {user}",
        "made": "Made on {date}. Creative memory is what Open Design learned from how you reacted to "
        "its designs; it is added to the prompt of later designs.",
        "settings": "Settings",
        "memory": "Creative memory",
        "on": "on",
        "off": "off",
        "learning": "Learning from your reactions",
        "using": "Using memory in prompts",
        "until": "paused until {at}",
        "running": "running",
        "notes": "A short note in the chat after each design",
        "projects": "Projects",
        "no_projects": "No project has settings of its own: memory works the same in every project.",
        "project": "Project",
        "use": "Uses memory",
        "global": "Uses what was learned elsewhere",
        "learn": "Learns from this project",
        "yes": "yes",
        "no": "no",
        "prefs": "Preferences ({n})",
        "no_prefs": "Nothing has been learned yet.",
        "prefers": "Prefers {what}",
        "avoids": "Avoids {what}",
        "only_in": " — in {project} only",
        "strength": "Strength",
        "strong": "strong",
        "moderate": "moderate",
        "weak": "weak",
        "provisional": "provisional: learned only from single reactions, not yet confirmed",
        "archived": "archived: no longer used in prompts",
        "evidence": "{accepts} accepted, {rejects} rejected, {comparisons} compared",
        "tagged": "tagged {tags}",
        "seen": "first seen {first}, last seen {last}",
        "injected": "last added to a prompt {at}",
        "never_injected": "never added to a prompt yet",
        "kind": "about {kind}",
        "chart": "Strength over time",
        "erased": "Forgotten and blocked",
        "forgotten": "Patterns forgotten on request: {n}",
        "blocked": "Patterns blocked from being learned again: {n}",
        "erased_note": "Forgotten names are not shown here: only how many there were.",
        "recent": "Recent uses in prompts ({shown} of {total})",
        "no_recent": "Memory has not been added to any prompt yet.",
        "when": "When",
        "mode": "Kind of request",
        "kept": "Preferences used",
        "why_empty": "Why nothing was added",
        "rated": "Rated",
        "rated_helped": "helped",
        "rated_too_much": "too much",
        "rated_not_relevant": "not relevant here: {name}",
        "rated_missed": "missed: {name}",
        "everywhere": "all projects",
        "events": "Reactions recorded: {n}",
        "generation": "a new design",
        "critique": "a critique",
        "global_only": "every project",
    },
    "de": {
        "title": "Was das kreative Gedächtnis über {user} weiß",
        "made": "Erstellt am {date}. Das kreative Gedächtnis ist, was Open Design aus Ihren Reaktionen "
        "auf seine Entwürfe gelernt hat; es wird in den Prompt späterer Entwürfe eingefügt.",
        "settings": "Einstellungen",
        "memory": "Kreatives Gedächtnis",
        "on": "an",
        "off": "aus",
        "learning": "Aus Ihren Reaktionen lernen",
        "using": "Gedächtnis in Prompts nutzen",
        "until": "pausiert bis {at}",
        "running": "läuft",
        "notes": "Eine kurze Notiz im Chat nach jedem Entwurf",
        "projects": "Projekte",
        "no_projects": "Kein Projekt hat eigene Einstellungen: das Gedächtnis wirkt in allen Projekten gleich.",
        "project": "Projekt",
        "use": "Nutzt das Gedächtnis",
        "global": "Globales Gedächtnis nutzen",
        "learn": "Aus dem Projekt lernen",
        "yes": "ja",
        "no": "nein",
        "prefs": "Präferenzen ({n})",
        "no_prefs": "Bisher wurde nichts gelernt.",
        "prefers": "Bevorzugt {what}",
        "avoids": "Vermeidet {what}",
        "only_in": " — nur in {project}",
        "strength": "Stärke",
        "strong": "stark",
        "moderate": "mittel",
        "weak": "schwach",
        "provisional": "vorläufig: nur aus einzelnen Reaktionen gelernt, noch nicht bestätigt",
        "archived": "archiviert: wird nicht mehr in Prompts eingefügt",
        "evidence": "{accepts} angenommen, {rejects} abgelehnt, {comparisons} verglichen",
        "tagged": "markiert als {tags}",
        "seen": "zuerst gesehen {first}, zuletzt {last}",
        "injected": "zuletzt in einen Prompt eingefügt am {at}",
        "never_injected": "noch nie in einen Prompt eingefügt",
        "kind": "zu {kind}",
        "chart": "Stärke im Verlauf",
        "erased": "Vergessen und gesperrt",
        "forgotten": "Auf Wunsch vergessene Muster: {n}",
        "blocked": "Für erneutes Lernen gesperrte Muster: {n}",
        "erased_note": "Vergessene Namen stehen hier nicht: nur ihre Anzahl.",
        "recent": "Zuletzt in Prompts eingefügt ({shown} von {total})",
        "no_recent": "Das Gedächtnis wurde noch in keinen Prompt eingefügt.",
        "when": "Wann",
        "mode": "Art der Anfrage",
        "kept": "Eingefügte Präferenzen",
        "why_empty": "Warum nichts eingefügt wurde",
        "rated": "Bewertet",
        "rated_helped": "hat geholfen",
        "rated_too_much": "zu viel",
        "rated_not_relevant": "hier nicht relevant: {name}",
        "rated_missed": "fehlte: {name}",
        "everywhere": "alle Projekte",
        "events": "Erfasste Reaktionen: {n}",
        "generation": "ein neuer Entwurf",
        "critique": "eine Kritik",
        "global_only": "jedes Projekt",
    },
}

_STYLE = """
:root { color-scheme: light dark; --fg: #1b1b1f; --muted: #55565c; --bg: #ffffff; --card: #f4f4f6;
  --line: #c9cad1; --pos: #0b6b3a; --neg: #9a2a1a; --bar: #3a5bd9; }
@media (prefers-color-scheme: dark) { :root { --fg: #ececf1; --muted: #b4b5bd; --bg: #16171b;
  --card: #22232a; --line: #4a4b55; --pos: #6fd39a; --neg: #ff9b85; --bar: #8ea6ff; } }
body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg);
  max-width: 52rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2rem;
  border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
.muted { color: var(--muted); } table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.pref { background: var(--card); border-radius: 6px; padding: .6rem .8rem; margin: .5rem 0;
  break-inside: avoid; display: flex; gap: 1rem; justify-content: space-between; }
.pref h3 { font-size: 1rem; margin: 0; } .positive h3 { color: var(--pos); } .negative h3 { color: var(--neg); }
.meter { display: inline-block; width: 5rem; height: .5rem; border: 1px solid var(--line);
  border-radius: 3px; vertical-align: middle; margin-right: .3rem; }
.meter span { display: block; height: 100%; background: var(--bar); }
svg.chart { flex: none; } svg.chart polyline { fill: none; stroke: var(--bar); stroke-width: 1.5; }
svg.chart line { stroke: var(--line); }
@media print { body { margin: 0; max-width: none; } .pref { border: 1px solid var(--line); } }
"""


def save_report(
    store: Store,
    user_id: str,
    now: int,
    target: Path | str,
    lang: str = "en",
    *,
    force: bool = False,
    passphrase: str | None = None,
) -> Path:
    """Gather, render and write the page to ``target`` (a new file, or an existing one with
    ``force``; never a store, a file in its data folder, a folder or a device); the store is only
    read. With ``passphrase`` the page is locked (``report_lock``): it opens in a browser only with
    the passphrase. Returns the path written."""
    if passphrase is not None:
        check_passphrase(passphrase)
    path = safefile.check_target(target, force=force, protected=[store.data_dir.path])
    page = render(gather(store, user_id, now), lang)
    if passphrase is not None:
        page = lock(page, passphrase, lang)
    safefile.write_atomic(path, page.encode("utf-8"), what="report")
    return path


def render(report: Report, lang: str = "en") -> str:
    """The whole page; ``lang`` is ``en`` or ``de``."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    w = _WORDS[lang]
    parts = [
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(w['title'].format(user=report.user))}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n",
        f"<h1>{_e(w['title'].format(user=report.user))}</h1>\n",
        f'<p class="muted">{_e(w["made"].format(date=_date(report.now, lang, clock=True)))}</p>\n',
        _settings(report, w, lang),
        _projects(report, w),
        _preferences(report, w, lang),
        _erased(report, w),
        _recent(report, w, lang),
        "</body>\n</html>\n",
    ]
    return "".join(parts)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _date(value: int | str | None, lang: str, *, clock: bool = False) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    else:
        moment = datetime.fromtimestamp(value / 1000, UTC)
    text = f"{moment:%d.%m.%Y}" if lang == "de" else f"{moment.day} {moment:%b %Y}"
    return text + (f" {moment:%H:%M} UTC" if clock else "")


def _settings(r: Report, w: dict[str, str], lang: str) -> str:
    def paused(until: str | None) -> str:
        return w["until"].format(at=_date(until, lang, clock=True)) if until else w["running"]

    rows = [
        (w["memory"], w["on"] if r.enabled else w["off"]),
        (w["learning"], paused(r.learning_paused_until)),
        (w["using"], paused(r.using_paused_until)),
        (w["notes"], w["on"] if r.memory_notes else w["off"]),
    ]
    body = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows)
    return f'<h2>{_e(w["settings"])}</h2>\n<table>{body}</table>\n<p class="muted">{_e(w["events"].format(n=r.events))}</p>\n'


def _projects(r: Report, w: dict[str, str]) -> str:
    if not r.projects:
        return f"<h2>{_e(w['projects'])}</h2>\n<p>{_e(w['no_projects'])}</p>\n"

    def yn(v: bool) -> str:
        return _e(w["yes"] if v else w["no"])

    head = f"<tr><th>{_e(w['project'])}</th><th>{_e(w['use'])}</th><th>{_e(w['global'])}</th><th>{_e(w['learn'])}</th></tr>"
    rows = "".join(
        f'<tr><td title="{_e(p.project_id)}">{_e(p.name or p.project_id)}</td><td>{yn(p.use_memory)}</td>'
        f"<td>{yn(p.global_memory)}</td><td>{yn(p.learn)}</td></tr>"
        for p in r.projects
    )
    return f"<h2>{_e(w['projects'])}</h2>\n<table>{head}{rows}</table>\n"


def sentence(p: ReportPreference, w: dict[str, str]) -> str:
    """ "Prefers airy spacing — in Brand refresh only"."""
    what = p.pattern.replace("_", " ")
    text = w["prefers" if p.polarity == "positive" else "avoids"].format(what=what)
    if p.project_id:
        text += w["only_in"].format(project=p.project_name or p.project_id)
    return text


def _preferences(r: Report, w: dict[str, str], lang: str) -> str:
    out = [f"<h2>{_e(w['prefs'].format(n=len(r.preferences)))}</h2>\n"]
    if not r.preferences:
        out.append(f"<p>{_e(w['no_prefs'])}</p>\n")
    for p in r.preferences:
        words = {"high": w["strong"], "medium": w["moderate"]}.get(p.tier, w["weak"])
        notes = []
        if p.provisional:
            notes.append(w["provisional"])
        if p.status == "archived":
            notes.append(w["archived"])
        details = [
            w["kind"].format(kind=p.preference_type.replace("_", " ")),
            w["evidence"].format(accepts=p.accepts, rejects=p.rejects, comparisons=p.comparisons),
        ]
        if p.tags:
            details.append(w["tagged"].format(tags=", ".join(p.tags)))
        details.append(w["seen"].format(first=_date(p.first_seen, lang), last=_date(p.last_seen, lang)))
        details.append(
            w["injected"].format(at=_date(p.last_injected, lang)) if p.last_injected else w["never_injected"]
        )
        pct = max(0, min(100, round(p.strength * 100)))
        out.append(
            f'<div class="pref {_e(p.polarity)}"><div><h3>{_e(sentence(p, w))}</h3>'
            f'<div><span class="meter" role="img" aria-label="{_e(w["strength"])} {pct}%">'
            f'<span style="width:{pct}%"></span></span>{_e(words)}'
            + "".join(f" · {_e(n)}" for n in notes)
            + f'</div><div class="muted">{_e("; ".join(details))}</div></div>'
            + _chart(p, w)
            + "</div>\n"
        )
    return "".join(out)


def _chart(p: ReportPreference, w: dict[str, str]) -> str:
    if len(p.history) < 2:
        return ""
    width, height = 140, 36
    t0, t1 = p.history[0][0], p.history[-1][0]
    span = max(t1 - t0, 1)
    points = " ".join(
        f"{(t - t0) / span * (width - 2) + 1:.1f},{height - 1 - max(0.0, min(1.0, s)) * (height - 2):.1f}"
        for t, s in p.history
    )
    return (
        f'<svg class="chart" width="{width}" height="{height}" role="img" aria-label="{_e(w["chart"])}">'
        f"<title>{_e(w['chart'])}</title>"
        f'<line x1="0" y1="{height - 1}" x2="{width}" y2="{height - 1}"/><polyline points="{points}"/></svg>'
    )


def _erased(r: Report, w: dict[str, str]) -> str:
    return (
        f"<h2>{_e(w['erased'])}</h2>\n<p>{_e(w['forgotten'].format(n=r.forgotten))}<br>"
        f'{_e(w["blocked"].format(n=r.blocked))}</p>\n<p class="muted">{_e(w["erased_note"])}</p>\n'
    )


def _recent(r: Report, w: dict[str, str], lang: str) -> str:
    head = f"<h2>{_e(w['recent'].format(shown=len(r.injections), total=r.retrievals))}</h2>\n"
    if not r.injections:
        return head + f"<p>{_e(w['no_recent'])}</p>\n"

    def row(i: ReportInjection) -> str:
        where = i.project_name or i.project_id or w["everywhere"]
        mode = w.get(i.mode, i.mode)
        reason = empty_block(i.empty_reason)
        why = reason.render(_translator(lang)) if reason is not None else ""
        rated = "; ".join(w[f"rated_{o}"].format(name=n or "") for o, n in i.ratings if f"rated_{o}" in w)
        return (
            f"<tr><td>{_e(_date(i.at, lang, clock=True))}</td><td>{_e(where)}</td><td>{_e(mode)}</td>"
            f"<td>{i.kept}</td><td>{_e(why)}</td><td>{_e(rated)}</td></tr>"
        )

    cols = (w["when"], w["project"], w["mode"], w["kept"], w["why_empty"], w["rated"])
    return (
        head
        + "<table><tr>"
        + "".join(f"<th>{_e(c)}</th>" for c in cols)
        + "</tr>"
        + "".join(row(i) for i in r.injections)
        + "</table>\n"
    )


@functools.cache
def _translator(lang: str) -> Translate:
    """The window's translations of the services' sentences, read from the translation source
    (``resources/translations/creative_memory_<lang>.ts``) without Qt; English as it is."""
    table: dict[tuple[str, str], str] = {}
    if lang != "en":
        source = resources.files("creative_memory.resources") / "translations" / f"creative_memory_{lang}.ts"
        root = ET.fromstring(source.read_bytes())
        for context in root.iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                translation = message.find("translation")
                text = message.findtext("source")
                if (
                    text
                    and translation is not None
                    and translation.text
                    and translation.get("type") != "unfinished"
                ):
                    table[(name, text)] = translation.text

    def translate(context: str, template: str) -> str:
        return table.get((context, template), template)

    return translate
