package wordcount;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * A sequential word count: generate text files, count each, merge the counts pairwise. Under
 * braid-run the three kinds of calls are tasks that run in parallel on the workers; the first
 * use of the result (total()) waits for it.
 * Usage: wordcount.Main <files> <lines per file> <output dir>
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int files = Integer.parseInt(args[0]);
        int lines = Integer.parseInt(args[1]);
        File dir = new File(args[2]);
        dir.mkdirs();

        List<WordCounts> partial = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            String file = new File(dir, "text-" + i + ".txt").getPath();
            Tasks.generate(file, lines, i);
            partial.add(Tasks.count(file));
        }
        // Pairwise reduction tree: log2(files) levels of merges.
        while (partial.size() > 1) {
            List<WordCounts> next = new ArrayList<>();
            for (int i = 0; i + 1 < partial.size(); i += 2) {
                Tasks.merge(partial.get(i), partial.get(i + 1));
                next.add(partial.get(i));
            }
            if (partial.size() % 2 == 1) {
                next.add(partial.get(partial.size() - 1));
            }
            partial = next;
        }
        WordCounts all = partial.get(0);
        System.out.println("files: " + files + ", words: " + all.total() + ", distinct: " + all.distinct());
        System.out.println("top 5: " + all.top(5));
    }
}
