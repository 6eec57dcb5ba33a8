"""notebooks/holdem.ipynb executes without errors."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "holdem.ipynb"


def test_notebook_runs() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    root = str(NOTEBOOK.parents[1])
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    client = NotebookClient(notebook, kernel_name="python3", timeout=300,
                            resources={"metadata": {"path": root}})
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("AcKc: win" in o.get("text", "") for o in outputs)
