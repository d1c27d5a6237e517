// A shared object like any library: it loads, but exports nothing backtrack looks for.
extern "C" int not_a_plugin_answer() { return 42; }
