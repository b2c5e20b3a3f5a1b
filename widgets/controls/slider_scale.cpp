#include "widgets/controls/slider_scale.h"

#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

// `base` · 2^(step / stepsPerOctave), rounded to 1/32 of its octave so that intermediate slider
// positions land on round numbers; whole octaves stay exact powers of two.
int logValue(int base, int step, int stepsPerOctave)
{
    const double exact = base * std::exp2(static_cast<double>(step) / stepsPerOctave);
    const double octave = std::floor(std::log2(exact) + 1e-9);
    const double quantum = std::max(1.0, std::exp2(octave - 5.0));
    return static_cast<int>(std::lround(std::round(exact / quantum) * quantum));
}

int logStep(int base, int value, int stepsPerOctave, int maxStep)
{
    if (value <= base)
        return 0;
    const double step = std::round(stepsPerOctave * std::log2(static_cast<double>(value) / base));
    return std::clamp(static_cast<int>(step), 0, maxStep);
}

} // namespace

int batchForPosition(int position)
{
    return 1 << std::clamp(position, 0, kBatchMaxPosition);
}
int positionForBatch(int batch)
{
    return logStep(1, batch, 1, kBatchMaxPosition);
}
int devicesForPosition(int position)
{
    return 1 << std::clamp(position, 0, kDevicesMaxPosition);
}
int positionForDevices(int devices)
{
    return logStep(1, devices, 1, kDevicesMaxPosition);
}
int promptForPosition(int position)
{
    return std::min(kPromptMax,
                    logValue(kPromptMin, std::clamp(position, 0, kPromptMaxPosition), kPromptStepsPerOctave));
}
int positionForPrompt(int prompt)
{
    return logStep(kPromptMin, prompt, kPromptStepsPerOctave, kPromptMaxPosition);
}
int outputForPosition(int position)
{
    return position <= 0 ? 0 : logValue(1, std::min(position, kOutputMaxPosition) - 1, kOutputStepsPerOctave);
}
int positionForOutput(int output)
{
    return output <= 0 ? 0 : 1 + logStep(1, output, kOutputStepsPerOctave, kOutputMaxPosition - 1);
}

} // namespace lhe::widgets
