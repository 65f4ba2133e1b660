/**
 * C tasks: persistent {@code braid-c-worker LIBRARY} processes, one per executor and worker
 * library, fed over their stdin/stdout with the protocol of docs/DESIGN.md ("C worker protocol").
 * A task that crashes (segfault, abort) ends its process only: the task fails naming the signal
 * and is retried as any task, the executor's next task starts a new process, the Java worker
 * goes on.
 */
package io.braid.worker.execution.c;
