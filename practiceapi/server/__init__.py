"""What runs the process and the request cycle, below the product: no view, selector,
service or challenge imports this package (tests/architecture/test_server_stays_apart.py).

Each piece stays for a gain on the classroom mix (CPU per request, requests per second or
the p99) or for a reliability property; docs/benchmark.md, "What each server piece buys",
has the current figures and how to measure them again:

* `serve.py`: `python -m practiceapi.server.serve`, the command `make run` starts; a worker
  per CPU, one Django thread each on SQLite and four on PostgreSQL, and the limits that
  keep thousands of half-open connections from stopping it.
* `asgi.py`: granian's ASGI interface in front of Django, request bodies collected on the
  event loop with a deadline. Kept for reliability: a client that stops sending holds a
  coroutine, not one of the few Django threads. Granian's WSGI interface
  (`PROXY_BUFFERS_BODIES=1`, for hosts behind a proxy that buffers bodies) needs less CPU
  per request but serves fewer requests per second.
* `handlers.py`: the API routes' own middleware stack and their own request cycle without
  Django's request signals: work every API request would otherwise pay for and not use.
* `cpus.py`: a CPU of its own for each worker, whose threads hand every request to each
  other and share that CPU's caches.
* `wsgi.py`: Django's WSGI application, split between the two stacks.
* `console.py`: the URLs `make run` prints once the server answers.
* `hosted.py`: `make hosted`, docs/hosting.md's shape on one machine.
* `harness.py`: the production server, or any command, started in a process group of its
  own on a scratch database; what `make hosted`, the tests and `make bench` start with.
"""
