"""The shapes of what clients send, validated with pydantic before anything acts on them.

Validation errors are turned into one readable sentence naming the field
(:func:`explain`), never a traceback.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Ref = Annotated[str, Field(max_length=64)] | int | None
Name = Annotated[str, Field(max_length=200)]
Token = Annotated[str, Field(min_length=1, max_length=200)]
BotSpec = Annotated[str, Field(min_length=1, max_length=64)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# ---------------------------------------------------------------------- WebSocket
class Hello(_Strict):
    type: Literal["hello"]
    token: Token | None = None
    spectate: bool = False
    ref: Ref = None


class ActionMessage(_Strict):
    type: Literal["action"]
    seq: int
    action: dict[str, Any]
    ref: Ref = None


class ChatMessage(_Strict):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)]
    ref: Ref = None


class Ping(_Strict):
    type: Literal["ping"]
    ref: Ref = None


CLIENT_MESSAGES: dict[str, type[_Strict]] = {
    "hello": Hello,
    "action": ActionMessage,
    "chat": ChatMessage,
    "ping": Ping,
}
"""Client message ``type`` -> its model (looked up first, so errors name the right fields)."""


# ---------------------------------------------------------------------- HTTP
class CreateTable(_Strict):
    seats: int
    ruleset: str | dict[str, Any] = "standard"
    bots: dict[str, BotSpec] = Field(default_factory=dict)
    name: Name | None = None
    seat: int | None = None


class JoinTable(_Strict):
    name: Name
    seat: int | None = None


class Leave(_Strict):
    token: Token


class StartTable(_Strict):
    token: Token | None = None
    fill: BotSpec | None = None


def explain(exc: ValidationError) -> str:
    """One sentence per problem: where, and what was expected."""
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join(str(p) for p in err["loc"] if not str(p).startswith("function-"))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "is not a known field"
        elif err["type"] == "missing":
            msg = "is required"
        parts.append(f'"{where}" {msg}' if where else msg)
    return "; ".join(parts)
