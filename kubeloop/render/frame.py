"""The frame of every SVG picture: size, class (the report's style hooks on it) and the name
a screen reader says."""

from __future__ import annotations

from html import escape


def svg_frame(kind: str, width: float, height: float, body: str, label: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'aria-label="{escape(label or kind)}">{body}</svg>'
    )
