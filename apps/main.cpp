#include "backtrack/cli.hpp"

int main(int argc, char** argv) { return backtrack::run_cli(argc, argv); }
