package failures;

/**
 * Args: flaky &lt;markerDir&gt; | doomed &lt;tag&gt; &lt;x&gt; | unused-doomed &lt;tag&gt; | main-throws.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "flaky": {
                Integer a = Tasks.flaky(args[1], 4);
                Integer b = Tasks.fine(a);
                System.out.println("flaky result: " + b);
                break;
            }
            case "doomed": {
                Integer ok = Tasks.fine(1);
                Integer bad = Tasks.doomed(args[1], Integer.parseInt(args[2]));
                Integer after = Tasks.fine(bad);
                System.out.println("fine: " + ok);
                System.out.println("doomed result: " + after);
                break;
            }
            case "unused-doomed": {
                // The failing task's result is never used: the run must still report the failure.
                Tasks.doomed(args[1], 7);
                Integer ok = Tasks.fine(1);
                System.out.println("fine: " + ok);
                break;
            }
            case "main-throws": {
                Integer ok = Tasks.fine(1);
                System.out.println("fine: " + ok);
                throw new IllegalStateException("the main program gives up");
            }
            default:
                throw new IllegalArgumentException(args[0]);
        }
    }
}
