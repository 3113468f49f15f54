-- Workload (b) of `make bench`, a classroom's mix: per draw 45 % GET <prefix>/todos, 10 %
-- GET <prefix>/todos?doneStatus=false, 25 % GET <prefix>/todos/{1..10}, 20 % POST
-- <prefix>/todos (JSON), each with Postman's headers (bench/postman.lua) and the
-- X-CHALLENGER of a random benchmark session. Each todo created is then amended with a full
-- PUT, sent once the 201 has arrived, and deleted, sent once the PUT's 200 has arrived: of
-- every 140 requests 60 are durable writes (about 43 %), no session nears the 20-todo cap,
-- and the seeded todos 1-10 that the reads look at are never touched.
--
-- wrk calls response() and then request() on the same connection, so a follow-up queued in
-- response() is the next request of the connection that received the answer.
--
-- wrk -s bench/mixed.lua URL -- PREFIX SESSIONS_FILE [WEIGHTS]   (run from bench/)
--   PREFIX         "/api" for our server, "" for json-server
--   SESSIONS_FILE  one X-CHALLENGER GUID a line
--   WEIGHTS        percentages of list, filtered list, one todo, create per draw
--                  (default "45,10,25,20"); "0,0,100,0" loads one request shape alone
-- done() prints one JSON line starting with BENCH_RESULT for bench/run.py.

local postman = require("postman")

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
amended = 0
deleted = 0

local prefix = "/api"
local sessions = {}
local follow_ups = {} -- { kind, path, guid }, taken by this thread's next request()
local CREATE_BODY = '{"title":"bench todo","description":"made by make bench"}'
local AMENDED = "amended by make bench"
local PUT_BODY = '{"title":"bench todo","doneStatus":true,"description":"' .. AMENDED .. '"}'
local JSON = "application/json"

local bounds = { 45, 55, 80 } -- cumulative: list, filtered list, one todo; the rest create

function init(args)
   prefix = args[1] or "/api"
   sessions = postman.read_sessions(args[2])
   if args[3] then
      local total = 0
      local i = 1
      for weight in string.gmatch(args[3], "%d+") do
         total = total + tonumber(weight)
         if i <= 3 then
            bounds[i] = total
         end
         i = i + 1
      end
   end
   postman.start(thread_id)
end

local function send(method, path, guid, body)
   local extra = { ["X-CHALLENGER"] = guid }
   if body then
      extra["Content-Type"] = JSON
   end
   return postman.request(method, path, extra, body)
end

function request()
   local follow = table.remove(follow_ups)
   if follow then
      if follow.kind == "put" then
         return send("PUT", follow.path, follow.guid, PUT_BODY)
      end
      return send("DELETE", follow.path, follow.guid)
   end
   local guid = sessions[math.random(#sessions)]
   local draw = math.random(100)
   if draw <= bounds[1] then
      return send("GET", prefix .. "/todos", guid)
   elseif draw <= bounds[2] then
      return send("GET", prefix .. "/todos?doneStatus=false", guid)
   elseif draw <= bounds[3] then
      return send("GET", prefix .. "/todos/" .. math.random(10), guid)
   end
   return send("POST", prefix .. "/todos", guid, CREATE_BODY)
end

local function header(headers, wanted)
   for name, value in pairs(headers) do
      if string.lower(name) == wanted then
         return value
      end
   end
end

-- wrk does not say which request an answer belongs to: the two answers that start a
-- follow-up are told apart by their content (a 201's Location; the amended description in
-- a PUT's 200). json-server does not echo X-CHALLENGER and needs none.
function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
      return
   end
   local guid = header(headers, "x-challenger") or ""
   if status == 201 then
      -- Our Location is "/api/todos/11", json-server's "http://host:port/todos/11".
      local location = header(headers, "location")
      local id = location and string.match(location, "/todos/([^/?]+)$")
      if not id then
         non2xx = non2xx + 1 -- a 201 we cannot clean up after is a failure too
         return
      end
      created = created + 1
      table.insert(follow_ups, { kind = "put", path = prefix .. "/todos/" .. id, guid = guid })
   elseif body and string.find(body, AMENDED, 1, true) then
      local id = string.match(body, '"id"%s*:%s*(%d+)')
      if not id then
         non2xx = non2xx + 1
         return
      end
      amended = amended + 1
      table.insert(follow_ups, { kind = "delete", path = prefix .. "/todos/" .. id, guid = guid })
   elseif status == 204 or body == nil or #body == 0 or string.match(body, "^%s*{%s*}%s*$") then
      deleted = deleted + 1 -- DELETE: 204 here, 200 with {} on json-server
   end
end

function done(summary, latency, requests_)
   local totals = { created = 0, amended = 0, deleted = 0, non2xx = 0 }
   for _, thread in ipairs(threads) do
      for name, _ in pairs(totals) do
         totals[name] = totals[name] + (thread:get(name) or 0)
      end
   end
   local non2xx_total = totals.non2xx
   totals.non2xx = nil
   postman.report(summary, latency, non2xx_total, totals)
end
