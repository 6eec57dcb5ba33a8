"""Text to parse tree: the LALR parser for ``grammar.lark`` and its line-continuation rules.

Every syntax error becomes a :class:`~cpoly.errors.CpolySyntaxError` carrying
``path:line:col`` and the offending line.

>>> tree = parse_text("Two = 0\\nPair = δC1F,C2F{Two}\\n", "demo.cp")
>>> len(tree.children)
2
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from cpoly.errors import CpolySyntaxError, Span

__all__ = ["CLOSERS", "CONTINUES_AFTER", "CONTINUES_BEFORE", "ContinuationPostLexer", "OPENERS",
           "comment_spans", "parse_text", "parse_with", "syntax_parser"]

OPENERS = {"LPAR", "LSQB", "LBRACE"}
CLOSERS = {"RPAR", "RSQB", "RBRACE"}
CONTINUES_AFTER = {"COMMA", "EQUAL", "PLUS", "DASH", "STAR"}
CONTINUES_BEFORE = {"STAR", "PLUS", "DASH", "RPAR", "RSQB", "RBRACE"}


class ContinuationPostLexer:
    """Drops the newlines that do not end a statement.

    A newline is insignificant inside ``( [ {``, after a trailing operator, comma or ``=``, and
    before a line that starts with a binary operator (the seed writes ``* (…)`` on the next line).
    """

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        previous: Token | None = None
        pending: Token | None = None
        for token in stream:
            if token.type == "_NL":
                if depth == 0 and not (previous is not None and previous.type in CONTINUES_AFTER):
                    pending = pending or token
                continue
            if pending is not None and token.type not in CONTINUES_BEFORE:
                yield pending
            pending = None
            depth = max(depth + (token.type in OPENERS) - (token.type in CLOSERS), 0)
            previous = token
            yield token
        if pending is not None:
            yield pending


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The LALR parser that builds a lark parse tree (for :func:`parse_text`)."""
    return syntax_parser(None)


def syntax_parser(transformer: Transformer[Token, object] | None) -> Lark:
    """The LALR parser of ``grammar.lark``; with ``transformer``, its rule methods build the
    result as the parser reduces (no parse tree, no positions propagated: a rule's span is
    one of its tokens).  lark caches its grammar analysis in the temp directory (keyed by the
    grammar and options), so a new process's first parse does not analyse the grammar again."""
    grammar = resources.files("cpoly.lang").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="basic",
        postlex=ContinuationPostLexer(),
        propagate_positions=transformer is None,
        maybe_placeholders=False,
        cache=True,
        transformer=transformer,
    )


def parse_text(text: str, path: str = "<string>") -> Tree[Token]:
    """Parse .cp source text into a lark tree; raises CpolySyntaxError with a position."""
    return cast("Tree[Token]", parse_with(_parser(), text, path))


def comment_spans(text: str) -> list[tuple[int, int]]:
    r"""Where the grammar's ``COMMENT`` tokens of ``text`` start and end (offsets), as its lexer
    finds them: a ``//`` inside a ``"string"`` is not a comment.  Lexing stops at the first
    character that is not .cp text (the parse reports it), keeping the comments before it.

    >>> comment_spans('X = "a // b" // c\nY = 1')
    [(13, 17)]
    >>> comment_spans('X = 1 // a\n@ // b')
    [(6, 10)]
    """
    spans: list[tuple[int, int]] = []
    try:
        for token in _parser().lex(text, dont_ignore=True):
            if token.type == "COMMENT":
                spans.append((token.start_pos or 0, token.end_pos or 0))
    except UnexpectedInput:
        pass
    return spans


def parse_with(parser: Lark, text: str, path: str) -> Any:
    """What ``parser`` makes of ``text`` (``\\n`` line endings); a CpolySyntaxError with a
    position when it is not .cp text."""
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, text, path) from None


def _syntax_error(error: UnexpectedInput, text: str, path: str) -> CpolySyntaxError:
    lines = text.removesuffix("\n").split("\n")  # as splitlines, but only a newline ends a line
    line = max(1, getattr(error, "line", len(lines)) or len(lines))
    column = max(1, getattr(error, "column", 1) or 1)
    if isinstance(error, UnexpectedEOF) or line > len(lines):
        line = len(lines)
        column = len(lines[-1]) + 1
        message = _end_of_file(text, len(text))
    elif isinstance(error, UnexpectedCharacters):
        message = f"unexpected character {text[error.pos_in_stream or 0]!r}"
    else:  # lark has no other kind of UnexpectedInput
        message = _token_message(cast(UnexpectedToken, error), text)
    return CpolySyntaxError(message, Span(path, line, column, lines[line - 1]))


def _token_message(error: UnexpectedToken, text: str) -> str:
    token = error.token
    if token.type == "$END":
        return _end_of_file(text, len(text))
    shown = "end of line" if token.type == "_NL" else repr(str(token))
    expected = sorted({_describe(name) for name in error.expected if not name.startswith("__")})
    hint = f"; expected {', '.join(expected[:6])}" if expected else ""
    opener = _open_bracket(text, token.start_pos or 0)
    keyword = _keyword_meant(text, token) if "EQUAL" in error.expected else None
    if keyword is not None:  # 'category X, Y' read as the definition 'category = …'
        hint += f" ({keyword})"
    elif opener is not None and opener.line != token.line:  # the bracket carried the statement on
        hint += f" (is the {_where(opener)} left open?)"
    elif _BARE_DELTA.search(_line_before(text, token)):
        hint += " (the Kronecker delta is written δ or \\delta: 'delta' is a name)"
    elif "RPAR" in error.expected and token.type != "RPAR":
        hint += " (is a parenthesis left open?)"
    return f"unexpected {shown}{hint}"


def _keyword_meant(text: str, token: Token) -> str | None:
    """When the statement of ``token`` starts with a misspelled keyword (``category``), which
    the parser took for a name to define: the keyword meant, in words.

    >>> _keyword_meant("category A, B", Token("NAME", "A", start_pos=9))
    "'category' is not a keyword: did you mean 'categories'?"
    """
    words = _line_before(text, token).split()
    close = difflib.get_close_matches(words[0], _keywords(), n=1) if len(words) == 1 else []
    return f"'{words[0]}' is not a keyword: did you mean '{close[0]}'?" if close else None


def _line_before(text: str, token: Token) -> str:
    """The text of ``token``'s line before it."""
    return text[text.rfind("\n", 0, token.start_pos or 0) + 1:token.start_pos]


#: ``delta`` typed for δ (``\delta`` is a spelling of it; ``delta`` is only a name).
_BARE_DELTA = re.compile(r"(?<![\\\w])delta\b")


@lru_cache(maxsize=1)
def _keywords() -> list[str]:
    """The grammar's keywords (``categories``, ``paytable``, …)."""
    return sorted(str(terminal.pattern.value) for terminal in _parser().terminals
                  if terminal.pattern.type == "str" and str(terminal.pattern.value).isidentifier())


def _end_of_file(text: str, end: int) -> str:
    """The message for a file that ends inside a statement, naming the bracket left open.

    >>> _end_of_file("A = (1 +\\n  2", 12)
    "unexpected end of file (the '(' at line 1, column 5 is not closed)"
    """
    opener = _open_bracket(text, end)
    what = f"the {_where(opener)} is not closed" if opener else "an unclosed parenthesis or brace?"
    return f"unexpected end of file ({what})"


def _open_bracket(text: str, end: int) -> Token | None:
    """The innermost ``(``, ``[`` or ``{`` still open before offset ``end`` of ``text`` (comments
    and strings skipped), if any.

    >>> _open_bracket("X = δF[1]{Two-Four\\ncategories X", 30)
    Token('LBRACE', '{')
    >>> _open_bracket("X = (1) [2]", 11) is None
    True
    """
    stack: list[Token] = []
    try:
        for token in _parser().lex(text):
            if (token.start_pos or 0) >= end:
                break
            if token.type in OPENERS:
                stack.append(token)
            elif token.type in CLOSERS and stack:
                stack.pop()
    except UnexpectedInput:  # text past the error that does not lex: the brackets before it count
        pass
    return stack[-1] if stack else None


def _where(opener: Token) -> str:
    return f"'{opener}' at line {opener.line}, column {opener.column}"


_TERMINAL_NAMES = {
    "NAME": "a name", "INT": "a number", "DELTA": "δ", "SIGMA": "σ", "LPAR": "'('",
    "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'",
    "COMMA": "','", "EQUAL": "'='", "STAR": "'*'", "PLUS": "'+'", "DASH": "'-'",
    "COLON": "':'", "$END": "end of file", "STRING": "a quoted string", "_NL": "end of line", "DECIMAL": "a number",
}


def _describe(terminal: str) -> str:
    return _TERMINAL_NAMES.get(terminal, terminal.lower().strip("_"))
