package demoapp;

public class Box extends Labelled {
    private final int value;
    public int[] cells = new int[3];

    public Box(String label, int value) {
        super(label);
        this.value = value;
    }

    public int value() {
        return value;
    }

    public int direct() {
        return value;
    }

    @Override
    public String toString() {
        return label() + "=" + value;
    }
}
