"""dominosa-lab reproduce: notebooks run in place; a failure names the notebook and cell."""

import nbformat
import pytest

from dominosa_lab.cli import main
from dominosa_lab.reproduce import NotebookFailed, find_notebooks, run_notebook


def _notebook(path, *sources):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, path)
    return path


def test_a_notebook_is_executed_and_saved_with_its_outputs(tmp_path):
    path = _notebook(tmp_path / "ok.ipynb", "print(6 * 7)")
    run_notebook(path, progress=False)
    assert nbformat.read(path, 4).cells[0].outputs[0]["text"] == "42\n"


def test_a_failing_cell_is_named_and_the_file_left_untouched(tmp_path):
    path = _notebook(tmp_path / "bad.ipynb", "x = 1", "1 / 0")
    before = path.read_text()
    with pytest.raises(NotebookFailed, match=r"bad.ipynb: code cell 2 .* ZeroDivisionError"):
        run_notebook(path, progress=False)
    assert path.read_text() == before


def test_the_command_reports_a_failing_notebook_in_one_line(tmp_path, capsys):
    path = _notebook(tmp_path / "bad.ipynb", "raise ValueError('boom')")
    assert main(["reproduce", "--quiet", str(path)]) == 1
    err = capsys.readouterr().err
    assert "code cell 1" in err and "ValueError: boom" in err and "Traceback" not in err


def test_notebooks_are_found_in_name_order(tmp_path):
    for name in ("02_b.ipynb", "01_a.ipynb"):
        _notebook(tmp_path / name, "")
    assert [p.name for p in find_notebooks(tmp_path)] == ["01_a.ipynb", "02_b.ipynb"]


def test_a_missing_notebook_folder_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no notebook folder"):
        find_notebooks(tmp_path / "nope")


def test_figures_are_written_only_when_reproduce_names_a_folder(tmp_path):
    cells = ("import matplotlib.pyplot as plt\nfrom dominosa_lab.draw.theme import save_figure\n"
             "fig, ax = plt.subplots()\nsave_figure(fig, 'demo')",)
    run_notebook(_notebook(tmp_path / "plain.ipynb", *cells), progress=False)
    assert not list(tmp_path.rglob("*.png"))
    run_notebook(_notebook(tmp_path / "made.ipynb", *cells), progress=False,
                 figures=tmp_path / "figures")
    assert (tmp_path / "figures" / "demo.png").is_file()
