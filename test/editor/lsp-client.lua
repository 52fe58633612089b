-- Drives manifest-language-server from inside Neovim 0.7 (the Debian version), with the built-in
-- LSP client only: no plugins, and as configuration only the set-up docs/editors.md gives.
--
-- Run as `nvim --headless --clean -u NONE -n -i NONE -c "luafile lsp-client.lua"`, with the
-- environment variable MANIFEST_LSP_PLAN naming a JSON file:
--   { "config": "...", "timeoutMs": 10000, "output": "...",
--     "files": [ { "path": "...", "completions": [ { "line": 0, "character": 0 } ] } ] }
-- It loads `config` as init.lua would be (the set-up starts the server when a JSON buffer opens),
-- opens every file as a JSON buffer, waits for the diagnostics the server publishes, asks for
-- completion at each position and writes what Neovim received to `output` as JSON. Exit code: 0
-- when everything arrived, 2 on a timeout, 3 on an error (the output file then says what was
-- missing or what failed).

local EXIT_TIMEOUT = 2
local EXIT_ERROR = 3

-- Neovim 0.10 renamed get_active_clients; keep working on both.
local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

local plan
local report = { ok = false, files = {} }

local function write_report()
  if plan and plan.output then
    vim.fn.writefile({ vim.fn.json_encode(report) }, plan.output)
  end
end

local function finish(code)
  local written, problem = pcall(write_report)
  if not written then
    report = { ok = false, error = 'could not write the report: ' .. tostring(problem) }
    pcall(write_report)
    code = EXIT_ERROR
  end
  -- Shut the server down before leaving, within a bounded time.
  for _, client in ipairs(get_clients()) do
    vim.lsp.stop_client(client.id)
  end
  vim.wait(3000, function()
    return #get_clients() == 0
  end, 20)
  if code == 0 then
    vim.cmd('qall!')
  else
    vim.cmd('cquit ' .. code)
  end
end

local function read_plan()
  local path = os.getenv('MANIFEST_LSP_PLAN')
  assert(path and path ~= '', 'MANIFEST_LSP_PLAN is not set')
  return vim.fn.json_decode(table.concat(vim.fn.readfile(path), '\n'))
end

-- What vim.diagnostic holds for a buffer once the default handler has processed the publication.
local function vim_diagnostics(bufnr)
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(result, {
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      severity = d.severity,
      code = d.code,
      message = d.message,
    })
  end
  return result
end

local function main()
  plan = read_plan()
  local timeout = plan.timeoutMs or 10000

  -- Diagnostics as the server published them, by URI. The set-up's client has no handler of its
  -- own, so it uses the global one: wrapped here, Neovim's default still runs so that they also
  -- land in vim.diagnostic, as they would for a user.
  local published = {}
  local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and result.uri then
      published[result.uri] = published[result.uri] or {}
      table.insert(published[result.uri], result)
    end
    return default_handler(err, result, ctx, config)
  end

  dofile(plan.config)

  -- Edit each file, as JSON (filetype detection is off without a configuration): the set-up's
  -- FileType autocommand starts the server and attaches the buffer.
  local buffers = {}
  for index, file in ipairs(plan.files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file.path))
    vim.cmd('setlocal filetype=json')
    local bufnr = vim.api.nvim_get_current_buf()
    buffers[index] = bufnr
    report.files[index] = { path = file.path, uri = vim.uri_from_bufnr(bufnr), lines = vim.api.nvim_buf_line_count(bufnr) }
  end
  -- Neovim lists a client once the server has answered `initialize`.
  local client_ready = vim.wait(timeout, function()
    return #get_clients() > 0
  end, 20)
  if not client_ready then
    report.error = 'timed out after ' .. timeout .. ' ms waiting for the server to initialize'
    return EXIT_TIMEOUT
  end
  local clients = get_clients()
  assert(#clients == 1, 'the set-up started ' .. #clients .. ' clients for the JSON buffers, not one')
  local client_id = clients[1].id
  report.clientId = client_id
  report.clientName = clients[1].name
  report.cmd = clients[1].config.cmd
  for index, file in ipairs(plan.files) do
    assert(vim.lsp.buf_is_attached(buffers[index], client_id), 'the set-up did not attach ' .. file.path)
  end

  -- Wait for the first publication for every open file.
  local all_published = vim.wait(timeout, function()
    for _, file in ipairs(report.files) do
      if not published[file.uri] then
        return false
      end
    end
    return true
  end, 20)
  for index, file in ipairs(report.files) do
    file.published = published[file.uri] or {}
    file.vimDiagnostics = vim_diagnostics(buffers[index])
  end
  if not all_published then
    local missing = {}
    for _, file in ipairs(report.files) do
      if #file.published == 0 then
        table.insert(missing, file.path)
      end
    end
    report.error = 'timed out after ' .. timeout .. ' ms waiting for diagnostics of ' .. table.concat(missing, ', ')
    return EXIT_TIMEOUT
  end

  -- Completion where each file asks for it.
  for index, file in ipairs(plan.files) do
    local answers = {}
    for _, position in ipairs(file.completions or {}) do
      local params = {
        textDocument = { uri = report.files[index].uri },
        position = { line = position.line, character = position.character },
      }
      local responses, err = vim.lsp.buf_request_sync(buffers[index], 'textDocument/completion', params, timeout)
      local response = responses and responses[client_id]
      if not response then
        report.error = 'no completion answer at ' .. position.line .. ':' .. position.character .. ' of '
          .. file.path .. ' (' .. tostring(err or 'no response') .. ')'
        report.files[index].completions = answers
        return EXIT_TIMEOUT
      end
      table.insert(answers, { position = params.position, error = response.err or vim.NIL, result = response.result or vim.NIL })
    end
    report.files[index].completions = answers
  end

  report.ok = true
  return 0
end

local succeeded, outcome = xpcall(main, debug.traceback)
if succeeded then
  finish(outcome)
else
  report.error = tostring(outcome)
  io.stderr:write(report.error .. '\n')
  finish(EXIT_ERROR)
end
