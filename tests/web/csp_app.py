"""A test-only server: ``takeover serve``'s app behind a middleware that adds a strict
Content-Security-Policy header to every HTTP response (what the server is to send).

Run as a script: ``python csp_app.py PORT DATABASE_URL POLICY``.
"""

from __future__ import annotations

import sys
from typing import Any


class ContentSecurityPolicy:
    """Pure ASGI middleware: the header on every HTTP response, nothing else changed."""

    def __init__(self, app: Any, policy: str) -> None:
        self.app = app
        self.policy = policy.encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_policy(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    *message.get("headers", []),
                    (b"content-security-policy", self.policy),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_policy)


def main() -> None:
    import uvicorn

    from takeover.server import Settings, create_app

    port, database, policy = sys.argv[1], sys.argv[2], sys.argv[3]
    settings = Settings(
        database=database, bot_delay_seconds=0.0, bot_tables=4, bot_tables_per_address=1000
    )
    app = create_app(settings)
    uvicorn.run(
        ContentSecurityPolicy(app, policy),
        host="127.0.0.1",
        port=int(port),
        log_level="warning",
    )


if __name__ == "__main__":
    main()
