#!/usr/bin/env bash
# Validate the desktop entry and the AppStream metainfo for real:
#   desktop-file-validate  src/creative_memory/resources/io.opendesign.CreativeMemoryStudio.desktop
#   appstreamcli validate --no-net resources/io.opendesign.CreativeMemoryStudio.metainfo.xml
# Installs desktop-file-utils / appstream with apt-get when they are missing (Debian/Ubuntu;
# needs root or sudo). Exits non-zero if either validator reports an error or a warning.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
app_id="io.opendesign.CreativeMemoryStudio"
desktop="$root/src/creative_memory/resources/$app_id.desktop"
metainfo="$root/src/creative_memory/resources/$app_id.metainfo.xml"

need=()
command -v desktop-file-validate >/dev/null 2>&1 || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || need+=(appstream)
if ((${#need[@]})); then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: missing ${need[*]} and no apt-get to install them" >&2
        exit 2
    fi
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        sudo="sudo"
    fi
    echo "installing ${need[*]} ..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

status=0

echo "== desktop-file-validate $(basename "$desktop")"
out="$(desktop-file-validate "$desktop" 2>&1)" || status=1
if [[ -n "$out" ]]; then
    # desktop-file-validate prints hints too; only errors and warnings fail the check.
    echo "$out"
    if grep -qE '(error|warning):' <<<"$out"; then
        status=1
    fi
fi

echo "== appstreamcli validate --no-net $(basename "$metainfo")"
# --no-net: the screenshot and homepage URLs are not fetched (no network access here).
if ! appstreamcli validate --no-net --explain "$metainfo"; then
    status=1
fi

if ((status == 0)); then
    echo "OK: both files are valid"
else
    echo "FAILED" >&2
fi
exit "$status"
