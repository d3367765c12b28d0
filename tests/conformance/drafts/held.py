"""Write, for every built-in variant, the cases of cards not held and of a card held once
named twice: ``python tests/conformance/drafts/held.py``.

Each case is the variant's first seeded deal (``generate.seeded_setup``), played until
the first player may lay cards (stock draws, the first upcard passed), then the laying
action of the variant (``meld``, ``go_down``; a knock where cards are laid only by the
knock) tried with a card of another hand, and (where the action names cards) with one of
his cards named twice, each refused ``not-in-hand``, then a checkpoint.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent.parent)]

from rummy_spec.conformance import suite_root  # noqa: E402
from rummy_spec.conformance.authoring.author import Recorder, case_data, dump_case  # noqa: E402
from rummy_spec.conformance.authoring.generate import golden_players, seeded_setup  # noqa: E402
from rummy_spec.lang.library import builtin_library  # noqa: E402

JSON = dict[str, Any]
NAMES = ("cards-not-held-refused", "a-card-used-twice-refused")


def _to_play(rec: Recorder) -> int:
    """Stock draws and passes until a player is in his play phase: that player."""
    for _ in range(8):
        state = rec.engine.state()
        if state["phase"] == "play":
            return int(state["turn"])
        game = rec.game
        acts = [game.action_json(a) for a in game.legal_actions()]
        pick = next((a for a in acts if a["type"] == "pass"), None) or next(
            a for a in acts if a["type"] == "draw" and a.get("source") == "stock")
        rec.act(rec.engine.to_protocol(pick), True)
    raise ValueError("no play phase in eight actions")


def held_cases(name: str) -> dict[str, str]:
    players = golden_players(name)
    setup = seeded_setup(name, players, 1)
    out: dict[str, str] = {}
    for which in NAMES:
        rec = Recorder(name, (), players, setup)
        p = _to_play(rec)
        rules = rec.game.rules
        hand = rec.engine.state()["hands"][p]
        other = next(c for h in rec.engine.state()["hands"] for c in h if c not in hand)
        if rules.variant.knock is not None:
            kind = "knock"
            acts = [{"type": "knock", "player": p, "card": other}] if which == NAMES[0] \
                else []
        else:
            kind = "go_down" if rules.has_contracts else "meld"
            cards = [hand[0], hand[1], other] if which == NAMES[0] else \
                [hand[0], hand[1], hand[0]]
            acts = [{"type": kind, "player": p, "melds": [cards]}]
        if not acts:
            continue
        for act in acts:
            rec.act(act, "not-in-hand")
        rec.finish()
        rule = (f"a {kind} names only cards the player holds" if which == NAMES[0] else
                f"a card held once may not stand twice in a {kind}")
        data = case_data(rule, name, (), players, setup, rec.steps, rec.features,
                         ("X39",))
        cid = f"{name}/held/{which}"
        out[cid] = dump_case(data, cid)
    return out


def main() -> int:
    root = suite_root() / "cases"
    for name in sorted(builtin_library().decls):
        for cid, text in held_cases(name).items():
            path = root / f"{cid}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(cid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
