"""How an engine's verdicts are compared with the reference's: two modes.

* ``codes``: accepted must meet accepted, and a refusal must give the reference's reason
  code (``rummy-spec reasons``).  The default for an engine that speaks the reference's
  codes, which is what ``hello`` says unless it states ``"reasons": "own"``.
* ``verdicts``: only accepted or refused is compared.  Engines with codes of their own
  declare ``"reasons": "own"`` in ``hello``; the command line (``--compare``) overrides.

A case may mark a step's code as informative (``expect: {rejected: CODE, informative:
true}``): any refusal passes it, in either mode; the code says why the reference refuses.
"""

from __future__ import annotations

from ..wire.engine import Hello, Verdict

CODES = "codes"
VERDICTS = "verdicts"
MODES = (CODES, VERDICTS)
HELLO_REASONS = {"reference": CODES, "own": VERDICTS}  # hello's "reasons" -> the mode


def mode_for(hello: Hello, chosen: str | None = None) -> str:
    """The mode: the one chosen on the command line, else what ``hello`` declares."""
    if chosen is not None:
        return chosen
    return HELLO_REASONS.get(hello.reasons, CODES)


def agrees(reason: str | None, got: Verdict, mode: str, informative: bool = False) -> bool:
    """Whether ``got`` meets the expected outcome (``reason`` None: accepted)."""
    if reason is None:
        return got.accepted
    if got.accepted:
        return False
    return mode == VERDICTS or informative or got.reason == reason


def same(want: Verdict, got: Verdict, mode: str) -> bool:
    """The reference's verdict against the engine's, in ``mode``."""
    return agrees(None if want.accepted else want.reason, got, mode)


def expected_text(reason: str | None, mode: str, informative: bool = False) -> str:
    """What the engine should have answered, in the mode's words."""
    if reason is None:
        return "accepted"
    if mode == VERDICTS or informative:
        return f"rejected (any reason; the reference says {reason})"
    return f"rejected ({reason})"
