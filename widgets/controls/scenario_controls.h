// ScenarioControls: the left-hand panel that shows and edits the scenario of a ScenarioDocument
// (device, model, workload, parallel split, precisions, training options). It never estimates
// anything and never rewrites a value it did not let the user change.
#pragma once

#include "core/catalog/catalog.h"
#include "core/scenario/scenario.h"
#include "widgets/controls/scenario_controls_ui.h"

#include <QHash>
#include <QString>
#include <QWidget>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

class QScrollArea;

namespace lhe::core {
struct Report;
} // namespace lhe::core

namespace lhe::widgets {

class ServingControls;
class ScenarioDocument;

// Every control has an objectName for tests and UI automation: deviceCombo, deviceCountSpin,
// deviceCountSlider, modelCombo, importButton, inferenceRadio, trainingRadio, batchSpin, batchSlider,
// promptSpin, promptSlider, promptLabel, outputSpin, outputSlider, autoSplitCheck, splitLabel,
// tensorSpin, pipelineSpin, dataSpin, expertSpin, splitWarningLabel, weightsCombo, kvCacheCombo,
// computeCombo, activationsLabel, flashAttentionCheck, trainingGroup, zeroStageCombo,
// recomputeCombo, microBatchSpin, optimizerCombo, and the fine-tuning rows of FineTuningControls
// (methodCombo, loraRankSpin, loraTargetsCombo, qloraBaseCombo); deviceSummary and modelSummary are the lines
// of figures under the pickers.
//
// Behaviour worth knowing:
// - Activations have no control of their own: they keep the loaded scenario's value until the user
//   picks a compute precision, then follow it for 16- and 32-bit formats and stay bf16 for the
//   narrower ones (FP8/INT8 GEMMs keep bf16 activations between kernels, as Transformer Engine does).
// - "Auto" split omits "parallelism" from scenario(); the core's choice is only shown (setReport).
//   A manual split whose product is not the device count is never emitted: the panel shows a
//   warning and keeps emitting the last valid split (while it still matches the device count).
//   When the device count changes under a manual split, the data degree absorbs the change if
//   tensor × pipeline × expert divides the new count.
// - Sliders: batch 1 … 4,096 and device count 1 … 16,384 in powers of two, prompt 128 … the
//   model's context at 16 positions per octave, output 0 then 1 … 32,768 at 4 per octave. The
//   spin boxes take the core's whole range (core::kMaxScenarioCount, kMaxScenarioDevices); a value
//   beyond a slider's end pins the slider there while its box shows the value.
// - Weight-only formats are disabled in training; switching to training with one selected falls
//   back to bf16 weights (the core rejects them in training).
// - The mouse wheel scrolls the panel unless the control under it has keyboard focus.
// - Mnemonics avoid F, E, V and H: the main window's File, Edit, View and Help menus.
// - Fields without a control (efficiency, prefill_chunk_tokens, training.grad_accum,
//   sequence_parallel, train_tokens, activations) are the document's and stay as they are; an edit
//   changes only what its control shows.
// - scenarioChanged is emitted after the document's scenario changed (by anyone).
// - Picker names carry markers: " · user" on user-defined devices and models (user catalog folder
//   or --catalog), " · uncertain" on devices whose confidence starts with "low"; the tooltip has
//   the confidence, the uncertainty text and the sources.
class ScenarioControls : public QWidget
{
    Q_OBJECT

public:
    // At least 300 px, and as wide as the content's minimum (presentation mode's larger text,
    // longer labels in Chinese) plus the vertical scroll bar: nothing is cut off at the edge.
    QSize minimumSizeHint() const override;

    // Data roles of the picker items (device and model combo boxes).
    enum ItemRole {
        IdRole = Qt::UserRole, // QString catalog id (empty for headers and imported entries)
        KindRole,              // int, an ItemKind
        ImportIndexRole,       // int, index of an imported model config
        SummaryRole,           // QString, the one-line figures shown under the picker
        NameRole,              // QString, what the closed picker shows (the popup shows all)
        ContextRole,           // qlonglong, the model's context length (max_position_embeddings; 0 unknown)
        QuantizedRole,         // bool, the model's checkpoint has a quantization_config
    };
    enum ItemKind { HeaderItem = 1, EntryItem, ImportedItem }; // KindRole; absent (0) on plain items

    // Shows and edits `document` (not owned; it outlives the panel), and follows its changes and
    // its report.
    explicit ScenarioControls(ScenarioDocument* document, QWidget* parent = nullptr);
    ~ScenarioControls() override;

    // Repopulates the pickers; keeps the selection by id (or the imported config) when possible.
    // With nothing chosen yet it selects the first GPU and the first model. Emits nothing: read
    // scenario() or call setScenario() afterwards.
    void setCatalog(const core::Catalog& catalog);

    ScenarioDocument* document() const { return m_document; }

    // An undoable change of the document to a contract scenario. Throws core::InputError (from
    // core::scenarioFromJson) before changing anything if the scenario is invalid. A
    // "model_config" becomes an "Imported: …" model entry.
    void setScenario(const nlohmann::json& scenario);

