// The entry point of the mxlane test suite, the same for Catch2 2.13 and 3.x.
#define CATCH_CONFIG_RUNNER  // Catch2 2: the runner without a main of its own (Catch2 3 never defines one)
#include "support/catch_compat.hpp"
#if MXLANE_CATCH2_MAJOR == 3
#include <catch2/catch_session.hpp>
#endif

int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
