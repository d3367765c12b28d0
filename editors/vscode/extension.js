// The VS Code extension: colours from the TextMate grammar (package.json), everything else
// from the language server `rummy-spec lsp`: diagnostics as you type, hover, completion
// and formatting (the `lsp` extra of rummy-spec must be installed where the command runs).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const { SETTINGS, serverOptions, clientOptions } = require("./client");

let client;

async function activate(context) {
  const config = vscode.workspace.getConfiguration(SETTINGS);
  const watcher = vscode.workspace.createFileSystemWatcher("**/*.rummy");
  context.subscriptions.push(watcher);
  client = new LanguageClient("rummy-spec", "rummy-spec language server",
                              serverOptions(config), clientOptions(watcher));
  try {
    await client.start();
  } catch (err) {
    const command = serverOptions(config).command;
    vscode.window.showErrorMessage(
      `rummy-spec: cannot start the language server (${command} lsp): ${err.message}. ` +
      "Install rummy-spec with its lsp extra, or set rummySpec.server.command.");
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
