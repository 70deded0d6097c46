// The cardlang extension: starts `cardlang lsp` (the language server, over standard input and
// output) for `*.cardgame` files, restarts it on the command `cardlang.restartServer` and when
// the setting `cardlang.server.path` changes. Plain JavaScript: no build step.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel | undefined} */
let output;

function serverPath() {
    const configured = vscode.workspace.getConfiguration('cardlang').get('server.path');
    return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : 'cardlang';
}

function makeClient() {
    const command = serverPath();
    const run = { command, args: ['lsp'], transport: TransportKind.stdio };
    return new LanguageClient(
        'cardlang',
        'cardlang language server',
        { run, debug: run },
        {
            documentSelector: [
                { scheme: 'file', language: 'cardgame' },
                { scheme: 'untitled', language: 'cardgame' },
            ],
            outputChannel: output,
        },
    );
}

async function start() {
    client = makeClient();
    try {
        await client.start();
    } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        vscode.window.showErrorMessage(
            `cardlang: could not start the language server "${serverPath()} lsp" (${message}). ` +
                'Install cardlang (cargo install --path . in its checkout) or set cardlang.server.path.',
        );
    }
}

async function stop() {
    const old = client;
    client = undefined;
    if (old) {
        try {
            await old.stop();
        } catch {
            // A server that never started, or has died, has nothing to stop.
        }
    }
}

async function restart() {
    await stop();
    await start();
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
    output = vscode.window.createOutputChannel('cardlang');
    context.subscriptions.push(output);
    context.subscriptions.push(
        vscode.commands.registerCommand('cardlang.restartServer', restart),
        vscode.workspace.onDidChangeConfiguration((event) => {
            if (event.affectsConfiguration('cardlang.server.path')) {
                restart();
            }
        }),
        { dispose: () => { stop(); } },
    );
    await start();
}

function deactivate() {
    return stop();
}

module.exports = { activate, deactivate };
