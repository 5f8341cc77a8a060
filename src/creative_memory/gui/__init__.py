"""The PySide6 desktop program: windows, tabs, item models, dialogs and the asyncio bridge.

Talks to ``services`` only and receives DTOs only. Nothing here is imported by ``services``,
``model`` or ``cli``.

Importing this package applies two workarounds, :func:`guard_singleton_refcounts` first thing, then
:func:`skip_feature_source_scan` (docs/decisions/0093).
PySide6/shiboken6 6.12.0 (abi3 wheels) return ``None``, ``True`` and ``False`` without adding the
reference they hand over — every void Qt method (``setText``, ``resize``, ``stop``…), every getter
that returns ``None``, and ``Signal.emit()``/``disconnect()`` take one reference away. That is
harmless on Python 3.12+, where those objects are immortal, but on Python 3.11 the count reaches
zero after some thousands of calls and the interpreter aborts ("Fatal Python error: none_dealloc:
deallocating None" / "bool_dealloc"). The guard probes for the leak and, only if it is there on an
interpreter without immortal objects, gives those singletons a reference count so large that the
leak can never exhaust it — what Python 3.12 does for them by design. The real fix is Python ≥ 3.12
or a PySide6 release without the leak; the guard then does nothing.
"""

from __future__ import annotations

import ctypes
import sys

_SINGLETONS: tuple[object, ...] = (None, True, False, NotImplemented, Ellipsis)
_HEADROOM = 1 << 40  # references added to each singleton (≈ 10¹² leaked calls before trouble)


def _refcount_cell(obj: object) -> ctypes.c_ssize_t | None:
    """The ``ob_refcnt`` field of ``obj``, if this interpreter lays objects out as we expect."""
    if sys.implementation.name != "cpython":
        return None
    cell = ctypes.c_ssize_t.from_address(id(obj))
    # sys.getrefcount counts its own argument: a normal build matches exactly (a Py_TRACE_REFS
    # build puts two pointers first and would not).
    return cell if cell.value == sys.getrefcount(obj) - 1 else None


def pyside_leaks_singleton_references() -> bool:
    """Whether this PySide6 build returns ``None`` from a void method without a new reference."""
    from PySide6.QtCore import QObject

    probe = QObject()
    rounds = 256
    before = sys.getrefcount(None)
    for _ in range(rounds):
        probe.setObjectName("probe")
    return before - sys.getrefcount(None) >= rounds // 2


def guard_singleton_refcounts() -> bool:
    """Apply the workaround where needed; True if the singletons were given headroom."""
    if sys.version_info >= (3, 12):
        return False  # immortal singletons: the leak is harmless
    if not pyside_leaks_singleton_references():
        return False
    cells = [_refcount_cell(obj) for obj in _SINGLETONS]
    if any(cell is None for cell in cells):
        return False
    for cell in cells:
        assert cell is not None
        if cell.value < _HEADROOM:  # once per process, even if called again
            cell.value += _HEADROOM
    return True


SINGLETON_REFCOUNT_GUARD = guard_singleton_refcounts()
"""Whether this process needed (and got) the workaround."""


def _every_module_uses_pyside(_module: object) -> bool:
    return True


def skip_feature_source_scan() -> bool:
    """Stop PySide6 reading the source of every module imported after it; True if done.

    Once ``PySide6.QtCore`` is imported, PySide6 calls a hook after every import in the process, and
    for each new module it reads that module's whole source (``inspect.getsource``) to see whether
    it mentions PySide6. It needs that only for modules that may say ``from __feature__ import …``
    (snake_case names, true properties), which this program never does. On the window's start
    that is some 200 modules and about 40 ms of a 340 ms start at M. The answer for every module
    becomes "uses PySide6, with no feature selected" (what PySide6 answers for each of ours): every
    module then sees Qt's own names, and a module that does import ``__feature__`` still gets its
    features, which that import sets. (Answering "does not use PySide6" instead would leave a
    module with whatever names the last module that chose features had selected.)
    """
    import importlib

    import PySide6.QtCore  # noqa: F401 - what installs the hook (and loads the module below)

    try:
        feature = importlib.import_module("PySide6.support.feature")  # PySide6's own, untyped
    except ImportError:
        return False
    if not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False  # another PySide6: nothing to skip, or not in this way
    setattr(feature, "_mod_uses_pyside", _every_module_uses_pyside)  # noqa: B010 - untyped module
    return True


FEATURE_SCAN_SKIPPED = skip_feature_source_scan()
"""Whether PySide6's reading of every imported module's source is skipped in this process."""
