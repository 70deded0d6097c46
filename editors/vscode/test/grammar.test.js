// The TextMate grammar against the pest grammar (issue 40). Reads the reserved words from the
// `keyword` rule of grammar/cardgame.pest, tokenizes every games/*.cardgame,
// games/variants/*.cardgame and every ```cardgame block of docs/cookbook.md with the real
// tokenizer (vscode-textmate on vscode-oniguruma, as VS Code does), and checks:
//   - every reserved word, as a whole word outside comments and strings (the `{...}` holes of a
//     string are code), has a `keyword.*` or `constant.language*` scope;
//   - nothing inside a `//` comment is scoped as a keyword, and all of it is a comment;
//   - every reserved word alone on a line and in `f(word)`, whether or not a file uses it;
//   - every character of a string (its quotes and text, not its holes) is scoped as a string.
// Where comments and strings lie is worked out here by a small scanner of the language's own
// rules (docs/language.md), not by the TextMate grammar under test.
// Prints what it checked; exits 1 listing the first failures.
'use strict';

const fs = require('fs');
const path = require('path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const here = path.resolve(__dirname, '..');
const repo = path.resolve(here, '..', '..');
const MAX_SHOWN = 30;

/** The words of the `keyword` rule: every "..." literal between `keyword = @{` and its `}`. */
function reservedWords() {
    const pest = fs.readFileSync(path.join(repo, 'grammar', 'cardgame.pest'), 'utf8');
    const start = pest.search(/^keyword\s*=\s*@?\{/m);
    if (start < 0) throw new Error('grammar/cardgame.pest has no `keyword` rule');
    // The rule's body runs to its closing brace; its literals hold no braces.
    let depth = 0;
    let end = -1;
    for (let i = pest.indexOf('{', start); i < pest.length; i++) {
        if (pest[i] === '"') {
            i = pest.indexOf('"', i + 1);
            continue;
        }
        if (pest[i] === '{') depth++;
        if (pest[i] === '}' && --depth === 0) {
            end = i;
            break;
        }
    }
    if (end < 0) throw new Error('the `keyword` rule of grammar/cardgame.pest does not end');
    const body = pest.slice(start, end).replace(/\/\/[^\n]*/g, '');
    const words = [...body.matchAll(/"([^"\\]*)"/g)].map((m) => m[1]);
    if (words.length < 10 || words.some((w) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w))) {
        throw new Error(`the \`keyword\` rule's words do not look like words: ${words.join(' ')}`);
    }
    return new Set(words);
}

/** The files and blocks to check: [{name, firstLine, text}] (firstLine: the text's first line in the file). */
function sources() {
    const out = [];
    for (const dir of ['games', path.join('games', 'variants')]) {
        for (const f of fs.readdirSync(path.join(repo, dir)).sort()) {
            if (f.endsWith('.cardgame')) {
                const name = path.join(dir, f);
                out.push({ name, firstLine: 1, text: fs.readFileSync(path.join(repo, name), 'utf8') });
            }
        }
    }
    const cookbook = fs.readFileSync(path.join(repo, 'docs', 'cookbook.md'), 'utf8').split('\n');
    let block = null;
    cookbook.forEach((line, i) => {
        if (block === null && /^\s*```cardgame\s*$/.test(line)) {
            block = { name: 'docs/cookbook.md', firstLine: i + 2, lines: [] };
        } else if (block !== null && /^\s*```\s*$/.test(line)) {
            out.push({ name: block.name, firstLine: block.firstLine, text: block.lines.join('\n') });
            block = null;
        } else if (block !== null) {
            block.lines.push(line);
        }
    });
    if (block !== null) throw new Error(`${block.name}:${block.firstLine - 1}: a cardgame block that does not end`);
    return out;
}

/**
 * What each character of a text is, by the language's rules: 'code', 'comment', 'string' (a
 * string's quotes and text) or 'hole' (code inside a string's `{...}`, which may hold strings).
 */
function classify(text) {
    const kind = new Array(text.length);
    // A stack of what we are inside: {type: 'string'} or {type: 'hole', depth}.
    const stack = [];
    const top = () => stack[stack.length - 1];
    let i = 0;
    while (i < text.length) {
        const c = text[i];
        const t = top();
        if (t && t.type === 'string') {
            kind[i] = 'string';
            if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
                kind[i + 1] = 'string';
                i += 2;
                continue;
            }
            if (c === '"') stack.pop();
            else if (c === '{') {
                kind[i] = 'hole';
                stack.push({ type: 'hole', depth: 0 });
            }
            i++;
            continue;
        }
        const code = t ? 'hole' : 'code';
        if (c === '/' && text[i + 1] === '/') {
            while (i < text.length && text[i] !== '\n') kind[i++] = 'comment';
            continue;
        }
        kind[i] = code;
        if (c === '"') {
            kind[i] = 'string';
            stack.push({ type: 'string' });
        } else if (t && c === '{') {
            t.depth++;
        } else if (t && c === '}') {
            if (t.depth === 0) stack.pop();
            else t.depth--;
        }
        i++;
    }
    return kind;
}

