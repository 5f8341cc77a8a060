"""``where``: which store, chosen by which rule."""

from __future__ import annotations

import argparse
from typing import Any

from creative_memory.cli.output import Out
from creative_memory.services.context import Context
from creative_memory.services.store import Store, latest_revision


def where(args: argparse.Namespace, ctx: Context, out: Out) -> int:
    dd = ctx.data_dir
    exists = dd.store.exists()
    data: dict[str, Any] = {
        "data_dir": str(dd.path),
        "store": str(dd.store),
        "rule": dd.rule,
        "exists": exists,
        "read_only": False,
        "schema": {"current": None, "latest": latest_revision()},
    }
    if exists:
        st = Store.open(dd, create=False)
        data["read_only"] = st.read_only
        data["schema"] = {"current": st.schema.current, "latest": st.schema.latest}
        if st.read_only_reason:
            data["read_only_reason"] = st.read_only_reason
        st.close()
    out.emit(
        data,
        lambda: (
            f"Store: {dd.store}\nRule: {dd.describe()}\nExists: {'yes' if exists else 'no'}"
            + (f"\nRead-only: {data.get('read_only_reason')}" if data["read_only"] else "")
        ),
    )
    return 0
