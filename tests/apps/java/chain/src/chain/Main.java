package chain;

/** C independent chains of length L, interleaved; each step takes the previous step's result. Args: C L. */
public class Main {
    public static void main(String[] args) {
        int chains = Integer.parseInt(args[0]);
        int length = Integer.parseInt(args[1]);
        Integer[] cur = new Integer[chains];
        for (int c = 0; c < chains; c++) {
            cur[c] = c + 1;
        }
        for (int k = 0; k < length; k++) {
            for (int c = 0; c < chains; c++) {
                cur[c] = Tasks.step(cur[c], k);
            }
        }
        for (int c = 0; c < chains; c++) {
            System.out.println("chain " + c + " = " + cur[c]);
        }
    }
}
