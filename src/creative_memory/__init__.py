"""Creative Memory Studio: the one import name of the project.

The code lives in the repository's top-level folders ``model/``, ``services/``, ``cli/``, ``gui/``
and ``resources/``; the installed package maps them to ``creative_memory.model`` and so on
(``[tool.setuptools.package-dir]`` in ``pyproject.toml``). The links beside this file let the
static tools (mypy, import-linter) see the same tree. See docs/decisions/0012-one-import-name.md.
"""

__version__ = "0.1.0"
