// The backtrack command line with the Langford plugin linked in: the registrar in
// registration.cpp has added it to the registry before main() runs.
#include "backtrack/cli.hpp"

int main(int argc, char** argv) { return backtrack::run_cli(argc, argv); }
