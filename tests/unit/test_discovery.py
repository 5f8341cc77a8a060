"""Discovery of Open Design's store on every install route, per platform (home, environment,
platform and current directory injected), the remembered choice and the embedded default."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from creative_memory.services.common.errors import InvalidInput, RefusedForSafety
from creative_memory.services.location import datadir, discovery
from creative_memory.services.location.datadir import default_data_dir, resolve_data_dir
from creative_memory.services.store import whereabouts


def make_store(folder: Path, *, daemon: bool = True, mtime: float | None = None) -> Path:
    """An app.sqlite in ``folder``: with the daemon's core tables, or only a table of ours."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "app.sqlite"
    con = sqlite3.connect(path)
    names = ["projects", "conversations", "messages"] if daemon else ["creative_memory_settings"]
    for name in names:
        con.execute(f"CREATE TABLE {name} (id TEXT PRIMARY KEY)")
    con.commit()
    con.close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.fixture
def cwd(tmp_path: Path) -> Path:
    c = tmp_path / "work" / "deep" / "inside"
    c.mkdir(parents=True)
    return c


def resolve(home: Path, cwd: Path, platform: str, **env: str) -> datadir.DataDir:
    e = {"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg"), **env}
    return resolve_data_dir(None, env=e, cwd=cwd, home=home, platform=platform)


# ---------------------------------------------------------------------------- Linux
def test_linux_appimage_stable_in_dot_config(home: Path, cwd: Path) -> None:
    data = home / ".config" / "Open Design" / "namespaces" / "release-stable-linux" / "data"
    make_store(data)
    dd = resolve(home, cwd, "linux")
    assert (dd.path, dd.rule) == (data, "discovered")
    assert "stable channel" in dd.how() and not dd.others


def test_linux_appimage_follows_xdg_config_home(home: Path, cwd: Path, tmp_path: Path) -> None:
    xdg = tmp_path / "xdg-conf"
    data = xdg / "Open Design" / "namespaces" / "release-beta-linux" / "data"
    make_store(data)
    make_store(home / ".config" / "Open Design" / "namespaces" / "release-beta-linux" / "data", mtime=1)
    dd = resolve(home, cwd, "linux", XDG_CONFIG_HOME=str(xdg))
    assert dd.path == data  # the default ~/.config is not looked at when XDG_CONFIG_HOME is set


def test_linux_headless_namespace(home: Path, cwd: Path) -> None:
    data = home / ".local" / "share" / "open-design" / "namespaces" / "default" / "data"
    make_store(data)
    dd = resolve(home, cwd, "linux")
    assert dd.path == data and "headless" in dd.how()


def test_linux_headless_follows_xdg_data_home(home: Path, cwd: Path, tmp_path: Path) -> None:
    data = tmp_path / "xdg-data" / "open-design" / "namespaces" / "team" / "data"
    make_store(data)
    assert resolve(home, cwd, "linux", XDG_DATA_HOME=str(tmp_path / "xdg-data")).path == data


def test_home_manager_dot_od(home: Path, cwd: Path) -> None:
    make_store(home / ".od")
    dd = resolve(home, cwd, "linux")
    assert dd.path == home / ".od" and "~/.od" in dd.how()


@pytest.mark.parametrize("level", [0, 1, 2])
def test_checkout_dot_od_in_cwd_or_a_parent(home: Path, cwd: Path, level: int) -> None:
    folder = [cwd, cwd.parent, cwd.parent.parent][level] / ".od"
    make_store(folder)
    dd = resolve(home, cwd, "linux")
    assert dd.path == folder and "checkout" in dd.how()


def test_stable_channel_wins_over_a_newer_beta(home: Path, cwd: Path) -> None:
    base = home / ".config" / "Open Design" / "namespaces"
    make_store(base / "release-stable-linux" / "data", mtime=1_000_000)
    make_store(base / "release-beta-linux" / "data", mtime=2_000_000)
    dd = resolve(home, cwd, "linux")
    assert dd.path == base / "release-stable-linux" / "data"
    assert [f.channel for f in dd.others] == ["beta"]
    assert "1 other store found" in dd.how()


