"""The Python task executor a Braid worker runs: ``python -m braid.worker``.

One process serves one executor of the Java worker: it reads task requests on its standard
input and writes results on its standard output (the original file descriptors 0 and 1; the
task's own prints go to standard error, or to the files the request names), and stays alive
for the next task. The protocol is in docs/DESIGN.md ("Python worker protocol").
"""

PROTOCOL_VERSION = 1
