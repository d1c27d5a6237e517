// The unit that compiles the tests' precompiled headers (tests/CMakeLists.txt).
