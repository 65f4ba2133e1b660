package compssapi;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

public class Numbers implements Serializable {
    public final List<Integer> values = new ArrayList<>();
}
