"""Background threads of a serving process (the request history's writer, the LTI grade
sender)."""

from __future__ import annotations

import signal
import threading


def start_without_signals(thread: threading.Thread) -> None:
    """Start `thread` with every signal blocked in it. The kernel hands a process's signal
    to any thread that does not block it, and one handed to a background thread does not
    wake a main thread waiting for it (granian's WSGI worker waits so for its SIGINT, and
    would never stop). A new thread inherits the mask of the thread that starts it, so the
    mask is set around the start and put back."""
    blocking = hasattr(signal, "pthread_sigmask")
    if blocking:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        thread.start()
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
