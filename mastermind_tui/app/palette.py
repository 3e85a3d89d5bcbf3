"""Textual's command palette, with guards against two of its races (Textual 8.2.8): no key
sequence may end the app with an internal error.

- PageUp or PageDown arriving with Ctrl+P, before the palette's list is laid out: Textual's
  ``OptionList._move_page`` reads a line map that is only filled once the list has a size,
  and raises ``KeyError``. Here the key is dropped until the list has lines.
- A search still running when the palette closes: its worker queries a list that is gone
  (``NoMatches``), and a worker's failure ends the app. Here that search just stops.
"""

from __future__ import annotations

from textual import work
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches


class SafePalette(CommandPalette):
    """The command palette, minus the races above."""

    def _action_command_list(self, action: str) -> None:
        if action in ("page_up", "page_down"):
            try:
                lines = self.query_one(CommandList)._lines
            except NoMatches:
                return
            if not lines:  # not laid out yet: nothing to page through
                return
        super()._action_command_list(action)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP, exit_on_error=False)
    async def _gather_commands(self, search_value: str) -> None:
        if not self.is_attached:
            return
        try:
            # Textual's own search, undecorated: @work's type hides the function it wraps.
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:  # the palette closed during the search
            return
