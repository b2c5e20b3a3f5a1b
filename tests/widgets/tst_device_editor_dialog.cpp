// The device editor: fields map to core::Device in the catalog's units, OK waits for valid input
// with a message naming the problem, and an edited copy round-trips every field it does not show.
#include "core/catalog/catalog.h"
#include "core/common/units.h"
#include "find_child.h"
#include "widgets/dialogs/device_editor_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QtTest>

using namespace lhe;
using widgets::DeviceEditorDialog;

namespace {

double peak(const core::Device& device, core::PeakKey key)
{
    return device.peakFlopsPerSecond[static_cast<std::size_t>(key)];
}

bool okEnabled(const DeviceEditorDialog& dialog)
{
    return child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok)->isEnabled();
}

QString message(const DeviceEditorDialog& dialog)
{
    return child<QLabel>(dialog, "messageLabel")->text();
}

// An H100-like part typed in from its datasheet.
void fillValid(DeviceEditorDialog& dialog)
{
    child<QLineEdit>(dialog, "idEdit")->setText(QStringLiteral("acme-x1"));
    child<QLineEdit>(dialog, "nameEdit")->setText(QStringLiteral("Acme X1"));
    child<QLineEdit>(dialog, "vendorEdit")->setText(QStringLiteral("Acme"));
    auto* unit = child<QComboBox>(dialog, "memoryUnitCombo");
    unit->setCurrentIndex(unit->findText(QStringLiteral("GiB")));
    child<QDoubleSpinBox>(dialog, "memorySpin")->setValue(80);
    child<QDoubleSpinBox>(dialog, "bandwidthSpin")->setValue(3350);
    child<QDoubleSpinBox>(dialog, "peakBf16Spin")->setValue(989.4);
}

} // namespace

class TestDeviceEditorDialog : public QObject
{
    Q_OBJECT

private slots:
    void emptyDialogIsInvalid()
    {
        DeviceEditorDialog dialog;
        QVERIFY(!okEnabled(dialog));
        QVERIFY(message(dialog).contains(QStringLiteral("id")));
    }

    void fieldsMapToDeviceUnits()
    {
        DeviceEditorDialog dialog;
        fillValid(dialog);
        auto* classCombo = child<QComboBox>(dialog, "classCombo");
        classCombo->setCurrentIndex(classCombo->findData(QStringLiteral("npu")));
        child<QDoubleSpinBox>(dialog, "peakFp8Spin")->setValue(1978.9);
        child<QDoubleSpinBox>(dialog, "peakInt8Spin")->setValue(1978.9);
        child<QDoubleSpinBox>(dialog, "peakFp32Spin")->setValue(67);
        child<QComboBox>(dialog, "memoryTypeCombo")->setCurrentText(QStringLiteral("HBM3"));
        child<QLineEdit>(dialog, "releaseEdit")->setText(QStringLiteral("2024-03"));
        child<QLineEdit>(dialog, "interconnectNameEdit")->setText(QStringLiteral("X-Link"));
        child<QDoubleSpinBox>(dialog, "interconnectSpin")->setValue(450);
        child<QSpinBox>(dialog, "devicesPerNodeSpin")->setValue(8);
        child<QDoubleSpinBox>(dialog, "hostLinkSpin")->setValue(63);
        child<QDoubleSpinBox>(dialog, "hostMemorySpin")->setValue(256);
        child<QLineEdit>(dialog, "sourceEdit")->setText(QStringLiteral("https://example.com/x1.pdf"));
        QVERIFY2(okEnabled(dialog), qPrintable(message(dialog)));
        QVERIFY(dialog.problem().isEmpty());

        const core::Device d = dialog.device();
        QCOMPARE(d.id, std::string("acme-x1"));
        QCOMPARE(d.name, std::string("Acme X1"));
        QCOMPARE(d.vendor, std::string("Acme"));
        QCOMPARE(d.deviceClass, core::DeviceClass::Npu);
        QCOMPARE(d.memoryBytes, 85899345920.0);             // 80 GiB = 80 · 2^30 B
        QCOMPARE(d.memoryBandwidthBytesPerSecond, 3.35e12); // 3350 GB/s
        QCOMPARE(peak(d, core::PeakKey::Bf16), 989.4e12);   // TFLOP/s · 1e12, whole FLOP/s
        QCOMPARE(peak(d, core::PeakKey::Fp8), 1978.9e12);
        QCOMPARE(peak(d, core::PeakKey::Int8), 1978.9e12);
        QCOMPARE(peak(d, core::PeakKey::Fp32), 67e12);
        QCOMPARE(peak(d, core::PeakKey::Fp16), 0.0); // left at "none"
        QCOMPARE(d.memoryType, std::string("HBM3"));
        QCOMPARE(d.release, std::string("2024-03"));
        QCOMPARE(d.interconnectName, std::string("X-Link"));
        QCOMPARE(d.interconnectBytesPerSecond, 450e9);
        QCOMPARE(d.devicesPerNode, 8);
        QCOMPARE(d.hostLinkBytesPerSecond, 63e9);
        QCOMPARE(d.hostMemoryBytes, 256e9);
        QCOMPARE(d.sources, std::vector<std::string>{"https://example.com/x1.pdf"});
        QVERIFY(d.userDefined);

        // 24 GB in decimal units is 24e9 B, not 24 GiB.
        auto* unit = child<QComboBox>(dialog, "memoryUnitCombo");
        unit->setCurrentIndex(unit->findText(QStringLiteral("GB")));
        child<QDoubleSpinBox>(dialog, "memorySpin")->setValue(24);
        QCOMPARE(dialog.device().memoryBytes, 24e9);
    }

