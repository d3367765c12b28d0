"""The exported variant (see ``lang.export``) as text for people: what ``show`` prints.

It reads the same JSON data that ``show --json`` prints, so the two never disagree.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


def render_text(d: JSON) -> str:
    out: list[str] = []
    out += _heading(d)
    out += _section("Deck", _deck(d))
    out += _section("Melds", _melds(d))
    out += _section("Deal", _deal(d))
    out += _section("Contracts", _contracts(d["contracts"]))
    out += _section("Card values", _card_values(d))
    out += _section("Turn", _pairs(d["turn"]))
    out += _section("Lay off", _pairs(d["layoff"]))
    out += _section("Swap", _pairs(d["swap"]) if d["swap"]["allowed"] else ["never"])
    claim = d["claim"]
    if claim is not None:
        limit = claim["limit"]
        rows = _pairs({k: v for k, v in claim.items() if k not in ("title", "limit")})
        rows.append(f"limit: {_per_round(limit['per_round'], 'unlimited')}"
                    + _formula(limit["formula"]))
        out += _section(f'Buy "{claim["title"]}"', rows)
    else:
        out += _section("Buy", ["never"])
    for key, title in (("cut", "Cut"), ("rummy_call", "Rummy call"), ("knock", "Knock")):
        if d[key] is not None:
            out += _section(title, _pairs(_flatten(d[key])))
    out += _section("Going out", _pairs(d["going_out"]))
    stock = d["stock"]
    out += _section("Stock", [f"when empty: {' then '.join(stock['empty'])}",
                              *_pairs({"dead_at": stock["dead_at"]})])
    score = d["score"]
    out += _section("Score", [*_pairs({k: v for k, v in score.items() if k != "entries"}),
                              "entries: " + ", ".join(_entry(e) for e in score["entries"])])
    out += _section("Game", _pairs(d["game"]))
    limits = {k: v for k, v in d["engine_limits"].items()
              if k != "title" and v not in (None, False)}
    if limits:  # what one engine does by how it is built, apart from the rules
        title = d["engine_limits"]["title"]
        out += _section("Limits of that engine, not rules of play"
                        + (f" ({title})" if title else ""), _pairs(limits))
    return "\n".join(out).rstrip() + "\n"


def _heading(d: JSON) -> list[str]:
    p = d["players"]
    allowed = (f"{p['min']} or more" if p["max"] is None
               else str(p["min"]) if p["min"] == p["max"] else f"{p['min']}..{p['max']}")
    head = [f"{d['title']}  ({d['name']}, {d['file']})"]
    if d["parent"]:
        head.append(f"extends {d['parent']}")
    head.append(f"for {p['count']} players (this variant: {allowed} players)")
    opts = d["options"]
    for o in opts["available"]:
        state = "on" if o["name"] in opts["enabled"] else "off"
        head.append(f"option {o['name']} \"{o['title']}\": {state}")
    for s in d["sources"]:
        head.append(f"source: {s}")
    return head


def _section(title: str, rows: list[str]) -> list[str]:
    return ["", title, *("  " + r for r in rows)]


def _formula(text: str) -> str:
    return "" if text.lstrip("-").isdigit() or text == "unlimited" else f"   = {text}"


def _deck(d: JSON) -> list[str]:
    deck = d["deck"]
    rows = [f"decks: {deck['decks']['value']}" + _formula(deck["decks"]["formula"])]
    j = deck["jokers"]
    each = f" ({j['per_deck']} per deck)" if j["per_deck"] is not None else ""
    rows.append(f"jokers: {j['value']}{each}" + _formula(j["formula"].removesuffix(" per deck")))
    if deck["kind"] == "custom":
        n = deck["numbers"]
        colours = ", ".join(f"{c['name']} ({c['code']})" for c in deck["colours"])
        rows.append(f"custom deck: numbers {n['low']}..{n['high']} in {colours}, "
                    f"{deck['copies']} of each per deck")
        for s in deck["specials"]:
            rows.append(f"special {s['code']} \"{s['title']}\": {s['per_deck']} per deck")
    rows.append(f"cards in the pack: {deck['total_cards']}")
    wilds = d["wilds"]
    if wilds["cards"]:
        classes = " and ".join(c["text"] for c in wilds["cards"])
        rows.append(f"wild: {classes} ({' '.join(wilds['faces'])})")
        limits = _pairs({k: _SCOPES.get(v, v) if isinstance(v, str) else v
                         for k, v in d["wild_limits"].items()}, skip_false=True)
        rows.append("wild limits: " + ("; ".join(limits) if limits else "none"))
    else:
        rows.append("wild: none")
    return rows


def _melds(d: JSON) -> list[str]:
    rows = []
    for kind, rule in d["meld_kinds"].items():
        if rule is None:
            continue
        size = f"{rule['min']}..{rule['max']}" if rule["max"] is not None else f"{rule['min']}+"
        extra = _pairs({k: _ACES.get(v, v) if k == "ace" else v
                        for k, v in rule.items() if k not in ("min", "max")}, skip_false=True)
        rows.append(f"{kind}: {size} cards" + ("; " + "; ".join(extra) if extra else ""))
    return rows


_SCOPES = {"all": "in every meld", "contract": "in contract melds"}
_ACES = {"low": "low", "high": "high", "either": "low or high"}


def _deal(d: JSON) -> list[str]:
    deal = d["deal"]
    cards = deal["cards"]
    return [
        f"cards each: {_per_round(cards['per_round'], '')}" + _formula(cards["formula"]),
        f"stock after the deal and the upcard: {_per_round(deal['stock_after_deal'], '')}",
        *_pairs({k: v for k, v in deal.items() if k not in ("cards", "stock_after_deal")}),
    ]


def _contracts(c: JSON) -> list[str]:
    if not c["rounds"]:
        return ["none: the game runs to a target"]
    rows = _pairs({k: v for k, v in c.items() if k != "rounds"})
    width = max(len(r["text"]) for r in c["rounds"])
    for r in c["rounds"]:
        rows.append(f"{r['round']:>2}: {r['text'].ljust(width)}   "
                    f"(at least {r['minimum_cards']} cards)")
    return rows


def _card_values(d: JSON) -> list[str]:
    """Points per rank when every suit agrees, per face when they differ."""
    values: dict[str, int | None] = d["card_values"]
    ranks: list[str] = d["cards"]["ranks"]
    numbers = d["deck"]["numbers"]
    low = numbers["low"] if numbers is not None else 1
    faces = [f for f in d["cards"]["faces"] if f["in_pack"]]
    groups: list[tuple[str, int | None]] = []
    for i, rank in enumerate(ranks):
        of_rank = [f for f in faces if f["rank"] == low + i]
        points = {values[f["text"]] for f in of_rank}
        if len(points) == 1:
            groups.append((rank, points.pop()))
        else:
            groups.extend((f["text"], values[f["text"]]) for f in of_rank)
    groups.extend((f["text"], values[f["text"]]) for f in faces if f["rank"] is None)
    return [", ".join(f"{name}: {'none' if p is None else p}" for name, p in _runs(groups))]


def _runs(groups: list[tuple[str, int | None]]) -> list[tuple[str, int | None]]:
    """Neighbouring entries with equal points joined: ``2..9: 5``."""
    out: list[tuple[str, int | None]] = []
    start = 0
    for i in range(1, len(groups) + 1):
        if i == len(groups) or groups[i][1] != groups[start][1]:
            first, last = groups[start][0], groups[i - 1][0]
            out.append((first if first == last else f"{first}..{last}", groups[start][1]))
            start = i
    return out


def _entry(e: JSON) -> str:
    points = "pip" if e["points"] is None else str(e["points"])
    return f"{e['text']}: {points}"


def _per_round(values: list[Any], none_text: str) -> str:
    shown = [none_text if v is None else str(v) for v in values]
    if len(set(shown)) == 1:
        return shown[0] + (" every round" if len(shown) > 1 else "")
    return ", ".join(f"round {i}: {v}" for i, v in enumerate(shown, 1))


def _flatten(section: JSON) -> JSON:
    """Evaluated formulas ({formula, value}) shown as their value."""
    return {k: (v["value"] if isinstance(v, dict) else v) for k, v in section.items()}


def _pairs(section: JSON, skip_false: bool = False) -> list[str]:
    rows = []
    for key, value in section.items():
        if skip_false and (value is False or value is None):
            continue
        words = key.replace("_", " ")
        if value is True:
            rows.append(words if skip_false else f"{words}: yes")
        elif value is False:
            rows.append(f"{words}: no")
        elif value is None:
            rows.append(f"{words}: none")
        elif isinstance(value, list):
            rows.append(f"{words}: {', '.join(str(v) for v in value) or 'none'}")
        else:
            rows.append(f"{words}: {value}")
    return rows
