// A smoke check of src/extension.js without VS Code: `node test/extension.smoke.js`. It loads
// the extension with a stand-in `vscode` module (every API it does not name answers with a
// disposable), builds the real vscode-languageclient LanguageClient, but replaces its start and
// stop with stubs that record the server command: activation, the restart command and a changed
// cardlang.server.path must each (re)start `<path> lsp` over stdio. It shows nothing about the
// protocol itself (the Rust tests over a real connection and the Neovim and Emacs tries of
// docs/editors.md do).
'use strict';
const Module = require('module');
const path = require('path');
const started = [];
const handler = { get: (t, k) => (k in t ? t[k] : new Proxy(function () {}, fnHandler)) };
const fnHandler = {
  get: (t, k) => (k === 'then' ? undefined : new Proxy(function () {}, fnHandler)),
  apply: () => new Proxy({ dispose() {} }, handler2),
  construct: () => new Proxy({ dispose() {} }, handler2),
};
const handler2 = { get: (t, k) => (k in t ? t[k] : k === 'then' ? undefined : new Proxy(function () {}, fnHandler)) };
const commands = {};
let configListener;
let pathSetting = 'cardlang';
const vscode = new Proxy({
  version: '1.95.0',
  workspace: new Proxy({
    getConfiguration: () => ({ get: (k) => (k === 'server.path' ? pathSetting : undefined) }),
    onDidChangeConfiguration: (f) => { configListener = f; return { dispose() {} }; },
  }, handler2),
  commands: new Proxy({ registerCommand: (n, f) => { commands[n] = f; return { dispose() {} }; } }, handler2),
  window: new Proxy({
    createOutputChannel: () => new Proxy({ dispose() {}, appendLine() {} }, handler2),
    showErrorMessage: (m) => { console.log('error shown:', m); },
  }, handler2),
}, handler2);
const orig = Module._load;
Module._load = function (req, parent, isMain) { return req === 'vscode' ? vscode : orig.apply(this, arguments); };
const ext = require(path.join(__dirname, '..', 'src', 'extension.js'));
const { LanguageClient } = require('vscode-languageclient/node');
LanguageClient.prototype.start = async function () { // TransportKind.stdio is 0.
  started.push(this._serverOptions.run.command + ' ' + this._serverOptions.run.args.join(' ') + ' via ' + this._serverOptions.run.transport); };
LanguageClient.prototype.stop = async function () { started.push('stop'); };
(async () => {
  const ctx = { subscriptions: [] };
  await ext.activate(ctx);
  await commands['cardlang.restartServer']();
  pathSetting = '/opt/cardlang';
  configListener({ affectsConfiguration: (s) => s === 'cardlang.server.path' });
  await new Promise((r) => setTimeout(r, 50));
  await ext.deactivate();
  const expected = ['cardlang lsp via 0', 'stop', 'cardlang lsp via 0', 'stop', '/opt/cardlang lsp via 0', 'stop'];
  console.log(started.join('\n'));
  if (JSON.stringify(started) !== JSON.stringify(expected)) {
    console.log('expected:\n' + expected.join('\n'));
    process.exit(1);
  }
  console.log('ok: activate starts cardlang lsp (stdio), the command and the setting restart it');
})().catch((e) => { console.log('failed', e); process.exit(1); });
