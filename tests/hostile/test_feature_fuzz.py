"""Whole feature files fuzzed (issue 32, "Bad input"): the shipped feature games mutated (a line
dropped or repeated, two numbers swapped, a number replaced by a hostile one, the feature
statement repeated, a parenthesis dropped) must load with exit 0, or exit 2 with a JSON error at
a ``file:line:col`` or naming the value; never a traceback or an internal error (exit 70).
Each run draws its cases from the hostile suite's seed (``CPOLY_HOSTILE_SEED=N`` replays one).
"""

from __future__ import annotations

import io
import json
import random
import re
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cpoly.cli.main import main
from tests.hostile.seed import SEED, replay

ROOT = Path(__file__).resolve().parents[2]
DEFINITIONS = ROOT / "cpoly" / "definitions"
FEATURE_GAMES = sorted(path for path in DEFINITIONS.glob("*.cp") if "feature " in path.read_text(encoding="utf-8"))
CASES_PER_GAME = 6
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:/\d+)?%?")
HOSTILE_NUMBERS = ["0", "-1", "1/0", "0.0", "101%", "1000001", "9" * 400, "1e5", "7.6%%", "2/3", "(1)", "", "-0"]


def _numbers_swapped(text: str, rng: random.Random) -> tuple[str, str]:
    found = list(_NUMBER.finditer(text))
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start())
    return (text[:a.start()] + b[0] + text[a.end():b.start()] + a[0] + text[b.end():],
            f"swap {a[0]!r} at {a.start()} with {b[0]!r} at {b.start()}")


def _number_replaced(text: str, rng: random.Random) -> tuple[str, str]:
    found = rng.choice(list(_NUMBER.finditer(text)))
    new = rng.choice(HOSTILE_NUMBERS)
    return text[:found.start()] + new + text[found.end():], f"replace {found[0]!r} at {found.start()} by {new!r}"


def _line_edited(text: str, rng: random.Random) -> tuple[str, str]:
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    how = rng.choice(["drop", "repeat"])
    lines[i:i + 1] = [] if how == "drop" else [lines[i], lines[i]]
    return "\n".join(lines) + "\n", f"{how} line {i + 1}"


def _feature_repeated(text: str, rng: random.Random) -> tuple[str, str]:
    start = text.index("\nfeature ") + 1
    return text + "\n" + text[start:], "the feature statement repeated"


def _parenthesis_dropped(text: str, rng: random.Random) -> tuple[str, str]:
    places = [i for i, c in enumerate(text) if c in "()" and i > text.index("\nfeature ")]
    if not places:
        return text, "no parenthesis"
    i = rng.choice(places)
    return text[:i] + text[i + 1:], f"drop {text[i]!r} at {i}"


MUTATIONS = [_numbers_swapped, _number_replaced, _line_edited, _feature_repeated, _parenthesis_dropped]


def _loaded(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["paytables", str(path), "--json"])
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("game", FEATURE_GAMES, ids=[p.stem for p in FEATURE_GAMES])
def test_a_mutated_feature_game_loads_or_says_where_it_is_wrong(game: Path, tmp_path: Path) -> None:
    for imported in re.findall(r'^import "([^"/]+)"', game.read_text(encoding="utf-8"), re.MULTILINE):
        if (DEFINITIONS / imported).exists():
            shutil.copy(DEFINITIONS / imported, tmp_path / imported)
    rng = random.Random(f"{SEED}:{game.stem}")
    for case in range(CASES_PER_GAME):
        mutate = rng.choice(MUTATIONS)
        text, how = mutate(game.read_text(encoding="utf-8"), rng)
        path = tmp_path / f"case{case}_{game.name}"
        path.write_text(text, encoding="utf-8")
        code, out, err = _loaded(path)
        detail = replay(f"{game.name}, {mutate.__name__}: {how}")
        assert code in (0, 2) and "Traceback" not in err and "internal error" not in out + err, (detail, out, err)
        if code == 2:
            error = json.loads(out)["error"]
            located = error.get("line") is not None and error.get("column") is not None
            assert located or re.search(r"'[^']+'|\d", error["message"]), (detail, error)


def test_every_mutation_applies_to_a_real_feature_game() -> None:
    """The mutations change the text they are given (a mutation that does nothing tests nothing)."""
    text = (DEFINITIONS / "multi_strike_bonus_poker.cp").read_text(encoding="utf-8")
    rng = random.Random(SEED)
    for mutate in MUTATIONS:
        changed, how = mutate(text, rng)
        assert changed != text, replay(f"{mutate.__name__}: {how}")


def test_the_fuzzed_games_are_the_shipped_feature_games() -> None:
    kinds = {re.search(r"^feature (\w+)", p.read_text(encoding="utf-8"), re.MULTILINE)[1]  # type: ignore[index]
             for p in FEATURE_GAMES}
    assert {"multi_strike", "ultimate_x", "multiplier_layer", "wheel"} <= kinds


SMALL_GAME = ROOT / "tests" / "fixtures" / "small_poker.cp"
ANALYSED_PER_RUN = 3
SOLVED_NUMBERS = ["1", "1000000", "999999/1000000", "1/1000000", "100%", "0%", "12", "3/7"]


def _analysed(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["analyze", str(path), "--json"])
    return code, out.getvalue(), err.getvalue()


def test_a_shipped_feature_with_extreme_numbers_is_solved_or_refused_on_a_small_deck(tmp_path: Path) -> None:
    """The feature statements of the shipped games, on the 18-card test game, a number replaced
    by an extreme one the checks let through (or swapped with another), solved by ``analyze``:
    exit 0 with a finite return, or exit 2 naming the value (a level of a billion once ended in
    an OverflowError; at most 3 lines keeps the run short)."""
    rng = random.Random(f"{SEED}:analyze")
    for case in range(ANALYSED_PER_RUN):
        game = rng.choice(FEATURE_GAMES)
        text = game.read_text(encoding="utf-8")
        feature = re.sub(r"\blines \d+", "lines 3", text[text.index("\nfeature ") + 1:])
        found = rng.choice(list(_NUMBER.finditer(feature)))
        new = rng.choice(SOLVED_NUMBERS)
        path = tmp_path / f"case{case}.cp"
        path.write_text(f'import "{SMALL_GAME.as_posix()}"\n{feature[:found.start()]}{new}{feature[found.end():]}',
                        encoding="utf-8")
        code, out, err = _analysed(path)
        detail = replay(f"{game.name}'s feature, {found[0]!r} at {found.start()} replaced by {new!r}")
        assert code in (0, 2) and "internal error" not in out + err and "Traceback" not in err, (detail, out, err)
        if code == 0:
            assert all(0 <= f["return"] < float("inf") for f in json.loads(out)["features"]), (detail, out)
