-- A headless check that Neovim's built-in client talks to `cardlang lsp` (docs/editors.md):
--
--   nvim --headless --clean -u editors/neovim/check.lua FILE.cardgame
--
-- Opens FILE, starts the server (CARDLANG, or `cardlang` on the PATH) with the API that every
-- Neovim from 0.7 has (vim.lsp.start_client), waits up to 10 s for the diagnostics, prints them,
-- the outline's top-level symbols and whether formatting changes the buffer, then quits; exits 1
-- when the server sent nothing.
local file = vim.fn.argv(0)
local cmd = { os.getenv('CARDLANG') or 'cardlang', 'lsp' }

vim.cmd('edit ' .. vim.fn.fnameescape(file))
vim.bo.filetype = 'cardgame'
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
    name = 'cardlang',
    cmd = cmd,
    root_dir = vim.fn.getcwd(),
})
if not client_id then
    io.stdout:write('could not start ' .. table.concat(cmd, ' ') .. '\n')
    vim.cmd('cquit 1')
end
vim.lsp.buf_attach_client(buf, client_id)

local function out(line) io.stdout:write(line .. '\n') end

local got = vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 100)
local client = vim.lsp.get_client_by_id(client_id)
out(string.format('server: %s %s', client.name,
    client.server_capabilities and 'capabilities received' or 'no capabilities'))
local diagnostics = vim.diagnostic.get(buf)
out(string.format('%d diagnostics for %s', #diagnostics, file))
for _, d in ipairs(diagnostics) do
    out(string.format('  %d:%d %s [%s] %s', d.lnum + 1, d.col + 1,
        vim.diagnostic.severity[d.severity], tostring(d.code), (d.message:gsub('\n.*', ''))))
end

local params = { textDocument = vim.lsp.util.make_text_document_params(buf) }
local symbols = client.request_sync('textDocument/documentSymbol', params, 5000, buf)
local names = {}
for _, s in ipairs((symbols and symbols.result) or {}) do table.insert(names, s.name) end
out(string.format('outline: %d symbols: %s', #names, table.concat(names, ', ')))

local fmt = client.request_sync('textDocument/formatting',
    { textDocument = params.textDocument, options = { tabSize = 4, insertSpaces = true } }, 5000, buf)
local edits = (fmt and fmt.result) or {}
out(string.format('formatting: %d edits', #edits))

vim.lsp.stop_client(client_id)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
if got then vim.cmd('qall!') else vim.cmd('cquit 1') end
