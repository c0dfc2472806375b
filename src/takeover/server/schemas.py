"""The shapes of what clients send, decoded and checked by msgspec in one step.

WebSocket messages are one tagged union on ``"type"``; HTTP bodies one struct per
route. Unknown fields are refused, and every refusal becomes one sentence naming
the field (:func:`explain`), never a traceback. Fields inside a game action are
the game's: :class:`ReadFields` finds those the game's reader never looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Annotated, Any, TypeVar

import msgspec

Ref = Annotated[str, msgspec.Meta(max_length=64)] | int | None
Name = Annotated[str, msgspec.Meta(max_length=200)]
Token = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
BotName = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]

T = TypeVar("T")

MAX_DEPTH = 10
"""How deeply the free-form JSON in a message (an action, a ruleset) may nest: far more
than any game needs, and little enough that nothing downstream recurses into trouble."""


class BadMessage(ValueError):
    """A message or body that does not have its shape; the text names the field."""


# ---------------------------------------------------------------------- WebSocket
class ClientMessage(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    ref: Ref = None
    """Echoed on the reply or error."""


class Hello(ClientMessage, tag="hello"):
    token: Token | None = None
    spectate: bool = False
    legal_pending: bool = False
    """The client takes ``legal_pending`` states and ``legal`` messages (a slow listing);
    otherwise its ``state`` waits until the listing is ready."""
    patches: bool = False
    """The client takes ``view_patch`` (what changed in its view) instead of whole views."""


class ActionMessage(ClientMessage, tag="action"):
    seq: int
    action: dict[str, Any]


class ChatMessage(ClientMessage, tag="chat"):
    text: Annotated[str, msgspec.Meta(max_length=2000)]


class EndVote(ClientMessage, tag="end_vote"):
    """Propose, agree to (``agree``) or refuse ending the game by agreement (1817)."""

    agree: bool


class Undo(ClientMessage, tag="undo"):
    """Take back my last action, and what followed (docs/server-protocol.md, "Undo")."""


class UndoVote(ClientMessage, tag="undo_vote"):
    """Agree to (``agree``) or refuse another seat's standing undo."""

    agree: bool


class Ping(ClientMessage, tag="ping"):
    pass


class History(ClientMessage, tag="history"):
    """The actions before action number ``before`` (docs/server-protocol.md, "history")."""

    before: int
    limit: int = 200


class HintMessage(ClientMessage, tag="hint"):
    """The seat to move asks the analysis bot what it would play (``seq``: its latest
    state's)."""

    seq: int


class Back(ClientMessage, tag="back"):
    """An absent person takes their seat back (docs/server-protocol.md, "Turn timers")."""


AnyClientMessage = (
    Hello
    | ActionMessage
    | ChatMessage
    | EndVote
    | Undo
    | UndoVote
    | Ping
    | Back
    | History
    | HintMessage
)
MESSAGE_TYPES = (
    "hello",
    "action",
    "chat",
    "end_vote",
    "undo",
    "undo_vote",
    "ping",
    "back",
    "history",
    "hint",
)

_client_messages = msgspec.json.Decoder(AnyClientMessage)
_loose = msgspec.json.Decoder()


def decode_message(text: str) -> AnyClientMessage:
    """A client's WebSocket message; :class:`BadMessage` naming what is wrong."""
    try:
        message: AnyClientMessage = _client_messages.decode(text)
    except RecursionError:
        raise BadMessage("the message is nested too deeply") from None
    except msgspec.ValidationError as exc:  # (a kind of DecodeError: first)
        raise BadMessage(_explain_message(str(exc), text)) from None
    except msgspec.DecodeError:
        raise BadMessage("a message must be a JSON object") from None
    _check_depth(message)
    return message


def loose_ref(text: str) -> str | int | None:
    """The ``ref`` of a message that failed to decode, to echo on its error (if any)."""
    try:
        data = _loose.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, str | int) and not isinstance(ref, bool) else None


def _explain_message(error: str, text: str) -> str:
    types = ", ".join(MESSAGE_TYPES)
    problem, path = _split(error)
    if path == "$.type" and problem.startswith("Invalid value"):
        named = problem.removeprefix("Invalid value ")
        return f"unknown message type {named} (types: {types})"
    if path == "$" and problem.startswith("Expected `object`"):
        return "a message must be a JSON object"
    if problem == "Object missing required field `type`" and path == "$":
        return f'"type" is required (types: {types})'
    sentence = explain_text(error)
    try:
        data = _loose.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return sentence
    kind = data.get("type") if isinstance(data, dict) else None
    return f"{kind}: {sentence}" if isinstance(kind, str) else sentence


# ---------------------------------------------------------------------- HTTP
class Body(msgspec.Struct, forbid_unknown_fields=True):
    pass


DEFAULT_GAME = "acquire"
"""The game of a table created without naming one (first in ``/api/options``)."""


class CreateTable(Body):
    seats: int
    game: Annotated[str, msgspec.Meta(min_length=1, max_length=16)] = DEFAULT_GAME
    ruleset: str | dict[str, Any] | None = None
    """The game's record form of a ruleset (``None``: its default preset)."""
    bots: dict[str, BotName] = {}
    name: Name | None = None
    seat: int | None = None
    bot_only: bool = False
    timer: str = "off"
    on_timeout: BotName = "wait"
    move_hours: float | None = None
    """A correspondence table's (``timer``: ``correspondence``) time a decision."""
    rated: bool = True
    """Whether the finished game updates its players' ratings."""
    hints: bool = False


