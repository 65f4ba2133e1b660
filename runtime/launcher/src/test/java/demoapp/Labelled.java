package demoapp;

public class Labelled {
    private final String label;

    protected Labelled(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
