"""What clients send, decoded by msgspec: tagged unions, fields named in every refusal."""

from __future__ import annotations

import pytest

from takeover.acquire import new_game
from takeover.server.schemas import (
    ActionMessage,
    BadMessage,
    CreateTable,
    Hello,
    Ping,
    decode_body,
    decode_message,
    loose_ref,
    read_fields,
)


def test_messages_are_one_tagged_union() -> None:
    assert decode_message('{"type": "hello", "spectate": true}') == Hello(spectate=True)
    assert decode_message('{"type": "ping", "ref": 7}') == Ping(ref=7)
    action = decode_message('{"type": "action", "seq": 3, "action": {"type": "declare_end"}}')
    assert action == ActionMessage(seq=3, action={"type": "declare_end"})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            '{"type": "fly"}',
            "unknown message type 'fly' "
            "(types: hello, action, chat, end_vote, undo, undo_vote, ping, back, history, hint)",
        ),
        ('{"seq": 0}', '"type" is required'),
        ("[1]", "a message must be a JSON object"),
        ("{nope", "a message must be a JSON object"),
        ('{"type": "ping", "seat": 1}', 'ping: "seat" is not a known field'),
        ('{"type": "action", "seq": true, "action": {}}', 'action: "seq": expected int, got bool'),
        ('{"type": "action", "seq": 0}', 'action: "action" is required'),
        ('{"type": "hello", "token": ""}', 'hello: "token": expected str of length >= 1'),
    ],
)
def test_a_refused_message_names_the_field(text: str, words: str) -> None:
    with pytest.raises(BadMessage) as refused:
        decode_message(text)
    assert words in str(refused.value)


def test_the_ref_of_a_refused_message_is_found_if_it_has_one() -> None:
    assert loose_ref('{"type": "fly", "ref": "r1"}') == "r1"
    assert loose_ref('{"type": "fly", "ref": true}') is None
    assert loose_ref("[") is None


def test_bodies() -> None:
    with pytest.raises(BadMessage, match='"seats" is required'):
        decode_body(b"", CreateTable)
    assert decode_body(b'{"seats": 3, "bots": {"1": "random"}}', CreateTable).bots == {
        "1": "random"
    }
    with pytest.raises(BadMessage, match=r'"bots\[\.\.\.\]": expected str of length >= 1'):
        decode_body(b'{"seats": 3, "bots": {"1": ""}}', CreateTable)


def test_fields_the_game_never_reads_are_refused_by_name() -> None:
    state = new_game(["A", "B", "C"], seed=1)
    read = state.action_from_dict
    tile = state.legal_actions()[0]
    place = state.action_to_dict(tile)
    assert read_fields(read, dict(place), "action") == tile
    with pytest.raises(BadMessage, match=r'"action\.evil" is not a field of \'place_tile\''):
        read_fields(read, {**place, "evil": 1}, "action")
    # optional fields the reader looks at are known even when left at their default
    buy = {"type": "buy_shares", "shares": [], "end_game": False}
    assert read_fields(read, buy, "action") == read({"type": "buy_shares"})
    # nested objects: each field is checked where it stands
    trade = {"type": "propose_trade", "to": 1, "give": {"cash": 100, "shares": {}}, "get": {}}
    read_fields(read, trade, "action")
    with pytest.raises(BadMessage, match=r'"action\.give\.bonus"'):
        read_fields(read, {**trade, "give": {"cash": 100, "bonus": 5}}, "action")
