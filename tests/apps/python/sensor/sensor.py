"""The sensor of hybrid workflow example c (docs/HYBRID.md): a plain Python process, outside any
Braid application, that publishes readings 0..n-1 (readings.reading) to the object stream named
``alias``, one every ``pause_ms``, then closes it. The Python twin of tests/apps/java/sensor's
sensor.Sensor.

Usage: ``python sensor.py <alias> <n> <pause ms>``, with BRAID_STREAM_SERVER (and
BRAID_STREAM_SECRET_FILE) naming the server scripts/braid-stream-server started: outside braid-run,
the braid package's streams use that server (through libbraid; BRAID_LIBBRAID names it when it is
not found beside braid.jar). Prints ``sensor published <n> readings on <stream id>``.
"""

import sys
import time

from braid.streams.distro_stream import EXACTLY_ONCE, ObjectDistroStream
from readings import reading


def main(alias, n, pause_ms):
    # Creates the stream, or attaches if the application got there first (same mode either way).
    out = ObjectDistroStream(alias=alias, access_mode=EXACTLY_ONCE)
    for seq in range(n):
        out.publish(reading(seq))
        if pause_ms > 0:
            time.sleep(pause_ms / 1000)
    out.close()  # the application's filters end once they have read what is left
    print(f"sensor published {n} readings on {out.get_stream_id()}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
