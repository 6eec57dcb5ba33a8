"""Bad input gets a clear answer: golden bad .cp files, bad cards, and the CLI's exit codes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cpoly.cli.main import main
from cpoly.cli.output import printable
from tests.conftest import DEFINITIONS

GOLDEN = sorted((Path(__file__).parent / "golden_errors").glob("*.cp"))
JACKS = str(DEFINITIONS / "jacks_or_better.cp")


def _expectation(path: Path) -> tuple[int, int, str]:
    """Each golden file's first line: ``// expect: LINE:COL: message`` (positions in the file)."""
    match = re.match(r"// expect: (\d+):(\d+): (.*)", path.read_text(encoding="utf-8").splitlines()[0])
    assert match, path
    return int(match[1]), int(match[2]), match[3]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_bad_file(path, capsys):
    line, column, message = _expectation(path)
    assert main(["count", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    first, source, caret, *context = err.rstrip("\n").split("\n")
    assert all(line.startswith("  (") for line in context)  # where the error was found, if elsewhere
    assert first.startswith(f"{path}:{line}:{column}: error: "), first
    assert message in first
    text = path.read_text(encoding="utf-8").splitlines()[line - 1]  # any line ending
    assert source.strip() == printable(text).strip()  # control characters shown escaped
    assert caret.strip() == "^" and "Traceback" not in err
    assert caret == "  " + "".join(c if c == "\t" else " " for c in printable(text[:column - 1])) + "^"


@pytest.mark.parametrize("cards, message", [
    (["Ah", "Kh", "Qh", "Jh"], "has 5 cards, not 4"),
    (["Ah", "Kh", "Qh", "Jh", "Th", "9h"], "has 5 cards, not 6"),
    (["Ah", "Kh", "Qh", "Jh", "Ah"], "duplicate card 'Ah'"),
    (["Ah", "Kh", "Qh", "Jh", "Xh"], "bad card 'Xh'"),
    (["Ah", "Kh", "Qh", "Jh", "Tx"], "bad card 'Tx': suit 'x'"),
    (["Ah", "Kh", "Qh", "Jh", "T"], "bad card 'T'"),
    (["11h", "2h", "3h", "4h", "5h"], "bad card '11': rank '1' is not one of 23456789TJQKA ('11h' was read as "
                                      "the cards 11 h)"),  # it named '11' alone: the user typed '11h'
])
def test_bad_cards_name_the_offending_value(cards, message, capsys):
    assert main(["check", JACKS, *cards]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv, message", [
    (["count", "no/such/file.cp"], "no such file"),
    (["count", JACKS, "--symbolic", "Sutis"], "no constant named 'Sutis'"),
    (["count", JACKS, "--symbolic", "Suit"], "no constant named 'Suit' in " + JACKS + " (did you mean 'Suits'?)"),
    (["count", JACKS, "--set", "Suit=5"], "--set Suit: no constant named 'Suit' in " + JACKS
     + " (did you mean 'Suits'?)"),
    (["count", JACKS, "--set", "Suits"], "NAME=INTEGER"),
    (["count", JACKS, "Nope"], "unknown name 'Nope'"),
    (["analyze", str(DEFINITIONS / "holdem.cp")], "has no pay table: returns need one, a line such as "
     "'paytable \"mine\": RoyalFlush 2, …' (docs/language.md); 'cpoly count' gives its deal frequencies"),
])
def test_bad_requests(argv, message, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert message in err and "Traceback" not in err


def test_two_unknown_symbolic_names_give_the_same_error_under_any_hash_seed():
    """The error names the first unknown name in sorted order, whatever order the set iterates in
    (it once named either, from one run to the next)."""
    errors = {subprocess.run([sys.executable, "-m", "cpoly", "count", JACKS, "--symbolic", "Zeta", "Alpha"],
                             capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}).stderr
              for seed in range(6)}
    assert len(errors) == 1 and "--symbolic Alpha: no constant named 'Alpha'" in errors.pop()


def test_unreadable_files_say_why_in_words(tmp_path, capsys):
    """A folder and a file that is not UTF-8 (Python's own wording before: '[Errno 21] Is a
    directory: ...', "'utf-8' codec can't decode byte 0xff ..."), also when imported."""
    (tmp_path / "latin1.cp").write_bytes("A = 1 // é\n".encode("latin-1"))
    (tmp_path / "imports.cp").write_text('import "latin1.cp"\n', encoding="utf-8")
    cases = [(tmp_path, f"error: cannot read {tmp_path}: it is a folder, not a file"),
             (tmp_path / "latin1.cp", "it is not UTF-8 text (byte 0xe9 at offset 9)"),
             (tmp_path / "imports.cp", "latin1.cp: it is not UTF-8 text (byte 0xe9 at offset 9)")]
    for path, message in cases:
        assert main(["count", str(path)]) == 2
        err = capsys.readouterr().err
        assert message in err.splitlines()[0] and "Traceback" not in err


def test_unicode_suits_and_ten_are_accepted(capsys):
    assert main(["check", JACKS, "A♥", "K♥", "Q♥", "J♥", "10♥", "--json"]) == 0
    assert '"RoyalFlush"' in capsys.readouterr().out


def test_caret_lines_up_under_a_tab_indented_line(tmp_path, capsys):
    """The caret line repeats the source line's tabs, so it sits under the name in any terminal."""
    path = tmp_path / "tabbed.cp"
    path.write_text('import "poker.cp"\ngame "x"\n\tX = Tenn\ncategories Flush\npaytable "a": Flush 1\n')
    assert main(["count", str(path)]) == 2
    _, source, caret = capsys.readouterr().err.rstrip("\n").split("\n")
    assert source == "  \tX = Tenn" and caret == "  \t    ^"
    assert source.expandtabs()[caret.expandtabs().index("^")] == "T"


def test_expected_tokens_are_listed_once(tmp_path, capsys):
    path = tmp_path / "plus.cp"  # a pay may be negative (-1), never written with a plus
    path.write_text('import "poker.cp"\ngame "x"\ncategories Flush\npaytable "a": Flush +1\n')
    assert main(["count", str(path)]) == 2
    first = capsys.readouterr().err.splitlines()[0]
    assert first.endswith("error: unexpected '+'; expected '-', a number"), first


@pytest.mark.parametrize("argv, message", [
    (["analyse", JACKS], "invalid choice: 'analyse' (choose from 'count', "),
    (["analyse", JACKS], "; did you mean 'analyze'? (see 'cpoly --help')"),
    (["analyze", JACKS, "--tie-rule", "fewest"], "did you mean 'fewest-cards'? (see 'cpoly analyze --help')"),
    (["analyze", JACKS, "--paytabel", "8/5"],
     "error: unrecognized arguments: --paytabel 8/5; did you mean --paytable? (see 'cpoly analyze --help')"),
    (["equity", "AsAh", "KsKh", "--bord", "2c7c9h"], "--bord 2c7c9h; did you mean --board? (see 'cpoly equity"),
    (["count", JACKS, "--jsn"], "unrecognized arguments: --jsn; did you mean --json?"),
    (["count", JACKS, "--zzzzzz"], "unrecognized arguments: --zzzzzz (see 'cpoly count --help')"),
])
def test_a_mistyped_command_or_option_names_the_one_meant(argv, message, capsys):
    """A newcomer's typo (British 'analyse', '--paytabel') gets the name meant, and the help of the
    command it was given to, not the top-level one."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and "Traceback" not in err
    assert main([*argv, "--json"]) == 2
    assert message.split("; ")[-1] in capsys.readouterr().out


def test_serve_has_no_json_and_no_close_option_for_it(capsys):
    """The one command without --json says so, without suggesting --open (close to it only by
    the dashes both start with)."""
    assert main(["serve", "--json"]) == 2
    assert '"unrecognized arguments: --json (see \'cpoly serve --help\')"' in capsys.readouterr().out


def test_a_missing_game_file_names_the_file_meant(tmp_path, monkeypatch, capsys):
    """A misspelled name, a name without '.cp', a shipped game named outside the checkout; a name
    close to nothing is told so alone."""
    from cpoly.store.sources import GAMES
    (tmp_path / "my_game.cp").write_text('import "poker.cp"\ncategories Flush\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cases = [("my_gmae.cp", "no such file: my_gmae.cp (did you mean my_game.cp?)"),
             ("my_game", "no such file: my_game (did you mean my_game.cp?)"),
             ("jacks_or_better.cp", f"no such file: jacks_or_better.cp (cpoly ships a game of that name: "
                                    f"{GAMES / 'jacks_or_better.cp'})"),
             ("jacks_or_beter.cp", f"(cpoly ships a game of a close name: {GAMES / 'jacks_or_better.cp'})"),
             ("sub/zzz.cp", "error: no such file: sub/zzz.cp\n")]
    for name, message in cases:
        assert main(["count", name]) == 2
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err, err
    assert main(["hold", "my_gmae.cp", "Ah", "Kh", "Qh", "Jh", "Th", "--json"]) == 2
    assert '"no such file: my_gmae.cp (did you mean my_game.cp?)"' in capsys.readouterr().out
