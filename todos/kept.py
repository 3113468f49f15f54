"""A per-process store of the most recently stored values, for the list caches of issue 8
(`todos.middleware.RenderedLists`, `todos.replay.Answers`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LastStored(Generic[K, V]):
    """Values by key; the `size` most recently stored are kept. `lookup` takes no lock (a
    dict lookup is atomic under the GIL); `store` does."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def lookup(self, key: K) -> V | None:
        return self._entries.get(key)

    def store(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
