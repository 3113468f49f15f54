"""What runs the process and the request cycle, below the product: no view, selector,
service or challenge imports this package (tests/core/test_server_stays_apart.py).

Each piece stays for a measured gain on the classroom mix or a reliability property
(docs/benchmark.md, "What each server piece buys", measured on 2026-11-27 on 2 cores):

* `serve.py`: `python -m practiceapi.server.serve`, the command `make run` starts; a worker
  per CPU, one Django thread each on SQLite and four on PostgreSQL, and the limits that
  keep thousands of half-open connections from stopping it ("Slow clients").
* `asgi.py`: granian's ASGI interface in front of Django, request bodies collected on the
  event loop with a deadline. Kept for reliability: a client that stops sending holds a
  coroutine, not one of the few Django threads. It costs 6-9 % more CPU per request than
  granian's WSGI interface (`PROXY_BUFFERS_BODIES=1`, for hosts behind a proxy that
  buffers bodies) and serves 7-15 % more requests per second.
* `handlers.py`: the API routes' own middleware stack (without it the mix costs 29-41 %
  more CPU per request) and their own request cycle without Django's request signals
  (9-12 % more without it, on SQLite).
* `cpus.py`: a CPU of its own for each worker: 6-11 % less CPU per request and 28-45 %
  more requests per second on 2 cores.
* `wsgi.py`: Django's WSGI application, split between the two stacks.
* `console.py`: the URLs `make run` prints once the server answers.
* `hosted.py`: `make hosted`, docs/hosting.md's shape on one machine.
"""
