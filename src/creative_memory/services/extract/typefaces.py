"""A font stack → its class: serif, sans, mono or display.

The first family of the stack that is known here decides; a stack whose first family is unknown
falls back on the generic family it names (``serif``, ``sans-serif``, ``monospace``, ``cursive``,
``fantasy``, ``system-ui`` …). A stack with neither is left out.
"""

from __future__ import annotations

from typing import Final


def _names(text: str) -> frozenset[str]:
    return frozenset(n.strip() for n in text.replace("\n", "|").split("|") if n.strip())


_SERIF: Final = _names(
    """georgia|times|times new roman|garamond|eb garamond|cormorant|cormorant garamond|libre baskerville
    baskerville|merriweather|lora|pt serif|source serif pro|source serif 4|crimson text|crimson pro|fraunces
    instrument serif|dm serif display|dm serif text|newsreader|spectral|iowan old style|charter
    bitstream charter|palatino|palatino linotype|book antiqua|cambria|literata|tiempos|tiempos text
    tiempos headline|gt sectra|canela|libre caslon text|libre caslon display|playfair display|playfair
    bodoni moda|gloock|young serif|noto serif|songti sc|simsun|stsong|source han serif|sabon|minion pro
    adobe garamond pro|hoefler text|didot|big caslon|new york|ui-serif|serif"""
)
_SANS: Final = _names(
    """inter|inter tight|inter display|helvetica|helvetica neue|arial|roboto|open sans|lato|montserrat
    poppins|nunito|nunito sans|source sans pro|source sans 3|ibm plex sans|dm sans|manrope|work sans
    space grotesk|plus jakarta sans|outfit|figtree|geist|sf pro display|sf pro text|sf pro|-apple-system
    blinkmacsystemfont|system-ui|segoe ui|ubuntu|noto sans|pingfang sc|microsoft yahei|hiragino sans
    hiragino sans gb|archivo|barlow|rubik|karla|mulish|raleway|satoshi|general sans|instrument sans
    public sans|red hat display|red hat text|sora|urbanist|onest|hanken grotesk|schibsted grotesk
    albert sans|be vietnam pro|lexend|verdana|tahoma|trebuchet ms|avenir|avenir next|futura|gill sans
    proxima nova|neue haas grotesk|aktiv grotesk|suisse intl|söhne|sohne|bricolage grotesque|ibm plex sans sc
    noto sans sc|source han sans|ui-sans-serif|ui-rounded|sans-serif"""
)
_MONO: Final = _names(
    """jetbrains mono|ibm plex mono|fira code|fira mono|sf mono|sfmono-regular|menlo|monaco|consolas|courier
    courier new|source code pro|roboto mono|space mono|dm mono|geist mono|ui-monospace|cascadia code
    cascadia mono|ubuntu mono|liberation mono|berkeley mono|commit mono|martian mono|iosevka
    monospace"""
)
_DISPLAY: Final = _names(
    """bebas neue|anton|oswald|abril fatface|bungee|righteous|lobster|pacifico|press start 2p|vt323
    archivo black|dela gothic one|unbounded|syne|big shoulders display|caveat|dancing script
    permanent marker|shrikhand|rubik mono one|monoton|black ops one|bangers|fredoka|chango|cursive
    fantasy"""
)
_GENERIC: Final[dict[str, str]] = {
    "serif": "serif",
    "ui-serif": "serif",
    "sans-serif": "sans",
    "system-ui": "sans",
    "ui-sans-serif": "sans",
    "ui-rounded": "sans",
    "-apple-system": "sans",
    "blinkmacsystemfont": "sans",
    "monospace": "mono",
    "ui-monospace": "mono",
    "cursive": "display",
    "fantasy": "display",
}


def _known(name: str) -> str | None:
    name = name.strip()
    for cls, names in (("mono", _MONO), ("display", _DISPLAY), ("serif", _SERIF), ("sans", _SANS)):
        if name in names:
            return cls
    return None


def family_class(stack: tuple[str, ...] | None) -> str | None:
    if not stack:
        return None
    first = _known(stack[0])
    if first is not None:
        return first
    for name in stack:
        if name.strip() in _GENERIC:
            return _GENERIC[name.strip()]
    return None
