package compssstreams;

import io.braid.streams.BackendException;
import io.braid.streams.ConsumerMode;
import io.braid.streams.DistroStream;
import io.braid.streams.FileDistroStream;
import io.braid.streams.ObjectDistroStream;
import io.braid.streams.RegistrationException;
import io.braid.streams.StreamType;

import java.io.File;
import java.io.IOException;
import java.util.List;

/**
 * A COMPSs stream application (COMPSs' object and file stream tests' patterns) whose only change
 * is its imports. Usage: {@code Main <base dir for file streams> <elements per producer>}.
 */
public class Main {

    private static final String ALIAS = "compss-objects";
    private static final String FILE_ALIAS = "compss-files";


    public static void main(String[] args) throws RegistrationException, BackendException, IOException {
        String baseDir = args[0];
        int n = Integer.parseInt(args[1]);

        // Object stream: one producer task, one consumer task
        ObjectDistroStream<MyObject> ods = new ObjectDistroStream<>(ConsumerMode.AT_MOST_ONCE);
        Tasks.writeObjects(ods, n);
        Integer objects = Tasks.readObjects(ods);

        // By alias: a second handle on the same stream reads what the first one's producer wrote
        ObjectDistroStream<MyObject> named = new ObjectDistroStream<>(ALIAS, ConsumerMode.AT_LEAST_ONCE);
        Tasks.writeObjectList(named, n);
        ObjectDistroStream<MyObject> named2 = new ObjectDistroStream<>(ALIAS, ConsumerMode.AT_LEAST_ONCE);
        Integer listed = Tasks.readObjectsTimeout(named2, 200L);

        // File streams: a producer task, a consumer task; then the main program as consumer
        FileDistroStream fds = new FileDistroStream(baseDir + File.separator + "files1");
        Tasks.writeFiles(fds, n);
        Integer files = Tasks.readFiles(fds);

        FileDistroStream fds2 = new FileDistroStream(baseDir + File.separator + "files2", ConsumerMode.AT_MOST_ONCE);
        Tasks.writeFiles(fds2, n);
        int polled = 0;
        while (!fds2.isClosed()) {
            polled += fds2.poll(100).size();
        }
        List<String> newFiles = fds2.poll();
        polled += newFiles.size();

        FileDistroStream fds3 = new FileDistroStream(FILE_ALIAS, baseDir + File.separator + "files3");
        Tasks.writeFiles(fds3, n);
        FileDistroStream fds4 = new FileDistroStream(FILE_ALIAS, baseDir + File.separator + "files3");
        Integer aliasedFiles = Tasks.readFiles(fds4);

        System.out.println("[LOG] objects=" + objects + " listed=" + listed + " files=" + files + " main_polled="
            + polled + " aliased_files=" + aliasedFiles);
        System.out.println("[LOG] " + describe(ods) + " " + describe(named) + " " + describe(fds));
        System.out.println("[LOG] same_alias=" + named.getId().equals(named2.getId()) + " alias=" + named2.getAlias()
            + " file_alias_same=" + fds3.getId().equals(fds4.getId()));

        // The exceptions' constructors COMPSs code calls
        BackendException be = new BackendException("backend", new IllegalStateException("cause"));
        RegistrationException re = new RegistrationException("registration", new IOException("cause"));
        System.out.println("[LOG] exceptions " + be.getMessage() + " " + re.getMessage() + " "
            + ConsumerMode.valueOf("AT_LEAST_ONCE"));
    }

    private static String describe(DistroStream<?> ds) {
        switch (ds.getStreamType()) {
            case OBJECT:
                return "object(" + (ds.getAlias() == null ? "no alias" : ds.getAlias()) + ")";
            case FILE:
                return "file(" + new File(((FileDistroStream) ds).getBaseDir()).getName() + ")";
            case PSCO:
                return "psco";
            default:
                return "unknown";
        }
    }
}
