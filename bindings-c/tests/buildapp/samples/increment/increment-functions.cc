#include <fstream>

#include "increment.h"

void increment(file filename) {
    int value = 0;
    {
        std::ifstream in(filename);
        in >> value;
    }
    std::ofstream out(filename);
    out << value + 1 << std::endl;
}
