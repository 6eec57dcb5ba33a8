"""The seed's autohold form (definitions/lib/autohold.cp): the 32 discard masks as one indexed
definition over run-time parameters, counted by the engine, against ``hold`` (the analysis'
inclusion-exclusion tables) for every hold of random deals; and ``cpoly count --param``."""

from __future__ import annotations

import random
from math import factorial, perm
from pathlib import Path

import pytest

from cpoly.api import count, load_game, load_program
from cpoly.cli.main import main
from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import FIXTURES


def _autohold_file(directory: Path, game_path: Path, suits: int | None = None) -> Path:
    """The game's text, the library's autohold form, and the seed's Pay forms (engine exclusions)."""
    game = load_game(game_path, overrides=None if suits is None else {"Suits": suits})
    lines = [game_path.read_text(encoding="utf-8"), 'import "autohold.cp"']
    for name, excluded in game.exclusions().items():
        lines.append(f"Draw{name} = Hand * Draw * {name}" + "".join(f" * (1 - {h})" for h in excluded))
    path = directory / f"autohold_{game_path.stem}.cp"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _params(poker: VideoPoker, deal: list[str], held: tuple[int, ...]) -> dict[str, int]:
    cards = poker.deal_indices(deal)
    params = {}
    for i, card in enumerate(cards, start=1):
        params[f"DF[{i}]"], params[f"DS[{i}]"] = int(poker.faces[card]), int(poker.suits[card])
        params[f"Held[{i}]"] = int(card in held)
    return params


def test_every_hold_of_a_random_deal_equals_hold(tmp_path):
    """tests/fixtures/small_poker.cp with two suits (12 cards): each of the 32 holds pays, in
    total, what ``hold`` says; the holds of three or more cards category by category."""
    small = FIXTURES / "small_poker.cp"
    path = _autohold_file(tmp_path, small, suits=2)
    poker = VideoPoker.load(str(small), overrides={"Suits": 2})
    categories = poker.game.category_names
    pays = " + ".join(f"{int(p)} Draw{name}" for name, p in zip(categories, poker.paytable().pays))
    path.write_text(path.read_text(encoding="utf-8") + f"Return = {pays}\n", encoding="utf-8")
    program = load_program(path, overrides={"Suits": 2})
    deal = random.Random(3).sample([poker.card_name(c) for c in range(poker.n_cards)], 5)
    for option in poker.hold(deal).options:
        params = _params(poker, deal, option.held)
        drawn = factorial(5 - len(option.held))  # the form counts ordered draws
        assert count(program, "Return", params) == option.ev * perm(7, 5 - len(option.held))
        if len(option.held) >= 3:
            got = [count(program, f"Draw{name}", params) for name in categories]
            assert got == [c * drawn for c in option.counts[:len(categories)]], option.hold


def test_cli_count_binds_parameters(tmp_path, capsys):
    path = tmp_path / "flush_draw.cp"
    path.write_text('import "poker.cp"\nimport "autohold.cp"\nDrawFlush = Hand * Draw * Flush\n',
                    encoding="utf-8")
    # Ah Kh Qh Jh kept, 2d redrawn: the nine other hearts make a flush (or the royal); two suits,
    # since on four the planner refuses the count (too many equality patterns).
    dealt = {"DF": [12, 11, 10, 9, 0], "DS": [0, 0, 0, 0, 1], "Held": [1, 1, 1, 1, 0]}
    binding = [f"{g}[{i}]={v}" for g, values in dealt.items() for i, v in enumerate(values, start=1)]
    assert main(["count", str(path), "DrawFlush", "--set", "Suits=2", "--param", *binding, "--json"]) == 0
    assert '"DrawFlush": 9' in capsys.readouterr().out
    assert main(["count", str(path), "DrawFlush", "--set", "Suits=2", "--param", *binding[:-1]]) == 2
    assert "parameter 'Held[5]' has no value" in capsys.readouterr().err
    assert main(["count", str(path), "DrawFlush", "--param", "Nope=1"]) == 2
    assert "no parameter named 'Nope'" in capsys.readouterr().err
    bad = tmp_path / "bad.cp"
    bad.write_text("param DF[5]\nFaces = 2\nF = σ1-σ2\ndomain F: Faces\nX = δF[1]{DF[6]}\n",
                   encoding="utf-8")
    with pytest.raises(CpolyError, match="no parameter DF\\[6\\]"):
        count(load_program(bad), "X", {f"DF[{i}]": 0 for i in range(1, 6)})
