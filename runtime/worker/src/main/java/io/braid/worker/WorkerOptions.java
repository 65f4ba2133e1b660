package io.braid.worker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Command line of a worker process (started by the master, not by users):
 * {@code --master=host:port --node=NAME --bind=HOST --cus=N --io_executors=N --classpath=CP
 * --workdir=DIR --jobs_dir=DIR --log_file=FILE} (the file its output goes to, for error messages).
 */
public record WorkerOptions(String masterHost, int masterPort, String node, String bindHost, int computingUnits,
                            int ioExecutors, List<String> classpath, Path workingDir, Path jobsDir, String logFile) {

    public static WorkerOptions parse(String[] args) {
        Map<String, String> m = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("unknown worker argument: " + a);
            }
            m.put(a.substring(2, eq), a.substring(eq + 1));
        }
        String master = require(m, "master");
        int colon = master.lastIndexOf(':');
        List<String> cp = new ArrayList<>();
        for (String e : m.getOrDefault("classpath", "").split(java.io.File.pathSeparator)) {
            if (!e.isBlank()) {
                cp.add(e);
            }
        }
        Path workdir = Path.of(require(m, "workdir")).toAbsolutePath();
        return new WorkerOptions(master.substring(0, colon), Integer.parseInt(master.substring(colon + 1)),
                require(m, "node"), m.getOrDefault("bind", "127.0.0.1"),
                Integer.parseInt(m.getOrDefault("cus", "1")), Integer.parseInt(m.getOrDefault("io_executors", "1")),
                cp, workdir, Path.of(m.getOrDefault("jobs_dir", workdir.resolve("jobs").toString())),
                m.getOrDefault("log_file", ""));
    }

    private static String require(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing worker argument --" + key);
        }
        return v;
    }
}