async function loadGrammar() {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
        onigLib: Promise.resolve({
            createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
            createOnigString: (s) => new oniguruma.OnigString(s),
        }),
        loadGrammar: async (scopeName) => {
            if (scopeName !== 'source.cardgame') return null;
            const file = path.join(here, 'syntaxes', 'cardgame.tmLanguage.json');
            return vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
        },
    });
    return registry.loadGrammar('source.cardgame');
}

async function main() {
    const reserved = reservedWords();
    const grammar = await loadGrammar();
    const failures = [];
    const fail = (msg) => failures.push(msg);
    const count = { files: 0, lines: 0, tokens: 0, keywords: 0, commentChars: 0, stringChars: 0 };
    const seen = new Set();

    for (const { name, firstLine, text } of sources()) {
        count.files++;
        const kind = classify(text);
        const lines = text.split('\n');
        let ruleStack = vsctm.INITIAL;
        let offset = 0;
        lines.forEach((rawLine, n) => {
            const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
            const result = grammar.tokenizeLine(line, ruleStack);
            ruleStack = result.ruleStack;
            count.lines++;
            count.tokens += result.tokens.length;
            // The scopes of every character of the line.
            const scopes = new Array(line.length);
            for (const tok of result.tokens) {
                for (let c = tok.startIndex; c < Math.min(tok.endIndex, line.length); c++) scopes[c] = tok.scopes;
            }
            const where = (col) => `${name}:${firstLine + n}:${col + 1}`;
            const show = (col, len) => `"${line.slice(col, col + len)}" has ${(scopes[col] || []).slice(1).join(' ') || 'no scope'}`;
            const kindAt = (col) => kind[offset + col];

            // Reserved words: maximal runs of word characters in code.
            for (const m of line.matchAll(/[A-Za-z0-9_]+/g)) {
                const col = m.index;
                if (!reserved.has(m[0]) || !['code', 'hole'].includes(kindAt(col))) continue;
                count.keywords++;
                seen.add(m[0]);
                for (let c = col; c < col + m[0].length; c++) {
                    const ok = (scopes[c] || []).some((s) => s.startsWith('keyword.') || s.startsWith('constant.language'));
                    if (!ok) {
                        fail(`${where(col)}: the reserved word ${show(col, m[0].length)}, not a keyword scope`);
                        break;
                    }
                }
            }
            for (let c = 0; c < line.length; c++) {
                const s = scopes[c] || [];
                if (kindAt(c) === 'comment') {
                    count.commentChars++;
                    if (s.some((x) => x.startsWith('keyword') || x.startsWith('constant.language'))) {
                        fail(`${where(c)}: in a comment, ${show(c, 1)}`);
                    } else if (!s.some((x) => x.startsWith('comment.'))) {
                        fail(`${where(c)}: in a comment, ${show(c, 1)}, not a comment scope`);
                    } else continue;
                    break; // one failure a comment is enough
                }
                if (kindAt(c) === 'string') {
                    count.stringChars++;
                    if (!s.some((x) => x.startsWith('string.'))) {
                        fail(`${where(c)}: in a string, ${show(c, 1)}, not a string scope`);
                        break;
                    }
                }
            }
            offset += rawLine.length + 1;
        });
    }

    // Every reserved word on its own too, where no file uses it yet: alone on a line, and as an
    // argument (`f(word)`), so that a word added to the `keyword` rule fails here until the
    // TextMate grammar scopes it.
    for (const word of [...reserved].sort()) {
        for (const line of [word, `f(${word})`, `    ${word} x`]) {
            const { tokens } = grammar.tokenizeLine(line, vsctm.INITIAL);
            count.tokens += tokens.length;
            const col = line.indexOf(word);
            const tok = tokens.find((t) => t.startIndex <= col && col < t.endIndex);
            const ok = tok && tok.endIndex >= col + word.length &&
                tok.scopes.some((s) => s.startsWith('keyword.') || s.startsWith('constant.language'));
            if (!ok) {
                fail(`the reserved word "${word}" in the line "${line}" has ${tok ? tok.scopes.slice(1).join(' ') || 'no scope' : 'no token'}, not a keyword scope`);
            }
        }
    }

    const unseen = [...reserved].filter((w) => !seen.has(w)).sort();
    console.log(
        `checked ${count.files} files and blocks (${count.lines} lines, ${count.tokens} TextMate tokens): ` +
            `${count.keywords} occurrences of ${seen.size} of the ${reserved.size} reserved words, ` +
            `${count.commentChars} characters of comments, ${count.stringChars} characters of strings`,
    );
    if (unseen.length > 0) console.log(`reserved words that no file uses (checked only on their own): ${unseen.join(' ')}`);
    if (failures.length > 0) {
        console.log(`${failures.length} failures; the first ${Math.min(failures.length, MAX_SHOWN)}:`);
        for (const f of failures.slice(0, MAX_SHOWN)) console.log(`  ${f}`);
        process.exit(1);
    }
    console.log('ok: every reserved word is a keyword, comments are comments, strings are strings');
}

main().catch((e) => {
    console.error(e && e.stack ? e.stack : String(e));
    process.exit(2);
});