def test_most_recent_wins_without_a_stable_store(home: Path, cwd: Path) -> None:
    make_store(home / ".od", mtime=1_000_000)
    make_store(cwd / ".od", mtime=3_000_000)
    make_store(home / ".local" / "share" / "open-design" / "namespaces" / "default" / "data", mtime=2_000_000)
    dd = resolve(home, cwd, "linux")
    assert dd.path == cwd / ".od"
    assert len(dd.others) == 2


def test_od_packaged_namespace_picks_the_namespace(home: Path, cwd: Path) -> None:
    base = home / ".config" / "Open Design" / "namespaces"
    make_store(base / "release-stable-linux" / "data", mtime=2_000_000)
    make_store(base / "release-prerelease-linux" / "data", mtime=1_000_000)
    dd = resolve(home, cwd, "linux", OD_PACKAGED_NAMESPACE="release-prerelease-linux")
    assert dd.path == base / "release-prerelease-linux" / "data"


def test_od_packaged_namespace_base_root(home: Path, cwd: Path, tmp_path: Path) -> None:
    root = tmp_path / "elsewhere" / "ns"
    make_store(root / "release-stable-linux" / "data")
    dd = resolve(home, cwd, "linux", OD_PACKAGED_NAMESPACE_BASE_ROOT=str(root))
    assert dd.path == root / "release-stable-linux" / "data"


def test_packaged_config_file_sets_base_root_and_namespace(home: Path, cwd: Path, tmp_path: Path) -> None:
    root = tmp_path / "cfg-root"
    make_store(root / "release-stable-linux" / "data", mtime=2_000_000)
    make_store(root / "mine" / "data", mtime=1_000_000)
    cfg = tmp_path / "open-design-config.json"
    cfg.write_text(f'{{"namespace": "mine", "namespaceBaseRoot": "{root}"}}', encoding="utf-8")
    dd = resolve(home, cwd, "linux", OD_PACKAGED_CONFIG_PATH=str(cfg))
    assert dd.path == root / "mine" / "data"


def test_a_namespace_folder_without_a_store_is_not_found(home: Path, cwd: Path) -> None:
    (home / ".config" / "Open Design" / "namespaces" / "release-stable-linux" / "data").mkdir(parents=True)
    assert resolve(home, cwd, "linux").rule == "default"


# ---------------------------------------------------------------------------- macOS and Windows
def test_macos_products_and_channels(home: Path, cwd: Path) -> None:
    support = home / "Library" / "Application Support"
    make_store(support / "Open Design Beta" / "namespaces" / "release-beta-x64" / "data", mtime=3_000_000)
    make_store(support / "Open Design" / "namespaces" / "release-stable-intel" / "data", mtime=1_000_000)
    make_store(support / "Open Design Prerelease" / "namespaces" / "release-prerelease" / "data")
    dd = resolve(home, cwd, "darwin")
    assert dd.path == support / "Open Design" / "namespaces" / "release-stable-intel" / "data"
    assert sorted(f.channel or "" for f in dd.others) == ["beta-x64", "prerelease"]
    # the Linux places are not macOS places
    make_store(home / ".config" / "Open Design" / "namespaces" / "release-stable-linux" / "data", mtime=9e9)
    assert resolve(home, cwd, "darwin").path == dd.path


def test_windows_appdata(home: Path, cwd: Path, tmp_path: Path) -> None:
    appdata = tmp_path / "Roaming"
    data = appdata / "Open Design" / "namespaces" / "release-prerelease-canary-win" / "data"
    make_store(data)
    dd = resolve(home, cwd, "win32", APPDATA=str(appdata))
    assert dd.path == data and "prerelease-canary channel" in dd.how()


def test_windows_without_appdata_uses_the_roaming_folder_under_home(home: Path, cwd: Path) -> None:
    data = home / "AppData" / "Roaming" / "Open Design" / "namespaces" / "release-stable-win" / "data"
    make_store(data)
    assert resolve(home, cwd, "win32").path == data


