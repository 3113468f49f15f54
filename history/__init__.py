"""Each session's request history: what the server received from it and answered.

Writing stays off the request's path. `record` copies what an entry needs (the request's
header values as the environ holds them, the first 2 KB of each body as text) into a plain
tuple (`Entry`) and appends it to this process's buffer; nothing is cut, serialised or
written there. The buffer holds at most `BUFFER_LIMIT` entries and `BUFFER_BYTES` of their
texts (10 MB): past either, under a load the writer cannot keep up with, new entries are
dropped and counted, and the writer logs how many. A thread of each serving process
(`Writer`) writes the buffer every `APICHALLENGES_HISTORY_BATCH_SECONDS` in one
transaction: a row for each session (its newest entries of the batch, at most `KEPT` and
`SESSION_BYTES`, as one JSON array, older ones would be trimmed at once; a response body
that repeats an earlier one of the row is stored as that entry's place), built before the
transaction, with one COPY on PostgreSQL and INSERTs of many rows on SQLite. Each row
records its size in bytes. The writer then trims each session it has written `TRIM_EVERY`
entries or `TRIM_BYTES` for since it last did, deleting the rows that hold none of its
newest `KEPT` entries and none of its newest `SESSION_BYTES` (the database is the only
shared state, so several processes and hosts each trim what they wrote). A session thus
holds its newest rows up to `KEPT` entries and `SESSION_BYTES` (512 KB), the rest of the
row where that bound falls, and what the processes writing for it wrote since their last
trim; readers show the newest `KEPT`. The writer also runs when the process exits
(`atexit`, and multiprocessing's exit hook, which is what a server's worker processes
run), trimming everything it wrote. A process that dies without exiting (SIGKILL, power
loss) loses what was still in its buffer: at most the last batch.

The whole history is capped at `APICHALLENGES_HISTORY_MAX_MB` of stored entries (the rows'
sizes; 0: no cap). Each process adds up the bytes it writes and, once they reach a 64th
of the cap, sums the real total (one `SUM` over the rows' sizes); past the cap it deletes
the oldest rows (by id, the order they were written in) down to 90 % of it, never a row as
new as the batch it has just written. A session still being used thus keeps its latest
requests; sessions idle longest lose theirs first. The database holds somewhat more than
the entries' bytes: PostgreSQL about as much, the SQLite file up to half as much again
(rows of one large entry each, two to a page), twice at worst (rows just over half a
page, one to a page).

What an entry keeps, each cut where it is longer (a cut text ends with "…"; bodies are
cut silently):
- the method, `METHOD_LIMIT` (32) characters; the path with its query, `PATH_LIMIT` (1,024);
- the headers in the order received, each value `HEADER_VALUE_LIMIT` (1,000) characters,
  all names and values together `HEADERS_LIMIT` (2,048): the header in which that budget
  runs out is cut there and those after it are left out;
- the first `BODY_LIMIT` (2,048) bytes of the request's body and of the response's;
- and, whatever the characters (JSON writes a control character in 6 bytes), at most
  `ENTRY_LIMIT` (8,000) bytes of JSON: past it the longer body, then the last headers,
  give way (`_fitted`).
So a thousand of the largest requests a client can send (30 headers of 1,000 characters, a
2 KB path, a 4.9 KB body) take about 8 MB of the SQLite history file, where a row of one
entry takes half a 16 KB page, and 6.5 MB of PostgreSQL's table.

A history shows what the student's own client sent, never the site's cookies (an
instructor logged in to the admin who tries the student's API docs sends them too): the
`Cookie` header is kept as its cookie names only, "csrftoken; X-CHALLENGER", its values
dropped in `record`, before anything is buffered; and a request that carries the admin's
login (the `SESSION_COOKIE_NAME` cookie) is not recorded at all. Only the admin login makes
a Django session here (the student's pages keep their session's GUID in a cookie of their
own), so that cookie marks an instructor's browser; checking whether its session is still
logged in would cost the API request a database read, and tell whoever sends a guessed
key whether it is one. `Authorization` and `X-AUTH-TOKEN` stay as sent: they are the
practice API's credentials, the lesson; the admin's view masks them
(`history.reader.masked`).

With `APICHALLENGES_HISTORY_BATCH_SECONDS = 0` no thread starts and entries wait for an
explicit `flush()`: the test suite's setting, where each test's database work happens
inside its own transaction that a second thread's connection cannot see.

The history is in its own database where there is one (SQLite: `history.routers`).
Deleting a session (`purge_challengers`, the admin's delete) deletes its history once the
deletion commits (`forget_deleted`); a batch written for it meanwhile is deleted by its
writer, which checks its sessions after committing.
"""
