"""The sensor's readings, shared by the sensor process (sensor.py) and the application
(sensor_main.py). Reading ``seq`` is the tuple ``(seq, (37 * seq + 11) mod 100)`` and is relevant
when its value is at least 75: 37 and 100 being coprime, every 100 consecutive readings hold
exactly 25 relevant ones, so the results are known in advance."""

RELEVANT_FROM = 75


def reading(seq):
    """The seq-th reading of the sensor: (seq, value)."""
    return seq, (37 * seq + 11) % 100


def relevant(r):
    return r[1] >= RELEVANT_FROM