# ---------------------------------------------------------------------------- the first release's folder
@pytest.mark.parametrize(
    ("platform", "parts"),
    [
        ("linux", (".local", "share", "Open Design")),
        ("darwin", ("Library", "Application Support", "Open Design")),
        ("win32", ("AppData", "Roaming", "Open Design")),
    ],
)
def test_first_release_default_is_found_and_labelled(
    home: Path, cwd: Path, platform: str, parts: tuple[str, ...]
) -> None:
    legacy = home.joinpath(*parts)
    make_store(legacy, daemon=False)
    dd = resolve(home, cwd, platform)
    assert (dd.path, dd.rule, dd.legacy) == (legacy, "discovered", True)
    assert "first release" in dd.how()


def test_first_release_store_yields_to_open_designs_own(home: Path, cwd: Path) -> None:
    make_store(home / ".local" / "share" / "Open Design", daemon=False, mtime=9_000_000)
    make_store(home / ".od", mtime=1_000_000)
    dd = resolve(home, cwd, "linux")
    assert dd.path == home / ".od" and not dd.legacy
    assert [f.legacy for f in dd.others] == [True]


# ---------------------------------------------------------------------------- none found
@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_nothing_found_gives_the_embedded_default_and_creates_nothing(
    home: Path, cwd: Path, platform: str, tmp_path: Path
) -> None:
    before = tree(tmp_path)
    dd = resolve(home, cwd, platform)
    assert (dd.path, dd.rule) == (default_data_dir(), "default")
    assert dd.path.name == "creative-memory-studio"
    assert tree(tmp_path) == before
    sentence = dd.missing_sentence()
    assert str(home / ".od") in sentence and str(cwd / ".od") in sentence and str(dd.path) in sentence


def test_facts_of_a_found_store(home: Path, cwd: Path) -> None:
    make_store(home / ".od", mtime=1_234_567)
    make_store(cwd / ".od", daemon=False, mtime=1_000)
    found = {
        f.data_dir: f
        for f in discovery.discover(discovery.locations(env={}, home=home, platform="linux", cwd=cwd))
    }
    ours, theirs = found[cwd / ".od"], found[home / ".od"]
    assert theirs.daemon_tables is True and ours.daemon_tables is False
    assert theirs.modified == 1_234_567 and theirs.size == (home / ".od" / "app.sqlite").stat().st_size
    (cwd / ".od" / "app.sqlite").write_bytes(b"not a database at all" * 100)
    found = {
        f.data_dir: f
        for f in discovery.discover(discovery.locations(env={}, home=home, platform="linux", cwd=cwd))
    }
    assert found[cwd / ".od"].daemon_tables is None


def test_looking_at_a_wal_store_leaves_it_as_it_was(home: Path, cwd: Path) -> None:
    path = make_store(home / ".od")
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.close()
    before = tree(home)
    assert discovery.holds_daemon_tables(path) is True
    assert tree(home) == before


# ---------------------------------------------------------------------------- OD_DATA_DIR
def test_od_data_dir_with_a_packaged_layout(home: Path, cwd: Path, tmp_path: Path) -> None:
    root = tmp_path / "od"
    make_store(root / "namespaces" / "release-beta-linux" / "data", mtime=2_000_000)
    make_store(root / "namespaces" / "release-stable-linux" / "data", mtime=1_000_000)
    dd = resolve(home, cwd, "linux", OD_DATA_DIR=str(root))
    assert (dd.path, dd.rule) == (root / "namespaces" / "release-stable-linux" / "data", "env")
    dd = resolve(home, cwd, "linux", OD_DATA_DIR=str(root), OD_PACKAGED_NAMESPACE="release-beta-linux")
    assert dd.path == root / "namespaces" / "release-beta-linux" / "data"
    assert "OD_PACKAGED_NAMESPACE" in dd.how()


def test_od_data_dir_already_a_namespace_data_folder(home: Path, cwd: Path, tmp_path: Path) -> None:
    data = tmp_path / "od" / "namespaces" / "x" / "data"
    make_store(data)
    assert resolve(home, cwd, "linux", OD_DATA_DIR=str(data)).path == data


def test_relative_od_data_dir_is_said_so(home: Path, cwd: Path) -> None:
    dd = resolve(home, cwd, "linux", OD_DATA_DIR="rel")
    assert dd.path == cwd / "rel" and "current directory" in dd.how()


