#!/usr/bin/env bash
# Smoke-test a built bundle (packaging/build.sh first): the frozen programs, not the source tree.
#
#   bash packaging/smoke_test.sh [BUNDLE_DIR]        (default: dist/creative-memory)
#
#   creative-memory --version
#   creative-memory --self-test          offscreen, on a fresh temporary store: alembic migrates it
#                                        from the bundled services/store/migrations, the gates are proven
#                                        and every tab renders
#   od-memory --version
#   od-memory --json --data-dir T status  a missing store: exit 4, nothing created
#   od-memory --json --data-dir T enable  creates the store; where says it is at the bundled head
#   od-memory --json --data-dir T where / status
#   od-memory demo + rebuild with the fold split over two processes (multiprocessing in the bundle)
#   od-memory forget of a demo pattern: verified (the byte search, with the bundled Hyperscan)
#   the data files the frozen app loads by importlib.resources, and keyring's entry points
#   and, if dist/creative-memory-<version>-linux-<arch>.tar.gz exists: unpack it, install.sh into a
#   temporary HOME (~/.local), run the installed symlinks, validate the installed desktop entry,
#   uninstall.sh, and check nothing is left behind.
#
# Everything runs in a temporary HOME with XDG dirs inside it, from a temporary working directory
# and without PYTHONPATH/PYTHONHOME/VIRTUAL_ENV, so nothing of the build machine's Python leaks in.
# Exits non-zero on the first failure.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="$(cd "${1:-$root/dist/creative-memory}" && pwd)"
app_id="io.opendesign.CreativeMemoryStudio"
exe_suffix=""
case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) exe_suffix=".exe" ;; esac
gui="$bundle/creative-memory$exe_suffix"
cli="$bundle/od-memory$exe_suffix"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/cm-smoke.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/cwd" "$tmp/runtime"
chmod 700 "$tmp/runtime"
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
    XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" XDG_RUNTIME_DIR="$tmp/runtime"
export QT_QPA_PLATFORM=offscreen
unset PYTHONPATH PYTHONHOME VIRTUAL_ENV OD_DATA_DIR OD_USER_ID CM_SETTINGS_DIR CM_CONFIG_DIR || true
cd "$tmp/cwd"

fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo; echo "== $*"; }
# The one version source (decision 0012): __version__ in src/creative_memory/__init__.py.
expected_version="$(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$root/src/creative_memory/__init__.py")"
[[ -n "$expected_version" ]] || fail "no __version__ in src/creative_memory/__init__.py"

step "bundle $bundle ($(du -sh "$bundle" | cut -f1))"
[[ -x "$gui" ]] || fail "no $gui"
[[ -x "$cli" ]] || fail "no $cli"

step "creative-memory --version"
out="$("$gui" --version)" || fail "creative-memory --version exited $?"
echo "$out"
[[ "$out" == "creative-memory $expected_version" ]] || fail "expected 'creative-memory $expected_version'"

step "creative-memory --self-test (QT_QPA_PLATFORM=offscreen)"
t0=$(date +%s)
set +e
"$gui" --self-test 2>"$tmp/selftest.err"
rc=$?
set -e
cat "$tmp/selftest.err" >&2
echo "(exit $rc, $(($(date +%s) - t0)) s)"
((rc == 0)) || fail "creative-memory --self-test exited $rc"
if grep -E " (ERROR|CRITICAL) |Traceback|ModuleNotFoundError|No such file|Could not find the Qt platform plugin" \
    "$tmp/selftest.err"; then
    fail "creative-memory --self-test wrote errors"
fi

step "od-memory --version"
out="$("$cli" --version)" || fail "od-memory --version exited $?"
echo "$out"
[[ "$out" == "od-memory $expected_version" ]] || fail "expected 'od-memory $expected_version'"

