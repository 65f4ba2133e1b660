package io.braid.engine.deploy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What every worker start needs to know about the run, whatever the launcher.
 *
 * @param commandPrefix      goes before the java command of a local worker (e.g. {@code nice -n 10}); empty for none
 * @param javaCommand        the java executable (a remote node without InstallDir uses the same path)
 * @param braidJar           braid.jar (a remote node without InstallDir uses the same path)
 * @param jvmOptions         the workers' JVM options
 * @param masterHost         the master's address as workers reach it (loopback, or its cluster address)
 * @param masterPort         the master's worker-server port (0 until the server listens)
 * @param appClasspath       the application's class path (the same paths on every node)
 * @param logDir             the run's log dir on the master
 * @param logLevel           the workers' log level (off, info, debug)
 * @param defaultIoExecutors I/O executors of a node whose XML sets none
 * @param environment        variables every worker gets, never on a command line (e.g. the run's secret)
 * @param masterDataPort     the master's data-server port on {@code masterHost} (0 until it listens)
 * @param pythonPrestart     the workers start their Python processes as they start (a Python main program's)
 */
public record WorkerLaunch(List<String> commandPrefix, String javaCommand, String braidJar, List<String> jvmOptions,
                           String masterHost, int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                           int defaultIoExecutors, Map<String, String> environment, int masterDataPort,
                           boolean pythonPrestart) {

    /** The class every launcher starts. */
    public static final String WORKER_MAIN = "io.braid.worker.WorkerMain";

    public WorkerLaunch {
        environment = environment == null ? Map.of() : Map.copyOf(environment);
    }

    /** A launch whose workers start their Python processes at their first Python task. */
    public WorkerLaunch(List<String> commandPrefix, String javaCommand, String braidJar, List<String> jvmOptions,
                        String masterHost, int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                        int defaultIoExecutors, Map<String, String> environment, int masterDataPort) {
        this(commandPrefix, javaCommand, braidJar, jvmOptions, masterHost, masterPort, appClasspath, logDir, logLevel,
                defaultIoExecutors, environment, masterDataPort, false);
    }

    /** A launch whose master's data server does not listen yet. */
    public WorkerLaunch(List<String> commandPrefix, String javaCommand, String braidJar, List<String> jvmOptions,
                        String masterHost, int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                        int defaultIoExecutors, Map<String, String> environment) {
        this(commandPrefix, javaCommand, braidJar, jvmOptions, masterHost, masterPort, appClasspath, logDir, logLevel,
                defaultIoExecutors, environment, 0);
    }

    /** The launch of a run whose workers get no extra environment. */
    public WorkerLaunch(List<String> commandPrefix, String javaCommand, String braidJar, List<String> jvmOptions,
                        String masterHost, int masterPort, List<String> appClasspath, Path logDir, String logLevel,
                        int defaultIoExecutors) {
        this(commandPrefix, javaCommand, braidJar, jvmOptions, masterHost, masterPort, appClasspath, logDir, logLevel,
                defaultIoExecutors, Map.of());
    }

    /** The same launch, with the workers connecting to the master at {@code host:port}. */
    public WorkerLaunch withMaster(String host, int port) {
        return withMaster(host, port, masterDataPort);
    }

    /**
     * The same launch, with the workers connecting to the master at {@code host:port}, and told
     * its data server's port on that host.
     */
    public WorkerLaunch withMaster(String host, int port, int dataPort) {
        return new WorkerLaunch(commandPrefix, javaCommand, braidJar, jvmOptions, host, port, appClasspath, logDir,
                logLevel, defaultIoExecutors, environment, dataPort, pythonPrestart);
    }

    /** The same launch, with the workers starting their Python processes as they start, or not. */
    public WorkerLaunch withPythonPrestart(boolean prestart) {
        return new WorkerLaunch(commandPrefix, javaCommand, braidJar, jvmOptions, masterHost, masterPort, appClasspath,
                logDir, logLevel, defaultIoExecutors, environment, masterDataPort, prestart);
    }

    /** The JVM options of every worker: the run's, then its logging format. */
    public List<String> workerJvmOptions() {
        List<String> o = new ArrayList<>(jvmOptions);
        o.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + logLevel);
        o.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        o.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        return o;
    }

    /** Where a node's worker output goes on the master: {@code <log dir>/workers/<node>.log}. */
    public Path workerLog(String node) {
        return logDir.resolve("workers").resolve(node + ".log");
    }
}
