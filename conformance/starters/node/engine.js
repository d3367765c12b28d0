#!/usr/bin/env node
// A starter engine for the rummy-spec conformance kit: basic Rummy, in plain Node.js.
//
// It speaks the protocol (one JSON object per line on stdin and stdout, see the protocol
// reference) and plays the opening of a hand of the variant "rummy": whose turn it is,
// drawing from the stock or taking the upcard, laying sets and runs, discarding. It does
// not yet lay off, go out, score or turn the stock over: those cases are in the skip file
// until you write them. Run it with
//
//   rummy-spec conformance run --engine 'node engine.js' --variant rummy \
//       --skip-file conformance.skip
//
// Only Node's own modules are used; the file is yours to grow into a real engine.
"use strict";

const readline = require("node:readline");

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// The rank's number, ace low: A=1 .. K=13.
const rank = (card) => RANKS.indexOf(card.slice(0, -1)) + 1;
const suit = (card) => card.slice(-1);
const count = (list, x) => list.filter((y) => y === x).length;
const consecutive = (numbers) =>
  [...numbers].sort((a, b) => a - b).every((n, i, all) => i === 0 || n === all[i - 1] + 1);
// Card text in code point order, as the state reports hands: "10S" before "2S".
const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// An illegal action: the reason code of the published list, and a sentence.
class Rejected extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

// "set" or "run" for a legal meld of basic Rummy; Rejected names the fault.
function meldKind(cards) {
  if (cards.length < 3) throw new Rejected("too-short", "a meld needs at least three cards");
  const ranks = cards.map(rank);
  const suits = cards.map(suit);
  if (new Set(ranks).size === 1) {
    if (cards.length > 4) throw new Rejected("too-long", "a set holds at most four cards");
    return "set";
  }
  if (new Set(suits).size !== 1) {
    // Neither a set nor a run: name the fault of the one the cards resemble.
    const sameRank = Math.max(...ranks.map((r) => count(ranks, r)));
    const sameSuit = Math.max(...suits.map((s) => count(suits, s)));
    if (sameRank >= sameSuit) {
      throw new Rejected("mixed-ranks", "the cards of a set must all have one rank");
    }
    throw new Rejected("mixed-suits", "the cards of a run must all have one suit");
  }
  if (consecutive(ranks)) return "run";
  if (consecutive(ranks.map((r) => (r === 1 ? 14 : r)))) {
    throw new Rejected("ace-position", "the ace is low in a run: Q-K-A is not a run");
  }
  for (let start = 0; start < 13; start++) {
    if (consecutive(ranks.map((r) => (((r - 1 - start) % 13) + 13) % 13))) {
      throw new Rejected("wrap-around", "a run may not go around the corner (K-A-2)");
    }
  }
  throw new Rejected("not-consecutive", "the cards of a run must have consecutive ranks");
}

// One hand of basic Rummy from an explicit deal.
// Does the hand hold every card named, each as often as it is named (a card held once
// may not stand twice in a meld)?
function holds(hand, cards) {
  const left = [...hand];
  for (const card of cards) {
    const at = left.indexOf(card);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

class Game {
  constructor(players, setup) {
    this.players = players;
    this.dealer = setup.dealer;
    this.hands = setup.hands.map((hand) => [...hand]);
    this.stock = [...setup.stock]; // top card first
    this.discard = [...setup.discard]; // bottom card first, the upcard last
    this.round = setup.round ?? 1;
    this.totals = setup.totals ?? new Array(players).fill(0);
    this.turn = (this.dealer + 1) % players;
    this.drawn = false;
    this.taken = null; // the upcard taken this turn: it may not go back at once
    this.table = []; // melds in the order they were laid
  }

  act(action) {
    if (action.player !== this.turn) throw new Rejected("not-your-turn", "another player is to act");
    if (action.type === "draw") return this.draw(action.source);
    if (!this.drawn) throw new Rejected("must-draw-first", "the turn starts with a draw");
    if (action.type === "meld") return this.meld(action.melds ?? []);
    if (action.type === "discard") return this.throwCard(action.card);
    throw new Rejected("bad-action", `this engine does not know the action '${action.type}' yet`);
  }

  draw(source) {
    if (this.drawn) throw new Rejected("already-drawn", "the player has drawn this turn");
    const pile = source === "stock" ? this.stock : this.discard;
    if ((source !== "stock" && source !== "discard") || pile.length === 0) {
      throw new Rejected("bad-action", `cannot draw from '${source}'`);
    }
    const card = source === "stock" ? pile.shift() : pile.pop();
    this.taken = source === "discard" ? card : null;
    this.hands[this.turn].push(card);
    this.drawn = true;
  }

  meld(melds) {
    const hand = this.hands[this.turn];
    if (melds.length !== 1 || !holds(hand, melds[0])) {
      throw new Rejected("not-in-hand", "the player does not hold those cards");
    }
    const kind = meldKind(melds[0]);
    const cards = [...melds[0]].sort(kind === "run" ? (a, b) => rank(a) - rank(b) : byText);
    for (const card of cards) hand.splice(hand.indexOf(card), 1);
    this.table.push({ owner: this.turn, kind, cards, wilds: [] });
  }

  throwCard(card) {
    const hand = this.hands[this.turn];
    if (!hand.includes(card)) throw new Rejected("not-in-hand", "the player does not hold that card");
    if (card === this.taken) {
      throw new Rejected("keep-taken-card", "the card taken from the pile stays this turn");
    }
    hand.splice(hand.indexOf(card), 1);
    this.discard.push(card);
    this.turn = (this.turn + 1) % this.players;
    this.drawn = false;
    this.taken = null;
  }

  state() {
    const each = (value) => new Array(this.players).fill(value);
    return {
      phase: this.drawn ? "play" : "draw",
      round: this.round,
      dealer: this.dealer,
      turn: this.turn,
      hands: this.hands.map((hand) => [...hand].sort(byText)),
      table: this.table,
      discard_top: this.discard.length ? this.discard[this.discard.length - 1] : null,
      discard_size: this.discard.length,
      stock_size: this.stock.length,
      down: each(false),
      buys: each(0),
      claim: null,
      offer: [],
      contracts: each(0),
      totals: this.totals,
      results: [],
      winners: [],
    };
  }
}

let game = null;

// The reply to one request, without its seq.
function answer(msg) {
  switch (msg.cmd) {
    case "hello":
      return {
        protocol: 1,
        engine: { name: "rummy starter (node)", version: "0.1" },
        variants: ["rummy"],
        features: [],
      };
    case "new":
      if (msg.variant !== "rummy" || (msg.options ?? []).length) {
        game = null;
        return { skip: "only basic rummy, without options" };
      }
      game = new Game(msg.players, msg.setup);
      return { ok: true };
    case "close":
      return { ok: true };
  }
  if (game === null) return { error: `'${msg.cmd}' before 'new'` };
  if (msg.cmd === "act") {
    try {
      game.act(msg.action);
      return { result: "accepted" };
    } catch (no) {
      if (!(no instanceof Rejected)) throw no;
      return { result: "rejected", reason: no.reason, message: no.message };
    }
  }
  if (msg.cmd === "state") return { state: game.state() };
  return { error: `unknown command '${msg.cmd}'` };
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const msg = JSON.parse(line);
  const reply = JSON.stringify({ seq: msg.seq, ...answer(msg) }) + "\n";
  if (msg.cmd === "close") process.stdout.write(reply, () => process.exit(0));
  else process.stdout.write(reply);
});
