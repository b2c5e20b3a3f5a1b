// Which training methods fit the device: the dashboard's line under its headline, from the
// report's TrainingEstimate::methodBytes / methodFits (the core evaluates the same step under
// full fine-tuning, LoRA and QLoRA; widgets never estimate).
#pragma once

#include <QCoreApplication>
#include <QString>

namespace lhe::core {
struct Report;
} // namespace lhe::core

namespace lhe::widgets {

class FineTuningSummary
{
    Q_DECLARE_TR_FUNCTIONS(FineTuningSummary)

public:
    // "Fits on this device (24.0 GB): LoRA 17.1 GB · QLoRA 6.9 GB — full fine-tuning needs 130 GB";
    // empty outside training or when the report did not compare the methods.
    static QString methodsFitText(const core::Report& report);
    // A method's name as the panel's Method picker shows it (index: core::TrainingMethod).
    static QString methodName(int method);
    // The weight format and, in training, the method, short enough for a chart title: "bf16",
    // "bf16 · LoRA", "NF4 · QLoRA" (QLoRA stores the frozen base in its own format).
    static QString weightsAndMethod(const core::Report& report);
};

} // namespace lhe::widgets
