"""Tasks using streams, run by test_worker_streams.py in a real worker process."""

from braid.api.parameter import STREAM_IN
from braid.api.task import task
from braid.streams.distro_stream import BackendException, ObjectDistroStream

kept = {}


@task(stream=STREAM_IN, returns=1)
def drain(stream):
    got = []
    while not stream.is_closed():
        got.extend(stream.poll(250))
    got.extend(stream.poll())
    return got


def publish_by_alias(alias, values):
    stream = ObjectDistroStream(alias=alias, access_mode="EXACTLY_ONCE")
    stream.publish_list(values)
    stream.close()
    return [stream.get_stream_id(), stream.get_consumer_mode()]


def keep(alias):
    kept["stream"] = ObjectDistroStream(alias=alias)


def use_kept():
    return kept["stream"].poll()


def refused(stream):
    stream.publish(1)  # no reply: a refusal is the next request's error
    try:
        stream.is_closed()
        return "published"
    except BackendException as e:
        return "BackendException: " + str(e)


def publish_then_poll(stream):
    for i in range(3):
        stream.publish(i)
    return stream.poll()


def publish_only(stream):
    stream.publish(b"last")
    return "returned"


@task(time_out=1, returns=1)
def slow_poll(stream):
    return stream.poll(5000)


def poll_while_publishing(left, mine):
    """A receiving thread polls ``left`` while the task's thread publishes on ``mine`` (a hybrid cell)."""
    import threading
    got = []
    receiving = threading.Thread(target=lambda: got.extend(left.poll(60000)))
    receiving.start()
    mine.publish(b"value")
    receiving.join()
    return got
