// The device picker's rows: one entry per catalog device with its datasheet memory, bandwidth
// and peak, grouped CPU / GPU / NPU / TPU with the unified-memory systems in a subgroup of their
// class, each group sorted by name.
#pragma once

#include <QString>
#include <vector>

class QStandardItemModel;

namespace lhe::core {
class Catalog;
struct Device;
} // namespace lhe::core

namespace lhe::widgets {

// "80 GB HBM3 (85.9 GB = 80 GiB) · 3.35 TB/s · 989 TFLOP/s bf16"
QString deviceSummary(const core::Device& device);
QString deviceTooltip(const core::Device& device);     // rich text: vendor, sources, uncertainty
QString deviceMarkers(const core::Device& device);     // "user", "uncertain", both or empty
QString deviceDisplayName(const core::Device& device); // "name · markers"
// The catalog's devices in name order (case-insensitive), as the picker and the search list them.
std::vector<const core::Device*> devicesByName(const core::Catalog& catalog);
void fillDeviceModel(QStandardItemModel& model, const core::Catalog& catalog);

} // namespace lhe::widgets
