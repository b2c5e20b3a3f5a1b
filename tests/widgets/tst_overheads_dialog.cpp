// The memory-overheads dialog: shows each default with its value, maps its fields to
// core::Overheads in bytes and fractions, restores the defaults, and the scenario controls put
// what it returns into the scenario.
#include "core/catalog/catalog.h"
#include "find_child.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/dialogs/overheads_dialog.h"
#include "widgets/document/scenario_document.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace lhe;
using widgets::OverheadsDialog;

class TestOverheadsDialog : public QObject
{
    Q_OBJECT

private slots:
    void showsTheDefaults();
    void fieldsBecomeOverheads();
    void restoreDefaults();
    void controlsPutOverheadsIntoTheScenario();
};

void TestOverheadsDialog::showsTheDefaults()
{
    OverheadsDialog dialog(core::Overheads{}, 400e6, QStringLiteral("NVIDIA H100"));
    QVERIFY(child<QCheckBox>(dialog, "deviceContextCheck")->isChecked());
    QVERIFY(child<QCheckBox>(dialog, "deviceContextCheck")->text().contains(QStringLiteral("0.40 GB")));
    QVERIFY(!child<QDoubleSpinBox>(dialog, "runtimeContextSpin")->isEnabled());
    QCOMPARE(child<QDoubleSpinBox>(dialog, "runtimeContextSpin")->value(), 0.4);
    QCOMPARE(child<QSpinBox>(dialog, "allocatorReserveSpin")->value(), 5);             // 5 %
    QCOMPARE(child<QDoubleSpinBox>(dialog, "communicationBufferSpin")->value(), 1.06); // GB
    QVERIFY(!child<QCheckBox>(dialog, "servingPreallocationCheck")->isChecked());
    QCOMPARE(child<QSpinBox>(dialog, "gpuMemoryUtilizationSpin")->value(), 90); // vLLM default
    QVERIFY(!child<QSpinBox>(dialog, "gpuMemoryUtilizationSpin")->isEnabled());
    QVERIFY(dialog.windowTitle().contains(QStringLiteral("NVIDIA H100")));
    // Unchanged, it gives back the defaults: no explicit context.
    QVERIFY(!dialog.overheads().runtimeContextBytes);
}

void TestOverheadsDialog::fieldsBecomeOverheads()
{
    OverheadsDialog dialog(core::Overheads{}, 400e6, QStringLiteral("GPU"));
    child<QCheckBox>(dialog, "deviceContextCheck")->setChecked(false);
    QVERIFY(child<QDoubleSpinBox>(dialog, "runtimeContextSpin")->isEnabled());
    child<QDoubleSpinBox>(dialog, "runtimeContextSpin")->setValue(0.75);
    child<QSpinBox>(dialog, "allocatorReserveSpin")->setValue(12);
    child<QDoubleSpinBox>(dialog, "communicationBufferSpin")->setValue(0.5);
    child<QCheckBox>(dialog, "servingPreallocationCheck")->setChecked(true);
    QVERIFY(child<QSpinBox>(dialog, "gpuMemoryUtilizationSpin")->isEnabled());
    child<QSpinBox>(dialog, "gpuMemoryUtilizationSpin")->setValue(95);
    const core::Overheads o = dialog.overheads();
    QCOMPARE(*o.runtimeContextBytes, 0.75e9); // GB = 1e9 B
    QCOMPARE(o.allocatorReserveFraction, 0.12);
    QCOMPARE(o.communicationBufferBytes, 0.5e9);
    QVERIFY(o.servingPreallocation);
    QCOMPARE(o.gpuMemoryUtilization, 0.95);
    // Round trip through setOverheads.
    OverheadsDialog again(o, 400e6, QStringLiteral("GPU"));
    QVERIFY(!child<QCheckBox>(again, "deviceContextCheck")->isChecked());
    QCOMPARE(*again.overheads().runtimeContextBytes, 0.75e9);
    QCOMPARE(again.overheads().gpuMemoryUtilization, 0.95);
}

void TestOverheadsDialog::restoreDefaults()
{
    core::Overheads changed;
    changed.runtimeContextBytes = 3e9;
    changed.allocatorReserveFraction = 0.3;
    changed.servingPreallocation = true;
    OverheadsDialog dialog(changed, 400e6, QStringLiteral("GPU"));
    child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::RestoreDefaults)->click();
    const core::Overheads o = dialog.overheads();
    QVERIFY(!o.runtimeContextBytes);
    QCOMPARE(o.allocatorReserveFraction, 0.05);
    QCOMPARE(o.communicationBufferBytes, 1.06e9);
    QVERIFY(!o.servingPreallocation);
}

void TestOverheadsDialog::controlsPutOverheadsIntoTheScenario()
{
    widgets::ScenarioDocument document;
    widgets::ScenarioControls controls{&document};
    controls.setCatalog(core::Catalog::builtIn());
    controls.setScenario(nlohmann::json{{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-8b"}});
    QVERIFY(controls.findChild<QPushButton*>(QStringLiteral("overheadsButton")));
    QSignalSpy spy(&controls, &widgets::ScenarioControls::scenarioChanged);
    core::Overheads o;
    o.servingPreallocation = true;
    o.gpuMemoryUtilization = 0.8;
    controls.setOverheads(o);
    QCOMPARE(spy.count(), 1);
    const nlohmann::json s = controls.scenario();
    QVERIFY(s["overheads"]["serving_preallocation"] == true);
    QVERIFY(s["overheads"]["gpu_memory_utilization"] == 0.8);
    // A scenario that sets them shows them again after a reload.
    controls.setScenario(s);
    QVERIFY(controls.scenario()["overheads"]["serving_preallocation"] == true);
}

QTEST_MAIN(TestOverheadsDialog)
#include "tst_overheads_dialog.moc"
