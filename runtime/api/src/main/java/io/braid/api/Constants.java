package io.braid.api;

/**
 * The string values COMPSs' annotations take (COMPSs' {@code Constants} class, same names and
 * values), so that {@code @Method(priority = Constants.IS_PRIORITARY_TASK)} ports unchanged.
 */
public final class Constants {
    /** Default of String members that were not given. */
    public static final String UNASSIGNED = "[unassigned]";

    /** {@code @Method(priority = ...)}. */
    public static final String IS_PRIORITARY_TASK = "true";
    public static final String IS_NOT_PRIORITARY_TASK = "false";

    /** {@code @Method(isModifier = ...)} of older COMPSs versions (newer ones use targetDirection). */
    public static final String IS_MODIFIER = "true";
    public static final String IS_NOT_MODIFIER = "false";

    /** {@code @SchedulerHints} values in COMPSs; accepted here, without effect. */
    public static final String IS_REPLICATED_TASK = "true";
    public static final String IS_NOT_REPLICATED_TASK = "false";
    public static final String IS_DISTRIBUTED_TASK = "true";
    public static final String IS_NOT_DISTRIBUTED_TASK = "false";

    /** Nested COMPSs executions; accepted, without effect. */
    public static final String WORKER_IN_MASTER = "true";
    public static final String WORKER_NOT_IN_MASTER = "false";

    /** Binary tasks: whether a non-zero exit value is a failure. */
    public static final String FAIL_BY_EV = "true";
    public static final String NOT_FAIL_BY_EV = "false";

    /** Container task kinds in COMPSs; accepted, without effect. */
    public static final String BINARY_CONTAINER_EXECUTION = "CET_BINARY";
    public static final String PYTHON_CONTAINER_EXECUTION = "CET_PYTHON";

    public static final int SINGLE_NODE = 1;

    /** Processor types of COMPSs' constraints. */
    public static final String CPU_TYPE = "CPU";
    public static final String GPU_TYPE = "GPU";
    public static final String FPGA_TYPE = "FPGA";
    public static final String OTHER_TYPE = "OTHER";
    public static final String UNASSIGNED_PROCESSOR_TYPE = CPU_TYPE;

    /** Environment variables a binary or MPI task finds its hosts and threads in. */
    public static final String COMPSS_HOSTNAMES = "COMPSS_HOSTNAMES";
    public static final String COMPSS_NUM_NODES = "COMPSS_NUM_NODES";
    public static final String COMPSS_NUM_THREADS = "COMPSS_NUM_THREADS";

    /** {@code @Parameter(prefix = ...)} default: no prefix. */
    public static final String PREFIX_EMPTY = "null";
    /** {@code @Parameter(name = ...)} default: no name. */
    public static final String NAME_EMPTY = "";
    /** A prefix that leaves the parameter off a binary's command line. */
    public static final String PREFIX_SKIP = "#";

    private Constants() {
    }
}
