"""Fuzzing whole .cp game files built from the grammar (not character mutations): every
statement kind, expressions of δs, value sets, indexed forms and arithmetic, with sizes, indices
and pays drawn both inside and outside their valid ranges.  Whatever the file, the command line
ends with exit 0 or 2 and never shows a traceback."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpoly.cli.main import main

NAMES = ["A", "B", "C"]


@st.composite
def operand(draw: st.DrawFn, size: int) -> str:
    group = draw(st.sampled_from(["F", "S"]))
    index = draw(st.one_of(st.integers(1, size), st.sampled_from([0, size + 1, "i", "j"])))
    return f"{group}[{index}]"


@st.composite
def delta(draw: st.DrawFn, size: int) -> str:
    operands = draw(st.lists(operand(size), min_size=1, max_size=3))
    text = "δ" + ",".join(operands)
    if draw(st.booleans()):
        low = draw(st.integers(-1, 6))
        high = draw(st.integers(-1, 6))
        item = str(low) if draw(st.booleans()) else f"{low}-{high}"
        text += "{" + draw(st.sampled_from([item, "Low", f"Low..{high}", "Top"])) + "}"
    return text


@st.composite
def expression(draw: st.DrawFn, size: int, depth: int = 0) -> str:
    leaves = [delta(size), st.sampled_from(["1", "0", "2", "Hand", "Low"] + NAMES)]
    if depth >= 2:
        return draw(st.one_of(*leaves))
    inner = expression(size, depth + 1)
    kind = draw(st.sampled_from(["leaf", "leaf", "add", "sub", "mul", "paren", "indexed", "not"]))
    if kind == "leaf":
        return draw(st.one_of(*leaves))
    if kind in ("add", "sub", "mul"):
        op = {"add": " + ", "sub": " - ", "mul": " * "}[kind]
        return draw(inner) + op + draw(inner)
    if kind == "paren":
        return f"({draw(inner)})"
    if kind == "not":
        return f"(1 - {draw(inner)})"
    op = draw(st.sampled_from(["prod", "sum", "any"]))
    binder = draw(st.sampled_from(["i", "i<j"]))
    high = draw(st.integers(0, size + 2))
    return f"{op}({binder} in 1..{high}) ({draw(inner)})"


@st.composite
def game_file(draw: st.DrawFn) -> str:
    size = draw(st.integers(1, 3))
    faces = draw(st.integers(0, 5))
    suits = draw(st.integers(1, 3))
    lines = [f"Faces = {faces}", f"Suits = {suits}", "Low = 0", "Top = Faces - 1",
             f"F = σ1-σ{size}", f"S = σ{size + 1}-σ{2 * size}"]
    if draw(st.booleans()):
        lines.append("domain F: Faces")
    lines.append(draw(st.sampled_from(["domain S: Suits", "domain S: Faces", "domain F, S: Suits"])))
    lines.append("Hand = prod(i<j in 1.." + str(size) + ") (1 - δF[i],F[j] δS[i],S[j])")
    defined = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    for name in defined:
        lines.append(f"{name} = {draw(expression(size))}")
    if draw(st.booleans()):
        lines.append("game \"fuzz\"")
    lines.append(draw(st.sampled_from(["cards F S", "cards F, S", "cards S F", "cards F Hand"])))
    deals = st.sampled_from(["Hand", "Hand * (1 - A)", "Hand * 2", "1", "Hand * (1 - A - B)"])
    lines.append("deal " + draw(st.one_of(deals, expression(size), expression(size).map("Hand * ({})".format))))
    categories = draw(st.lists(st.sampled_from(NAMES + ["Hand"]), min_size=1, max_size=3))
    lines.append("categories " + ", ".join(categories))
    if draw(st.booleans()):
        pays = [f"{c} {draw(st.sampled_from(['1', '2.5', '0', '10000000000000000000000000', '3 dealt 4']))}"
                for c in categories]
        lines.append('paytable "p": ' + ", ".join(pays))
    for statement in draw(st.lists(st.sampled_from(
            ['ranks "AB"', 'ranks "ABCDE"', 'suit_letters "hdc"', "copies 2", "copies 0", "ordered",
             "param P", "Twice = A + A"]), max_size=2, unique=True)):
        lines.append(statement)
    return "\n".join(lines) + "\n"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(game_file())
def test_whole_files_end_in_an_answer_or_a_clean_error(tmp_path, text: str) -> None:
    path = tmp_path / "fuzz.cp"
    path.write_text(text, encoding="utf-8")
    for argv in (["count", str(path)], ["count", str(path), "A", "--json"],
                 ["check", str(path), "2h", "3d", "4c"]):
        code, out, err = _run(argv)
        assert code in (0, 2), (text, argv, err)
        assert "Traceback" not in err, (text, argv, err)
        if "--json" in argv:
            json.loads(out)  # an answer or {"error": …}, always JSON
