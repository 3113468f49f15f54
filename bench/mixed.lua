-- Workload (b) of `make bench`: 80 % GET <prefix>/todos, 10 % POST <prefix>/todos,
-- 10 % GET <prefix>/todos/{1..10}, each with the X-CHALLENGER of a random benchmark session.
-- Every todo the run creates is deleted again: the 201's Location (and its X-CHALLENGER
-- echo) is queued and the thread's next request is that DELETE, so no session ever gets
-- near the 20-todo cap and the seeded todos 1-10 that GET-one reads are never touched.
-- The DELETEs come on top of the 80/10/10 draw (about 1 request in 11).
--
-- wrk -s bench/mixed.lua URL -- PREFIX SESSIONS_FILE
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

-- Per-thread counters, read back by done() through thread:get (so they must be globals).
non2xx = 0
created = 0
deleted = 0
lists = 0
get_ones = 0

local prefix = "/api"
local sessions = {}
local list_requests = {}
local pending_deletes = {}
local CREATE_BODY = '{"title":"bench todo","description":"made and deleted by make bench"}'

local function read_sessions(path)
   local found = {}
   local file = assert(io.open(path, "r"))
   for line in file:lines() do
      if #line > 0 then
         table.insert(found, line)
      end
   end
   file:close()
   return found
end

function init(args)
   prefix = args[1] or "/api"
   sessions = read_sessions(args[2])
   for i, guid in ipairs(sessions) do
      list_requests[i] = wrk.format("GET", prefix .. "/todos", { ["X-CHALLENGER"] = guid })
   end
   -- A fixed seed per thread: every run draws the same sequence.
   math.randomseed(7919 * (thread_id or 1))
end

function request()
   local delete = table.remove(pending_deletes)
   if delete then
      return wrk.format("DELETE", delete.path, { ["X-CHALLENGER"] = delete.guid })
   end
   local session = math.random(#sessions)
   local draw = math.random(100)
   if draw <= 80 then
      lists = lists + 1
      return list_requests[session]
   elseif draw <= 90 then
      return wrk.format("POST", prefix .. "/todos", {
         ["X-CHALLENGER"] = sessions[session],
         ["Content-Type"] = "application/json",
      }, CREATE_BODY)
   end
   get_ones = get_ones + 1
   return wrk.format("GET", prefix .. "/todos/" .. math.random(10),
      { ["X-CHALLENGER"] = sessions[session] })
end

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
      return
   end
   if status == 201 then
      local location, guid
      for name, value in pairs(headers) do
         local lower = string.lower(name)
         if lower == "location" then
            location = value
         elseif lower == "x-challenger" then
            guid = value
         end
      end
      -- Our Location is "/api/todos/11", json-server's "http://host:port/todos/11".
      local id = location and string.match(location, "/todos/([^/?]+)$")
      if id then
         created = created + 1
         table.insert(pending_deletes, { path = prefix .. "/todos/" .. id, guid = guid or "" })
      else
         non2xx = non2xx + 1 -- a 201 we cannot clean up after is a failure too
      end
   elseif status == 204 or status == 200 then
      -- DELETE answers 204 here and 200 on json-server; lists and get-ones are counted
      -- when sent, so count only what cannot be a read: a body-less answer.
      if status == 204 or #body == 0 or body == "{}" then
         deleted = deleted + 1
      end
   end
end

function done(summary, latency, requests_)
   local totals = { non2xx = 0, created = 0, deleted = 0, lists = 0, get_ones = 0 }
   for _, thread in ipairs(threads) do
      for name, _ in pairs(totals) do
         totals[name] = totals[name] + (thread:get(name) or 0)
      end
   end
   local e = summary.errors
   io.write(string.format(
      'BENCH_RESULT {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, '
         .. '"max_us": %d, "non2xx": %d, "socket_errors": %d, "created": %d, '
         .. '"deleted": %d, "lists": %d, "get_ones": %d}\n',
      summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
      latency.max, totals.non2xx, e.connect + e.read + e.write + e.timeout, totals.created,
      totals.deleted, totals.lists, totals.get_ones))
end
