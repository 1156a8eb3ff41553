"""prefdd in the browser: `prefdd serve` starts a local web application.

The page (`static/`: one HTML page, its script and styles, no build step and nothing loaded
from elsewhere) enters a deal by clicking cards or pasting any notation the command line
reads, shows the double-dummy table, plays the deal through with every legal card's value,
and runs the analyses with progress and cancel. It talks to the JSON API of `app` (see
docs/web.md): `questions` reads the requests and names the analyses, `jobs` runs the long
ones in a capped pool of worker threads, `render` shows their results as the HTML report does.
"""
from .app import create_app
from .jobs import JobPool

__all__ = ["JobPool", "create_app"]
