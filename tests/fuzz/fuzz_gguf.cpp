// Any bytes as the start of a GGUF file: a header read whole (then translated to a config.json
// the model reader accepts or refuses with one InputError), one InputError, or a request for
// more bytes that is more than was given and no more than the file.
#include "core/common/input_error.h"
#include "core/formats/gguf_config.h"
#include "core/formats/gguf_file.h"
#include "core/model/model_architecture.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void readAs(std::string_view bytes, std::uint64_t fileBytes)
{
    using namespace lhe::core;
    try {
        const GgufFile file = parseGguf(bytes, fileBytes, "fuzz.gguf");
        (void)file.metadata.dump(); // every string valid UTF-8
        std::vector<Message> warnings;
        const nlohmann::json config = hfConfigFromGguf(file, "fuzz.gguf", warnings);
        const ModelArchitecture arch = architectureFromHfConfig(config, "fuzz.gguf", warnings);
        if (!std::isfinite(arch.paramsTotal) || arch.paramsTotal <= 0)
            std::abort();
    } catch (const InputError&) {
    } catch (const GgufNeedMoreBytes& more) {
        if (more.bytes <= bytes.size() || more.bytes > fileBytes)
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    readAs(bytes, size);     // the whole file
    readAs(bytes, size * 4); // the start of a larger file
    return 0;
}
