"""The report, encrypted: one self-contained page that asks for the passphrase and opens in any
current browser, with nothing but the browser's own Web Crypto (decision 0084).

The page's whole HTML is encrypted with AES-256-GCM under a key derived from the passphrase with
PBKDF2-HMAC-SHA-256 (Web Crypto has no scrypt, which the bundles use). The header — format,
version, iterations, salt and nonce — is bound as associated data in its canonical JSON form, so a
changed header fails like a changed ciphertext. The locked page holds the header and the
ciphertext in a ``<script type="application/json">`` block and a short script that derives the
key, decrypts and replaces the document with the report; a wrong passphrase says so and asks again.
"""

from __future__ import annotations

import base64
import html
import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.common.passphrase import check_passphrase

FORMAT = "creative-memory-locked-report"
VERSION = 1
#: OWASP's 2023 figure for PBKDF2-HMAC-SHA-256; about half a second in a browser. A locked page
#: that asks for more than MAX_ITERATIONS is refused (its cost is the reader's).
ITERATIONS = 600_000
MAX_ITERATIONS = 4 * ITERATIONS

_WORDS = {
    "en": {
        "title": "Creative memory report (locked)",
        "intro": "This report is encrypted. Type the passphrase it was saved with to read it.",
        "label": "Passphrase",
        "open": "Open",
        "wrong": "That passphrase does not open this report. Check it and try again.",
        "nocrypto": "This browser cannot decrypt the report (Web Crypto is missing). Open it in a current browser.",
    },
    "de": {
        "title": "Bericht zum kreativen Gedächtnis (gesperrt)",
        "intro": "Dieser Bericht ist verschlüsselt. Gib die Passphrase ein, mit der er gespeichert wurde.",
        "label": "Passphrase",
        "open": "Öffnen",
        "wrong": "Diese Passphrase öffnet den Bericht nicht. Prüfe sie und versuche es erneut.",
        "nocrypto": "Dieser Browser kann den Bericht nicht entschlüsseln (Web Crypto fehlt). Öffne ihn in einem aktuellen Browser.",
    },
}

# The decryption, as the page runs it (kept in one function a test can run in Node's Web Crypto).
SCRIPT = """
async function cmUnlock(box, passphrase) {
  const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const header = box.header;
  const material = await crypto.subtle.importKey(
    "raw", new TextEncoder().encode(passphrase), "PBKDF2", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    {name: "PBKDF2", hash: "SHA-256", salt: bytes(header.salt), iterations: header.iterations},
    material, {name: "AES-GCM", length: 256}, false, ["decrypt"]);
  const plain = await crypto.subtle.decrypt(
    {name: "AES-GCM", iv: bytes(header.nonce), additionalData: new TextEncoder().encode(box.aad)},
    key, bytes(box.ciphertext));
  return new TextDecoder().decode(plain);
}
"""

_PAGE_SCRIPT = """
(function () {
  const box = JSON.parse(document.getElementById("cm-box").textContent);
  const form = document.getElementById("cm-form");
  const field = document.getElementById("cm-pass");
  const said = document.getElementById("cm-said");
  if (!window.crypto || !window.crypto.subtle) { said.textContent = said.dataset.nocrypto; return; }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const page = await cmUnlock(box, field.value);
      document.open(); document.write(page); document.close();
    } catch (err) {
      said.textContent = said.dataset.wrong; field.select();
    }
  });
  field.focus();
})();
"""


def _header(salt: bytes, nonce: bytes) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "kdf": "PBKDF2-HMAC-SHA-256",
        "iterations": ITERATIONS,
        "salt": base64.b64encode(salt).decode(),
        "cipher": "AES-256-GCM",
        "nonce": base64.b64encode(nonce).decode(),
    }


def _aad(header: dict[str, Any]) -> str:
    return json.dumps(header, sort_keys=True, separators=(",", ":"))


def _key(passphrase: str, salt: bytes, iterations: int) -> bytes:
    kdf = PBKDF2HMAC(algorithm=hashes.SHA256(), length=32, salt=salt, iterations=iterations)
    return kdf.derive(passphrase.encode("utf-8"))


def lock(page: str, passphrase: str, lang: str = "en") -> str:
    """The locked page for ``page`` (the report's HTML)."""
    check_passphrase(passphrase)
    salt, nonce = os.urandom(16), os.urandom(12)
    header = _header(salt, nonce)
    aad = _aad(header)
    ciphertext = AESGCM(_key(passphrase, salt, ITERATIONS)).encrypt(nonce, page.encode("utf-8"), aad.encode())
    box = {"header": header, "aad": aad, "ciphertext": base64.b64encode(ciphertext).decode()}
    w = _WORDS.get(lang, _WORDS["en"])
    e = html.escape
    # The JSON is inert inside its script block: '<' never appears unescaped in it.
    box_json = json.dumps(box).replace("<", "\\u003c")
    return (
        f'<!DOCTYPE html>\n<html lang="{e(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(w['title'])}</title>\n"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}"
        "input{font:inherit;padding:.3rem;width:100%;box-sizing:border-box}"
        "button{font:inherit;margin-top:.6rem;padding:.3rem 1rem}#cm-said{color:#a11}"
        "@media (prefers-color-scheme: dark){body{background:#1d1f22;color:#e6e6e6}#cm-said{color:#f88}}"
        "</style>\n</head>\n<body>\n"
        f"<h1>{e(w['title'])}</h1>\n<p>{e(w['intro'])}</p>\n"
        f'<form id="cm-form"><label for="cm-pass">{e(w["label"])}</label>\n'
        '<input id="cm-pass" type="password" autocomplete="off" required>\n'
        f'<button type="submit">{e(w["open"])}</button></form>\n'
        f'<p id="cm-said" role="alert" data-wrong="{e(w["wrong"])}" data-nocrypto="{e(w["nocrypto"])}"></p>\n'
        f'<script id="cm-box" type="application/json">{box_json}</script>\n'
        f"<script>{SCRIPT}{_PAGE_SCRIPT}</script>\n</body>\n</html>\n"
    )


def unlock(locked: str, passphrase: str) -> str:
    """The report inside a locked page (what the page's script does, for tests and tools)."""
    start = locked.find('<script id="cm-box" type="application/json">')
    end = locked.find("</script>", start)
    if start < 0 or end < 0:
        raise InvalidInput("This is not a locked report of this program.")
    box = json.loads(locked[start + len('<script id="cm-box" type="application/json">') : end])
    header = box["header"]
    if header.get("format") != FORMAT or header.get("version") != VERSION or box["aad"] != _aad(header):
        raise InvalidInput("This is not a locked report of this program.")
    iterations = header.get("iterations")
    if not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
        raise InvalidInput(
            f"The locked report asks for {iterations!r} key rounds; at most {MAX_ITERATIONS} are read."
        )
    salt, nonce = base64.b64decode(header["salt"]), base64.b64decode(header["nonce"])
    try:
        plain = AESGCM(_key(passphrase, salt, iterations)).decrypt(
            nonce, base64.b64decode(box["ciphertext"]), box["aad"].encode()
        )
    except InvalidTag:
        raise InvalidInput("That passphrase does not open this report, or the file was changed.") from None
    return plain.decode("utf-8")
