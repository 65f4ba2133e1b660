package io.braid.streams.internals.kafka;

import org.apache.kafka.clients.admin.Admin;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** The state of share groups on a broker, for tests that must wait until a group has settled. */
public final class ShareGroups {
    private ShareGroups() {
    }

    /** Waits (up to 30 s) until the share group has {@code members} members, each with its assignment. */
    public static void awaitAssigned(String bootstrap, String group, int members) throws Exception {
        try (Admin admin = Admin.create(KafkaClientProperties.admin(bootstrap))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            String last = "not described yet";
            while (System.nanoTime() < deadline) {
                var description = admin.describeShareGroups(List.of(group)).describedGroups().get(group)
                        .get(10, TimeUnit.SECONDS);
                long assigned = description.members().stream()
                        .filter(m -> !m.assignment().topicPartitions().isEmpty()).count();
                if (description.members().size() == members && assigned == members) {
                    return;
                }
                last = description.members().size() + " members, " + assigned + " assigned";
                Thread.sleep(20); // polling the group's state, with a deadline
            }
            throw new AssertionError("share group " + group + " did not settle within 30 s: " + last);
        }
    }
}
