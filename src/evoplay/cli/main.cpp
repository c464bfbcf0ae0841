#include "evoplay/cli/run.hpp"

int main(int argc, char** argv) { return evoplay::cli::run(argc, argv); }
