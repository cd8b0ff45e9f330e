"""Shared-memory support for conversation observations, so ``AsyncVectorEnv`` works with its defaults."""

from __future__ import annotations

import multiprocessing as mp
import pickle
import struct
from collections.abc import Iterator, Sequence
from typing import Any

from gymnasium.vector.utils import create_shared_memory, read_from_shared_memory, write_to_shared_memory

from envfactory_gym.spaces import Conversation

_HEADER = struct.Struct("<Q")


class SharedConversations(Sequence):
    """A live view of the conversations that worker processes wrote into one shared byte buffer.

    ``AsyncVectorEnv`` hands out ``deepcopy(view)`` by default, which is a plain tuple of conversations.
    """

    def __init__(self, space: Conversation, buffer: Any, n: int) -> None:
        self._space, self._buffer, self._n = space, buffer, n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index: int) -> Any:  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._n)))
        if not -self._n <= index < self._n:
            raise IndexError(index)
        start = (index % self._n) * self._space.shared_memory_bytes
        view = memoryview(self._buffer).cast("B")
        (size,) = _HEADER.unpack_from(view, start)
        if size == 0:
            return ()
        return pickle.loads(view[start + _HEADER.size: start + _HEADER.size + size])

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(self._n))

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple:
        return tuple(self)

    def __repr__(self) -> str:
        return f"SharedConversations(n={self._n})"


@create_shared_memory.register(Conversation)
def _create(space: Conversation, n: int = 1, ctx: Any = mp) -> Any:
    return ctx.Array("B", n * space.shared_memory_bytes, lock=False)


@read_from_shared_memory.register(Conversation)
def _read(space: Conversation, shared_memory: Any, n: int = 1) -> SharedConversations:
    return SharedConversations(space, shared_memory, n)


@write_to_shared_memory.register(Conversation)
def _write(space: Conversation, index: int, value: Any, shared_memory: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    slot = space.shared_memory_bytes
    if len(data) + _HEADER.size > slot:
        raise ValueError(
            f"a conversation of {len(data)} bytes does not fit its shared-memory slot of {slot} bytes; "
            "pass vector_kwargs={'shared_memory': False} to gym.make_vec, or a larger shared_memory_bytes")
    view = memoryview(shared_memory).cast("B")
    start = index * slot
    _HEADER.pack_into(view, start, len(data))
    view[start + _HEADER.size: start + _HEADER.size + len(data)] = data
