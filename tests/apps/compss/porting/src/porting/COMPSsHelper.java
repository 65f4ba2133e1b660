package porting;

/** The application's own class: its name starts with COMPSs, the porting keeps it. */
public class COMPSsHelper {

    public static String banner() {
        return "Running the COMPSs way (es.bsc.compss.api.COMPSs)";
    }
}
