#!/usr/bin/env bash
# Build the one-folder bundle of Creative Memory Studio with PyInstaller (Linux; also runs on macOS).
#
#   bash packaging/build.sh
#
# 1. makes (once) a build venv in build/venv from the repository: pip install . pyinstaller
#    (re-done when pyproject.toml is newer than the venv; PYTHON=python3.12 to choose the interpreter)
# 2. runs PyInstaller with packaging/creative-memory.spec  →  dist/creative-memory/
#       creative-memory, od-memory, _internal/
# 3. Linux: packs dist/creative-memory-<version>-linux-<arch>.tar.gz with the bundle, the .desktop
#    file, the AppStream metainfo, the hicolor icons and install.sh / uninstall.sh (into ~/.local)
#
# Then smoke-test it: bash packaging/smoke_test.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
app_id="io.opendesign.CreativeMemoryStudio"
PY=${PYTHON:-python3}
venv="$root/build/venv"
start=$(date +%s)

"$PY" - <<'EOF'
import sys
if not ((3, 11) <= sys.version_info[:2] <= (3, 13)):
    sys.exit(f"build.sh: Python 3.11-3.13 needed, {sys.executable} is {sys.version.split()[0]}")
EOF

# --- 1. build venv ----------------------------------------------------------------------------
if [[ ! -x "$venv/bin/pyinstaller" || ! -f "$venv/.installed" || pyproject.toml -nt "$venv/.installed" ]]; then
    echo "== build venv: $venv"
    rm -rf "$venv"
    "$PY" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
    "$venv/bin/python" -m pip install -q --disable-pip-version-check . "pyinstaller>=6.10,<7"
    touch "$venv/.installed"
fi
# The spec freezes the installed package (decision 0012), so this checkout is installed afresh
# each time (its dependencies are already there).
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps --force-reinstall .
version="$(cd "$venv" && bin/python -c 'from importlib.metadata import version; print(version("creative-memory-studio"))')"
"$venv/bin/python" -c 'import PyInstaller, PySide6; print(f"== PyInstaller {PyInstaller.__version__}, PySide6 {PySide6.__version__}")'

# --- 2. PyInstaller ---------------------------------------------------------------------------
echo "== pyinstaller packaging/creative-memory.spec"
t0=$(date +%s)
"$venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
    --distpath "$root/dist" --workpath "$root/build/pyinstaller" \
    packaging/creative-memory.spec
t1=$(date +%s)
bundle="$root/dist/creative-memory"
test -x "$bundle/creative-memory" && test -x "$bundle/od-memory"
echo "   pyinstaller took $((t1 - t0)) s"

if [[ "$(uname -s)" != "Linux" ]]; then
    echo "== done ($(uname -s)): $bundle"
    exit 0
fi

