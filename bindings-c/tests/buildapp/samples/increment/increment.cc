// COMPSs' "increment" example shape, ported: <compss.h> and the generated increment.h.
#include <compss.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>

#include "increment.h"

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 3;
    file counter = strdup("counter");
    {
        std::ofstream out(counter);
        out << 0 << std::endl;
    }
    compss_on();
    for (int i = 0; i < n; i++) {
        increment(counter);
    }
    std::ifstream in;
    compss_ifstream(counter, in);
    int value = -1;
    in >> value;
    std::cout << "counter: " << value << std::endl;
    compss_off();
    free(counter);
    return 0;
}
