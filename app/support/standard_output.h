// Standard output that could not be written is an error, however the program ends
// (docs/CONTRACT §5.4 Output and exit status, §6.2 Exit status): exit 0 only when it was written.
#pragma once

namespace lhe::app {

// The exit status when standard output could not be written.
inline constexpr int kExitOutputFailed = 2;

// Flushes standard output. False, with "<program>: cannot write to standard output: <reason>"
// on stderr (once per process), when any of its text could not be written: a full disk, a
// file-size limit, a closed pipe.
bool flushStandardOutput(const char* program);

// For a caller that reported a failed write to standard output itself: the exit check then
// ends the process with kExitOutputFailed without saying it again.
void noteStandardOutputFailureReported();

// Checks standard output when the process exits, also by exit() from inside Qt:
// QCommandLineParser's --help, --help-all and --version print with stdio and exit(0), and the
// C library drops a failed final flush in silence. A failure ends the process with
// kExitOutputFailed and the line above (gnulib's close_stdout does the same with atexit).
// `program` must live until the exit (a string literal).
void checkStandardOutputAtExit(const char* program);

} // namespace lhe::app