# ---------------------------------------------------------------------------- the remembered choice
def test_remembered_choice_wins_over_discovery_but_not_over_env(
    home: Path, cwd: Path, tmp_path: Path
) -> None:
    make_store(home / ".od")
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    env = {"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg")}
    result = whereabouts.use(str(chosen), env=env)
    assert result.data_dir == chosen and not result.store_exists
    assert resolve(home, cwd, "linux").rule == "remembered"
    assert resolve(home, cwd, "linux").path == chosen
    assert resolve(home, cwd, "linux", OD_DATA_DIR=str(tmp_path / "env")).rule == "env"
    whereabouts.use(None, clear=True, env=env)
    assert resolve(home, cwd, "linux").path == home / ".od"


def test_a_remembered_folder_that_vanished_is_named_never_passed_over(
    home: Path, cwd: Path, tmp_path: Path
) -> None:
    """Passed over, the next write went to this program's own folder without a word (decision 0074)."""
    chosen = tmp_path / "usb-stick"
    chosen.mkdir()
    datadir.remember(chosen, {"CM_CONFIG_DIR": str(home / "cfg")})
    chosen.rmdir()
    dd = resolve(home, cwd, "linux")
    assert (dd.rule, dd.path, dd.detail) == ("remembered", chosen, "no longer there")
    assert (
        f"The folder you chose with od-memory use (or Change… in the window), {chosen}, is no longer there"
        in (dd.missing_sentence())
    )
    refused = dd.creation_refused()
    assert (
        refused is not None and str(chosen) in refused and "--create" in refused and "use --clear" in refused
    )
    assert not chosen.exists()


def test_use_picks_the_data_folder_of_a_packaged_layout(home: Path, tmp_path: Path) -> None:
    base = tmp_path / "Open Design"
    make_store(base / "namespaces" / "release-stable-linux" / "data")
    env = {"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg")}
    assert whereabouts.use(str(base), env=env).data_dir == (
        base / "namespaces" / "release-stable-linux" / "data"
    )


@pytest.mark.parametrize("bad", ["", "   ", "no/such/folder"])
def test_use_refuses_what_is_not_a_folder_and_remembers_nothing(bad: str, home: Path) -> None:
    env = {"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg")}
    with pytest.raises(InvalidInput):
        whereabouts.use(bad, env=env)
    assert not (home / "cfg").exists()


# ---------------------------------------------------------------------------- moving the first release's store
def test_move_refuses_open_designs_store_and_an_occupied_target(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    make_store(theirs)
    with pytest.raises(RefusedForSafety):
        whereabouts.move_legacy(datadir.DataDir(theirs, "discovered", legacy=True), tmp_path / "own")
    assert (theirs / "app.sqlite").is_file() and not (tmp_path / "own").exists()
    legacy, own = tmp_path / "legacy", tmp_path / "own2"
    make_store(legacy, daemon=False)
    make_store(own, daemon=False)
    before = (legacy / "app.sqlite").read_bytes()
    with pytest.raises(RefusedForSafety):
        whereabouts.move_legacy(datadir.DataDir(legacy, "discovered", legacy=True), own)
    assert (legacy / "app.sqlite").read_bytes() == before


def test_move_copies_then_removes_the_old_files_and_backups(tmp_path: Path) -> None:
    legacy, own = tmp_path / "Open Design", tmp_path / "own"
    make_store(legacy, daemon=False)
    (legacy / "app.sqlite.bak-20260101T000000000000Z").write_bytes(b"old copy")
    moved = whereabouts.move_legacy(datadir.DataDir(legacy, "discovered", legacy=True), own)
    assert moved.path == own and not legacy.exists()
    con = sqlite3.connect(own / "app.sqlite")
    assert con.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall() == [
        ("creative_memory_settings",)
    ]
    con.close()
    assert sorted(p.name for p in own.iterdir()) == ["app.sqlite"]


# ---------------------------------------------------------------------------- hostile places
def test_a_deleted_current_directory_and_a_symlink_loop_are_no_traceback(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / ".od").symlink_to(home / ".od")  # a loop where ~/.od would be
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    dd = resolve_data_dir(
        None, env={"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg")}, home=home, platform="linux"
    )
    assert dd.rule == "default"
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(InvalidInput):
        whereabouts.use(str(loop / "x"), env={"HOME": str(home), "CM_CONFIG_DIR": str(home / "cfg")})
