"""The argument parser of the command line: options made when a command is first used, help
laid out as written, and every mistake one line that names the flag as the user typed it.

Examples
--------
>>> p = Parser(prog="demo")
>>> _ = p.add_argument("-o", "--out")
>>> p.parse_args(["-o", "x"]).typed
{'out': '-o'}
>>> p.parse_args(["-o"])
Traceback (most recent call last):
...
dominosa_lab.cli.parser.UsageError: -o: expected one argument
"""

from __future__ import annotations

import argparse
import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from dominosa_lab.errors import ArgumentError

__all__ = ["HelpFormatter", "Parser", "Renamed", "UsageError", "typed"]


class UsageError(ArgumentError):
    """A command line the parser cannot read: an unknown flag, a missing value, a wrong choice."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Paragraphs of a description or epilog filled to the width; lines that start with two
    spaces (listings, examples) kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks = []
        for block in text.split("\n\n"):
            if block.startswith("  ") or "\n  " in block:
                blocks.append(textwrap.indent(block, indent))
            else:
                blocks.append(textwrap.fill(" ".join(block.split()), width,
                                            initial_indent=indent, subsequent_indent=indent))
        return "\n\n".join(blocks)


class Renamed(argparse.Action):
    """A spelling the command does not take, refused with a line that names the one it takes."""

    def __init__(self, option_strings: Sequence[str], dest: str, *, instead: str,
                 **kwargs: Any) -> None:
        kwargs.update(nargs=0, help=argparse.SUPPRESS, default=argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)
        self.instead = instead

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        """Refuse the flag, naming the one to use."""
        raise UsageError(f"{parser.prog.split()[-1]} takes no {option_string}: {self.instead}")


class Parser(argparse.ArgumentParser):
    """An argument parser whose options are made by ``build`` when it first parses or shows
    help (a command imports only what its own options list), whose errors are one-line
    :class:`UsageError`\\ s, and which records in ``args.typed`` how each flag was spelled."""

    def __init__(self, *args: Any, build: Callable[[Parser], None] | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.build = build
        self.tokens: list[str] = []

    def _built(self) -> None:
        if self.build is not None:
            build, self.build = self.build, None
            build(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """Build the options, then parse as ``argparse`` does, recording the flags' spellings."""
        self._built()
        self.tokens = [str(token) for token in (args or [])]
        parsed, extra = super().parse_known_args(args, namespace)
        parsed.typed = {**getattr(parsed, "typed", {}), **self._spellings()}
        return parsed, extra

    def _spellings(self) -> dict[str, str]:
        """Each given flag's destination and the spelling the user typed it in."""
        return {action.dest: spelling for action in self._actions
                if (spelling := self._typed(action.option_strings))}

    def _typed(self, spellings: Sequence[str]) -> str | None:
        for token in self.tokens:
            for spelling in spellings:
                if token == spelling or token.startswith(spelling + "=") or (
                        len(spelling) == 2 and not token.startswith("--")
                        and token.startswith(spelling)):
                    return spelling
        return None

    def format_usage(self) -> str:
        """Build the options, then the usage line."""
        self._built()
        return super().format_usage()

    def format_help(self) -> str:
        """Build the options and the description, then the help."""
        self._built()
        return super().format_help()

    def error(self, message: str) -> Any:
        """Raise a one-line :class:`UsageError`, the flag named as it was typed."""
        match = re.match(r"argument (\S+): ", message)
        required = "the following arguments are required: "
        if match:
            spellings = match.group(1).split("/")
            name = self._typed(spellings) or spellings[-1]
            rest = re.sub(r"invalid choice: (.*) \(choose from (.*)\)", r"\1 is not one of \2",
                          message[match.end():])
            message = f"{name} {rest}" if rest.startswith("must ") else f"{name}: {rest}"
        elif message.startswith(required):
            message = (f"{self.prog.split()[-1]} needs {message.removeprefix(required)} (see "
                       f"{self.prog} --help)")
        raise UsageError(message)


def typed(args: argparse.Namespace, dest: str, default: str) -> str:
    """How the user spelled the flag of ``dest`` (``-o`` or ``--out``), else ``default``."""
    return getattr(args, "typed", {}).get(dest, default)
