-- What both workloads of `make bench` share: the headers Postman sends with every request,
-- a request id that is new for every request (Postman's `Postman-Token`; tracing clients
-- send a trace id the same way), the session list, and the BENCH_RESULT line for
-- bench/run.py. Real clients never repeat a request byte for byte, so neither does this.
--
-- Loaded with require("postman"): bench/run.py starts wrk in bench/.

local M = {}

local USER_AGENT = "PostmanRuntime/7.43.0"
local issued = 0
local thread_tag = 0

-- Called from init(): tokens of different wrk threads never collide.
function M.start(thread_id)
   thread_tag = thread_id or 1
   math.randomseed(7919 * thread_tag)
end

-- A UUID-shaped token, unique per request within a run.
local function token()
   issued = issued + 1
   return string.format("%08x-%04x-4%03x-a%03x-%012x", math.random(0, 0x7fffffff),
      thread_tag % 0x10000, math.random(0, 0xfff), math.random(0, 0xfff), issued)
end

-- wrk.format with Postman's headers plus `extra` (a table, may be nil).
function M.request(method, path, extra, body)
   local headers = {
      ["User-Agent"] = USER_AGENT,
      ["Accept"] = "*/*",
      ["Cache-Control"] = "no-cache",
      ["Postman-Token"] = token(),
      ["Accept-Encoding"] = "gzip, deflate, br",
      ["Connection"] = "keep-alive",
   }
   for name, value in pairs(extra or {}) do
      headers[name] = value
   end
   return wrk.format(method, path, headers, body)
end

function M.read_sessions(path)
   local sessions = {}
   local file = assert(io.open(path, "r"))
   for line in file:lines() do
      if #line > 0 then
         table.insert(sessions, line)
      end
   end
   file:close()
   return sessions
end

-- The line bench/run.py reads: wrk's summary plus `counters` (name -> total).
function M.report(summary, latency, non2xx, counters)
   local e = summary.errors
   local extra = ""
   for name, value in pairs(counters or {}) do
      extra = extra .. string.format(', "%s": %d', name, value)
   end
   io.write(string.format(
      'BENCH_RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, '
         .. '"max_us": %d, "non2xx": %d, "socket_errors": %d, "connect_errors": %d, '
         .. '"read_errors": %d, "write_errors": %d, "timeouts": %d%s}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
      latency.max, non2xx, e.connect + e.read + e.write + e.timeout, e.connect, e.read,
      e.write, e.timeout, extra))
end

return M
