// ScenarioControlsUi: the controls of the scenario panel, built group by group (Hardware, Model,
// Workload, Parallel split, Precision and kernels, Training) into a column, as the Ui class of a
// Qt Designer form would be. ScenarioControls owns one and gives the controls their behaviour; the
// widgets belong to the column's widget, as Qt parents them.
#pragma once

#include <QCoreApplication>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QObject;
class QPushButton;
class QRadioButton;
class QSlider;
class QSpinBox;
class QStandardItemModel;
class QVBoxLayout;

namespace lhe::widgets {

class DeviceSearch;
class FineTuningControls;

class ScenarioControlsUi
{
    // The panel's texts keep the panel's translation context.
    Q_DECLARE_TR_FUNCTIONS(lhe::widgets::ScenarioControls)

public:
    // Builds every group into `column`; `owner` parents the mode buttons' group (not a widget).
    void setup(QVBoxLayout* column, QObject* owner);

    QComboBox* deviceCombo = nullptr;
    QStandardItemModel* deviceModel = nullptr;
    QLabel* deviceSummary = nullptr;
    DeviceSearch* deviceSearch = nullptr;
    QSlider* devicesSlider = nullptr;
    QSpinBox* devicesSpin = nullptr;
    QComboBox* modelCombo = nullptr;
    QStandardItemModel* modelModel = nullptr;
    QLabel* modelSummary = nullptr;
    QPushButton* importButton = nullptr;
    QButtonGroup* modeGroup = nullptr;
    QRadioButton* inferenceRadio = nullptr;
    QRadioButton* trainingRadio = nullptr;
    QSlider* batchSlider = nullptr;
    QSpinBox* batchSpin = nullptr;
    QLabel* promptLabel = nullptr;
    QSlider* promptSlider = nullptr;
    QSpinBox* promptSpin = nullptr;
    QLabel* outputLabel = nullptr;
    QSlider* outputSlider = nullptr;
    QSpinBox* outputSpin = nullptr;
    QCheckBox* autoSplitCheck = nullptr;
    QLabel* splitLabel = nullptr;
    QSpinBox* tensorSpin = nullptr;
    QSpinBox* pipelineSpin = nullptr;
    QSpinBox* dataSpin = nullptr;
    QSpinBox* expertSpin = nullptr;
    QLabel* splitWarning = nullptr;
    QComboBox* weightsCombo = nullptr;
    QComboBox* kvCacheCombo = nullptr;
    QComboBox* computeCombo = nullptr;
    QLabel* activationsLabel = nullptr;
    QCheckBox* flashAttentionCheck = nullptr;
    QPushButton* overheadsButton = nullptr;
    QGroupBox* trainingGroup = nullptr;
    QComboBox* zeroCombo = nullptr;
    QComboBox* recomputeCombo = nullptr;
    QSpinBox* microBatchSpin = nullptr;
    QComboBox* optimizerCombo = nullptr;
    FineTuningControls* fineTuning = nullptr; // method, LoRA rank and targets, QLoRA base

private:
    void buildHardwareSection(QVBoxLayout* column);
    void buildModelSection(QVBoxLayout* column);
    void buildWorkloadSection(QVBoxLayout* column, QObject* owner);
    void buildSplitSection(QVBoxLayout* column);
    void buildPrecisionSection(QVBoxLayout* column);
    void buildTrainingSection(QVBoxLayout* column);
};

} // namespace lhe::widgets
