"""Tokens and names."""

from __future__ import annotations

import pytest

from takeover.server.auth import BadName, clean_name, clean_text, hash_token, new_token


def test_tokens_are_random_and_stored_hashed() -> None:
    (a, ha), (b, hb) = new_token(), new_token()
    assert a != b and ha != hb and len(a) >= 32
    assert hash_token(a) == ha and a not in ha


@pytest.mark.parametrize(
    ("raw", "clean"), [("Ann", "Ann"), ("  Ann \t Lee ", "Ann Lee"), ("Zoë O'Brien", "Zoë O'Brien")]
)
def test_names_are_trimmed(raw: str, clean: str) -> None:
    assert clean_name(raw, 24) == clean


@pytest.mark.parametrize("raw", ["", "  ", "a<b", "x>", "bell\u0007", "rtl\u202e", "x" * 25, 5])
def test_bad_names_are_refused(raw: object) -> None:
    with pytest.raises(BadName):
        clean_name(raw, 24)


@pytest.mark.parametrize(
    "raw",
    [
        "Random bot",
        "Heuristic Bot",
        "Bot (mcts:time=1)",
        "random-bot",
        "BOT",
        "\uff22\uff4f\uff54",
        "b0t",
        "b\u043et",
    ],
)
def test_names_that_look_like_bots_are_refused(raw: str) -> None:
    with pytest.raises(BadName, match="bot"):
        clean_name(raw, 24)


@pytest.mark.parametrize("raw", ["Robot", "Abbott", "Botha", "Talbot"])
def test_names_that_merely_contain_the_letters_are_fine(raw: str) -> None:
    assert clean_name(raw, 24) == raw


def test_chat_text_drops_control_characters() -> None:
    assert clean_text("hi\u0000 there\n", 50) == "hi there"
    with pytest.raises(BadName, match="at most 5"):
        clean_text("toolong", 5)