step "od-memory status refuses a missing store; enable creates and migrates it; where / status read it"
data="$tmp/data"
set +e
"$cli" --json --data-dir "$data" status >/dev/null 2>"$tmp/missing.err"
rc=$?
set -e
[[ $rc -eq 4 && ! -e "$data" ]] || fail "status on a missing store: exit $rc (expected 4) or it created $data"
"$cli" --json --data-dir "$data" enable >/dev/null || fail "od-memory enable exited $?"
"$cli" --json --data-dir "$data" status >"$tmp/status.json" || fail "od-memory status exited $?"
cat "$tmp/status.json"
"$cli" --json --data-dir "$data" where >"$tmp/where.json" || fail "od-memory where exited $?"
cat "$tmp/where.json"
[[ -f "$data/app.sqlite" ]] || fail "no store was created at $data/app.sqlite"
grep -q '"enabled": true' "$tmp/status.json" || fail "status does not show memory enabled"
current="$(tr -d ' \n' <"$tmp/where.json" | sed -n 's/.*"current":"\([^"]*\)".*/\1/p')"
latest="$(tr -d ' \n' <"$tmp/where.json" | sed -n 's/.*"latest":"\([^"]*\)".*/\1/p')"
[[ -n "$latest" && "$current" == "$latest" ]] || fail "store schema '$current' is not the bundled head '$latest'"
echo "schema at the bundled head revision: $current"

step "od-memory rebuild with the fold on two cores (the frozen program started again runs only the fold)"
demo="$tmp/demo"
"$cli" --data-dir "$demo" demo --size S --yes >/dev/null || fail "od-memory demo exited $?"
CM_FOLD_SPLIT_MIN_EVENTS=0 CM_LOG_LEVEL=INFO "$cli" --json --data-dir "$demo" rebuild \
    >"$tmp/rebuild.json" 2>"$tmp/rebuild.err" || { cat "$tmp/rebuild.err"; fail "od-memory rebuild exited $?"; }
cat "$tmp/rebuild.json"
grep -q "helper process folded" "$tmp/rebuild.err" || { cat "$tmp/rebuild.err"; fail "the fold's helper process did not answer"; }
grep -q '"preferences"' "$tmp/rebuild.json" || fail "rebuild printed no result"
echo "ok"

step "od-memory forget of a demo pattern, verified by the byte search of the store (Hyperscan, bundled)"
# its own config folder: the block secret a forget keeps is memory data, which uninstall.sh keeps
CM_CONFIG_DIR="$tmp/forget-config" "$cli" --json --data-dir "$demo" forget spacing airy_spacing --yes \
    >"$tmp/forget.json" 2>"$tmp/forget.err" \
    || { cat "$tmp/forget.err"; fail "od-memory forget exited $?"; }
grep -q '"verified": true' "$tmp/forget.json" || { cat "$tmp/forget.json"; fail "the forget was not verified"; }
echo "ok"

step "bundled data files and metadata"
internal="$bundle/_internal"
[[ -d "$internal" ]] || internal="$bundle"
for f in creative_memory/services/store/migrations/env.py creative_memory/services/store/migrations/script.py.mako \
         creative_memory/resources/icons/app.svg "creative_memory/resources/icons/hicolor/256x256/apps/$app_id.png"; do
    [[ -f "$internal/$f" ]] || fail "missing $f in the bundle"
done
ls "$internal"/creative_memory/services/store/migrations/versions/*.py >/dev/null || fail "no migration scripts in the bundle"
ls "$internal"/keyring-*.dist-info/entry_points.txt >/dev/null || fail "keyring's entry points are not bundled"
compgen -G "$internal/hyperscan/_hs_ext*" >/dev/null || fail "Hyperscan (the byte search of a forget) is not bundled"
for f in tkinter _tkinter PySide6/QtNetwork.abi3.so PySide6/QtQml.abi3.so libgtk-3.so.0; do
    if compgen -G "$internal/$f*" >/dev/null; then fail "$f should not be in the bundle"; fi
done
echo "ok"

# --- keyring in the frozen build: a real Secret Service, when one can be started -----------------
# keyring finds its backends through entry points (its bundled dist-info) and SecretService needs
# secretstorage/jeepney/cryptography: remember an export passphrase, then import without giving it.
if [[ "$(uname -s)" == "Linux" && "${CM_SMOKE_KEYRING:-1}" != "0" ]] \
    && command -v gnome-keyring-daemon >/dev/null 2>&1 && command -v dbus-run-session >/dev/null 2>&1; then
    step "od-memory export --remember-passphrase / import through gnome-keyring (.ci/secret-service.sh)"
    cat >"$tmp/keyring.sh" <<KEYRING
set -eu
export CM_PASS="smoke test passphrase 0123456789"
"$cli" --data-dir "$tmp/kr-a" export --to "$tmp/kr.json" --encrypt --passphrase-env CM_PASS --remember-passphrase
unset CM_PASS
"$cli" --data-dir "$tmp/kr-b" import "$tmp/kr.json" </dev/null
KEYRING
    out="$(bash "$root/.ci/secret-service.sh" bash "$tmp/keyring.sh" 2>&1)" || { echo "$out"; fail "keyring round trip"; }
    grep -v "dbus-daemon" <<<"$out" || true
    if grep -q "No system keychain" <<<"$out"; then fail "the frozen keyring found no backend"; fi
    echo "keyring (Secret Service) in the frozen build: ok"
else
    step "keyring round trip skipped (needs gnome-keyring-daemon and dbus-run-session; CM_SMOKE_KEYRING=0 skips)"
fi

# --- the tarball: install into a temporary HOME and back out ---------------------------------------
tarball="$(dirname "$bundle")/creative-memory-$expected_version-linux-$(uname -m).tar.gz"
if [[ -f "$tarball" && "$(uname -s)" == "Linux" ]]; then
    step "tarball $(basename "$tarball"): install.sh / uninstall.sh into $HOME/.local"
    mkdir -p "$tmp/unpack"
    tar -C "$tmp/unpack" -xzf "$tarball"
    top="$(ls -d "$tmp"/unpack/creative-memory-*)"
    for f in install.sh uninstall.sh creative-memory/creative-memory creative-memory/od-memory \
             "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml" \
             "share/icons/hicolor/scalable/apps/$app_id.svg"; do
        [[ -e "$top/$f" ]] || fail "$f missing from the tarball"
    done
    for n in 16 24 32 48 64 128 256 512; do
        [[ -f "$top/share/icons/hicolor/${n}x${n}/apps/$app_id.png" ]] || fail "${n}x${n} icon missing from the tarball"
    done
    sh "$top/install.sh"
    [[ -L "$HOME/.local/bin/creative-memory" && -L "$HOME/.local/bin/od-memory" ]] || fail "bin symlinks missing"
    "$HOME/.local/bin/creative-memory" --version | grep -qx "creative-memory $expected_version" || fail "installed creative-memory --version"
    "$HOME/.local/bin/od-memory" --version | grep -qx "od-memory $expected_version" || fail "installed od-memory --version"
    installed_desktop="$HOME/.local/share/applications/$app_id.desktop"
    grep -q "^Exec=\"$HOME/.local/bin/creative-memory\"" "$installed_desktop" || fail "installed Exec= does not point at the program"
    if command -v desktop-file-validate >/dev/null 2>&1; then
        out="$(desktop-file-validate "$installed_desktop" 2>&1 || true)"
        if grep -qE '(error|warning):' <<<"$out"; then echo "$out"; fail "installed desktop entry is invalid"; fi
        echo "desktop-file-validate (installed entry): ok"
    fi
    [[ -f "$HOME/.local/share/metainfo/$app_id.metainfo.xml" ]] || fail "metainfo not installed"
    [[ -f "$HOME/.local/share/icons/hicolor/48x48/apps/$app_id.png" ]] || fail "icons not installed"
    sh "$HOME/.local/lib/creative-memory-studio/uninstall.sh"
    # What may remain: the (now empty) folders install.sh created, and caches a desktop tool wrote.
    leftover="$(cd "$HOME" && find . -type f -o -type l | { grep -v -E '/(mimeinfo\.cache|icon-theme\.cache)$' || true; } | sort)"
    if [[ -n "$leftover" ]]; then echo "$leftover"; fail "uninstall.sh left files behind"; fi
    echo "install.sh / uninstall.sh: ok (nothing left behind)"
fi

echo
echo "SMOKE TEST PASSED"
