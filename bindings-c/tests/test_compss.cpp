// A COMPSs-style C++ main on compss.h: compss_on, compss_barrier(_new), compss_off(code).
#include <compss.h>

#include <cstring>
#include <iostream>

int main() {
    compss_on();
    compss_barrier();
    compss_barrier_new(1);
    const char *dir = nullptr;
    if (braid_log_dir(&dir) != BRAID_OK || std::strstr(dir, "test_compss_") == nullptr) {
        std::cerr << "unexpected log dir: " << (dir ? dir : "none") << std::endl;
        return 1;
    }
    std::cout << "compss.h: on, barrier, off" << std::endl;
    compss_off(0);
}
