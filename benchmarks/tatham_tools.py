"""Loading Simon Tatham's calibration tools (built outside this repository) for the benchmarks.

His solver and generator are compiled from his public source into a folder of the user's choice
with a small Python wrapper, ``tatham.py``; nothing of his is committed here. Both
``bench_logic.py`` and ``bench_unique.py`` run without it and then say so in their tables.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

__all__ = ["load_tatham"]


def load_tatham(folder: str) -> ModuleType | None:
    """His calibration module from ``folder``, or None when it is not there."""
    path = Path(folder) / "tatham.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("tatham_tools_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
