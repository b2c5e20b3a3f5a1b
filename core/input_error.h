// InputError: the one exception the core throws for bad user input (scenario, catalog,
// HF config). It names the offending field path so the CLI and GUI can print one clear line.
#pragma once

#include <stdexcept>
#include <string>

namespace lhe::core {

class InputError : public std::runtime_error
{
public:
    InputError(std::string fieldPath, const std::string& message)
        : std::runtime_error(fieldPath.empty() ? message : fieldPath + ": " + message),
          m_fieldPath(std::move(fieldPath))
    {
    }
    const std::string& fieldPath() const { return m_fieldPath; }

private:
    std::string m_fieldPath;
};

} // namespace lhe::core
