// FileSizeLimit: a full disk on demand, for testing failed saves even as root (CI runs as root,
// and root writes into read-only folders). While it lives, RLIMIT_FSIZE caps every file this
// process writes at `bytes`; a write past it fails with EFBIG (SIGXFSZ is ignored so the
// process is not killed), exactly as on a disk that has just filled up.
#pragma once

#include <csignal>
#include <sys/resource.h>

namespace lhe::test {

class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        getrlimit(RLIMIT_FSIZE, &m_previous);
        rlimit limited = m_previous;
        limited.rlim_cur = bytes;
        m_active = setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    ~FileSizeLimit()
    {
        setrlimit(RLIMIT_FSIZE, &m_previous);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

    bool isActive() const { return m_active; }

private:
    rlimit m_previous{};
    void (*m_previousHandler)(int) = SIG_DFL;
    bool m_active = false;
};

} // namespace lhe::test
