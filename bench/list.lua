-- Workload (a) of `make bench`: GET <prefix>/todos, each request with the X-CHALLENGER of
-- one of the benchmark's sessions, taken round-robin (each wrk thread starts elsewhere in
-- the list so the threads do not walk the sessions in step).
--
-- wrk -s bench/list.lua URL -- PREFIX SESSIONS_FILE
--   PREFIX         "/api" for our server, "" for json-server
--   SESSIONS_FILE  one X-CHALLENGER GUID a line
-- done() prints one JSON line starting with BENCH_RESULT for bench/run.py.

local threads = {}
local next_id = 0

function setup(thread)
   next_id = next_id + 1
   thread:set("thread_id", next_id)
   table.insert(threads, thread)
end

local requests = {}
local counter = 0

local function read_sessions(path)
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

function init(args)
   local prefix = args[1] or "/api"
   local sessions = read_sessions(args[2])
   -- Formatting a request costs more than sending it: build each session's bytes once.
   for i, guid in ipairs(sessions) do
      requests[i] = wrk.format("GET", prefix .. "/todos", { ["X-CHALLENGER"] = guid })
   end
   counter = ((thread_id or 1) - 1) * math.floor(#requests / 2)
end

function request()
   counter = counter % #requests + 1
   return requests[counter]
end

function done(summary, latency, requests_)
   local e = summary.errors
   io.write(string.format(
      'BENCH_RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, '
         .. '"max_us": %d, "non2xx": %d, "socket_errors": %d}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
      latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
