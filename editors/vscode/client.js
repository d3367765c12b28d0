// What the extension tells the language client, kept apart from the editor's API so that
// a test can start the server exactly as the extension does (test/client.test.js).
"use strict";

const SETTINGS = "rummySpec";

// How the language server is started: `rummy-spec lsp` over standard input and output,
// the command and its arguments from the settings (`rummySpec.server.command`, `.args`).
// `config` answers get(key, fallback), as the editor's WorkspaceConfiguration does.
function serverOptions(config) {
  const command = config.get("server.command", "rummy-spec");
  const args = config.get("server.args", ["lsp"]);
  return { command, args, transport: 0 }; // 0: TransportKind.stdio
}

// Which documents the server sees: .rummy files, saved or not yet; `fileEvents` tells it
// when spec files of the workspace change (a parent may live in another file).
function clientOptions(fileEvents) {
  return {
    documentSelector: [
      { scheme: "file", language: "rummy" },
      { scheme: "untitled", language: "rummy" },
    ],
    synchronize: fileEvents ? { fileEvents } : {},
  };
}

module.exports = { SETTINGS, serverOptions, clientOptions };
