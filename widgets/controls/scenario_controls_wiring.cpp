// ScenarioControls' wiring: the scroll area around the controls (ScenarioControlsUi), their tab
// order and mouse-wheel filter, and their signals to the panel's handlers.
#include "widgets/common/value_format.h"
#include "widgets/controls/device_search.h"
#include "widgets/controls/fine_tuning_controls.h"
#include "widgets/controls/frame_pacer.h"
#include "widgets/controls/picker_items.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/controls/scenario_controls_ui.h"
#include "widgets/controls/serving_controls.h"
#include "widgets/controls/slider_scale.h"
#include "widgets/document/scenario_document.h"
#include "widgets/layout/wrapped_label.h"

#include <QAbstractItemView>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QScopedValueRollback>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <functional>
#include <utility>
#include <vector>

namespace lhe::widgets {

void ScenarioControls::buildUi()
{
    auto* outer = qobject_cast<QVBoxLayout*>(layout());
    if (!outer) {
        outer = new QVBoxLayout(this);
        outer->setContentsMargins(0, 0, 0, 0);
    }
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // The panel asks for its content's width (minimumSizeHint); a window too narrow to give it
    // that gets a scroll bar rather than controls cut off at the edge.
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setAccessibleName(tr("Scenario"));
    m_scroll->setAccessibleDescription(tr(
        "Device, model, workload, parallel split, precisions, training and serving options of the scenario"));
    outer->addWidget(m_scroll);

    auto* content = new QWidget(m_scroll);
    content->setObjectName(QStringLiteral("scenarioControlsContent"));
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(8);

    m_ui.setup(column, m_scroll);
    m_serving = new ServingControls(content, column);
    column->addStretch(1);
    m_scroll->setWidget(content);
    content->installEventFilter(this); // its minimum changes with the font and the language
    orderTabsAndFilterWheel();
}

QSize ScenarioControls::minimumSizeHint() const
{
    QSize hint = QWidget::minimumSizeHint();
    if (m_scroll && m_scroll->widget()) {
        const int content = m_scroll->widget()->minimumSizeHint().width() +
                            m_scroll->verticalScrollBar()->sizeHint().width() + 2 * m_scroll->frameWidth();
        hint.setWidth(std::max({hint.width(), 300, content}));
    }
    return hint;
}

bool ScenarioControls::eventFilter(QObject* watched, QEvent* event)
{
    // The panel's minimum width is its content's (minimumSizeHint()); the window is laid out again
    // only when that changed, not when a caption inside changed its text.
    if (event->type() == QEvent::LayoutRequest && m_scroll && watched == m_scroll->widget()) {
        const int contentWidth = m_scroll->widget()->minimumSizeHint().width();
        if (std::exchange(m_contentMinimumWidth, contentWidth) != contentWidth)
            updateGeometry();
    }
    // The mouse wheel scrolls the panel unless the control under it has focus: scrolling past a
    // combo box or slider must not change the scenario.
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && !widget->hasFocus()) {
            QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

// Visual order, top to bottom and left to right; the mouse wheel over a picker, spin box or
// slider is the panel's (eventFilter).
void ScenarioControls::orderTabsAndFilterWheel()
{
    std::vector<QWidget*> tabOrder{
        m_ui.deviceCombo,  m_ui.deviceSearch,   m_ui.devicesSpin,         m_ui.devicesSlider,
        m_ui.modelCombo,   m_ui.importButton,   m_ui.inferenceRadio,      m_ui.trainingRadio,
        m_ui.batchSpin,    m_ui.batchSlider,    m_ui.promptSpin,          m_ui.promptSlider,
        m_ui.outputSpin,   m_ui.outputSlider,   m_ui.autoSplitCheck,      m_ui.tensorSpin,
        m_ui.pipelineSpin, m_ui.dataSpin,       m_ui.expertSpin,          m_ui.weightsCombo,
        m_ui.kvCacheCombo, m_ui.computeCombo,   m_ui.flashAttentionCheck, m_ui.overheadsButton,
        m_ui.zeroCombo,    m_ui.recomputeCombo, m_ui.microBatchSpin,      m_ui.optimizerCombo};
    for (QWidget* input : m_ui.fineTuning->inputs())
        tabOrder.push_back(input);
    for (QWidget* input : m_serving->inputs())
        tabOrder.push_back(input);
    for (std::size_t i = 1; i < tabOrder.size(); ++i)
        setTabOrder(tabOrder[i - 1], tabOrder[i]);
    for (QWidget* input : tabOrder) {
        if (qobject_cast<QComboBox*>(input) || qobject_cast<QAbstractSpinBox*>(input) ||
            qobject_cast<QSlider*>(input))
            input->installEventFilter(this);
    }
}

void ScenarioControls::connectSignals()
{
    // A slider and its spin box: either one moves the other (without re-entering), then commits.
    const auto pair = [this](QSlider* slider, QSpinBox* spin, int (*valueFor)(int), int (*positionFor)(int),
                             std::function<void()> changed) {
        const auto apply = [this, slider, spin, valueFor, changed] {
            {
                const QScopedValueRollback guard(m_syncing, true);
                spin->setValue(valueFor(slider->value()));
            }
            changed();
        };
        // A drag sends a value for every mouse move, often several per frame, and each change
        // evaluates the scenario and redraws every view: while the slider is held, the newest
        // value is applied at most once per display frame (FramePacer).
        auto* pacer = new FramePacer(apply, slider);
        // A drag is one gesture: its changes share a dragId() (one undo step in the main window).
        connect(slider, &QSlider::sliderPressed, this, [this] { m_dragId = ++m_dragCount; });
        connect(slider, &QSlider::sliderReleased, this, [this, pacer] {
            pacer->flush(); // the value the drag ended on, still part of the drag
            m_dragId = 0;
        });
        connect(slider, &QSlider::valueChanged, this, [this, slider, pacer, apply] {
            if (m_syncing)
                return;
            if (!slider->isSliderDown()) {
                apply(); // a key, a click on the groove, the wheel: one step each
                return;
            }
            const QScreen* shown = screen();
            pacer->setIntervalNs(FramePacer::frameIntervalNs(shown ? shown->refreshRate() : 0));
            pacer->request();
        });
        connect(spin, &QSpinBox::valueChanged, this, [this, slider, positionFor, changed](int value) {
            if (m_syncing)
                return;
            {
                const QScopedValueRollback guard(m_syncing, true);
                slider->setValue(positionFor(value));
            }
            changed();
        });
    };
    const auto commitNow = [this] { commit(); };
    pair(m_ui.devicesSlider, m_ui.devicesSpin, &devicesForPosition, &positionForDevices,
         [this] { onDevicesChanged(); });
    pair(m_ui.batchSlider, m_ui.batchSpin, &batchForPosition, &positionForBatch, commitNow);
    pair(m_ui.promptSlider, m_ui.promptSpin, &promptForPosition, &positionForPrompt, commitNow);
    pair(m_ui.outputSlider, m_ui.outputSpin, &outputForPosition, &positionForOutput, commitNow);

    connect(m_ui.deviceCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onDeviceActivated();
    });
    connect(m_ui.modelCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onModelActivated();
    });
    // A device found by name becomes current exactly as if picked in the list.
    connect(m_ui.deviceSearch, &DeviceSearch::deviceChosen, this, [this](const QString& id) {
        const int row = m_ui.deviceCombo->findData(id, IdRole);
        if (row >= 0)
            m_ui.deviceCombo->setCurrentIndex(row);
    });
    connect(m_ui.importButton, &QPushButton::clicked, this, &ScenarioControls::importModelConfigRequested);
    connect(m_ui.overheadsButton, &QPushButton::clicked, this, &ScenarioControls::editOverheads);
    connect(m_ui.trainingRadio, &QRadioButton::toggled, this, [this] {
        if (!m_syncing)
            onModeChanged();
    });
    connect(m_ui.autoSplitCheck, &QCheckBox::toggled, this, [this](bool checked) {
        if (!m_syncing)
            onAutoSplitToggled(checked);
    });
    const auto commitUnlessSyncing = [this] {
        if (!m_syncing)
            commit();
    };
    for (QSpinBox* spin :
         {m_ui.tensorSpin, m_ui.pipelineSpin, m_ui.dataSpin, m_ui.expertSpin, m_ui.microBatchSpin})
        connect(spin, &QSpinBox::valueChanged, this, commitUnlessSyncing);
    for (QComboBox* combo :
         {m_ui.weightsCombo, m_ui.kvCacheCombo, m_ui.zeroCombo, m_ui.recomputeCombo, m_ui.optimizerCombo})
        connect(combo, &QComboBox::currentIndexChanged, this, commitUnlessSyncing);
    connect(m_ui.computeCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_syncing)
            onComputeChanged();
    });
    connect(m_ui.flashAttentionCheck, &QCheckBox::toggled, this, commitUnlessSyncing);
    connect(m_ui.fineTuning, &FineTuningControls::edited, this, commitUnlessSyncing);
    connect(m_serving, &ServingControls::edited, this, commitUnlessSyncing);
    connect(m_serving, &ServingControls::priceEdited, this, [this](std::optional<double> price) {
        emit priceEdited(QString::fromStdString(m_document->scenario().deviceId), price);
    });
}

} // namespace lhe::widgets
