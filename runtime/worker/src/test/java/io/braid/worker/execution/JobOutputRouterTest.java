package io.braid.worker.execution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A task's prints go to its job files; one that cannot be written is reported, not dropped. */
class JobOutputRouterTest {
    @TempDir
    Path tmp;

    @Test
    void printsGoToTheJobsFilesAndALostOneIsReported() throws Exception {
        PrintStream out = System.out;
        PrintStream err = System.err;
        Path jobs = tmp.resolve("jobs");
        // A regular file where the jobs directory should be: no job file can be created under it.
        Path blocked = Files.writeString(tmp.resolve("blocked"), "not a directory");
        try {
            JobOutputRouter router = JobOutputRouter.install(jobs);
            router.begin(1, "ok");
            System.out.print("hello");
            assertNull(router.end());
            assertEquals("hello", Files.readString(jobs.resolve("job1_ok.out")));

            JobOutputRouter lost = JobOutputRouter.install(blocked);
            lost.begin(2, "lost");
            System.err.print("trace");
            String failure = lost.end();
            assertNotNull(failure, "a print that could not be written must be reported");
            assertTrue(failure.startsWith(blocked.resolve("job2_lost.err").toString()), failure);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
