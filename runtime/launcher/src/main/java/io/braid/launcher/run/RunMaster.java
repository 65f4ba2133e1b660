package io.braid.launcher.run;

import io.braid.comm.auth.ConnectionSecurity;
import io.braid.engine.Master;
import io.braid.engine.core.MasterConfig;
import io.braid.engine.deploy.LauncherChooser;
import io.braid.engine.deploy.WorkerLaunch;
import io.braid.engine.monitor.ProgressLine;
import io.braid.launcher.LauncherSettings;
import io.braid.launcher.cds.ClassDataArchive;
import io.braid.launcher.streams.StreamHosting;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Starts a run's master and its workers from the run's settings, the same way for a Java main
 * ({@link JavaAppRun}) and for a main in another language ({@code EmbeddedRun}): the launchers of
 * the nodes, the workers' command (class-data archive, JIT, the user's JVM options, the streams'
 * options, the run's secret in the environment, the Python prestart) and the master's configuration.
 */
public final class RunMaster {
    private static final Logger LOG = LoggerFactory.getLogger(RunMaster.class);

    private RunMaster() {
    }

    /**
     * The launchers of the run's nodes; a node no launcher can start is named now, before anything
     * starts ({@link IllegalArgumentException}).
     */
    public static LauncherChooser launchers(RunSettings settings) {
        LauncherChooser launchers = LauncherChooser.standard(settings.workerStartTimeoutSeconds());
        for (var node : settings.cluster().nodes()) {
            launchers.choose(node);
        }
        return launchers;
    }

    /** Starts the master, which starts the workers; {@code onAbort} hears why, if the master gives up. */
    public static Master start(RunSettings settings, String masterHost, LauncherChooser launchers,
                               StreamHosting streams, Consumer<String> onAbort) throws IOException {
        LOG.info("master JIT: {}", MasterJit.describe());
        List<String> workerJvm = new ArrayList<>(ClassDataArchive.forWorkers());
        if (!workerJvm.isEmpty()) {
            LOG.info("master and workers map the class-data archive {}", LauncherSettings.CDS_ARCHIVE.get());
        }
        LOG.info("workers' JIT: {}", settings.workerJit().describe());
        workerJvm.addAll(settings.workerJit().jvmOptions());
        workerJvm.addAll(settings.workerJvmOptions());
        workerJvm.addAll(streams.workerJvmOptions());
        List<String> prefix = settings.workerPriority().commandPrefix();
        LOG.info("local workers' CPU priority: {}", settings.workerPriority().describe(prefix));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        WorkerLaunch launch = new WorkerLaunch(prefix, java, settings.braidJar(), workerJvm, masterHost,
                settings.masterPort(), settings.classpath(), settings.logDir(), settings.logLevel(),
                settings.ioExecutors(), ConnectionSecurity.process().workerEnvironment()) // the secret: on no command line
                .withPythonPrestart(LauncherSettings.PYTHON_PRESTART.get()); // a Python main: workers start theirs
        MasterConfig config = new MasterConfig(launch, settings.graph(), settings.tracing(), ProgressLine.wanted(),
                settings.workerStartTimeoutSeconds() * 1000L);
        return Master.start(settings.cluster(), launchers, config, onAbort);
    }
}
