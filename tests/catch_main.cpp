// The one Catch2 main of the suite, compiled once and linked into every test
// executable (Catch2's main is the slowest file to compile).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
