"""A rulebook :class:`Page` as one standalone HTML file, without Sphinx or docutils.

Spec listings are highlighted with the package's Pygments lexer when Pygments is
installed, and shown plain otherwise.
"""

from __future__ import annotations

from html import escape

from .doc import Block, Figure, Items, Note, Page, Para, Table, inline
from .faces import cards_html
from .rst import Links, no_links

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 56rem; margin: 2rem auto;
       padding: 0 1rem; line-height: 1.5; color: #1d1d1f; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #c8c8cc; padding: 0.25rem 0.6rem; vertical-align: top;
         text-align: left; }
th { background: #f0f0f3; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.92em; }
pre { background: #f6f6f8; padding: 0.8rem; overflow-x: auto; }
aside.note { border-left: 4px solid #4a7bd0; background: #f2f6fd; padding: 0.4rem 0.8rem;
             margin: 0.8rem 0; }
span.cards { font-family: ui-monospace, monospace; white-space: nowrap; }
nav.contents { border: 1px solid #c8c8cc; padding: 0.4rem 1rem; margin: 1rem 0; }
nav.contents ol { margin: 0.2rem 0; }
@media print {
  body { max-width: none; margin: 0; font-size: 10.5pt; color: #000; }
  nav.contents { display: none; }
  a { color: inherit; text-decoration: none; }
  section { break-inside: auto; }
  h2 { break-after: avoid; }
  table, pre, aside.note { break-inside: avoid; }
  pre { white-space: pre-wrap; background: none; border: 1px solid #999; }
}
"""


def _highlight(text: str, language: str) -> str:
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter

        from ..highlight import RummyLexer
    except ImportError:
        return f"<pre><code>{escape(text)}</code></pre>"
    if language != "rummy":
        return f"<pre><code>{escape(text)}</code></pre>"
    return str(highlight(text, RummyLexer(), HtmlFormatter(nowrap=False, noclasses=True)))


class HtmlWriter:
    def __init__(self, links: Links = no_links) -> None:
        self.links = links

    def page(self, page: Page) -> str:
        out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
               f"<title>{escape(page.title)}</title>", f"<style>{STYLE}</style>", "</head>",
               "<body>", f"<h1>{escape(page.title)}</h1>", _contents(page)]
        for section in page.sections:
            out.append(f'<section id="{escape(section.key)}">')
            out.append(f"<h2>{escape(section.title)}</h2>")
            out.extend(self.block(b) for b in section.blocks)
            out.append("</section>")
        out += ["</body>", "</html>"]
        return "\n".join(out) + "\n"

    def block(self, block: Block) -> str:
        if isinstance(block, Para):
            return f"<p>{self.text(block.text)}</p>"
        if isinstance(block, Items):
            tag = "ol" if block.ordered else "ul"
            items = "".join(f"<li>{self.text(i)}</li>" for i in block.items)
            return f"<{tag}>{items}</{tag}>"
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, Note):
            return (f'<aside class="note"><strong>{escape(block.title)}</strong>: '
                    f"{self.text(block.text)}</aside>")
        if isinstance(block, Figure):
            caption = (f"<figcaption>{self.text(block.caption)}</figcaption>"
                       if block.caption else "")
            return (f'<figure><img src="{escape(block.path)}" alt="{escape(block.alt)}" '
                    f'style="max-width: 100%">{caption}</figure>')
        return _highlight(block.text, block.language)

    def table(self, t: Table) -> str:
        def cell(tag: str, text: str) -> str:
            return f"<{tag}>" + "<br>".join(self.text(p) for p in text.split("\n")) + f"</{tag}>"

        head = "<tr>" + "".join(cell("th", h) for h in t.header) + "</tr>"
        rows = "".join("<tr>" + "".join(cell("td", c) for c in r) + "</tr>" for r in t.rows)
        return f"<table><thead>{head}</thead><tbody>{rows}</tbody></table>"

    def text(self, text: str) -> str:
        out: list[str] = []
        for kind, piece in inline(text):
            if kind == "text":
                out.append(escape(piece, quote=False))
            elif kind == "code":
                out.append(f"<code>{escape(piece)}</code>")
            elif kind == "cards":
                out.append(cards_html(piece))
            else:
                target = self.links(piece)
                link = f"<code>{escape(piece)}</code>"
                out.append(f'<a href="{escape(target)}">{link}</a>' if target else link)
        return "".join(out)


def _contents(page: Page) -> str:
    """The table of contents: one link per section (hidden in print)."""
    items = "".join(f'<li><a href="#{escape(s.key)}">{escape(s.title)}</a></li>'
                    for s in page.sections)
    return ('<nav class="contents" aria-label="Contents"><strong>Contents</strong>'
            f"<ol>{items}</ol></nav>")


def write(page: Page, links: Links = no_links) -> str:
    return HtmlWriter(links).page(page)
