"""Execute the notebooks in place (the main job behind ``make reproduce``)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from dominosa_lab.core.extras import missing_extra
from dominosa_lab.core.options import check_path

try:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from tqdm.auto import tqdm
except ImportError as error:
    raise missing_extra("notebooks", error) from None

from dominosa_lab.draw.theme import FIGURES_ENV
from dominosa_lab.errors import FormatError, MissingFileError

__all__ = ["NotebookFailed", "find_notebooks", "read_notebook", "reproduce", "run_notebook"]


class NotebookFailed(RuntimeError):
    """A notebook cell raised; the message names the notebook and the cell."""


def find_notebooks(folder: str | Path = "notebooks") -> list[Path]:
    """The ``*.ipynb`` files of ``folder`` in name order."""
    folder = check_path("folder", folder)
    if not folder.is_dir():
        raise MissingFileError(f"no notebook folder {folder} (run from the repository root)")
    return sorted(folder.glob("*.ipynb"))


def read_notebook(path: Path) -> Any:
    """The notebook at ``path``; MissingFileError or FormatError (naming it) when it is missing
    or is not a Jupyter notebook."""
    path = check_path("path", path)
    if not path.is_file():
        raise MissingFileError(f"no notebook {str(path)!r}")
    try:
        return nbformat.read(path, as_version=4)
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError,
            nbformat.ValidationError) as err:
        what = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise FormatError(f"{str(path)!r} is not a Jupyter notebook: {what}") from None


def run_notebook(path: str | Path, timeout: int = 1800, progress: bool = True,
                 figures: str | Path | None = None) -> float:
    """Execute one notebook top to bottom in a fresh kernel and save it in place.

    The kernel runs in the notebook's folder; with ``figures`` (a folder) it
    writes its figures there (see :mod:`dominosa_lab.draw.theme`). On failure
    the file is left untouched and :class:`NotebookFailed` names the cell.
    Returns seconds taken.
    """
    path = Path(path)
    nb = read_notebook(path)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    code_cells = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"]
    bar = tqdm(total=len(code_cells), desc=path.name, unit="cell", disable=not progress)
    start = time.perf_counter()
    try:
        env = dict(os.environ)
        if figures is not None:
            env[FIGURES_ENV] = str(Path(figures).resolve())
        with client.setup_kernel(env=env):
            for number, index in enumerate(code_cells, start=1):
                try:
                    client.execute_cell(nb.cells[index], index)
                except CellExecutionError as err:
                    raise NotebookFailed(
                        f"{path}: code cell {number} (cell index {index}) failed: "
                        f"{err.ename}: {err.evalue}"
                    ) from None
                bar.update()
    finally:
        bar.close()
    nbformat.write(nb, path)
    return time.perf_counter() - start


def reproduce(paths: list[Path] | None = None, progress: bool = True,
              figures: str | Path = "figures") -> dict[str, float]:
    """Run every notebook (or ``paths``), writing figures to ``figures``; seconds per notebook.

    Stops at the first failure; a path that is not a notebook is refused before any runs.
    """
    paths = find_notebooks() if not paths else [check_path("path", p) for p in paths]
    for path in paths:  # every one read before the first runs: a wrong name fails at once
        read_notebook(path)
    return {str(p): run_notebook(p, progress=progress, figures=figures) for p in paths}
