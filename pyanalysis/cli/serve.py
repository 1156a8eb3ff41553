"""`prefdd serve`: the web application on this computer (`pyanalysis.web`)."""
from __future__ import annotations

import click

from .common import CliError, command

__all__ = ["COMMANDS", "serve"]


@command(None, "The web page: enter a deal, play it with every card's value, ask analyses.", [
    "prefdd serve", "prefdd serve --port 8080 --open"], deal=False)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="The port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; the default answers this computer only.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def serve(port: int, host: str, open_browser: bool) -> None:
    """Serve prefdd's page and its JSON API (docs/web.md) until Ctrl-C.

    Needs the web extra: pip install "prefdd[web]".
    """
    try:
        import uvicorn

        from pyanalysis.web import create_app
    except ImportError as error:
        raise CliError(f"prefdd serve needs the web extra ({error.name} is missing):"
                       f" pip install \"prefdd[web]\"") from None
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    click.echo(f"prefdd serves {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    try:
        uvicorn.run(create_app(hosts=_hosts(host)), host=host, port=port,
                    log_level="warning")
    except OSError as error:
        raise CliError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None


def _hosts(host: str) -> list[str]:
    """The Host header names answered: this computer's, and the address listened on; any
    name when listening on every address or on IPv6 (a name there carries colons)."""
    from pyanalysis.web.app import LOCAL_HOSTS

    if host in ("0.0.0.0", "") or ":" in host:
        return ["*"]
    return [*LOCAL_HOSTS, host]


COMMANDS = [serve]
