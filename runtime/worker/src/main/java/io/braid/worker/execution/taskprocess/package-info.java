/**
 * What the Python and C task processes share: persistent processes fed over pipes with
 * length-prefixed frames ({@link io.braid.worker.execution.taskprocess.Frames}), one per
 * executor and key ({@link io.braid.worker.execution.taskprocess.TaskProcesses}), whose death
 * fails the running task only ({@link io.braid.worker.execution.taskprocess.TaskProcessDiedException})
 * and is told with its exit status or signal and its stderr's tail.
 */
package io.braid.worker.execution.taskprocess;