class JoinTable(Body):
    name: Name
    seat: int | None = None


class Leave(Body):
    token: Token


class StartTable(Body):
    token: Token | None = None
    fill: BotName | None = None


FREE_FORM: dict[type, tuple[str, ...]] = {ActionMessage: ("action",), CreateTable: ("ruleset",)}
"""The fields whose JSON is free-form (the game's to read), checked for depth."""


def decode_body(raw: bytes, shape: type[T]) -> T:
    """An HTTP body as ``shape`` (an empty body is ``{}``); :class:`BadMessage` otherwise."""
    try:
        body: T = msgspec.json.decode(raw if raw.strip() else b"{}", type=shape)
    except RecursionError:
        raise BadMessage("the body is nested too deeply") from None
    except msgspec.ValidationError as exc:  # (a kind of DecodeError: first)
        problem, path = _split(str(exc))
        if path == "$" and problem.startswith("Expected `object`"):
            raise BadMessage("the body must be a JSON object") from None
        raise BadMessage(explain_text(str(exc))) from None
    except msgspec.DecodeError:
        raise BadMessage("the body must be a JSON object") from None
    _check_depth(body)
    return body


def _check_depth(decoded: object) -> None:
    """Refuse free-form fields (objects, arrays) nested deeper than :data:`MAX_DEPTH`."""
    for name in FREE_FORM.get(type(decoded), ()):
        if _too_deep(getattr(decoded, name), 1):
            raise BadMessage(f'"{name}" nests deeper than {MAX_DEPTH} levels')


def _too_deep(value: object, depth: int) -> bool:
    if type(value) is dict:
        items: Iterable[object] = value.values()
    elif type(value) is list:
        items = value
    else:
        return False
    if depth > MAX_DEPTH:
        return True
    return any(type(v) in (dict, list) and _too_deep(v, depth + 1) for v in items)


# ---------------------------------------------------------------------- errors
_AT = re.compile(r"^(?P<problem>.*?)(?: - at `(?P<path>[^`]*)`)?$", re.DOTALL)
_FIELD = re.compile(r"^Object (?:missing required|contains unknown) field `(?P<name>[^`]*)`$")


def _split(error: str) -> tuple[str, str]:
    match = _AT.match(error)
    assert match is not None  # the pattern matches any text
    return match["problem"], match["path"] or "$"


def explain_text(error: str) -> str:
    """msgspec's validation error as a sentence naming the field (without ``$.``)."""
    problem, path = _split(error)
    where = path.removeprefix("$").removeprefix(".")
    field = _FIELD.match(problem)
    if field is not None:
        name = f"{where}.{field['name']}" if where else field["name"]
        if problem.startswith("Object missing"):
            return f'"{name}" is required'
        return f'"{name}" is not a known field'
    text = problem.replace("`", "")
    text = text[:1].lower() + text[1:]
    return f'"{where}": {text}' if where else text


# ---------------------------------------------------------------------- a game's fields
def read_fields(read: Callable[[dict[str, Any]], T], data: dict[str, Any], where: str) -> T:
    """``read(data)``, refusing (:class:`BadMessage`) a field of ``data`` it never looked at.

    # protocol: a game's reader (``action_from_dict``) ignores fields it does not know;
    until the protocol says it refuses them, the server finds them this way.
    """
    fields = ReadFields(data)
    value = read(fields)
    unread = fields.unread()
    if unread:
        kind = data.get("type")
        of = f" of {kind!r}" if isinstance(kind, str) else ""
        raise BadMessage(f'"{where}.{unread[0]}" is not a field{of}')
    return value


class ReadFields(dict[str, Any]):
    """A JSON object that remembers which of its fields were read.

    A game's action reader looks up the fields it knows; whatever it never read is
    unknown, and the server refuses it (:meth:`unread`) rather than apply an action
    whose sender meant something else. Nested objects are wrapped as they are read.
    """

    __slots__ = ("_children", "_every", "_read")

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self._read: set[str] = set()
        self._children: dict[str, ReadFields] = {}
        self._every = False

    def _child(self, key: str, value: Any) -> Any:
        if type(value) is dict:
            child = self._children.get(key)
            if child is None:
                child = self._children[key] = ReadFields(value)
            return child
        return value

    def __getitem__(self, key: str) -> Any:
        self._read.add(key)
        return self._child(key, super().__getitem__(key))

    def get(self, key: str, default: Any = None) -> Any:
        self._read.add(key)
        return self._child(key, super().get(key, default)) if key in self.keys() else default

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self._read.add(key)
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self._every = True
        return super().__iter__()

    def items(self) -> Any:
        self._every = True
        return [(k, self._child(k, v)) for k, v in super().items()]

    def values(self) -> Any:
        self._every = True
        return [self._child(k, v) for k, v in super().items()]

    def unread(self, prefix: str = "") -> list[str]:
        """The paths of the fields nobody read, nested ones included (``give.cash``)."""
        out = [] if self._every else [f"{prefix}{k}" for k in self.keys() if k not in self._read]
        for key, child in self._children.items():
            out.extend(child.unread(f"{prefix}{key}."))
        return out
