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
        "Heuristic \u0412ot",  # Cyrillic capital ve
        "Random \u0299\u1d0f\u1d1b",  # small capitals
        "\U0001d41b\U0001d428\U0001d42d",  # mathematical bold
        "B\u00f3t",  # an accent
        "bot\u0301s",  # a combining accent after the word
        "\u0412\u041e\u0422 3",  # all Cyrillic
    ],
)
def test_names_that_look_like_bots_are_refused(raw: str) -> None:
    with pytest.raises(BadName, match="bot"):
        clean_name(raw, 24)


@pytest.mark.parametrize(
    "raw",
    [
        "Robot",
        "Abbott",
        "Botha",
        "Talbot",
        "Boy",
        "Dot",
        "Bob",
        "Otto",
        "\u0411\u043e\u0440\u0438\u0441",
    ],
)
def test_names_that_merely_contain_the_letters_are_fine(raw: str) -> None:
    assert clean_name(raw, 24) == raw


def test_names_are_normalised() -> None:
    assert clean_name("\uff21nn \ufb01sh", 24) == "Ann fish"  # fullwidth, a ligature
    with pytest.raises(BadName, match="at most 24"):
        clean_name("x" * 100_000, 24)


def test_a_plain_bot_name_passes_only_where_bots_are_named() -> None:
    assert clean_name("Random bot 3", 24, bots=True) == "Random bot 3"
    with pytest.raises(BadName, match="bot"):
        clean_name("Random b0t", 24, bots=True)


def test_chat_text_drops_control_characters() -> None:
    assert clean_text("hi\u0000 there\n", 50) == "hi there"
    with pytest.raises(BadName, match="at most 5"):
        clean_text("toolong", 5)
