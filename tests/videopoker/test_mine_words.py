"""``hold --mine``'s JSON names the player's hold and the best hold in a player's words (the
words the trainer uses), so the web trainer can name a mistake through the CLI: the phrases a
player writes for these deals, by hand."""

from __future__ import annotations

import json

import pytest

from cpoly.cli.main import main

JACKS = "definitions/jacks_or_better.cp"
DEUCES = "definitions/deuces_wild.cp"


@pytest.mark.parametrize(("game", "deal", "mine", "words", "best_words"), [
    (JACKS, "Ah Kd Js 4c 7h", "Ah", "one high card", "KJ unsuited"),
    (JACKS, "Kd Js 7c 4h 2s", "none", "draw five", "KJ unsuited"),
    (JACKS, "5c 5d Ah Kh Qh", "5c 5d", "low pair", "suited AKQ"),
    (DEUCES, "Ah Kd 2s 4c 7h", "none", "draw five", "one deuce"),
])
def test_mine_in_a_players_words(capsys: pytest.CaptureFixture[str], game: str, deal: str, mine: str,
                                 words: str, best_words: str) -> None:
    assert main(["hold", game, *deal.split(), "--mine", mine, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["mine"]
    assert (found["words"], found["best_words"]) == (words, best_words)
    assert main(["hold", game, *deal.split(), "--mine", mine]) == 0
    assert f"in a player's words: {words}; the best: {best_words}" in capsys.readouterr().out


def test_no_words_for_a_deck_with_copies(capsys: pytest.CaptureFixture[str]) -> None:
    """Two decks have no chart words yet: the hold is still priced, its words are null."""
    assert main(["hold", "definitions/double_deck_jacks.cp", "Ah", "Kd", "Js", "4c", "7h", "--mine", "Ah", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["mine"]
    assert found["words"] is None and found["best_words"] is None and found["held"] == ["Ah"]
