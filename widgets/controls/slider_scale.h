// The scenario panel's slider scales: the count each slider position stands for, and the position
// a count puts the slider at (the nearest, pinned at the slider's end beyond its span).
#pragma once

namespace lhe::widgets {

// Batch 1 … 4,096 and device count 1 … 16,384 in powers of two.
constexpr int kBatchMaxPosition = 12;   // 2^12 = 4096
constexpr int kDevicesMaxPosition = 14; // 2^14 = 16384
// Prompt tokens (training: sequence length) from 128 at 16 positions per octave; the slider's
// end follows the model's context (ScenarioControls::fitPromptRangeToModel).
constexpr int kPromptMin = 128;
constexpr int kPromptMax = 10 << 20; // 10,485,760: Llama 4 Scout's context
constexpr int kPromptStepsPerOctave = 16;
constexpr int kPromptMaxPosition = 262;        // 128 · 2^(262/16) ≈ 10.9 M, clamped to kPromptMax
constexpr int kPromptDefaultContext = 1 << 17; // slider span when a model states no context length
// Output tokens: 0, then 1 … 32,768 at 4 positions per octave.
constexpr int kOutputStepsPerOctave = 4;
constexpr int kOutputMaxPosition = 1 + 15 * kOutputStepsPerOctave; // 0, then 1 … 2^15

int batchForPosition(int position);
int positionForBatch(int batch);
int devicesForPosition(int position);
int positionForDevices(int devices);
int promptForPosition(int position);
int positionForPrompt(int prompt);
int outputForPosition(int position);
int positionForOutput(int output);

} // namespace lhe::widgets
