#!/usr/bin/env bash
# Run a command against a real Secret Service (gnome-keyring) in a private D-Bus session.
#
#   .ci/secret-service.sh .venv/bin/pytest tests/integration/test_secret_service.py
#
# Installs gnome-keyring and D-Bus on Debian when missing (needs root), then starts a throwaway
# session bus with `dbus-run-session`, creates and unlocks a 'login' keyring in a temporary HOME
# (never a real user's keyring) and runs the command there with CM_SECRET_SERVICE=1.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

if ! command -v gnome-keyring-daemon >/dev/null 2>&1 || ! command -v dbus-run-session >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "secret-service.sh: gnome-keyring is not installed and this is not root; install" \
         "gnome-keyring dbus dbus-x11 libsecret-1-0 first." >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends gnome-keyring dbus dbus-x11 libsecret-1-0 \
      >/tmp/secret-service-apt.log 2>&1; then
    apt-get update -qq >>/tmp/secret-service-apt.log 2>&1
    apt-get install -y -qq --no-install-recommends gnome-keyring dbus dbus-x11 libsecret-1-0 \
      >>/tmp/secret-service-apt.log 2>&1 || { cat /tmp/secret-service-apt.log >&2; exit 1; }
  fi
fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/cm-secret-service.XXXXXX")"
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
mkdir -p "$scratch/home" "$scratch/runtime"
chmod 700 "$scratch/home" "$scratch/runtime"

export HOME="$scratch/home"
export XDG_RUNTIME_DIR="$scratch/runtime"
export XDG_DATA_HOME="$scratch/home/.local/share"
export XDG_CONFIG_HOME="$scratch/home/.config"
export XDG_CACHE_HOME="$scratch/home/.cache"
export CM_SECRET_SERVICE=1
# The inner script receives the command as "$@" so no quoting of the arguments is lost.
export CM_KEYRING_PASSWORD="ci-password"

# The keyring daemon quits when the session bus goes away at the end of dbus-run-session.
# shellcheck disable=SC2016
dbus-run-session -- bash -c '
  set -euo pipefail
  # --unlock reads the password on stdin; on a fresh HOME it creates the "login" collection.
  eval "$(printf "%s" "$CM_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  unset CM_KEYRING_PASSWORD
  exec "$@"
' secret-service "$@"
