/**
 * Python tasks: persistent {@code python -m braid.worker} processes, one per executor, fed over
 * their stdin/stdout with the protocol of docs/DESIGN.md ("Python worker protocol"). A process
 * that dies fails its task and is replaced by the next task of its executor; the Java worker
 * goes on.
 */
package io.braid.worker.execution.python;
