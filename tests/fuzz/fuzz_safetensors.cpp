// Any bytes as a safetensors file: the first 8 bytes as the header length and the rest as the
// header, read as the whole file and as the start of a file four times as long. The result is
// one InputError, or an inventory whose tensors fit in the data section without overlapping,
// whose summary has finite totals equal to the tensors' sums and comes back unchanged from its
// JSON (as the scenario file stores it).
#include "core/common/input_error.h"
#include "core/formats/safetensors_header.h"
#include "core/model/tensor_summary.h"
#include "require_finite.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string_view>

namespace {

void readAs(std::string_view bytes, std::uint64_t fileBytes)
{
    using namespace lhe::core;
    try {
        const std::uint64_t length =
            safetensorsHeaderLength(bytes.substr(0, 8), fileBytes, "fuzz.safetensors");
        if (bytes.size() < 8 + length)
            return; // the caller would read more of the file first
        const TensorInventory inventory =
            parseSafetensorsHeader(bytes.substr(8, length), fileBytes, "fuzz.safetensors");
        const double dataBytes = static_cast<double>(fileBytes - 8 - length);
        double stored = 0;
        for (const TensorRecord& t : inventory.tensors)
            stored += t.bytes;
        if (stored > dataBytes) // tensors that do not overlap fit in the data section
            std::abort();
        for (const int layers : {0, 2}) {
            TensorSummaryHints hints;
            hints.layers = layers;
            const TensorSummary summary = summariseTensors(inventory, hints);
            if (summary.bytesTotal != stored || !std::isfinite(summary.paramsTotal))
                std::abort();
            const nlohmann::json json = toJson(summary);
            lhe::fuzz::requireFinite(json);
            const nlohmann::json again = nlohmann::json::parse(json.dump());
            if (toJson(tensorSummaryFromJson(again, "tensor_summary")) != json)
                std::abort();
        }
    } catch (const InputError&) {
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
