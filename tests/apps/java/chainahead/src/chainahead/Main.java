package chainahead;

/**
 * One chain of L dependent links (chaining ahead parks them on the first link's worker), each of
 * MS milliseconds; the link reading FAIL_AT throws once. Prints "submitted" once every link is
 * submitted, then "result=R" (L when all went well). Args: L MS FAIL_AT MARKER PID_FILE.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int length = Integer.parseInt(args[0]);
        int ms = Integer.parseInt(args[1]);
        int failAt = Integer.parseInt(args[2]);
        Integer cur = 0;
        for (int k = 0; k < length; k++) {
            cur = Tasks.link(cur, ms, failAt, args[3], args[4]);
        }
        System.out.println("submitted");
        System.out.flush();
        System.out.println("result=" + cur.intValue());
    }
}
