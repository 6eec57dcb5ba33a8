"""``import``: relative paths, the search path, the library, cycles, clashes, overrides, and
errors located in the imported file (its own file:line:col, then "imported from …")."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.api import deal_table, load_game, load_program
from cpoly.cli.main import main
from cpoly.errors import CpolyError
from cpoly.lang.imports import LIBRARY, library_files, read_text
from tests.conftest import DEFINITIONS

DECK = """Faces = 3
Suits = 2
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = (1 - δF[1],F[2] δS[1],S[2])
cards F S
deal Hand
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _error(path: Path) -> CpolyError:
    with pytest.raises(CpolyError) as caught:
        load_program(path)
    return caught.value


def test_relative_imports_are_read_from_the_importing_files_directory(tmp_path):
    _write(tmp_path, {"game.cp": 'import "sub/pair.cp"\ncategories Pair\n',
                      "sub/pair.cp": 'import "deck.cp"\nPair = δF[1],F[2]\n',
                      "sub/deck.cp": DECK})
    program = load_program(tmp_path / "game.cp")
    assert program.constants["Faces"] == 3 and "Pair" in program.expressions
    game = load_game(tmp_path / "game.cp")
    # 6 cards, 15 two-card hands, of which 3 faces x C(2,2) = 3 are pairs.
    assert deal_table(game).total == 15 and deal_table(game).rows[0].ways == 3


def test_the_library_and_cpoly_path_are_searched_after_the_importing_directory(tmp_path, monkeypatch):
    _write(tmp_path, {"elsewhere/mine.cp": DECK, "game.cp": 'import "mine.cp"\nPair = δF[1],F[2]\n'})
    with pytest.raises(CpolyError, match="cannot find 'mine.cp'"):
        load_program(tmp_path / "game.cp")
    monkeypatch.setenv("CPOLY_PATH", str(tmp_path / "elsewhere"))
    assert load_program(tmp_path / "game.cp").constants["Suits"] == 2
    # poker.cp is found in the package's own library from any directory.
    module = read_text('import "poker.cp"\n', "x.cp", tmp_path)
    assert any(getattr(s, "name", "") == "RoyalFlush" for s in module.statements)
    assert {p.name for p in library_files()} >= {"deck.cp", "poker.cp", "jokers.cp", "wild.cp"}
    assert (DEFINITIONS / "lib").resolve() == LIBRARY.resolve()


def test_a_missing_file_is_reported_at_the_import_with_the_places_searched(tmp_path):
    _write(tmp_path, {"game.cp": "Two = 0\nimport \"nope.cp\"\n"})
    error = _error(tmp_path / "game.cp")
    assert error.span is not None and error.span.line == 2
    assert "cannot find 'nope.cp'" in error.message and "the standard library" in error.message


def test_cycles_are_named(tmp_path):
    _write(tmp_path, {"a.cp": 'import "b.cp"\n', "b.cp": 'import "c.cp"\n', "c.cp": 'import "a.cp"\n'})
    error = _error(tmp_path / "a.cp")
    assert "import cycle: a.cp -> b.cp -> c.cp -> a.cp" in error.message
    _write(tmp_path, {"self.cp": 'import "self.cp"\n'})
    assert "import cycle: self.cp -> self.cp" in _error(tmp_path / "self.cp").message


def test_a_diamond_reads_the_shared_file_once(tmp_path):
    _write(tmp_path, {"deck.cp": DECK, "p.cp": 'import "deck.cp"\nPair = δF[1],F[2]\n',
                      "s.cp": 'import "deck.cp"\nSuited = δS[1],S[2]\n',
                      "game.cp": 'import "p.cp"\nimport "s.cp"\ncategories Pair, Suited\n'})
    assert [row.ways for row in deal_table(load_game(tmp_path / "game.cp")).rows] == [3, 6]


def test_name_clashes_and_overrides(tmp_path):
    _write(tmp_path, {"deck.cp": DECK,
                      "plain.cp": 'import "deck.cp"\nSuits = 3\n',
                      "over.cp": 'import "deck.cp"\noverride Suits = 3\n',
                      "nothing.cp": 'import "deck.cp"\noverride Spades = 3\n',
                      "one.cp": 'Pair = δF[1],F[2]\n', "two.cp": 'import "deck.cp"\nPair = δS[1],S[2]\n',
                      "both.cp": 'import "one.cp"\nimport "two.cp"\n'})
    error = _error(tmp_path / "plain.cp")
    assert "'Suits' is already defined in" in error.message and "override Suits" in error.message
    assert error.span is not None and error.span.path.endswith("plain.cp") and error.span.line == 2
    assert load_program(tmp_path / "over.cp").constants["Suits"] == 3
    assert "no imported file defines 'Spades'" in _error(tmp_path / "nothing.cp").message
    assert "neither file imports the other" in _error(tmp_path / "both.cp").message


def test_an_override_is_seen_by_the_imported_definitions(tmp_path):
    # Hand (in deck.cp) uses Suits' domain; the override changes every count that uses it.
    _write(tmp_path, {"deck.cp": DECK, "game.cp": 'import "deck.cp"\noverride Faces = 4\n'
                                                  'Pair = δF[1],F[2]\ncategories Pair\n'})
    assert deal_table(load_game(tmp_path / "game.cp")).total == 28  # C(8, 2)


def test_game_statements_of_the_importer_win_and_pay_tables_are_its_own(tmp_path):
    _write(tmp_path, {"deck.cp": DECK, "base.cp": 'import "deck.cp"\ngame "Base"\nPair = δF[1],F[2]\n'
                      'categories Pair\npaytable "p": Pair 3\n',
                      "child.cp": 'import "base.cp"\ngame "Child"\n',
                      "own.cp": 'import "base.cp"\npaytable "q": Pair 5\n'})
    child = load_game(tmp_path / "child.cp")
    assert child.spec.title == "Child" and [t.name for t in child.spec.paytables] == ["p"]
    assert [t.name for t in load_game(tmp_path / "own.cp").spec.paytables] == ["q"]


@pytest.mark.parametrize("bad, line, column, message", [
    ("Pair = δF[1],F[2]\nOops = Nope\n", 2, 8, "unknown name 'Nope'"),
    ("Pair = (δF[1],F[2]\n", 1, 18, "unexpected end of file"),
    ("Pair = δF[1],F[2]\nPair = 1\n", 2, 1, "'Pair' is defined twice"),
])
def test_errors_in_an_imported_file_point_into_it(tmp_path, capsys, bad, line, column, message):
    _write(tmp_path, {"deck.cp": DECK, "lib/bad.cp": 'import "../deck.cp"\n' + bad,
                      "game.cp": '// a game\nimport "lib/bad.cp"\ncategories Oops\n'})
    assert main(["count", str(tmp_path / "game.cp")]) == 2
    err = capsys.readouterr().err
    head, source, caret, via = err.rstrip("\n").split("\n")
    where = f"{tmp_path / 'lib' / 'bad.cp'}:{line + 1}:{column}"
    assert head.startswith(f"{where}: error: ") and message in head, err
    assert caret.strip() == "^" and "Traceback" not in err
    assert via.strip() == f"(imported from {tmp_path / 'game.cp'}:2:1)"


def test_every_game_is_short_and_imports_the_library():
    for path in sorted(DEFINITIONS.glob("*.cp")):
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 40, path
        assert any(line.startswith("import ") for line in lines), path
