#include "widgets/controls/device_items.h"

#include "core/catalog/catalog.h"
#include "widgets/common/value_format.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"

#include <QStandardItemModel>
#include <QStringList>
#include <algorithm>
#include <array>
#include <vector>

namespace lhe::widgets {

namespace {

bool isIntegerKey(core::PeakKey key)
{
    return key == core::PeakKey::Int8 || key == core::PeakKey::Int4;
}

// "989 TFLOP/s bf16": the 16-bit float rate LLMs are served and trained in (bf16, else fp16 on
// a T4 or a V100), else the device's highest dense peak (an int8-only laptop NPU shows
// "45 TOP/s int8", a desktop CPU its fp32).
QString peakText(const core::Device& device)
{
    core::PeakKey key = device.peak(core::PeakKey::Bf16) > 0 ? core::PeakKey::Bf16 : core::PeakKey::Fp16;
    double value = device.peak(key);
    if (value <= 0) {
        for (std::size_t i = 0; i < core::kPeakKeyCount; ++i) {
            const auto candidate = static_cast<core::PeakKey>(i);
            if (device.peak(candidate) > value) {
                key = candidate;
                value = device.peak(candidate);
            }
        }
    }
    if (value <= 0)
        return {};
    const QString unit = isIntegerKey(key) ? QStringLiteral("OP/s") : QStringLiteral("FLOP/s");
    return ScenarioControls::tr("%1 %2").arg(formatRate(value, unit), qs(core::peakKeyName(key)));
}

bool isLowConfidence(const core::Device& device)
{
    return core::confidenceRating(device.confidence) == core::ConfidenceRating::Low;
}

} // namespace

QString deviceSummary(const core::Device& device)
{
    QString text = ScenarioControls::tr("%1 · %2").arg(
        formatDatasheetMemory(device.memoryBytes, qs(device.memoryType)),
        formatRate(device.memoryBandwidthBytesPerSecond, QStringLiteral("B/s")));
    const QString peak = peakText(device);
    if (!peak.isEmpty())
        text = ScenarioControls::tr("%1 · %2").arg(text, peak);
    return text;
}

QString deviceTooltip(const core::Device& device)
{
    QString html = QStringLiteral("<qt><b>") + escapedHtml(device.name) + QStringLiteral("</b>");
    if (!device.vendor.empty() || !device.architecture.empty())
        html += QStringLiteral("<br/>") + escapedHtml(device.vendor) +
                (device.architecture.empty() ? QString()
                                             : QStringLiteral(" · ") + escapedHtml(device.architecture));
    if (!device.release.empty())
        html +=
            QStringLiteral("<br/>") + ScenarioControls::tr("Released %1").arg(escapedHtml(device.release));
    if (device.unifiedMemory) {
        const QString memory =
            formatDatasheetMemory(device.memoryBytes, qs(device.memoryType)).toHtmlEscaped();
        html += QStringLiteral("<br/>") +
                (device.sharedMemoryPackage.empty()
                     ? ScenarioControls::tr("Unified memory: %1, %2 of it usable by the accelerator")
                           .arg(memory, formatCapacity(device.usableMemoryBytes()).toHtmlEscaped())
                     : ScenarioControls::tr("Unified memory: shares %1 and its bandwidth with the other "
                                            "engines of %2; %3 of it usable by this one")
                           .arg(memory, escapedHtml(device.sharedMemoryPackage),
                                formatCapacity(device.usableMemoryBytes()).toHtmlEscaped()));
    }
    if (!device.confidence.empty())
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Confidence: %1").arg(escapedHtml(device.confidence));
    if (!device.uncertainty.empty())
        html += QStringLiteral("<br/><i>") + escapedHtml(device.uncertainty) + QStringLiteral("</i>");
    html += sourcesHtml(device.sources);
    if (device.userDefined)
        html += QStringLiteral("<br/><b>") + ScenarioControls::tr("User-defined entry (your catalog)") +
                QStringLiteral("</b>");
    return html + QStringLiteral("</qt>");
}

// "user" for the user's own catalog entries, "uncertain" for devices whose catalog figures are
// rated low confidence (the tooltip says why); both joined by " · ", or empty.
QString deviceMarkers(const core::Device& device)
{
    QStringList markers;
    if (device.userDefined)
        markers << ScenarioControls::tr("user");
    if (isLowConfidence(device))
        markers << ScenarioControls::tr("uncertain");
    return markers.join(QStringLiteral(" · "));
}

QString deviceDisplayName(const core::Device& device)
{
    const QString markers = deviceMarkers(device);
    return markers.isEmpty() ? qs(device.name)
                             : ScenarioControls::tr("%1 · %2").arg(qs(device.name), markers);
}

std::vector<const core::Device*> devicesByName(const core::Catalog& catalog)
{
    std::vector<std::pair<QString, const core::Device*>> keyed;
    keyed.reserve(catalog.devices().size());
    for (const core::Device& device : catalog.devices())
        keyed.emplace_back(qs(device.name), &device);
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        return a.first.compare(b.first, Qt::CaseInsensitive) < 0;
    });
    std::vector<const core::Device*> devices;
    devices.reserve(keyed.size());
    for (const auto& entry : keyed)
        devices.push_back(entry.second);
    return devices;
}

void fillDeviceModel(QStandardItemModel& model, const core::Catalog& catalog)
{
    const std::vector<const core::Device*> byName = devicesByName(catalog);
    model.clear();
    constexpr std::array classes{core::DeviceClass::Cpu, core::DeviceClass::Gpu, core::DeviceClass::Npu,
                                 core::DeviceClass::Tpu};
    const std::array<QString, 4> headers{ScenarioControls::tr("CPU"), ScenarioControls::tr("GPU"),
                                         ScenarioControls::tr("NPU"), ScenarioControls::tr("TPU")};
    for (std::size_t c = 0; c < classes.size(); ++c) {
        // Devices with memory of their own first, then the unified-memory systems (Apple, GB10,
        // Jetson, laptop SoCs): a newcomer sees at a glance which capacities are shared.
        for (const bool unified : {false, true}) {
            std::vector<const core::Device*> group;
            for (const core::Device* device : byName) {
                if (device->deviceClass == classes[c] && device->unifiedMemory == unified)
                    group.push_back(device);
            }
            if (group.empty())
                continue;
            model.appendRow(headerItem(unified ? ScenarioControls::tr("%1 · unified memory").arg(headers[c])
                                               : headers[c]));
            for (const core::Device* device : group)
                model.appendRow(entryItem(qs(device->id), qs(device->name), deviceMarkers(*device),
                                          deviceSummary(*device), deviceTooltip(*device)));
        }
    }
}

} // namespace lhe::widgets
