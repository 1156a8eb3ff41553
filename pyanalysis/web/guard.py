"""Who may ask the server: the checks made on every request before any route runs.

The server runs on the user's own computer, and every web page the user's browser opens can
send it requests. A page on another site cannot read the answers (no CORS headers are sent),
but it could still start work, cancel the user's jobs or, by making its own name point at
this computer ("DNS rebinding"), talk to it as if it were the page. So, in this order:

1. **Host**: the Host header must name this computer as the server knows it (`hosts`:
   ``127.0.0.1``, ``localhost``, ``[::1]`` and the ``--host`` given), else status 400.
   ``["*"]`` answers any name (``prefdd serve --allow-any-host``).
2. **Origin**: a request that carries an Origin header (a browser sends one on every POST
   and on cross-origin fetches) must come from the server's own page: the Origin is the
   request's own scheme and Host, else status 403. A request for the API that the browser
   marks as sent from another site (``Sec-Fetch-Site: cross-site`` or ``same-site``) is
   refused as well (403), Origin or not. A request without either header (curl, a script)
   is not a page's and is answered.
3. **Content type**: a POST must send its body as ``application/json``, else status 415.
   A page on another site can send a text/plain or form POST without asking the browser's
   leave first ("CORS preflight"), but not an ``application/json`` one.

Each refusal is ``{"error": "..."}``, one line, before the body is read.
"""
from __future__ import annotations

import ipaddress
import json
from typing import Sequence

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["LOCAL_HOSTS", "Guard", "host_name", "split_host"]

#: The headers the checks read: each may be sent once.
_ONCE = ("host", "origin", "sec-fetch-site", "content-type")

#: The names of this computer that the server answers to: IPv4 and IPv6 loopback, by number
#: and by name. IPv6 addresses are written as in a Host header, in brackets.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def host_name(address: str) -> str:
    """`address` (a name or an IP address, as ``--host`` takes it) as a Host header names
    it: lower case, an IPv6 address in brackets."""
    address = address.strip().lower()
    try:
        if ipaddress.ip_address(address.strip("[]")).version == 6:
            return f"[{address.strip('[]')}]"
    except ValueError:
        pass
    return address


def split_host(header: str) -> str | None:
    """The name in a Host header (its port dropped), lower case; None when it is not a
    name, an IPv4 address or a bracketed IPv6 address with an optional port."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        if end < 0:
            return None
        name, rest = header[:end + 1], header[end + 1:]
        try:
            ipaddress.IPv6Address(name[1:-1])
        except ValueError:
            return None
    else:
        name, _, port = header.partition(":")
        rest = ":" + port if _ else ""
        if not name or any(not (c.isalnum() or c in "-._") for c in name):
            return None
    if rest and not (rest.startswith(":") and rest[1:].isdigit() and len(rest) <= 6):
        return None
    return name


class Guard:
    """ASGI middleware: the Host, Origin and content-type checks of this module, ahead of
    every route. `hosts`: the Host names answered (see `LOCAL_HOSTS`), ``["*"]`` for any."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.any_host = "*" in hosts
        self.hosts = frozenset(host_name(host) for host in hosts if host != "*")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = self.refusal(scope)
            if refusal is not None:
                status, message = refusal
                await _refuse(send, status, message)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and message refusing this request, or None to answer it."""
        headers: dict[str, str] = {}
        for key, value in scope.get("headers", ()):
            name = key.decode("latin-1").lower()
            if name in headers and name in _ONCE:  # refused rather than guessed at
                return 400, f"request: the {name} header is sent twice"
            headers[name] = value.decode("latin-1")
        host = headers.get("host")
        name = split_host(host) if host else None
        if name is None:
            return 400, "request: no Host header naming this computer"
        if not self.any_host and name not in self.hosts:
            return 400, (f"request: this server answers only to {', '.join(sorted(self.hosts))},"
                         f" not '{name[:60]}'")
        if "origin" in headers:
            origin = headers["origin"]
            own = f"{scope.get('scheme', 'http')}://{host.strip().lower()}"
            if origin.strip().lower() != own:
                return 403, (f"request: sent by the page at '{origin[:80]}', not by this"
                             f" server's own page ({own})")
        site = headers.get("sec-fetch-site", "same-origin")
        if scope.get("path", "").startswith("/api/") and site not in ("same-origin", "none"):
            return 403, f"request: sent from another site (Sec-Fetch-Site: {site[:40]})"
        if scope.get("method") == "POST":
            kind = headers.get("content-type")
            if kind is None or kind.split(";")[0].strip().lower() != "application/json":
                shown = "none" if kind is None else kind[:60]
                return 415, (f"request: send the body as JSON (Content-Type: application/json),"
                             f" not {shown}")
        return None


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": " ".join(message.split())}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode("ascii"))]})
    await send({"type": "http.response.body", "body": body})
