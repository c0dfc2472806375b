"""A local HTTP receiver for webhook tests: records each request, answers a chosen status."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Receiver:
    """An HTTP server at 127.0.0.1 (a free port) in a thread; ``status`` is its answer
    (a 3xx carries a ``Location`` to ``/elsewhere``)."""

    def __init__(self, status: int = 204) -> None:
        self.status = status
        self.requests: list[dict[str, Any]] = []
        self.arrived = threading.Condition()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # (http.server's hook name)
                size = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(size)
                with outer.arrived:
                    outer.requests.append(
                        {
                            "path": self.path,
                            "headers": dict(self.headers),
                            "json": json.loads(body) if body else None,
                        }
                    )
                    outer.arrived.notify_all()
                self.send_response(outer.status)
                if 300 <= outer.status < 400:
                    self.send_header("Location", "/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        with self.arrived:
            done = self.arrived.wait_for(lambda: len(self.requests) >= count, timeout)
            assert done, f"{len(self.requests)} of {count} webhook requests arrived"
            return list(self.requests)
