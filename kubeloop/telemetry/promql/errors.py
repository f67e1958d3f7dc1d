"""PromQL errors: a parse error carries the position it points at."""

from __future__ import annotations

from kubeloop.errors import InvalidSpecError


class PromQLError(InvalidSpecError):
    """A PromQL expression cannot be parsed or evaluated.

    ``position`` is the 0-based character offset the problem was found at (None for
    evaluation errors that have no single place); ``str()`` shows the expression with a caret
    under that place.
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.message = message
        self.text = text
        self.position = position
        super().__init__(self._render())

    def as_prometheus(self) -> str:
        """Prometheus' own wording, ``LINE:COLUMN: parse error: MESSAGE`` for an error with a
        place (what people grep promtool's output for), with the caret lines under it."""
        if self.position is None or not self.text:
            return self.message
        line_no = self.text.count("\n", 0, self.position) + 1
        column = self.position - (self.text.rfind("\n", 0, self.position) + 1) + 1
        caret = self._render().partition("\n")[2]
        return f"{line_no}:{column}: parse error: {self.message}\n{caret}"

    def _render(self) -> str:
        if self.position is None or not self.text:
            return self.message
        line_no = self.text.count("\n", 0, self.position) + 1
        line_start = self.text.rfind("\n", 0, self.position) + 1
        line_end = self.text.find("\n", self.position)
        line = self.text[line_start : line_end if line_end >= 0 else len(self.text)]
        column = self.position - line_start + 1
        if len(line) > 120:
            cut = max(0, column - 60)
            line = line[cut : cut + 120]
            column -= cut
        where = f"line {line_no}, column {column}" if "\n" in self.text else f"column {column}"
        return f"{self.message} (at {where})\n  {line}\n  {' ' * (column - 1)}^"


class UnsupportedError(PromQLError):
    """Valid PromQL that kubeloop does not evaluate (named in the message)."""
