"""An application stopped by a wrong task declaration or call prints one line, not a traceback.

Installed when ``braid.api.task`` is imported; other exceptions go to the previous hook.
"""

import sys

from braid.errors import ProgramFailedError, TaskArgumentError, TaskDefinitionError

_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    previous = sys.excepthook

    def hook(kind, error, traceback):
        if issubclass(kind, (TaskDefinitionError, TaskArgumentError, ProgramFailedError)):
            print(f"braid: error: {error}", file=sys.stderr)
        else:
            previous(kind, error, traceback)

    sys.excepthook = hook
    _installed = True
