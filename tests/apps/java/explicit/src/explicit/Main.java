package explicit;

import io.braid.api.Braid;
import java.io.File;
import java.util.ArrayList;
import java.util.List;

/** The explicit API: waitOn, barrier, getFile, deleteFile. Works the same with plain java (no runtime). */
public class Main {
    public static void main(String[] args) throws Exception {
        StringBuilder sb = new StringBuilder("a");
        Tasks.fill(sb, "b");
        Tasks.fill(sb, "c");
        StringBuilder same = Braid.waitOn(sb);
        System.out.println("waitOn: " + same + " same object " + (same == sb));

        Tasks.write("explicit.txt", "from a task");
        Braid.getFile("explicit.txt");
        // java.io.File is not an opening of the file: only getFile makes the content visible here.
        File f = new File("explicit.txt");
        System.out.println("getFile: exists " + f.exists() + " length " + f.length());

        List<Integer> rs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rs.add(Tasks.slow(i));
        }
        Braid.barrier();
        System.out.println("barrier: " + rs);

        Tasks.write("gone.txt", "x");
        Braid.deleteFile("gone.txt");
        System.out.println("deleteFile: exists " + new File("gone.txt").exists());
    }
}
