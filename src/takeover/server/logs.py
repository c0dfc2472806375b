"""Structured logs: one JSON object per line, each naming the instance that wrote it."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

_PLAIN = set(vars(logging.makeLogRecord({}))) | {"color_message"}


class JsonFormatter(logging.Formatter):
    def __init__(self, instance: str) -> None:
        super().__init__()
        self.instance = instance

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "instance": self.instance,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():  # fields passed with extra={...}
            if key not in _PLAIN and key not in out and not key.startswith("_"):
                out[key] = value if isinstance(value, str | int | float | bool) else repr(value)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup(level: str, instance: str, json_lines: bool) -> None:
    """Configure the root logger (uvicorn's loggers included) for ``takeover serve``."""
    handler = logging.StreamHandler()
    if json_lines:
        handler.setFormatter(JsonFormatter(instance))
    else:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("alembic").setLevel(max(root.level, logging.WARNING))
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