# --- 3. tarball -------------------------------------------------------------------------------
arch="$(uname -m)"
name="creative-memory-$version-linux-$arch"
stage="$root/build/stage/$name"
rm -rf "$root/build/stage"
mkdir -p "$stage/share/applications" "$stage/share/metainfo" "$stage/share/icons/hicolor/scalable/apps"
cp -a "$bundle" "$stage/creative-memory"
cp src/creative_memory/resources/$app_id.desktop "$stage/share/applications/"
cp src/creative_memory/resources/$app_id.metainfo.xml "$stage/share/metainfo/"
cp src/creative_memory/resources/icons/app.svg "$stage/share/icons/hicolor/scalable/apps/$app_id.svg"
for d in src/creative_memory/resources/icons/hicolor/*x*; do
    mkdir -p "$stage/share/icons/hicolor/$(basename "$d")/apps"
    cp "$d/apps/$app_id.png" "$stage/share/icons/hicolor/$(basename "$d")/apps/"
done

cat >"$stage/install.sh" <<'EOF'
#!/bin/sh
# Install Creative Memory Studio for this user: PREFIX (default ~/.local)/lib/creative-memory-studio,
# bin/creative-memory and bin/od-memory (symlinks), share/applications, share/metainfo and
# share/icons/hicolor. Run again to upgrade. Remove with uninstall.sh (also copied next to the app).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-$HOME/.local}
app_id=io.opendesign.CreativeMemoryStudio
libdir="$PREFIX/lib/creative-memory-studio"
bindir="$PREFIX/bin"
share="$PREFIX/share"
# shellcheck disable=SC1003  # the last pattern is a literal backslash
case "$PREFIX" in
    *'"'* | *'`'* | *'$'* | *'\'*) echo "install.sh: PREFIX must not contain \" \` \$ or \\" >&2; exit 2 ;;
esac
mkdir -p "$PREFIX/lib" "$bindir" "$share/applications" "$share/metainfo" "$share/icons"
rm -rf "$libdir.new"
cp -R "$here/creative-memory" "$libdir.new"
cp "$here/uninstall.sh" "$libdir.new/uninstall.sh"
rm -rf "$libdir"
mv "$libdir.new" "$libdir"
ln -sfn "$libdir/creative-memory" "$bindir/creative-memory"
ln -sfn "$libdir/od-memory" "$bindir/od-memory"
# Launchers do not always have ~/.local/bin on PATH: point the desktop entry at the program itself.
sed -e "s|^Exec=creative-memory|Exec=\"$bindir/creative-memory\"|" \
    -e "s|^TryExec=creative-memory|TryExec=$bindir/creative-memory|" \
    "$here/share/applications/$app_id.desktop" >"$share/applications/$app_id.desktop"
cp "$here/share/metainfo/$app_id.metainfo.xml" "$share/metainfo/"
cp -R "$here/share/icons/hicolor" "$share/icons/"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t -f "$share/icons/hicolor" 2>/dev/null || true
fi
echo "installed Creative Memory Studio into $PREFIX"
echo "  $bindir/creative-memory, $bindir/od-memory"
case ":$PATH:" in *":$bindir:"*) ;; *) echo "  note: $bindir is not on PATH" ;; esac
echo "  uninstall: $libdir/uninstall.sh"
EOF

cat >"$stage/uninstall.sh" <<'EOF'
#!/bin/sh
# Remove what install.sh installed (same PREFIX; default ~/.local, or the prefix this copy lives in).
# Your creative memory is NOT touched: it lives in the Open Design data folder (od-memory where).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${PREFIX:-}" ]; then
    if [ "$(basename "$here")" = creative-memory-studio ] && [ -x "$here/creative-memory" ]; then
        PREFIX=$(cd "$here/../.." && pwd)
    else
        PREFIX=$HOME/.local
    fi
fi
app_id=io.opendesign.CreativeMemoryStudio
libdir="$PREFIX/lib/creative-memory-studio"
share="$PREFIX/share"
for prog in creative-memory od-memory; do
    link="$PREFIX/bin/$prog"
    if [ -L "$link" ] && [ "$(readlink "$link")" = "$libdir/$prog" ]; then rm -f "$link"; fi
done
rm -f "$share/applications/$app_id.desktop" "$share/metainfo/$app_id.metainfo.xml"
rm -f "$share/icons/hicolor/scalable/apps/$app_id.svg"
for f in "$share"/icons/hicolor/*/apps/"$app_id".png; do
    [ -e "$f" ] && rm -f "$f"
done
rm -rf "$libdir"
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$share/applications" 2>/dev/null || true
fi
echo "removed Creative Memory Studio from $PREFIX (your memory data is kept)"
EOF
chmod 755 "$stage/install.sh" "$stage/uninstall.sh"

cat >"$stage/README.txt" <<EOF
Creative Memory Studio $version for Linux ($arch)

  ./install.sh              install for this user into ~/.local (PREFIX=/some/where ./install.sh)
  ~/.local/lib/creative-memory-studio/uninstall.sh   remove it again (your data is kept)
  ./creative-memory/creative-memory                  or run it in place without installing

  creative-memory --version          creative-memory --self-test (offscreen smoke test)
  od-memory --help                   the command line
EOF

tarball="$root/dist/$name.tar.gz"
rm -f "$tarball"
tar -C "$root/build/stage" --sort=name --owner=0 --group=0 --numeric-owner -czf "$tarball" "$name"
end=$(date +%s)

# --- report -----------------------------------------------------------------------------------
echo "== bundle: $bundle ($(du -sh "$bundle" | cut -f1)), $(find "$bundle" -type f | wc -l) files"
echo "== tarball: $tarball ($(du -h "$tarball" | cut -f1))"
echo "== largest files"
# awk reads all of sort's output (a `head` would end the pipe early: SIGPIPE under pipefail).
find "$bundle" -type f -printf '%s\t%P\n' | sort -rn | awk -F'\t' 'NR <= 10 {printf "   %7.1f MB  %s\n", $1/1048576, $2}'
echo "== build took $((end - start)) s (pyinstaller $((t1 - t0)) s)"
echo "next: bash packaging/smoke_test.sh"