    // The document's scenario as contract JSON as the panel shows it (scenarioToJson; no
    // "parallelism" on Auto; the weight format the core will use where the scenario names none).
    nlohmann::json scenario() const;

    // Changes batch and prompt (training: sequence length) to these values as a user's change
    // would (the design-space map's cell click).
    void setBatchAndPrompt(long long batch, long long promptTokens);

    // Shows the split the core chose (report.scenario.parallelism) while the split is on Auto;
    // the document's reports arrive here by themselves.
    void setReport(const core::Report& report);

    // Adds (or reuses, for an identical config) an "Imported" model entry and makes it the
    // document's model. `label` is where it came from (a file path, kept as "model_config_path");
    // when empty the entry shows the config's model_type.
    void setImportedModelConfig(const nlohmann::json& config, const QString& label);
    // The same for a model opened from its files: its config and its tensor headers' summary
    // (model_tensors, null for none).
    void setImportedModel(const nlohmann::json& config, const nlohmann::json& tensors, const QString& label);

    // Replaces the scenario's memory overheads (what the "Memory overheads…" dialog returns), as
    // a user's change would.
    void setOverheads(const core::Overheads& overheads);
    // Opens the overheads dialog for the current device; applies it on OK.
    void editOverheads();

    // The price per device-hour remembered for a device id: a device the user picks gets it, or
    // none, in the same change. Without a lookup (no settings) the scenario's price stays.
    void setPriceLookup(std::function<std::optional<double>(const std::string&)> lookup)
    {
        m_priceLookup = std::move(lookup);
    }
    // The currency shown in the price box (widgets::currency(): "$" before the number, a code
    // after it); emits nothing.
    void showCurrency();
    // Non-zero while a slider is held down: the same number for every scenarioChanged of one
    // drag, a new one for the next drag. Undo merges a drag into one step with it.
    int dragId() const { return m_dragId; }

signals:
    void scenarioChanged(const nlohmann::json& scenario);
    // The user typed a price per device-hour (empty: none) for this device.
    void priceEdited(const QString& deviceId, std::optional<double> pricePerDeviceHour);
    void importModelConfigRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct ImportedConfig
    {
        nlohmann::json config;
        nlohmann::json tensors; // the checkpoint's header summary (model_tensors), null when none
        QString path;
    };

    // The scroll area around the controls (scenario_controls_wiring.cpp).
    void buildUi();
    void orderTabsAndFilterWheel();
    void connectSignals();
    void populateDevices(const core::Catalog& catalog);
    void populateModels(const core::Catalog* catalog);
    void styleHeaders();
    void selectDevice();
    void selectModel();
    int importedIndexFor(const nlohmann::json& config, const nlohmann::json& tensors) const;
    // Inference of a model whose checkpoint is quantized (the picker's `row`): weights as stored.
    void serveAsStored(core::Scenario& next, int row) const;

    void onDeviceActivated();
    void onModelActivated();
    // The prompt slider spans the selected model's context length (at most 10 Mi tokens), or
    // the scenario's prompt if that is longer: the range never changes a loaded value.
    void fitPromptRangeToModel();
    void onModeChanged();
    void onDevicesChanged();
    void onAutoSplitToggled(bool autoSplit);
    void onComputeChanged();

    void applyModeToUi();
    void updateActivationsLabel();
    void updateSplitDisplay();
    std::optional<core::Parallelism> manualSplit() const;
    // Sets every control to the document's scenario, emitting nothing.
    void showScenario();
    // The weight format the picker shows: the document's, or the checkpoint's own where the
    // scenario names none and the core serves a quantized checkpoint as stored.
    core::Precision shownWeights() const;
    // The document's scenario with what the controls show; nullopt while a manual split does
    // not match the device count (and the document's split no longer does either).
    std::optional<core::Scenario> fromControls() const;
    // fromControls(), else the document's scenario: what a picker's change starts from.
    core::Scenario edited() const;
    // Hands the controls' scenario to the document (a change only where it differs).
    void commit();
    // An edit of the panel to the document (undoable; one step per slider drag).
    void submit(const core::Scenario& next);

    // Builds the panel again in the current language (QEvent::LanguageChange).
    void retranslateUi();

    ScenarioDocument* const m_document;
    std::optional<core::Catalog> m_catalog; // the pickers' entries, kept for retranslateUi()
    bool m_syncing = false;                 // true while controls are set programmatically
    bool m_submitting = false;              // true while the document takes an edit of this panel
    int m_dragId = 0;
    int m_dragCount = 0;
    std::vector<ImportedConfig> m_imported;
    std::optional<core::Parallelism> m_autoSplit; // from the last report

    QScrollArea* m_scroll = nullptr;
    int m_contentMinimumWidth = -1;              // the scrolled content's, as last passed on to the window
    QHash<QString, double> m_deviceContextBytes; // device id -> runtime_overhead_bytes
    ScenarioControlsUi m_ui;                     // the controls, group by group
    ServingControls* m_serving = nullptr;        // the serving group (inference)
    std::function<std::optional<double>(const std::string&)> m_priceLookup;
};

} // namespace lhe::widgets
