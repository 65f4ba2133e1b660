package badcfunction;

import io.braid.api.CFunction;
import java.util.List;

/** A C function task whose parameter no C function can take: braid-run refuses it before anything runs. */
public interface MainItf {
    @CFunction(library = "libm.so.6", symbol = "cos")
    double cos(double x);

    @CFunction(library = "libx.so", symbol = "count")
    int count(List<String> names);
}
