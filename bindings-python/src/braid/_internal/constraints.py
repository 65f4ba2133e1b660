"""Checks @constraint values when the module is imported (the Java side's @Constraints keys).

Values may be given as numbers or strings, as in PyCOMPSs; a string ``"$NAME"`` is read from the
environment variable NAME at decoration time. ``storage_bw`` also takes Braid's ``"auto"`` and
``"auto(min,max,delta)"`` (docs/DESIGN.md, I/O-aware scheduling).
"""

import os
import re
from typing import Any, Callable, Dict

_AUTO = re.compile(r"^auto\(\s*([0-9.eE+-]+)\s*,\s*([0-9.eE+-]+)\s*,\s*([0-9.eE+-]+)\s*\)$", re.IGNORECASE)


def _number(key: str, value: Any, fail: Callable[[str], Exception], integer: bool, minimum: float) -> Any:
    try:
        number = int(value) if integer and not isinstance(value, float) else float(value)
    except (TypeError, ValueError):
        number = None
    if isinstance(value, bool) or number is None or (integer and isinstance(value, float)) or number < minimum:
        kind = "an integer" if integer else "a number"
        raise fail(f"{key} must be {kind} >= {minimum:g}, not {value!r}")
    return number


def _storage_bw(key: str, value: Any, fail: Callable[[str], Exception]) -> Any:
    if isinstance(value, str) and value.strip().lower() == "auto":
        return "auto"
    if isinstance(value, str):
        match = _AUTO.match(value.strip())
        if match:
            try:
                low, high, delta = (float(g) for g in match.groups())
            except ValueError:
                raise fail(f"{key}={value!r}: auto(min,max,delta) takes numbers") from None
            if not (0 < low <= high) or delta <= 1:
                raise fail(f"{key}={value!r}: auto(min,max,delta) needs 0 < min <= max and delta > 1")
            return f"auto({match.group(1)},{match.group(2)},{match.group(3)})"
    try:
        return _number(key, value, fail, integer=False, minimum=0)
    except Exception:
        raise fail(f"{key} must be a number >= 0 (MB/s), 'auto' or 'auto(min,max,delta)', not {value!r}") from None


def _text(key: str, value: Any, fail: Callable[[str], Exception]) -> str:
    if not isinstance(value, str) or not value.strip():
        raise fail(f"{key} must be a non-empty string, not {value!r}")
    return value.strip()


_CHECKS = {
    "computing_units": lambda k, v, f: _number(k, v, f, integer=True, minimum=1),
    "memory_size": lambda k, v, f: _number(k, v, f, integer=False, minimum=0),
    "storage_size": lambda k, v, f: _number(k, v, f, integer=False, minimum=0),
    "storage_bw": _storage_bw,
    "processor_architecture": _text,
}

SUPPORTED = tuple(_CHECKS)


def check(values: Dict[str, Any], fail: Callable[[str], Exception]) -> Dict[str, Any]:
    """Returns the constraints with numbers parsed; raises ``fail(message)`` on the first bad one."""
    checked = {}
    for key, value in values.items():
        if key not in _CHECKS:
            raise fail(f"unknown constraint '{key}' (Braid supports {', '.join(SUPPORTED)})")
        if isinstance(value, str) and value.startswith("$"):
            variable = value[1:]
            if variable not in os.environ:
                raise fail(f"{key}={value!r}: environment variable {variable} is not set")
            value = os.environ[variable]
        checked[key] = _CHECKS[key](key, value, fail)
    return checked
