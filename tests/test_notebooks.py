"""The notebooks execute top to bottom in the test run (each in a fresh kernel)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
OWN = ["counting.ipynb", "video_poker.ipynb"]  # holdem.ipynb has its own test


@pytest.mark.parametrize("name", OWN)
def test_notebook_executes(name):
    path = NOTEBOOKS / name
    if not path.exists():
        pytest.fail(f"{path} is missing")
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", []) if o.output_type == "error"]
    assert not errors
