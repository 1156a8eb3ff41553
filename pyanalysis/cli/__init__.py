"""The `prefdd` command: one click group, one module per family of subcommands.

Each module named in `_COMMAND_MODULES` exposes `COMMANDS`, a list of click commands.
"""
from __future__ import annotations

import importlib

import click

_COMMAND_MODULES = ["solving", "play", "batch", "scoring", "analysis", "whist", "leads", "declare", "catch", "review",
                    "problems", "report", "study", "serve"]


class _Group(click.Group):
    """The top-level group: an unknown subcommand is one line on stderr, exit code 2."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            click.echo(f"Error: {error.format_message()} Try 'prefdd --help'.", err=True)
            ctx.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="prefdd")
def main() -> None:
    """prefdd: exact double-dummy analysis for Russian Preferans."""


for _name in _COMMAND_MODULES:
    for _command in importlib.import_module(f"{__name__}.{_name}").COMMANDS:
        main.add_command(_command)
