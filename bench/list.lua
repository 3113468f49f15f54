-- Workload (a) of `make bench`: GET <prefix>/todos with Postman's headers (a new
-- Postman-Token each time, bench/postman.lua) and the X-CHALLENGER of one of the
-- benchmark's sessions, taken round-robin (each wrk thread starts elsewhere in the list so
-- the threads do not walk the sessions in step).
--
-- wrk -s bench/list.lua URL -- PREFIX SESSIONS_FILE   (run from bench/)
--   PREFIX         "/api" for our server, "" for json-server
--   SESSIONS_FILE  one X-CHALLENGER GUID a line
-- done() prints one JSON line starting with BENCH_RESULT for bench/run.py.

local postman = require("postman")

local threads = {}
local next_id = 0

function setup(thread)
   next_id = next_id + 1
   thread:set("thread_id", next_id)
   table.insert(threads, thread)
end

non2xx = 0 -- per thread, read back by done() through thread:get

local path = "/api/todos"
local sessions = {}
local counter = 0

function init(args)
   path = (args[1] or "/api") .. "/todos"
   sessions = postman.read_sessions(args[2])
   postman.start(thread_id)
   counter = ((thread_id or 1) - 1) * math.floor(#sessions / 2)
end

function request()
   counter = counter % #sessions + 1
   return postman.request("GET", path, { ["X-CHALLENGER"] = sessions[counter] })
end

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   end
end

function done(summary, latency, requests_)
   local total = 0
   for _, thread in ipairs(threads) do
      total = total + (thread:get("non2xx") or 0)
   end
   postman.report(summary, latency, total)
end
