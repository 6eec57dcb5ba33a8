"""The behaviour corpus: every command of tests/corpus/commands.txt gives, byte for byte, the
stdout, stderr and exit code recorded in tests/corpus/expected.json, cold and (for the commands
under ``# @warm on``) warm.

One test per command (its cold run and, if any, its warm run in the same cache folder), so
pytest-xdist spreads them. The commands run as ``sys.executable -m cpoly`` from the repository
root, exactly as ``python3 tools/corpus.py compare`` runs them (this test imports that script).
After a deliberate change of output: ``python3 tools/corpus.py record`` and review the diff of
expected.json.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cpoly_corpus_runner", ROOT / "tools" / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


corpus = _runner()
CASES = corpus.read_cases()
EXPECTED: dict[tuple[str, bool], dict[str, Any]] = {corpus.key(entry): entry for entry in corpus.load_expected()}


def test_expected_matches_the_command_list() -> None:
    """expected.json holds exactly one cold entry per command and one warm entry per warm command."""
    wanted = {(case.command, False) for case in CASES} | {(case.command, True) for case in CASES if case.warm}
    missing = sorted(wanted - EXPECTED.keys())
    extra = sorted(EXPECTED.keys() - wanted)
    assert not missing and not extra, (
        f"run `python3 tools/corpus.py record`: not recorded {missing}, no longer in commands.txt {extra}")


def test_commands_run_this_checkout() -> None:
    """The corpus exercises the checkout it belongs to, not another installed cpoly."""
    import subprocess

    cache = ROOT / ".cpoly-corpus-unused"  # never created: nothing below touches the cache
    env = corpus._environment(cache, cache, {})
    found = subprocess.run([sys.executable, "-c", "import cpoly; print(cpoly.__file__)"], cwd=ROOT, env=env,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert Path(found).resolve() == ROOT / "cpoly" / "__init__.py"


@pytest.mark.parametrize("case", CASES, ids=[case.command.removeprefix("cpoly ") for case in CASES])
def test_corpus(case: Any) -> None:
    failures = []
    for outcome in corpus.run_case(case):
        expected = EXPECTED.get(corpus.key(outcome))
        if expected is None:
            failures.append(f"--- {corpus.describe(outcome)}\nnot in expected.json: "
                            "run `python3 tools/corpus.py record`")
            continue
        report = corpus.mismatch(expected, outcome)
        if report:
            failures.append(report)
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)