    void invalidInputDisablesOk_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expected"); // a word the message must contain
        QTest::newRow("empty id") << "idEdit"
                                  << "id";
        QTest::newRow("id with spaces") << "idEdit spaces"
                                        << "spaces";
        QTest::newRow("empty name") << "nameEdit"
                                    << "name";
        QTest::newRow("empty vendor") << "vendorEdit"
                                      << "vendor";
        QTest::newRow("zero memory") << "memorySpin"
                                     << "memory size";
        QTest::newRow("zero bandwidth") << "bandwidthSpin"
                                        << "bandwidth";
        QTest::newRow("no peak") << "peakBf16Spin"
                                 << "peak";
        QTest::newRow("bad release") << "releaseEdit"
                                     << "YYYY-MM";
        QTest::newRow("link without bandwidth") << "interconnectNameEdit"
                                                << "interconnect";
    }

    void invalidInputDisablesOk()
    {
        QFETCH(QString, field);
        QFETCH(QString, expected);
        DeviceEditorDialog dialog;
        fillValid(dialog);
        QVERIFY(okEnabled(dialog));
        if (field == QLatin1String("idEdit spaces"))
            child<QLineEdit>(dialog, "idEdit")->setText(QStringLiteral("acme x1"));
        else if (field == QLatin1String("releaseEdit"))
            child<QLineEdit>(dialog, "releaseEdit")->setText(QStringLiteral("2024-13"));
        else if (field == QLatin1String("interconnectNameEdit"))
            child<QLineEdit>(dialog, "interconnectNameEdit")->setText(QStringLiteral("X-Link"));
        else if (field.endsWith(QLatin1String("Edit")))
            child<QLineEdit>(dialog, field.toLatin1().constData())->clear();
        else
            child<QDoubleSpinBox>(dialog, field.toLatin1().constData())->setValue(0);
        QVERIFY(!okEnabled(dialog));
        QVERIFY2(message(dialog).contains(expected, Qt::CaseInsensitive), qPrintable(message(dialog)));
        QCOMPARE(message(dialog), QStringLiteral("⚠ ") + dialog.problem());
    }

    void clashingIdIsAllowedAndNamed()
    {
        DeviceEditorDialog dialog;
        dialog.setCatalog(core::Catalog::builtIn());
        fillValid(dialog);
        child<QLineEdit>(dialog, "idEdit")->setText(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(okEnabled(dialog));
        const std::string name = core::Catalog::builtIn().findDevice("nvidia-h100-sxm")->name;
        QCOMPARE(message(dialog),
                 QStringLiteral("Overrides the built-in %1.").arg(QString::fromStdString(name)));
    }

    void copyPrefillsAndRoundTrips()
    {
        const core::Device* h100 = core::Catalog::builtIn().findDevice("nvidia-h100-sxm");
        QVERIFY(h100);
        DeviceEditorDialog dialog;
        dialog.setCatalog(core::Catalog::builtIn());
        dialog.setDevice(*h100);
        QCOMPARE(child<QLineEdit>(dialog, "idEdit")->text(), QStringLiteral("nvidia-h100-sxm-custom"));
        QCOMPARE(child<QLineEdit>(dialog, "nameEdit")->text(),
                 QString::fromStdString(h100->name + " (custom)"));
        QVERIFY(dialog.windowTitle().contains(QString::fromStdString(h100->name)));
        // 85,899,345,920 B is a whole number of GiB: shown as 80 GiB.
        QCOMPARE(child<QComboBox>(dialog, "memoryUnitCombo")->currentText(), QStringLiteral("GiB"));
        QCOMPARE(child<QDoubleSpinBox>(dialog, "memorySpin")->value(), 80.0);
        QCOMPARE(child<QDoubleSpinBox>(dialog, "bandwidthSpin")->value(), 3350.0);
        QVERIFY(okEnabled(dialog));
        // ... and echoed as the picker shows it (README, "Units"): 80 x 2^30 B = 85.9 GB.
        QCOMPARE(child<QLabel>(dialog, "memoryEchoLabel")->text(),
                 QString::fromUtf8("Shown as 80 GB HBM3 (85.9 GB = 80 GiB)"));
        // 80 typed in decimal GB is 80e9 B, not a whole number of GiB: shown once.
        auto* unit = child<QComboBox>(dialog, "memoryUnitCombo");
        unit->setCurrentIndex(unit->findText(QStringLiteral("GB")));
        QCOMPARE(child<QLabel>(dialog, "memoryEchoLabel")->text(), QString::fromUtf8("Shown as 80 GB HBM3"));
        unit->setCurrentIndex(unit->findText(QStringLiteral("GiB")));

        const core::Device d = dialog.device();
        QCOMPARE(d.id, std::string("nvidia-h100-sxm-custom"));
        QCOMPARE(d.vendor, h100->vendor);
        QCOMPARE(d.deviceClass, h100->deviceClass);
        QCOMPARE(d.memoryBytes, h100->memoryBytes);
        QCOMPARE(d.memoryBandwidthBytesPerSecond, h100->memoryBandwidthBytesPerSecond);
        QCOMPARE(d.peakFlopsPerSecond, h100->peakFlopsPerSecond); // shown and hidden precisions
        QCOMPARE(d.memoryType, h100->memoryType);
        QCOMPARE(d.release, h100->release);
        QCOMPARE(d.architecture, h100->architecture);
        QCOMPARE(d.interconnectName, h100->interconnectName);
        QCOMPARE(d.interconnectBytesPerSecond, h100->interconnectBytesPerSecond);
        QCOMPARE(d.devicesPerNode, h100->devicesPerNode);
        QCOMPARE(d.hostLinkBytesPerSecond, h100->hostLinkBytesPerSecond);
        // 274,877,906,944 B shows as 274.9 GB; left untouched it keeps the exact catalog value.
        QCOMPARE(d.hostMemoryBytes, h100->hostMemoryBytes);
        QCOMPARE(d.tdpWatts, h100->tdpWatts);
        QCOMPARE(d.sources, h100->sources);
        QVERIFY(d.confidence.empty());
        QVERIFY(d.userDefined);

        // A copy of a copy does not grow a second suffix.
        DeviceEditorDialog again;
        again.setDevice(d);
        QCOMPARE(child<QLineEdit>(again, "idEdit")->text(), QStringLiteral("nvidia-h100-sxm-custom"));
        QCOMPARE(child<QLineEdit>(again, "nameEdit")->text(), QString::fromStdString(d.name));
    }

    void everyInputHasALabelBuddy()
    {
        DeviceEditorDialog dialog;
        QSet<QWidget*> buddies;
        const QList<QLabel*> labels = dialog.findChildren<QLabel*>();
        for (const QLabel* label : labels) {
            if (label->buddy())
                buddies.insert(label->buddy());
        }
        for (const char* name :
             {"idEdit", "nameEdit", "vendorEdit", "classCombo", "memorySpin", "memoryTypeCombo",
              "bandwidthSpin", "peakBf16Spin", "peakFp16Spin", "peakFp8Spin", "peakInt8Spin", "peakFp32Spin",
              "interconnectNameEdit", "interconnectSpin", "devicesPerNodeSpin", "hostLinkSpin",
              "hostMemorySpin", "releaseEdit", "sourceEdit"}) {
            QWidget* input = child<QWidget>(dialog, name);
            QVERIFY2(buddies.contains(input), name);
            QVERIFY2(input->focusPolicy() & Qt::TabFocus, name);
        }
    }

    void shot()
    {
        // LHE_SHOT_DIR=/tmp/shots keeps a picture of an H100 copy for a look.
        const QByteArray folder = qgetenv("LHE_SHOT_DIR");
        if (folder.isEmpty())
            QSKIP("set LHE_SHOT_DIR to save a picture");
        DeviceEditorDialog dialog;
        dialog.setCatalog(core::Catalog::builtIn());
        dialog.setDevice(*core::Catalog::builtIn().findDevice("nvidia-h100-sxm"));
        dialog.show();
        dialog.adjustSize();
        QVERIFY(
            dialog.grab().save(QString::fromLocal8Bit(folder) + QStringLiteral("/device_editor_h100.png")));
        child<QLineEdit>(dialog, "idEdit")->clear();
        QVERIFY(dialog.grab().save(QString::fromLocal8Bit(folder) +
                                   QStringLiteral("/device_editor_invalid.png")));
    }
};

QTEST_MAIN(TestDeviceEditorDialog)
#include "tst_device_editor_dialog.moc"
