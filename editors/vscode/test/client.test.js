// The extension's client logic against the real server: the server is started exactly as
// the extension starts it (client.js, default settings: `rummy-spec lsp` from PATH), then
// spoken to over its standard input and output as the language client does: a document is
// opened with errors (diagnostics come back), fixed (they clear), and hover, completion
// after `extends` and formatting are asked for.  tests/lang/test_vscode_client.py runs it.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn } = require("node:child_process");
const { pathToFileURL } = require("node:url");
const { serverOptions, clientOptions } = require("../client");

const defaults = { get: (_key, fallback) => fallback }; // no user settings

class Connection {
  constructor(options) {
    this.child = spawn(options.command, options.args, { stdio: ["pipe", "pipe", "inherit"] });
    this.buffer = Buffer.alloc(0);
    this.waiting = new Map(); // id -> resolve
    this.notes = []; // [method, params]
    this.listeners = [];
    this.nextId = 1;
    this.child.stdout.on("data", (chunk) => this.read(chunk));
  }

  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.slice(0, end))[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.slice(end + 4, end + 4 + length).toString("utf8"));
      this.buffer = this.buffer.slice(end + 4 + length);
      if (message.id !== undefined && this.waiting.has(message.id)) {
        this.waiting.get(message.id)(message);
        this.waiting.delete(message.id);
      } else if (message.method) {
        if (message.id !== undefined) this.send({ jsonrpc: "2.0", id: message.id, result: null });
        this.notes.push([message.method, message.params]);
        this.listeners.forEach((listen) => listen());
      }
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${method}`)), 60000);
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method, params) {
    this.send({ jsonrpc: "2.0", method, params });
  }

  // the next notification `method` whose params pass `test`, counting from `from`
  note(method, test, from = 0) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method}`)), 60000);
      const look = () => {
        const found = this.notes.slice(from).find(([m, p]) => m === method && test(p));
        if (found) {
          clearTimeout(timer);
          this.listeners = this.listeners.filter((l) => l !== look);
          resolve(found[1]);
        }
      };
      this.listeners.push(look);
      look();
    });
  }
}

const BROKEN = `variant house "House" extends continental {
    deal {cards  11}
    contracts { 8: 2 runn }
}
`;

test("diagnostics, hover, completion and formatting round trips", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rummy-vscode-"));
  fs.mkdirSync(path.join(folder, "family"));
  fs.writeFileSync(path.join(folder, "family", "grandma.rummy"),
                   'variant grandma "Grandma" extends continental {\n}\n');
  const file = path.join(folder, "house.rummy");
  fs.writeFileSync(file, BROKEN);
  const uri = pathToFileURL(file).href;
  const options = serverOptions(defaults);
  assert.deepStrictEqual([options.command, options.args], ["rummy-spec", ["lsp"]]);
  assert.ok(clientOptions().documentSelector.some((s) => s.language === "rummy"));
  const server = new Connection(options);
  try {
    const init = await server.request("initialize", {
      processId: process.pid, rootUri: pathToFileURL(folder).href, capabilities: {},
      workspaceFolders: [{ uri: pathToFileURL(folder).href, name: "engine" }],
    });
    assert.ok(init.capabilities.hoverProvider);
    assert.ok(init.capabilities.documentFormattingProvider);
    server.notify("initialized", {});
    const doc = { uri };
    server.notify("textDocument/didOpen",
                  { textDocument: { uri, languageId: "rummy", version: 1, text: BROKEN } });
    const first = await server.note("textDocument/publishDiagnostics",
                                    (p) => p.uri === uri && p.version === 1);
    assert.ok(first.diagnostics.length >= 1, JSON.stringify(first));
    const runn = first.diagnostics.find((d) => d.range.start.line === 2);
    assert.ok(runn && /runn/.test(runn.message), JSON.stringify(first.diagnostics));

    const fixed = BROKEN.replace("runn", "runs");
    const before = server.notes.length;
    server.notify("textDocument/didChange", {
      textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }],
    });
    const second = await server.note("textDocument/publishDiagnostics",
                                     (p) => p.uri === uri && p.version === 2, before);
    assert.deepStrictEqual(second.diagnostics, []);

    const hover = await server.request("textDocument/hover",
                                       { textDocument: doc, position: { line: 1, character: 12 } });
    assert.ok(hover && /`cards EXPR`/.test(hover.contents.value) && /deal/.test(hover.contents.value),
              JSON.stringify(hover));

    const parents = await server.request("textDocument/completion",
                                         { textDocument: doc, position: { line: 0, character: 30 } });
    const labels = (parents.items || parents).map((i) => i.label);
    for (const want of ["continental", "contract", "gin", "liverpool", '"family/grandma.rummy"']) {
      assert.ok(labels.includes(want), `${want} not offered after extends: ${labels}`);
    }
    assert.ok(!labels.includes('"house.rummy"'), "the file itself is no parent");
    const narrowed = await server.request("textDocument/completion",
                                          { textDocument: doc, position: { line: 0, character: 33 } });
    const names = (narrowed.items || narrowed).map((i) => i.label);
    assert.ok(names.length > 0 && names.every((n) => n.startsWith("con")), String(names));

    const edits = await server.request("textDocument/formatting", {
      textDocument: doc, options: { tabSize: 4, insertSpaces: true },
    });
    assert.strictEqual(edits.length, 1);
    assert.match(edits[0].newText, /deal \{ cards 11 \}/);

    await server.request("shutdown", null);
    server.notify("exit", null);
  } finally {
    server.child.kill();
  }
});
