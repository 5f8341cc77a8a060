"""The window's dialogs, one module each.

Every dialog is opened with ``open()`` and awaited with :func:`gui.asyncbridge.wait_dialog` (never
``exec()``); each exposes its choices as plain values so tests can drive it without a file dialog
or a nested event loop. File choosers are awaited the same way (:mod:`.files`).
"""
