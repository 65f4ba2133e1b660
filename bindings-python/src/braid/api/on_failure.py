"""``@on_failure(management="IGNORE", returns=0)``: what the runtime does when the task fails.

management is RETRY (default), CANCEL_SUCCESSORS, FAIL or IGNORE; the other keywords are the
values an ignored task's outputs take (e.g. ``returns=0``). ``@task(on_failure=...)`` says the same.
"""

from braid._internal import attach
from braid._internal.definition import check_management
from braid.errors import TaskDefinitionError


class on_failure:  # noqa: N801 - PyCOMPSs' name
    """Failure management of a task."""

    def __init__(self, *args, **kwargs):
        self._kwargs = dict(kwargs)

    def __call__(self, function):
        name = attach.describe(function)

        def fail(message):
            return TaskDefinitionError(f"@on_failure of {name}: {message}")

        if "management" not in self._kwargs:
            raise fail("the keyword management= (RETRY, CANCEL_SUCCESSORS, FAIL or IGNORE) is missing")
        management = check_management(self._kwargs.pop("management"), fail)
        defaults = self._kwargs

        def apply(definition):
            definition.on_failure = management
            definition.defaults.update(defaults)

        return attach.update(function, apply)


OnFailure = on_failure
onFailure = on_failure
