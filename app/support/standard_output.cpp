#include "app/support/standard_output.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace lhe::app {

namespace {

const char* g_program = "";
bool g_failureReported = false;

void checkAtExit()
{
    if (!flushStandardOutput(g_program))
        ::_exit(kExitOutputFailed); // the exit status asked for was for output that was written
}

} // namespace

bool flushStandardOutput(const char* program)
{
    errno = 0;
    if (std::fflush(stdout) == 0 && std::ferror(stdout) == 0)
        return true;
    const int error = errno;
    if (!g_failureReported)
        std::fprintf(stderr, "%s: cannot write to standard output: %s\n", program,
                     error != 0 ? std::strerror(error) : "write error");
    g_failureReported = true;
    return false;
}

void noteStandardOutputFailureReported()
{
    g_failureReported = true;
}

void checkStandardOutputAtExit(const char* program)
{
    g_program = program;
    std::atexit(checkAtExit);
}

} // namespace lhe::app
