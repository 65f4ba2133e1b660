package io.braid.streams.internals.kafka;

import io.braid.streams.ConsumerMode;
import io.braid.streams.internals.backend.ObjectSubscriber;
import org.apache.logging.log4j.LogManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work left out of every start of a broker or a client (docs/PERFORMANCE.md, "Less start-up work,
 * and the local workers at nice 10"): the backend's clients register no metrics beans, and the
 * broker's Log4j 2 API calls go to SLF4J without log4j-core.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientStartupWorkTest {

    @RegisterExtension
    static final TestBroker KAFKA = new TestBroker();

    @Test
    void theBackendsClientsRegisterNoMetricsBeans() throws Exception {
        KAFKA.backend().createTopic("quiet", 1);
        KAFKA.backend().publisher("quiet").publish(List.of("x".getBytes(StandardCharsets.UTF_8)));
        List<byte[]> got = new ArrayList<>();
        try (ObjectSubscriber reader = KAFKA.backend().subscriber("quiet", "quiet-app", ConsumerMode.AT_MOST_ONCE)) {
            for (int i = 0; i < 50 && got.isEmpty(); i++) {
                got.addAll(reader.poll(200));
            }
        }
        assertEquals(1, got.size(), "the record went through the producer and a consumer");
        MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
        for (String pattern : List.of("kafka.producer:type=producer-metrics,*", "kafka.consumer:type=consumer-metrics,*",
                "kafka.admin.client:type=admin-client-metrics,*")) {
            assertEquals(0, beans.queryNames(new ObjectName(pattern), null).size(), pattern);
        }
        // The broker in this JVM still has its own (its metrics stay for whoever looks).
        assertTrue(beans.queryNames(new ObjectName("kafka.server:*"), null).size() > 0, "the broker's beans");
    }

    @Test
    void log4jApiCallsGoToSlf4jAndLog4jCoreIsNotThere() {
        assertEquals("org.apache.logging.slf4j.SLF4JLogger", LogManager.getLogger("braid.test").getClass().getName());
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.logging.log4j.core.LoggerContext"));
    }
}
