"""Data dir resolution: flag > OD_DATA_DIR > remembered > discovered > embedded default, shown to the user
(discovery per platform: ``test_discovery.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from creative_memory.services.common.errors import InvalidInput
from creative_memory.services.location.datadir import DataDir, default_data_dir, resolve_data_dir
from creative_memory.services.store.store import Store


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A HOME passed in ``env`` only: different from os.environ's HOME, so the test proves that the
    ``env`` mapping (not the process environment) drives expansion."""
    h = (tmp_path / "the home").resolve()
    h.mkdir()
    return h


@pytest.fixture
def cwd(tmp_path: Path) -> Path:
    c = (tmp_path / "cwd").resolve()
    c.mkdir()
    return c


# ---------------------------------------------------------------------------- precedence
def test_flag_wins_over_env(tmp_path: Path, cwd: Path) -> None:
    flag_dir, env_dir = tmp_path / "from-flag", tmp_path / "from-env"
    dd = resolve_data_dir(str(flag_dir), env={"OD_DATA_DIR": str(env_dir)}, cwd=cwd)
    assert dd == DataDir(flag_dir.resolve(), "flag")


def test_relative_flag_is_anchored_at_cwd(cwd: Path) -> None:
    dd = resolve_data_dir("rel/od", env={}, cwd=cwd)
    assert dd == DataDir(cwd / "rel" / "od", "flag")


@pytest.mark.parametrize("blank", ["", "   "])
def test_blank_flag_is_refused_not_replaced_by_a_default(blank: str, tmp_path: Path, cwd: Path) -> None:
    # `--data-dir "$UNSET"` once meant the default store, and `reset --confirm` erased it.
    env_dir = tmp_path / "from-env"
    with pytest.raises(InvalidInput, match="--data-dir is empty"):
        resolve_data_dir(blank, env={"OD_DATA_DIR": str(env_dir)}, cwd=cwd)


def test_env_wins_over_default(tmp_path: Path, cwd: Path) -> None:
    env_dir = tmp_path / "from-env"
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": str(env_dir)}, cwd=cwd)
    assert dd == DataDir(env_dir.resolve(), "env")
    assert dd.path != default_data_dir()


def test_default_when_nothing_is_set(cwd: Path) -> None:
    dd = resolve_data_dir(None, env={}, cwd=cwd)
    assert dd == DataDir(default_data_dir(), "default")
    # this program's own folder, never one Open Design may adopt later
    assert dd.path.name == "creative-memory-studio"


def test_default_follows_the_isolated_xdg_data_home(isolated_env: Path, cwd: Path) -> None:
    # Guards the suite itself: the platform default must land in the test's temp folder,
    # never in the real user's data folder.
    dd = resolve_data_dir(None, env={}, cwd=cwd)
    assert dd.path.is_relative_to(isolated_env)


def test_process_environment_is_used_when_env_is_omitted(isolated_env: Path) -> None:
    dd = resolve_data_dir()
    assert dd == DataDir((isolated_env / "od-data").resolve(), "env")


@pytest.mark.parametrize("blank", ["", "  ", "\t"])
def test_blank_od_data_dir_is_refused(blank: str, cwd: Path) -> None:
    with pytest.raises(InvalidInput, match="OD_DATA_DIR is set but empty"):
        resolve_data_dir(None, env={"OD_DATA_DIR": blank}, cwd=cwd)


def test_a_symlink_loop_in_the_data_path_is_a_sentence(tmp_path: Path, cwd: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(InvalidInput, match="loops back on itself"):
        resolve_data_dir(str(tmp_path / "a" / "od"), env={}, cwd=cwd)


def test_od_media_config_dir_alone_does_not_change_the_result(tmp_path: Path, cwd: Path) -> None:
    media = str(tmp_path / "media-config")
    assert resolve_data_dir(None, env={"OD_MEDIA_CONFIG_DIR": media}, cwd=cwd) == resolve_data_dir(
        None, env={}, cwd=cwd
    )
    assert resolve_data_dir(None, env={"OD_MEDIA_CONFIG_DIR": media}, cwd=cwd).rule == "default"


def test_od_media_config_dir_does_not_override_od_data_dir(tmp_path: Path, cwd: Path) -> None:
    env = {"OD_DATA_DIR": str(tmp_path / "data"), "OD_MEDIA_CONFIG_DIR": str(tmp_path / "media")}
    assert resolve_data_dir(None, env=env, cwd=cwd) == DataDir((tmp_path / "data").resolve(), "env")


# ---------------------------------------------------------------------------- expansion
@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("~", "{home}"),
        ("~/x", "{home}/x"),
        ("$HOME/x", "{home}/x"),
        ("${HOME}/x", "{home}/x"),
        ("${HOME}/a/$HOME/b", "{home}/a{home}/b"),  # every occurrence, not only a leading one
    ],
)
def test_od_data_dir_home_expansion_uses_env_home(raw: str, expected: str, home: Path, cwd: Path) -> None:
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": raw, "HOME": str(home)}, cwd=cwd)
    assert dd == DataDir(Path(expected.format(home=home)), "env")


