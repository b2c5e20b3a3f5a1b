#include "widgets/controls/model_items.h"

#include "core/catalog/catalog.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"
#include "widgets/common/value_format.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/messages/core_message.h"

#include <QStandardItemModel>
#include <QStringList>
#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <vector>

namespace lhe::widgets {

namespace {

QString modelMarkers(const core::ModelEntry& model)
{
    return model.userDefined ? ScenarioControls::tr("user") : QString();
}

// "70.6 B", "494 M", "1.2 T"
QString paramsText(double params)
{
    if (params >= 1e12)
        return ScenarioControls::tr("%1 T").arg(formatNumber(params / 1e12));
    if (params >= 1e9)
        return ScenarioControls::tr("%1 B").arg(formatNumber(params / 1e9));
    return ScenarioControls::tr("%1 M").arg(formatNumber(params / 1e6));
}

// "70.6 B params" or "235 B params (MoE: 22.2 B active)"
QString modelSummary(const core::ModelArchitecture& architecture, double total, double active)
{
    QString text = ScenarioControls::tr("%1 params").arg(paramsText(total));
    if (architecture.isMoe())
        text = ScenarioControls::tr("%1 (MoE: %2 active)").arg(text, paramsText(active));
    // Counted from what the checkpoint stores, not from the config's formulas (METHOD §1.17).
    if (architecture.source == "tensors")
        text = ScenarioControls::tr("%1 · from its tensor headers").arg(text);
    return text;
}

double totalParams(const core::ModelEntry& model)
{
    return model.architecture.paramsTotal > 0 ? model.architecture.paramsTotal : model.publishedParamsTotal;
}

double activeParams(const core::ModelEntry& model)
{
    return model.architecture.paramsActive > 0 ? model.architecture.paramsActive
                                               : model.publishedParamsActive;
}

QString architectureHtml(const core::ModelArchitecture& a)
{
    QString html;
    if (!a.modelType.empty())
        html +=
            QStringLiteral("<br/>") + ScenarioControls::tr("model_type: %1").arg(escapedHtml(a.modelType));
    if (a.layers > 0)
        html += QStringLiteral("<br/>") + ScenarioControls::tr("%1 layers · hidden %2 · %3 heads (%4 KV)")
                                              .arg(a.layers)
                                              .arg(a.hidden)
                                              .arg(a.heads)
                                              .arg(a.kvHeads);
    if (a.isMoe())
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("%1 experts, %2 per token").arg(a.experts).arg(a.expertsPerToken);
    // Layer kinds, as the cache sees them.
    std::array<long long, 5> kinds{};
    for (const core::LayerSpec& layer : a.layerSpecs)
        ++kinds[static_cast<std::size_t>(layer.attention)];
    QStringList parts;
    if (kinds[0] > 0)
        parts << ScenarioControls::tr("%1 full attention").arg(kinds[0]);
    if (kinds[1] > 0)
        parts << ScenarioControls::tr("%1 sliding window").arg(kinds[1]);
    if (kinds[2] > 0)
        parts << ScenarioControls::tr("%1 chunked").arg(kinds[2]);
    if (kinds[3] > 0)
        parts << ScenarioControls::tr("%1 linear / state space").arg(kinds[3]);
    if (kinds[4] > 0)
        parts << ScenarioControls::tr("%1 MLP only").arg(kinds[4]);
    if (parts.size() > 1 || kinds[0] != a.layers)
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Layers: %1").arg(parts.join(QStringLiteral(", ")));
    if (a.paramsVision > 0)
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Vision tower: %1 params").arg(paramsText(a.paramsVision));
    if (a.paramsMtp > 0)
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Multi-token prediction: %1 params (not loaded for plain decoding)")
                    .arg(paramsText(a.paramsMtp));
    if (a.checkpointQuantized || a.source == "tensors")
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Checkpoint: %1 (%2)")
                    .arg(escapedHtml(a.checkpointSummary), formatBytes(a.checkpointBytes));
    if (!a.approximations.empty())
        html +=
            QStringLiteral("<br/><b>") + ScenarioControls::tr("Approximate reading") + QStringLiteral("</b>");
    return html;
}

QString modelTooltip(const core::ModelEntry& model)
{
    QString html = QStringLiteral("<qt><b>") + escapedHtml(model.name) + QStringLiteral("</b>");
    html += QStringLiteral("<br/>") + ScenarioControls::tr("Family: %1").arg(escapedHtml(model.family));
    if (!model.release.empty())
        html += QStringLiteral("<br/>") + ScenarioControls::tr("Released %1").arg(escapedHtml(model.release));
    html +=
        QStringLiteral("<br/>") + modelSummary(model.architecture, totalParams(model), activeParams(model));
    html += architectureHtml(model.architecture);
    if (!model.paramsSource.empty())
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("Parameter count: %1").arg(escapedHtml(model.paramsSource));
    if (!model.configProvenance.empty())
        html += QStringLiteral("<br/>") +
                ScenarioControls::tr("config.json: %1").arg(escapedHtml(model.configProvenance));
    html += sourcesHtml(model.sources);
    if (model.userDefined)
        html += QStringLiteral("<br/><b>") + ScenarioControls::tr("User-defined entry (your catalog)") +
                QStringLiteral("</b>");
    return html + QStringLiteral("</qt>");
}

} // namespace

void fillModelModel(QStandardItemModel& model, const core::Catalog& catalog)
{
    model.clear();
    // Families alphabetically, models by size within a family.
    std::map<QString, std::vector<const core::ModelEntry*>> families;
    for (const core::ModelEntry& entry : catalog.models())
        families[qs(entry.family).toCaseFolded()].push_back(&entry);
    for (auto& [key, models] : families) {
        std::stable_sort(models.begin(), models.end(),
                         [](const core::ModelEntry* a, const core::ModelEntry* b) {
                             return totalParams(*a) < totalParams(*b);
                         });
        model.appendRow(headerItem(qs(models.front()->family)));
        for (const core::ModelEntry* entry : models) {
            QStandardItem* item =
                entryItem(qs(entry->id), qs(entry->name), modelMarkers(*entry),
                          modelSummary(entry->architecture, totalParams(*entry), activeParams(*entry)),
                          modelTooltip(*entry));
            item->setData(static_cast<qlonglong>(entry->architecture.maxPositions),
                          ScenarioControls::ContextRole);
            item->setData(entry->architecture.checkpointQuantized, ScenarioControls::QuantizedRole);
            model.appendRow(item);
        }
    }
}

QStandardItem* importedModelItem(const nlohmann::json& config, const nlohmann::json& tensors,
                                 const QString& path, int index)
{
    const std::string modelType = config.value("model_type", std::string());
    // Named after its repository (_name_or_path) or folder, never "config.json" or a path.
    const std::string importedName = core::importedModelName(config, path.toStdString());
    const QString name =
        ScenarioControls::tr("Imported: %1")
            .arg(importedName == "imported model" && !modelType.empty() ? qs(modelType) : qs(importedName));
    QString summary;
    qlonglong context = 0;
    bool quantized = false;
    QString tooltip = QStringLiteral("<qt><b>") + name.toHtmlEscaped() + QStringLiteral("</b>");
    if (!path.isEmpty())
        tooltip += QStringLiteral("<br/>") + path.toHtmlEscaped();
    try {
        std::vector<core::Message> warnings;
        const core::ModelArchitecture architecture = core::architectureFromModelSources(
            config, tensors.is_null() ? nullptr : &tensors, "model_config", warnings);
        summary = modelSummary(architecture, architecture.paramsTotal, architecture.paramsActive);
        context = architecture.maxPositions;
        quantized = architecture.checkpointQuantized;
        tooltip += QStringLiteral("<br/>") + summary + architectureHtml(architecture);
        for (const core::Message& warning : warnings)
            tooltip += QStringLiteral("<br/><i>") + translatedMessage(warning).toHtmlEscaped() +
                       QStringLiteral("</i>");
    } catch (const core::InputError& error) {
        summary = ScenarioControls::tr("not readable");
        tooltip +=
            QStringLiteral("<br/><i>") + translatedError(error).toHtmlEscaped() + QStringLiteral("</i>");
    } catch (const std::exception& error) {
        summary = ScenarioControls::tr("not readable");
        tooltip += QStringLiteral("<br/><i>") + QString::fromUtf8(error.what()).toHtmlEscaped() +
                   QStringLiteral("</i>");
    }
    QStandardItem* item = entryItem(QString(), name, QString(), summary, tooltip + QStringLiteral("</qt>"));
    item->setData(ScenarioControls::ImportedItem, ScenarioControls::KindRole);
    item->setData(index, ScenarioControls::ImportIndexRole);
    item->setData(context, ScenarioControls::ContextRole);
    item->setData(quantized, ScenarioControls::QuantizedRole);
    return item;
}

} // namespace lhe::widgets
