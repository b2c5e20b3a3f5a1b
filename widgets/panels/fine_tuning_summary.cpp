#include "widgets/panels/fine_tuning_summary.h"

#include "core/estimate/report.h"
#include "widgets/common/value_format.h"

#include <QStringList>

namespace lhe::widgets {

QString FineTuningSummary::methodName(int method)
{
    switch (static_cast<core::TrainingMethod>(method)) {
    case core::TrainingMethod::Full:
        return tr("full fine-tuning");
    case core::TrainingMethod::Lora:
        return tr("LoRA");
    case core::TrainingMethod::Qlora:
        return tr("QLoRA");
    }
    return {};
}

QString FineTuningSummary::weightsAndMethod(const core::Report& report)
{
    const core::Scenario& s = report.scenario;
    const std::string_view weights = core::precisionName(s.weights);
    QString text = QString::fromUtf8(weights.data(), static_cast<qsizetype>(weights.size()));
    if (s.mode != core::Mode::Training)
        return text;
    switch (s.training.method) {
    case core::TrainingMethod::Full:
        return tr("%1 · full").arg(text);
    case core::TrainingMethod::Lora:
        return tr("%1 · LoRA").arg(text);
    case core::TrainingMethod::Qlora:
        return s.training.lora.quantization == core::QuantizedBase::Int8 ? tr("int8 · QLoRA")
                                                                         : tr("NF4 · QLoRA");
    }
    return text;
}

QString FineTuningSummary::methodsFitText(const core::Report& report)
{
    if (!report.training || !report.training->methodsCompared)
        return {};
    const core::TrainingEstimate& t = *report.training;
    const QString separator = QStringLiteral(" · ");
    QStringList fitting;
    QStringList tooLarge;
    QStringList unknown;
    for (int method = 0; method < static_cast<int>(t.methodBytes.size()); ++method) {
        const auto index = static_cast<std::size_t>(method);
        const QString name = methodName(method);
        if (!t.methodBytes[index])
            unknown << name;
        else if (t.methodFits[index])
            fitting << tr("%1 %2").arg(name, formatBytes(*t.methodBytes[index]));
        else
            tooLarge << tr("%1 needs %2").arg(name, formatBytes(*t.methodBytes[index]));
    }
    const QString capacity = formatBytes(report.memory.capacityPerDeviceBytes);
    QString text =
        fitting.isEmpty()
            ? tr("No training method fits on this device (%1): %2").arg(capacity, tooLarge.join(separator))
        : tooLarge.isEmpty() ? tr("Fits on this device (%1): %2").arg(capacity, fitting.join(separator))
                             : tr("Fits on this device (%1): %2 — %3")
                                   .arg(capacity, fitting.join(separator), tooLarge.join(separator));
    // The core leaves a method without bytes when its adapter targets name modules this model
    // lacks (TrainingEstimate::methodBytes): say so rather than drop it.
    if (!unknown.isEmpty())
        text += QStringLiteral(" — ") +
                tr("%1: the adapter targets name no module of this model").arg(unknown.join(tr(" and ")));
    return text;
}

} // namespace lhe::widgets
