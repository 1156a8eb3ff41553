"""`prefdd serve`: the web application on this computer (`pyanalysis.web`)."""
from __future__ import annotations

import click

from .common import CliError, command

__all__ = ["COMMANDS", "serve"]

#: The addresses that listen on every network interface.
EVERY_ADDRESS = ("0.0.0.0", "::", "")


@command(None, "The web page: enter a deal, play it with every card's value, ask analyses.", [
    "prefdd serve", "prefdd serve --port 8080 --open"], deal=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; the default answers this computer only.")
@click.option("--allow-any-host", is_flag=True,
              help="With --host 0.0.0.0 or ::, answer requests naming any host, not only"
                   " this computer's names (see docs/web.md, Safety).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def serve(port: int, host: str, allow_any_host: bool, open_browser: bool) -> None:
    """Serve prefdd's page and its JSON API (docs/web.md) until Ctrl-C.

    Needs the web extra: pip install "prefdd[web]".
    """
    if allow_any_host and host.strip() not in EVERY_ADDRESS:
        raise CliError(f"--allow-any-host is for --host 0.0.0.0 or :: (every address), not"
                       f" --host {host}")
    try:
        import uvicorn

        from pyanalysis.web import create_app
        from pyanalysis.web.guard import host_name
    except ImportError as error:
        raise CliError(f"prefdd serve needs the web extra ({error.name} is missing):"
                       f" pip install \"prefdd[web]\"") from None
    url = f"http://{host_name(host) or '0.0.0.0'}:{port}/"
    hosts = _hosts(host, allow_any_host)
    names = (" to any host name (--allow-any-host)" if hosts == ["*"] else
             f" to {', '.join(hosts)} only" if host.strip() in EVERY_ADDRESS else "")
    click.echo(f"prefdd serves {url}{names} (Ctrl-C stops it)", err=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    try:
        uvicorn.run(create_app(hosts=hosts), host=host, port=port, log_level="warning")
    except OSError as error:
        raise CliError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


def _hosts(host: str, allow_any_host: bool = False) -> list[str]:
    """The Host header names answered: this computer's loopback names (IPv4 and IPv6), and
    the address listened on (an IPv6 address in brackets, as a Host header writes it); any
    name only with `allow_any_host` (on every address)."""
    from pyanalysis.web.guard import LOCAL_HOSTS, host_name

    if allow_any_host:
        return ["*"]
    name = host_name(host)
    return [*LOCAL_HOSTS, *([name] if name and name not in LOCAL_HOSTS else [])]


COMMANDS = [serve]
