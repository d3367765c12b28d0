// The rummy-spec playground: a spec editor checked as you type, the resolved rules, the
// rulebook page, and a hand against bots, all from rummy_spec itself running in Pyodide.
// Everything is served from the built site: Pyodide and the wheels sit beside this file.

import { EditorView, basicSetup } from "codemirror";
import { linter, lintGutter } from "@codemirror/lint";

const here = new URL(".", import.meta.url);
const $ = (id) => document.getElementById(id);

let py = null; // the rummy_spec.playground module, once Python is up
let table = null; // the hand being played, a playground.Table

function status(text, failed = false) {
  const el = $("pg-status");
  el.textContent = text;
  el.classList.toggle("pg-failed", failed);
}

async function startPython() {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", here).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const wheels = await (await fetch(new URL("wheels/wheels.json", here))).json();
  for (const name of wheels) {
    const data = await (await fetch(new URL(`wheels/${name}`, here))).arrayBuffer();
    pyodide.unpackArchive(data, "wheel");
  }
  return pyodide.pyimport("rummy_spec.playground");
}

function toJs(value) {
  if (value && typeof value.toJs === "function") {
    const out = value.toJs({ dict_converter: Object.fromEntries });
    value.destroy();
    return out;
  }
  return value;
}

// ---- the editor and its diagnostics ------------------------------------------------------
function offset(doc, line, column) {
  const n = Math.min(Math.max(line, 1), doc.lines);
  const l = doc.line(n);
  return Math.min(l.from + Math.max(column - 1, 0), l.to);
}

let lastCheck = { variants: [], diagnostics: [] };

function showProblems(result) {
  const list = $("pg-problems");
  list.replaceChildren();
  if (!result.diagnostics.length) {
    const ok = document.createElement("li");
    ok.className = "pg-ok";
    ok.textContent = `ok: ${result.variants.join(", ") || "no variant"}: no errors, no warnings`;
    list.append(ok);
    return;
  }
  for (const d of result.diagnostics) {
    const item = document.createElement("li");
    item.className = `pg-${d.severity}`;
    item.dataset.line = String(d.line);
    item.textContent = d.text;
    list.append(item);
  }
}

const specLinter = linter(
  (view) => {
    if (!py) return [];
    const text = view.state.doc.toString();
    lastCheck = toJs(py.check(text));
    showProblems(lastCheck);
    refreshViews(text);
    return lastCheck.diagnostics.map((d) => {
      const from = offset(view.state.doc, d.line, d.column);
      let to = offset(view.state.doc, d.end_line || d.line, d.end_column || d.column);
      if (to <= from) to = Math.min(from + 1, view.state.doc.length);
      return {
        from, to, severity: d.severity,
        message: `${d.code} ${d.name}: ${d.message}${d.hint ? `\nhint: ${d.hint}` : ""}`,
      };
    });
  },
  { delay: 400 },
);

const editor = new EditorView({
  parent: $("pg-editor"),
  doc: "",
  extensions: [basicSetup, lintGutter(), specLinter],
});
window.rummyEditor = editor; // for the page's own tests and for curious readers

function setText(text) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
}

// ---- the rules and the rulebook of what is typed -----------------------------------------
function chosenVariant() {
  return lastCheck.variants.length ? lastCheck.variants[0] : null;
}

let currentTab = "problems";

function refreshViews(text) {
  // only the tab in view is rendered again: the rulebook page takes a moment to build
  if (!py || (currentTab !== "rules" && currentTab !== "book")) return;
  const name = chosenVariant();
  if (!name) {
    $("pg-rules").textContent = "no variant to show: fix the errors first";
    $("pg-book").srcdoc = "<p>no variant to show: fix the errors first</p>";
    return;
  }
  if (currentTab === "rules") $("pg-rules").textContent = py.rules(text, name);
  else $("pg-book").srcdoc = py.rulebook(text, name);
}

// ---- a hand against bots -----------------------------------------------------------------
function red(line) {
  // hearts and diamonds in red, as the terminal game shows them
  const span = (card) => `<span class="pg-red">${card}</span>`;
  return line
    .replace(/&/g, "&amp;").replace(/</g, "&lt;")
    .replace(/(?:10|[2-9AJQK])[♥♦]\*?/g, span);
}

function say(lines) {
  const log = $("pg-log");
  for (const line of lines) {
    const row = document.createElement("div");
    row.className = line.startsWith("you cannot") ? "pg-refusal"
      : line.startsWith("you ") ? "pg-you" : "";
    row.innerHTML = red(line) || "&nbsp;";
    log.append(row);
  }
  log.scrollTop = log.scrollHeight;
}

function deal() {
  if (!py) return;
  const name = chosenVariant();
  $("pg-log").replaceChildren();
  if (table) table.destroy();
  table = null;
  if (!name) {
    say(["no variant to play: fix the errors first"]);
    return;
  }
  const players = Number($("pg-players").value) || undefined;
  const seed = Number($("pg-seed").value) || 1;
  const made = py.new_table(editor.state.doc.toString(), name, players, seed);
  if (typeof made === "string") {
    say([made]);
    return;
  }
  table = made;
  say(toJs(table.lines()));
  $("pg-command").focus();
}

function command(event) {
  event.preventDefault();
  const input = $("pg-command");
  const line = input.value;
  input.value = "";
  if (!table) {
    deal();
    return;
  }
  say([`> ${line}`]);
  say(toJs(table.command(line)));
  if (table.over) say(["(the game is over: deal again to play another)"]);
}

// ---- the page ------------------------------------------------------------------------------
function showTab(name) {
  currentTab = name;
  for (const button of document.querySelectorAll("#playground [data-tab]")) {
    const on = button.dataset.tab === name;
    button.classList.toggle("pg-active", on);
    $(`pg-tab-${button.dataset.tab}`).hidden = !on;
  }
  refreshViews(editor.state.doc.toString());
}

async function main() {
  for (const button of document.querySelectorAll("#playground [data-tab]")) {
    button.addEventListener("click", () => showTab(button.dataset.tab));
  }
  showTab("problems");
  $("pg-deal").addEventListener("click", deal);
  $("pg-form").addEventListener("submit", command);
  status("starting Python (Pyodide) in this page…");
  try {
    py = await startPython();
  } catch (err) {
    status(`Python did not start: ${err}`, true);
    throw err;
  }
  const picker = $("pg-builtin");
  for (const name of toJs(py.builtin_names())) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    picker.append(option);
  }
  const asked = new URLSearchParams(location.search).get("variant") || "gin";
  picker.value = asked;
  picker.addEventListener("change", () => setText(py.spec_text(picker.value)));
  setText(py.spec_text(asked) || py.spec_text("gin"));
  status("ready: edit the spec; it is checked as you type");
  document.body.dataset.playground = "ready";
}

main();
