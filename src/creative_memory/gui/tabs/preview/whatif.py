"""The Preview's what-ifs: which one is asked for, and the sentence that says what is shown."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from creative_memory.gui.visible import QT_TRANSLATE_NOOP, shown_name
from creative_memory.services.retrieval import retrieval

DISABLED_TIP = QT_TRANSLATE_NOOP(
    "PreviewTab", "Show the prefix as if this project used no memory at all (both “Use …memory” switches off)"
)
GLOBAL_OFF_TIP = QT_TRANSLATE_NOOP(
    "PreviewTab", "Show the prefix as if “Use global memory in this project” were off"
)


def whatif_for(
    forgotten_checked: bool, forgotten: frozenset[tuple[str, ...]], disabled: bool, global_off: bool
) -> retrieval.WhatIf | None:
    if not forgotten_checked and not disabled and not global_off:
        return None
    return retrieval.WhatIf(
        forgotten=forgotten if forgotten_checked else frozenset(),
        project_disabled=disabled,
        global_off=global_off,
    )


def whatif_sentence(whatif: retrieval.WhatIf, forgotten_checked: bool) -> str:
    what: list[str] = []
    if whatif.project_disabled:
        what.append(QCoreApplication.translate("PreviewWhatif", "this project were disabled"))
    if whatif.global_off:
        what.append(QCoreApplication.translate("PreviewWhatif", "this project did not use global memory"))
    if forgotten_checked:
        names = sorted(shown_name(f[1]) for f in whatif.forgotten)
        if not names:
            what.append(
                QCoreApplication.translate(
                    "PreviewWhatif", "the Inspector selection were forgotten (nothing is selected there)"
                )
            )
        elif len(names) <= 3:
            what.append(
                QCoreApplication.translate("PreviewWhatif", "{names} were forgotten").format(
                    names=", ".join(f"“{n}”" for n in names)
                )
            )
        else:
            what.append(
                QCoreApplication.translate("PreviewWhatif", "{n} selected preferences were forgotten").format(
                    n=len(names)
                )
            )
    return QCoreApplication.translate(
        "PreviewWhatif",
        "What-if preview — nothing has changed. This is the prefix as if {what}; "
        "the store is untouched and this preview is not recorded.",
    ).format(what=QCoreApplication.translate("PreviewWhatif", " and ").join(what))
