package io.braid.engine.monitor;

import io.braid.engine.scheduling.learning.ConstraintObjective;
import io.braid.engine.scheduling.learning.Epoch;

import java.util.List;

/**
 * What became of one task type's auto storage-bandwidth constraint, for {@code --summary}.
 *
 * @param taskType      the type's label
 * @param spec          "auto" or "auto(min,max,delta)"
 * @param state         where the type stands at the end of the run
 * @param learningNode  name of the (last) learning node, null when it never had one
 * @param nodeBandwidth that node's storage bandwidth (MB/s)
 * @param nodeIo        that node's I/O executors
 * @param epochs        the learning epochs, in order
 * @param stopReason    why learning stopped, null while it had not
 * @param epochSize     tasks a full epoch needed last (when learning did not finish)
 * @param constraint    the constraint the type's tasks were last released with (MB/s)
 * @param choice        the objective's last choice, null before learning ended
 * @param changes       how many times re-evaluation changed the chosen constraint
 * @param ranElsewhere  tasks that ran on other nodes than the learning node while it learned
 */
public record AutoConstraintReport(String taskType, String spec, State state, String learningNode,
                                   double nodeBandwidth, int nodeIo, List<Epoch> epochs, String stopReason,
                                   int epochSize, double constraint, ConstraintObjective.Choice choice, int changes,
                                   int ranElsewhere) {

    public enum State {
        /** Waited the whole run for a learning node (every candidate was learning another type). */
        WAITING,
        /** Learning had not finished when the run ended (too few ready tasks for an epoch). */
        LEARNING,
        /** Learned: {@code choice} applies. */
        LEARNED,
        /** No node that can run it declares a storage bandwidth: the constraint has no effect, 0 is held. */
        NO_BANDWIDTH
    }
}
