"""The one look of every picture, and where the notebooks' figures are written.

Figures are files of the main job: ``make reproduce`` (``dominosa-lab reproduce``)
sets :data:`FIGURES_ENV` to the ``figures/`` folder, and only then do
:func:`save_figure` and :func:`figure_path` write there. Running a notebook any
other way (the tests' nbval run, JupyterLab) draws inline and writes nothing, so
the tests never change a tracked file.
"""

from __future__ import annotations

import os
from pathlib import Path

from matplotlib.figure import Figure

__all__ = ["DPI", "FIGURES_ENV", "figure_path", "save_figure"]

#: The environment variable naming the folder figures are written to.
FIGURES_ENV = "DOMINOSA_LAB_FIGURES"

#: The resolution of every figure file.
DPI = 150


def figure_path(name: str) -> Path | None:
    """``figures/NAME`` when figures are being written (see the module docstring), else None.

    Examples
    --------
    >>> import os
    >>> os.environ.pop(FIGURES_ENV, None) and None
    >>> print(figure_path("00_demo.gif"))
    None
    """
    folder = os.environ.get(FIGURES_ENV)
    if not folder:
        return None
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def save_figure(fig: Figure, name: str) -> Path | None:
    """Write ``fig`` to ``figures/NAME.png`` at :data:`DPI` when figures are being written."""
    path = figure_path(f"{name}.png")
    if path is not None:
        fig.savefig(path, dpi=DPI, bbox_inches="tight")
    return path
