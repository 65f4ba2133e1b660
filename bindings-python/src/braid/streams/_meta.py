"""What identifies a stream wherever a handle goes: the part of a handle that is pickled."""

from typing import NamedTuple, Optional

FILE = "FILE"
OBJECT = "OBJECT"


class StreamMeta(NamedTuple):
    id: str
    alias: Optional[str]
    type: str
    mode: str
    base_dir: Optional[str]

    def describe(self) -> str:
        return self.id if self.alias is None else f"{self.id} ({self.alias!r})"


class RegistrationException(Exception):
    """The stream cannot be created (bad mode, base directory, alias of another type)."""


class BackendException(Exception):
    """A publish or poll the stream refuses (publishing on a closed stream, a path outside the base directory)."""
