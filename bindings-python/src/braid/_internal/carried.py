"""Values that braid-run carries as ordinary objects of the runtime, for what the Java side has no
parameter kind of its own (docs/PYTHON.md; docs/DESIGN.md, "Directories" and "Nested collections" under the session).

* :class:`DirectoryValue`: a DIRECTORY_* parameter's content, a tar archive of the directory. The
  main program sends it as an object (IN or INOUT); the worker extracts it into the task's
  directory, passes the task that path, and archives it again after the task when it is written.
* :class:`NestedShape`: how the leaves of a collection with ``Depth`` > 1 nest. The collection
  goes to the runtime flat (every leaf its own datum), this shape first; the worker rebuilds the
  nested lists before the task and flattens them again afterwards.
"""

import io
import os
import shutil
import tarfile
from typing import Any, List, Optional


class DirectoryValue:
    """The content of a directory named ``name`` (its base name), as an uncompressed tar archive."""

    __slots__ = ("name", "archive")

    def __init__(self, name: str, archive: bytes) -> None:
        self.name = name
        self.archive = archive

    def __reduce__(self):
        return DirectoryValue, (self.name, self.archive)

    @classmethod
    def of(cls, path: str) -> "DirectoryValue":
        """The directory's content now (empty when it does not exist). Entries are sorted, so
        an unchanged directory gives the same bytes."""
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
            if os.path.isdir(path):
                for entry in sorted(os.listdir(path)):
                    tar.add(os.path.join(path, entry), arcname=entry)
        return cls(os.path.basename(os.path.normpath(path)), buffer.getvalue())

    @classmethod
    def empty(cls, path: str) -> "DirectoryValue":
        """An empty directory of that name (what a DIRECTORY_OUT task starts from)."""
        buffer = io.BytesIO()
        tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT).close()
        return cls(os.path.basename(os.path.normpath(path)), buffer.getvalue())

    def extract(self, path: str) -> None:
        """Makes ``path`` a directory holding exactly this content (what it held before goes)."""
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)
        os.makedirs(path)
        with tarfile.open(fileobj=io.BytesIO(self.archive), mode="r") as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(path, filter="data")
            else:  # Python without extraction filters: refuse what would land outside the directory
                root = os.path.realpath(path)
                for member in tar.getmembers():
                    target = os.path.realpath(os.path.join(root, member.name))
                    if target != root and not target.startswith(root + os.sep):
                        raise ValueError(f"directory archive entry {member.name!r} is outside the directory")
                tar.extractall(path)


class NestedShape:
    """The nesting of a collection's leaves: one entry per item, None for a leaf, a NestedShape's
    ``items`` list for a nested list (flattened depth first, in order)."""

    __slots__ = ("items",)

    def __init__(self, items: List[Any]) -> None:
        self.items = items

    def __reduce__(self):
        return NestedShape, (self.items,)

    def rebuild(self, leaves: List[Any]) -> list:
        """The nested lists holding ``leaves`` in order."""
        position = [0]

        def build(shape: List[Any]) -> list:
            out = []
            for entry in shape:
                if entry is None:
                    out.append(leaves[position[0]])
                    position[0] += 1
                else:
                    out.append(build(entry))
            return out

        built = build(self.items)
        if position[0] != len(leaves):
            raise ValueError(f"nested collection: {len(leaves)} elements for a shape of {position[0]}")
        return built

    def flatten(self, value: Any, name: Optional[str] = None) -> list:
        """The leaves of ``value``, which must still nest as this shape says."""
        leaves: List[Any] = []

        def walk(shape: List[Any], items: Any, where: str) -> None:
            if not isinstance(items, list) or len(items) != len(shape):
                got = f"{len(items)} items" if isinstance(items, list) else f"a {type(items).__name__}"
                raise ValueError(f"nested collection {name or ''}{where}: the task changed its shape ({got} where "
                                 f"{len(shape)} were given); a task may change the elements, not add or remove them")
            for i, entry in enumerate(shape):
                if entry is None:
                    leaves.append(items[i])
                else:
                    walk(entry, items[i], f"{where}[{i}]")

        walk(self.items, value, "")
        return leaves