def test_flag_home_expansion_uses_env_home(home: Path, cwd: Path) -> None:
    assert resolve_data_dir("~/od", env={"HOME": str(home)}, cwd=cwd) == DataDir(home / "od", "flag")


def test_a_longer_variable_starting_with_home_is_not_expanded(home: Path, cwd: Path) -> None:
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": "$HOMEDIR/x", "HOME": str(home)}, cwd=cwd)
    assert dd == DataDir(cwd / "$HOMEDIR" / "x", "env")


# ---------------------------------------------------------------------------- relative OD_DATA_DIR
def test_relative_od_data_dir_is_anchored_at_od_project_root(tmp_path: Path, cwd: Path) -> None:
    root = (tmp_path / "project root").resolve()
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": "data/od", "OD_PROJECT_ROOT": str(root)}, cwd=cwd)
    assert dd == DataDir(root / "data" / "od", "env")


@pytest.mark.parametrize("project_root", [None, "", "  "])
def test_relative_od_data_dir_is_anchored_at_cwd_without_project_root(
    project_root: str | None, cwd: Path
) -> None:
    env = {"OD_DATA_DIR": "./data/od"}
    if project_root is not None:
        env["OD_PROJECT_ROOT"] = project_root
    assert resolve_data_dir(None, env=env, cwd=cwd) == DataDir(cwd / "data" / "od", "env")


def test_dotdot_in_od_data_dir_is_normalised(cwd: Path) -> None:
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": "a/../b"}, cwd=cwd)
    assert dd.path == cwd / "b"


# ---------------------------------------------------------------------------- hostile paths
@pytest.mark.parametrize("name", ["Dåtå dir ☕/od", "we#ird ?dir %20/od"])
def test_path_with_spaces_and_non_ascii_resolves_and_opens_a_store(name: str, cwd: Path) -> None:
    dd = resolve_data_dir(None, env={"OD_DATA_DIR": name}, cwd=cwd)
    assert dd == DataDir(cwd.joinpath(*name.split("/")), "env")

    created = Store.open(dd, busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        assert not created.read_only
        assert created.path.is_file()
        assert created.path.parent == cwd.joinpath(*name.split("/"))
        with created.write() as s:
            s.execute(
                text(
                    "INSERT INTO creative_memory_audit (at, user_id, actor, action, target, outcome) "
                    "VALUES (1, 'local', 'cli', 'probe', 'Dåtå ☕', 'ok')"
                )
            )
    finally:
        created.close()
    # Nothing was created beside the intended folder (e.g. a URI-mangled sibling).
    assert sorted(p.name for p in cwd.iterdir()) == [name.split("/")[0]]

    reopened = Store.open(dd, create=False, busy_timeout_s=0.2, lock_budget_s=0.6)
    try:
        assert not reopened.read_only
        assert reopened.backup_path is None
        with reopened.read() as s:
            assert s.execute(text("SELECT target FROM creative_memory_audit")).scalar_one() == "Dåtå ☕"
    finally:
        reopened.close()


# ---------------------------------------------------------------------------- describe
@pytest.mark.parametrize(
    ("rule", "hint"),
    [
        ("flag", "--data-dir"),
        ("env", "OD_DATA_DIR"),
        ("remembered", "od-memory use"),
        ("discovered", "where Open Design keeps"),
        ("default", "own folder"),
    ],
)
def test_describe_names_the_path_and_the_rule(rule: str, hint: str, tmp_path: Path) -> None:
    dd = DataDir(tmp_path / "d", rule)  # type: ignore[arg-type]
    text_ = dd.describe()
    assert str(tmp_path / "d") in text_
    text_ = text_.replace(str(tmp_path / "d"), "")
    assert hint in text_
    others = {
        "flag": "--data-dir",
        "env": "OD_DATA_DIR",
        "remembered": "od-memory use",
        "discovered": "where Open Design keeps",
        "default": "own folder",
    }
    for other_rule, other_hint in others.items():
        if other_rule != rule:
            assert other_hint not in text_, f"{rule!r} description also mentions {other_hint!r}"


def test_store_and_memory_paths(tmp_path: Path) -> None:
    dd = DataDir(tmp_path, "flag")
    assert dd.store == tmp_path / "app.sqlite"
    assert dd.memory_dir == tmp_path / "memory"
