// Any bytes as a catalog file: either entries load (bad ones skipped with a warning) or one
// InputError names the problem; nothing else may escape, crash or trip a sanitizer.
#include "core/catalog.h"
#include "core/input_error.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    lhe::core::Catalog catalog;
    std::vector<std::string> warnings;
    try {
        catalog.addText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz", true, warnings);
    } catch (const lhe::core::InputError&) {
    }
    return 0;
}
