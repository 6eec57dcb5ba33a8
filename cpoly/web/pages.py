"""The web app's two HTML pages: one layout (head, header with the navigation, scripts) around
each page's own ``<main>`` content, both in ``cpoly/web/pages/``.

>>> html = render_page("/holdem")
>>> '<a href="/holdem" aria-current="page">Hold\\'em</a>' in html, html.count("<header>")
(True, 1)
>>> '<script src="/static/holdem.js"></script>' in html
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from string import Template

__all__ = ["PAGES", "Page", "SITE", "render_page"]

PAGES = Path(__file__).parent / "pages"


@dataclass(frozen=True)
class Page:
    """One page: its path, its link text, its title, its body file and its script."""

    path: str
    link: str
    title: str
    body: str
    script: str


#: The pages in navigation order.
SITE = (
    Page("/", "Video poker", "video poker", "videopoker.html", "videopoker.js"),
    Page("/holdem", "Hold'em", "Hold'em equity", "holdem.html", "holdem.js"),
)


def _nav(current: str) -> str:
    """The navigation links, the current page marked for assistive technology.

    >>> _nav("/")
    '<a href="/" aria-current="page">Video poker</a> · <a href="/holdem">Hold\\'em</a>'
    """
    marks = {current: ' aria-current="page"'}
    return " · ".join(f'<a href="{page.path}"{marks.get(page.path, "")}>'
                      f"{escape(page.link, quote=False)}</a>" for page in SITE)


@cache
def render_page(path: str) -> str:
    """The full HTML of the page at ``path`` (one of :data:`SITE`)."""
    page = next(page for page in SITE if page.path == path)
    layout = Template((PAGES / "layout.html").read_text(encoding="utf-8"))
    return layout.substitute(title=escape(page.title, quote=False), nav=_nav(path),
                             main=(PAGES / page.body).read_text(encoding="utf-8"),
                             script=page.script)
