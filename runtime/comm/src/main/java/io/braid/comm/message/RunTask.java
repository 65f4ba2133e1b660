package io.braid.comm.message;

import java.util.List;

/**
 * Master to worker: run one task. {@code paramTypes} are the declared Java parameter types of the
 * method (class names, primitives by name) so the worker finds it by reflection. When
 * {@code hasTarget}, {@code params.get(0)} is the callee of an instance method. When
 * {@code returnData} is not null the worker stores the return value under that data name.
 * {@code timeOutMs} (0: none): the worker cancels the task when it runs longer and reports it
 * failed. {@code process} (null for a Java method) says how to run a binary or MPI implementation
 * instead, {@code foreign} (null otherwise) how to run a function of another language (Python),
 * {@code cFunction} (null otherwise) which C function to call;
 * {@code className}/{@code methodName} then only name the task in logs.
 * {@code afterJob} (0: none) parks the job behind job {@code afterJob} on the same worker ("chaining
 * ahead"): the worker holds it and starts it on that job's computing units as soon as that job ends
 * well (its inputs written by that job are then in the worker's store), without a master round trip;
 * the worker drops it if that job fails, and answers {@link TaskNotParked} if that job had already
 * ended when this one arrived.
 */
public record RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                      boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask,
                      int computingUnits, long timeOutMs, ProcessCall process, ForeignCall foreign,
                      CFunctionCall cFunction, long afterJob) implements Message {

    /** A job that starts as soon as it arrives (or its units are free): not parked. */
    public RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                   boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask, int computingUnits,
                   long timeOutMs, ProcessCall process, ForeignCall foreign, CFunctionCall cFunction) {
        this(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask, computingUnits,
                timeOutMs, process, foreign, cFunction, 0);
    }

    /** This job parked behind job {@code after} ({@link #afterJob}). */
    public RunTask after(long after) {
        return new RunTask(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask,
                computingUnits, timeOutMs, process, foreign, cFunction, after);
    }

    /** Any job but a C function's. */
    public RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                   boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask, int computingUnits,
                   long timeOutMs, ProcessCall process, ForeignCall foreign) {
        this(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask, computingUnits,
                timeOutMs, process, foreign, null);
    }

    /** A Java method, binary or MPI job. */
    public RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                   boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask, int computingUnits,
                   long timeOutMs, ProcessCall process) {
        this(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask, computingUnits,
                timeOutMs, process, null, null);
    }

    /** A Java method job. */
    public RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                   boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask, int computingUnits,
                   long timeOutMs) {
        this(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask, computingUnits,
                timeOutMs, null);
    }

    /** A job without a time-out. */
    public RunTask(long jobId, long taskId, String className, String methodName, List<String> paramTypes,
                   boolean hasTarget, List<JobParam> params, String returnData, boolean ioTask, int computingUnits) {
        this(jobId, taskId, className, methodName, paramTypes, hasTarget, params, returnData, ioTask, computingUnits, 0);
    }
}
