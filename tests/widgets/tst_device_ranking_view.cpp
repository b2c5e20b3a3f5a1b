// DeviceRankingView shows the core::DeviceRanking it is given: sorted by the numbers behind each
// column (not their text), filtered by device class, exported as CSV (rankingCsv) and as a PNG of
// the table, and a double-click names the device. The rankings are made by hand.
#include "core/serving/serving.h"
#include "widgets/common/value_format.h"
#include "widgets/panels/device_ranking_model.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/ranking_table.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace lhe;
using namespace Qt::StringLiterals;
using widgets::DeviceRankingModel;
using widgets::DeviceRankingView;

namespace {

core::DeviceRanking ranked(const char* id, const char* name, core::DeviceClass deviceClass,
                           double tokensPerDevice, double ttft, double tpot)
{
    core::DeviceRanking r;
    r.deviceId = id;
    r.deviceName = name;
    r.deviceClass = deviceClass;
    r.fits = true;
    r.devicesNeeded = 1;
    core::ServingEstimate s;
    s.point.outputTokensPerSecondPerDevice = tokensPerDevice;
    s.point.ttftSeconds = ttft;
    s.point.tpotSeconds = tpot;
    s.joulesPerOutputToken = 1;
    r.serving = s;
    return r;
}

// Four devices, in the core's rank order; tokens/s 100, 9, 10 and none (cannot be placed).
std::vector<core::DeviceRanking> fourDevices()
{
    using core::DeviceClass;
    std::vector<core::DeviceRanking> ranking = {
        ranked("gpu-a", "GPU A", DeviceClass::Gpu, 100, 0.5, 0.03),
        ranked("cpu-b", "CPU B", DeviceClass::Cpu, 9, 0.002, 0.2),
        ranked("gpu-c", "GPU C", DeviceClass::Gpu, 10, 0.03, 0.1),
        ranked("npu-d", "NPU D", DeviceClass::Npu, 0, 0, 0),
    };
    ranking[0].serving->costPerMillionOutputTokens = 4.5;
    ranking[2].serving->costPerMillionOutputTokens = 30;
    ranking[3].serving.reset();
    ranking[3].fits = false;
    ranking[3].tier = core::OffloadTier::DoesNotFit;
    ranking[3].devicesNeeded = core::kRankDevicesLimit;
    return ranking;
}

// Shows `view` at `width` x 300 px with fourDevices(); false if the window never showed.
bool showFourDevices(DeviceRankingView& view, int width)
{
    view.resize(width, 300);
    view.setRanking(fourDevices());
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

// Presentation mode's 1.5x font, delivered to `widget`; returns the font.
QFont growFont(QWidget& widget)
{
    QFont large = widget.font();
    large.setPointSizeF(large.pointSizeF() * 1.5);
    widget.setFont(large);
    QCoreApplication::processEvents();
    return large;
}

QStringList idsShown(const DeviceRankingView& view)
{
    QStringList ids;
    for (int row = 0; row < view.proxy()->rowCount(); ++row)
        ids << view.proxy()->index(row, 0).data(DeviceRankingModel::DeviceIdRole).toString();
    return ids;
}

QStringList column(const DeviceRankingView& view, int col)
{
    QStringList texts;
    for (int row = 0; row < view.proxy()->rowCount(); ++row)
        texts << view.proxy()->index(row, col).data().toString();
    return texts;
}

// Saves where the test says instead of asking with a dialog; records errors instead of a box.
// A view with a plain file writer (the window gives it app::saveFileAtomically, tested with the
// app) and scripted dialogs.
class ScriptedView : public DeviceRankingView
{
public:
    QString path;
    QStringList errors;

    ScriptedView()
    {
        setFileWriter([](const QString& target, const QByteArray& bytes, QString* error) {
            QFile file(target);
            if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size())
                return true;
            *error = QStringLiteral("Cannot write %1: %2").arg(target, file.errorString());
            return false;
        });
    }

protected:
    QString chooseSavePath(const QString&, const QString&, const QString&) override { return path; }
    void showExportError(const QString& message) override { errors << message; }
};

} // namespace

class TestDeviceRankingView : public QObject
{
    Q_OBJECT

private slots:
    void showsTheRankingInItsOrder();
    void sortsByNumbersNotText();
    void classFilterHidesTheOtherClasses();
    void csvIsPlainSiNumbers();
    void exportCsvWritesTheRowsShown();
    void exportImageRendersHeaderAndRows();
    void doubleClickEmitsTheDeviceId();
    void rowsAreAsTallAsTheirText();
    void cellsShowTheirWholeFigures();
    void columnsFitTheirHeaders();
    void cellsFollowTheLocale();
    void sameDevicesAnnounceOnlyChangedCells();
    void currentCellKeepsItsFocusFrame();
    void emptyRankingShowsPlaceholder();
    void targetsFilterAndSort();
    void costOfAMissMarked();
    void priceCellIsEditable();
    void currencyShownWithCosts();
};

namespace {

// fourDevices() with targets: GPU A misses them (p90 TTFT 0.9 s), the others meet them.
std::vector<core::DeviceRanking> withTargets()
{
    std::vector<core::DeviceRanking> ranking = fourDevices();
    ranking[0].serving->point.meetsTargets = false;
    ranking[0].serving->point.ttftP90Seconds = 0.9;
    ranking[0].serving->point.tpotP90Seconds = 0.04;
    return ranking;
}

} // namespace

void TestDeviceRankingView::targetsFilterAndSort()
{
    DeviceRankingView view;
    view.setRanking(withTargets());
    // Without targets: nothing to meet, the filter is off and cannot be ticked.
    QCOMPARE(column(view, DeviceRankingModel::TargetsColumn), QStringList({u"—"_s, u"—"_s, u"—"_s, u"—"_s}));
    QVERIFY(!view.meetsTargetsFilter()->isEnabled());
    view.setHasTargets(true);
    // NPU D has no estimate: neither meets nor misses.
    QCOMPARE(column(view, DeviceRankingModel::TargetsColumn),
             QStringList({u"✗ misses"_s, u"meets"_s, u"meets"_s, u"—"_s}));
    QVERIFY(view.meetsTargetsFilter()->isEnabled());
    view.meetsTargetsFilter()->setChecked(true);
    QCOMPARE(idsShown(view), QStringList({u"cpu-b"_s, u"gpu-c"_s}));
    QCOMPARE(view.shownRanking().size(), std::size_t(2)); // the export takes what is shown
    // With the class filter: both hold.
    view.setShownClass(core::DeviceClass::Gpu);
    QCOMPARE(idsShown(view), QStringList({u"gpu-c"_s}));
    view.setShownClass(core::DeviceClass::Npu);
    QCOMPARE(view.visiblePlaceholderText(),
             QStringLiteral("No NPU device in this ranking meets the targets."));
    view.setShownClass(std::nullopt);
    view.meetsTargetsFilter()->setChecked(false);
    QCOMPARE(idsShown(view).size(), 4);
    // Sorted by the column: meeting devices, then missing, then unknown.
    view.table()->sortByColumn(DeviceRankingModel::TargetsColumn, Qt::AscendingOrder);
    QCOMPARE(idsShown(view), QStringList({u"cpu-b"_s, u"gpu-c"_s, u"gpu-a"_s, u"npu-d"_s}));
    // Targets removed: the filter unticks itself and every device shows again.
    view.meetsTargetsFilter()->setChecked(true);
    view.setHasTargets(false);
    QVERIFY(!view.meetsTargetsFilter()->isChecked());
    QCOMPARE(idsShown(view).size(), 4);
}

void TestDeviceRankingView::costOfAMissMarked()
{
    DeviceRankingView view;
    view.setRanking(withTargets());
    view.setHasTargets(true);
    // GPU A's cost 4.5 and energy 1 are not at the targets: marked; GPU C's 30 stands.
    QCOMPARE(column(view, DeviceRankingModel::CostColumn),
             QStringList({u"✗ 4.5"_s, u"—"_s, u"30"_s, u"—"_s}));
    QCOMPARE(column(view, DeviceRankingModel::JoulesColumn), QStringList({u"✗ 1"_s, u"1"_s, u"1"_s, u"—"_s}));
    const QString tip =
        view.proxy()->index(0, DeviceRankingModel::CostColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"Misses the latency targets: p90 TTFT 900 ms, p90 TPOT 40 ms"_s), qPrintable(tip));
    // The cost still sorts by its number (the mark is not part of it).
    view.table()->sortByColumn(DeviceRankingModel::CostColumn, Qt::AscendingOrder);
    QCOMPARE(idsShown(view).mid(0, 2), QStringList({u"gpu-a"_s, u"gpu-c"_s}));
    view.setHasTargets(false);
    QCOMPARE(view.proxy()->index(0, DeviceRankingModel::CostColumn).data().toString(), u"4.5"_s);
}

void TestDeviceRankingView::priceCellIsEditable()
{
    DeviceRankingView view;
    std::vector<core::DeviceRanking> ranking = fourDevices();
    ranking[0].pricePerDeviceHour = 2.5;
    view.setRanking(ranking);
    QSignalSpy edited(&view, &DeviceRankingView::priceEdited);
    QSignalSpy activated(&view, &DeviceRankingView::deviceActivated);
    const QModelIndex gpuA = view.proxy()->index(0, DeviceRankingModel::PriceColumn);
    QVERIFY(view.proxy()->flags(gpuA) & Qt::ItemIsEditable);
    QVERIFY(
        !(view.proxy()->flags(view.proxy()->index(0, DeviceRankingModel::CostColumn)) & Qt::ItemIsEditable));
    QCOMPARE(gpuA.data().toString(), u"2.5"_s);
    QCOMPARE(gpuA.data(Qt::EditRole).toString(), u"2.5"_s);
    // Typed in the table: the cell and the signal, with the device's id.
    view.resize(1200, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QModelIndex cpuB = view.proxy()->index(1, DeviceRankingModel::PriceColumn);
    view.table()->setCurrentIndex(cpuB);
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_F2);
    auto* editor = view.table()->findChild<QLineEdit*>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, u"1.75"_s);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(edited.count(), 1); // the delegate commits on the next turn of the event loop
    QCOMPARE(edited.last().value(0).toString(), u"cpu-b"_s);
    QCOMPARE(edited.last().value(1).value<std::optional<double>>(), std::optional<double>(1.75));
    QCOMPARE(view.proxy()->index(1, DeviceRankingModel::PriceColumn).data().toString(), u"1.75"_s);
    QCOMPARE(activated.count(), 0); // editing a price does not make the device current
    // Emptied: no price; out of range: refused, the price stays.
    QVERIFY(view.proxy()->setData(cpuB, QString()));
    QCOMPARE(edited.last().value(1).value<std::optional<double>>(), std::optional<double>());
    QCOMPARE(view.proxy()->index(1, DeviceRankingModel::PriceColumn).data().toString(), u"—"_s);
    QVERIFY(!view.proxy()->setData(gpuA, u"2000000"_s));
    QVERIFY(!view.proxy()->setData(gpuA, u"-1"_s));
    QVERIFY(!view.proxy()->setData(gpuA, u"cheap"_s));
    QCOMPARE(edited.count(), 2);
    QCOMPARE(gpuA.data().toString(), u"2.5"_s);
    // A double-click elsewhere still makes the device current.
    const QRect name = view.table()->visualRect(view.proxy()->index(2, DeviceRankingModel::DeviceColumn));
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, name.center()); // as doubleClick… below
    QTest::mouseDClick(view.table()->viewport(), Qt::LeftButton, {}, name.center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.last().value(0).toString(), u"gpu-c"_s);
    // A double-click on a price edits it instead.
    const QRect price = view.table()->visualRect(view.proxy()->index(2, DeviceRankingModel::PriceColumn));
    QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, price.center());
    QTest::mouseDClick(view.table()->viewport(), Qt::LeftButton, {}, price.center());
    QCOMPARE(activated.count(), 1);
    QVERIFY(view.table()->findChild<QLineEdit*>() && view.table()->findChild<QLineEdit*>()->isVisible());
}

void TestDeviceRankingView::currencyShownWithCosts()
{
    DeviceRankingView view;
    view.setRanking(fourDevices());
    QSignalSpy changed(&view, &DeviceRankingView::currencyChanged);
    auto header = [&view](int column) {
        return view.model()->headerData(column, Qt::Horizontal).toString().replace(u'\n', u' ');
    };
    QCOMPARE(header(DeviceRankingModel::CostColumn), u"Cost per M tokens"_s);
    view.currencyBox()->setCurrentIndex(view.currencyBox()->findText(u"€"_s));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.last().value(0).toString(), u"€"_s);
    QCOMPARE(widgets::currency(), u"€"_s);
    QCOMPARE(header(DeviceRankingModel::CostColumn), u"Cost per M tokens (€)"_s);
    QCOMPARE(header(DeviceRankingModel::PriceColumn), u"Price per hour (€)"_s);
    QCOMPARE(widgets::formatMoney(4.5), u"€4.5"_s);
    view.currencyBox()->setEditText(u"CHF"_s); // typed: a code goes after the amount
    QCOMPARE(widgets::formatMoney(4.5), u"4.5 CHF"_s);
    view.setCurrency(QString()); // the window's setting: none
    QCOMPARE(view.currencyBox()->currentText(), u"none"_s);
    QCOMPARE(header(DeviceRankingModel::CostColumn), u"Cost per M tokens"_s);
    QCOMPARE(widgets::formatMoney(4.5), u"4.5"_s);
}

void TestDeviceRankingView::showsTheRankingInItsOrder()
{
    DeviceRankingView view;
    view.setRanking(fourDevices());
    QCOMPARE(idsShown(view), QStringList({u"gpu-a"_s, u"cpu-b"_s, u"gpu-c"_s, u"npu-d"_s}));
    QCOMPARE(view.table()->model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Device"));
    QCOMPARE(view.model()->columnCount(), 11);
    QStringList headers;
    for (int c = 0; c < view.model()->columnCount(); ++c)
        headers << view.model()->headerData(c, Qt::Horizontal).toString().replace(u'\n', u' ');
    QCOMPARE(headers, QStringList({u"Device"_s, u"Fits"_s, u"Targets"_s, u"Tokens/s per device"_s,
                                   u"Cost per M tokens"_s, u"Price per hour"_s, u"Joules per token"_s,
                                   u"TTFT"_s, u"TPOT"_s, u"Devices needed"_s, u"Class"_s}));
    QCOMPARE(column(view, DeviceRankingModel::ClassColumn),
             QStringList({u"GPU"_s, u"CPU"_s, u"GPU"_s, u"NPU"_s}));
    QCOMPARE(column(view, DeviceRankingModel::FitsColumn),
             QStringList({u"fits"_s, u"fits"_s, u"fits"_s, u"does not fit"_s}));
    QCOMPARE(column(view, DeviceRankingModel::DevicesNeededColumn),
             QStringList({u"1"_s, u"1"_s, u"1"_s, u"1,024"_s}));
    QCOMPARE(column(view, DeviceRankingModel::TtftColumn),
             QStringList({u"500 ms"_s, u"2 ms"_s, u"30 ms"_s, u"—"_s}));
    // No price: an em dash, not 0.
    QCOMPARE(column(view, DeviceRankingModel::CostColumn), QStringList({u"4.5"_s, u"—"_s, u"30"_s, u"—"_s}));
    // The vertical header is the core's rank, whatever the sort.
    view.table()->sortByColumn(DeviceRankingModel::TokensPerSecondColumn, Qt::AscendingOrder);
    QCOMPARE(view.proxy()->headerData(0, Qt::Vertical).toInt(), 4);
    // Spilling tiers by name.
    std::vector<core::DeviceRanking> tiers = fourDevices();
    tiers[0].fits = false;
    tiers[0].tier = core::OffloadTier::HostRam;
    tiers[1].fits = false;
    tiers[1].tier = core::OffloadTier::Disk;
    view.table()->sortByColumn(-1, Qt::AscendingOrder);
    view.setRanking(tiers);
    QCOMPARE(column(view, DeviceRankingModel::FitsColumn),
             QStringList({u"spills to host RAM"_s, u"spills to disk"_s, u"fits"_s, u"does not fit"_s}));
}

void TestDeviceRankingView::sortsByNumbersNotText()
{
    DeviceRankingView view;
    view.setRanking(fourDevices());
    // As text "10" < "100" < "9"; as numbers 9 < 10 < 100 (the device that cannot be placed last).
    view.table()->sortByColumn(DeviceRankingModel::TokensPerSecondColumn, Qt::DescendingOrder);
    QCOMPARE(idsShown(view), QStringList({u"gpu-a"_s, u"gpu-c"_s, u"cpu-b"_s, u"npu-d"_s}));
    QCOMPARE(column(view, DeviceRankingModel::TokensPerSecondColumn),
             QStringList({u"100"_s, u"10"_s, u"9"_s, u"—"_s}));
    view.table()->sortByColumn(DeviceRankingModel::TokensPerSecondColumn, Qt::AscendingOrder);
    QCOMPARE(idsShown(view), QStringList({u"npu-d"_s, u"cpu-b"_s, u"gpu-c"_s, u"gpu-a"_s}));
    // Seconds: 2 ms < 30 ms < 500 ms, which as text would be "2 ms" < "30 ms" < "500 ms" only by luck:
    // TPOT 30 ms < 100 ms < 200 ms reads "100 ms" < "200 ms" < "30 ms" as text.
    view.table()->sortByColumn(DeviceRankingModel::TpotColumn, Qt::AscendingOrder);
    QCOMPARE(idsShown(view), QStringList({u"gpu-a"_s, u"gpu-c"_s, u"cpu-b"_s, u"npu-d"_s}));
    // Cost: the devices without a price after those with one.
    view.table()->sortByColumn(DeviceRankingModel::CostColumn, Qt::AscendingOrder);
    QCOMPARE(idsShown(view).mid(0, 2), QStringList({u"gpu-a"_s, u"gpu-c"_s}));
    // Clearing the sort goes back to the core's rank.
    view.table()->sortByColumn(-1, Qt::AscendingOrder);
    QCOMPARE(idsShown(view), QStringList({u"gpu-a"_s, u"cpu-b"_s, u"gpu-c"_s, u"npu-d"_s}));
    // A header click sorts through the view too.
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QHeaderView* header = view.table()->horizontalHeader();
    const int x = header->sectionViewportPosition(DeviceRankingModel::TokensPerSecondColumn) + 5;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(column(view, DeviceRankingModel::TokensPerSecondColumn).mid(0, 3),
             header->sortIndicatorOrder() == Qt::AscendingOrder ? QStringList({u"—"_s, u"9"_s, u"10"_s})
                                                                : QStringList({u"100"_s, u"10"_s, u"9"_s}));
}

void TestDeviceRankingView::classFilterHidesTheOtherClasses()
{
    DeviceRankingView view;
    view.setRanking(fourDevices());
    QCOMPARE(view.classFilter()->count(), 5);
    QCOMPARE(view.classFilter()->itemText(0), QStringLiteral("All"));
    view.classFilter()->setCurrentIndex(view.classFilter()->findText(QStringLiteral("GPU")));
    QCOMPARE(view.shownClass(), std::optional(core::DeviceClass::Gpu));
    QCOMPARE(idsShown(view), QStringList({u"gpu-a"_s, u"gpu-c"_s}));
    view.setShownClass(core::DeviceClass::Cpu);
    QCOMPARE(view.classFilter()->currentText(), QStringLiteral("CPU"));
    QCOMPARE(idsShown(view), QStringList({u"cpu-b"_s}));
    QVERIFY(view.visiblePlaceholderText().isEmpty());
    view.setShownClass(core::DeviceClass::Tpu);
    QVERIFY(idsShown(view).isEmpty());
    QCOMPARE(view.visiblePlaceholderText(), QStringLiteral("No TPU devices in this ranking."));
    QVERIFY(!view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->isEnabled());
    // The filter holds across a new ranking, and "All" shows everything again.
    view.setShownClass(core::DeviceClass::Gpu);
    view.setRanking(fourDevices());
    QCOMPARE(idsShown(view).size(), 2);
    view.setShownClass(std::nullopt);
    QCOMPARE(idsShown(view).size(), 4);
}

void TestDeviceRankingView::csvIsPlainSiNumbers()
{
    core::DeviceRanking h100 =
        ranked("nvidia-h100-sxm", "NVIDIA H100 SXM", core::DeviceClass::Gpu, 1234.5, 0.25, 0.02);
    h100.pricePerDeviceHour = 2.5;
    h100.serving->costPerMillionOutputTokens = 0.5625;
    h100.serving->joulesPerOutputToken = 0.75;
    core::DeviceRanking npu = ranked("my-npu", "My NPU, rev. \"B\"", core::DeviceClass::Npu, 9, 1.5, 0.125);
    npu.fits = false;
    npu.tier = core::OffloadTier::HostRam;
    npu.devicesNeeded = 1024;
    npu.serving->joulesPerOutputToken = 12;
    npu.serving->point.meetsTargets = false;
    const QString expected = QStringLiteral(
        "device_id,device_name,class,fits,offload_tier,devices_needed,ttft_seconds,tpot_seconds,"
        "output_tokens_per_second_per_device,price_per_device_hour,cost_per_million_output_tokens,"
        "joules_per_output_token,meets_targets\n"
        "nvidia-h100-sxm,NVIDIA H100 SXM,gpu,true,none,1,0.25,0.02,1234.5,2.5,0.5625,0.75,true\n"
        "my-npu,\"My NPU, rev. \"\"B\"\"\",npu,false,host_ram,1024,1.5,0.125,9,,,12,false\n");
    QCOMPARE(widgets::rankingCsv({h100, npu}), expected);
    // Not localised: a decimal comma locale writes the same.
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(widgets::rankingCsv({h100, npu}), expected);
    QLocale::setDefault(before);
    // No serving estimate at all: empty figures.
    const QString none = widgets::rankingCsv({fourDevices()[3]});
    QVERIFY2(none.endsWith(QStringLiteral("npu-d,NPU D,npu,false,does_not_fit,1024,,,,,,,\n")),
             qPrintable(none));
    QCOMPARE(widgets::rankingCsv({}).count(QLatin1Char('\n')), 1);
}

void TestDeviceRankingView::exportCsvWritesTheRowsShown()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ScriptedView view;
    view.setRanking(fourDevices());
    view.setShownClass(core::DeviceClass::Gpu);
    view.table()->sortByColumn(DeviceRankingModel::TokensPerSecondColumn, Qt::AscendingOrder);
    const QString path = dir.filePath(QStringLiteral("ranking.csv"));
    QString error;
    QVERIFY2(view.exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(file.readAll());
    QCOMPARE(written, widgets::rankingCsv({fourDevices()[2], fourDevices()[0]}));
    file.close();
    // Through the button and the (scripted) dialog; a cancelled dialog writes nothing.
    view.path = dir.filePath(QStringLiteral("button.csv"));
    view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->click();
    QVERIFY(QFile::exists(view.path));
    view.path.clear();
    view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->click();
    QVERIFY(view.errors.isEmpty());
    // A path that cannot be written: an error, shown.
    view.path = dir.filePath(QStringLiteral("no/such/folder/ranking.csv"));
    view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->click();
    QCOMPARE(view.errors.size(), 1);
    QVERIFY2(view.errors.front().contains(QStringLiteral("Cannot write")), qPrintable(view.errors.front()));
}

void TestDeviceRankingView::exportImageRendersHeaderAndRows()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ScriptedView view;
    view.resize(420, 140); // smaller than the table: the image still holds every row and column
    view.setRanking(fourDevices());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString path = dir.filePath(QStringLiteral("ranking.png"));
    QString error;
    QVERIFY2(view.exportImage(path, &error, 1.0), qPrintable(error));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QTableView* table = view.table();
    QVERIFY(image.width() >= table->horizontalHeader()->length());
    QVERIFY(image.height() >= table->horizontalHeader()->height() + 4 * table->rowHeight(0));
    QVERIFY(image.height() < table->horizontalHeader()->height() + 6 * table->rowHeight(0));
    QCOMPARE(view.size(), QSize(420, 140)); // given back its size
    // Fewer rows shown, a shorter image.
    view.setShownClass(core::DeviceClass::Gpu);
    QVERIFY(view.exportImage(path, &error, 1.0));
    QVERIFY(QImage(path).height() < image.height());
    // Through the button, at 2x.
    view.path = dir.filePath(QStringLiteral("button.png"));
    view.findChild<QPushButton*>(QStringLiteral("rankingExportImage"))->click();
    QVERIFY(view.errors.isEmpty());
    QVERIFY(QImage(view.path).width() >= 2 * table->horizontalHeader()->length());
    // A view never shown (another tab) exports the same table.
    ScriptedView hidden;
    hidden.setRanking(fourDevices());
    QVERIFY2(hidden.exportImage(path, &error, 1.0), qPrintable(error));
    QCOMPARE(QImage(path), image);
    // LHE_SHOT_DIR=/tmp/widget-shots keeps the image for a look.
    const QString shots = qEnvironmentVariable("LHE_SHOT_DIR");
    if (!shots.isEmpty()) {
        QDir().mkpath(shots);
        view.setShownClass(std::nullopt);
        QVERIFY(view.exportImage(shots + QStringLiteral("/device-ranking-table.png"), &error, 1.0));
        view.resize(1024, 300);
        QCoreApplication::processEvents();
        view.grab().save(shots + QStringLiteral("/device-ranking-view-1024x300.png"));
    }
}

// Every row takes one measured height rather than each measuring its cells: it must still hold a
// line of text with the style's margins, also after the font grows (presentation mode's 1.5x).
void TestDeviceRankingView::rowsAreAsTallAsTheirText()
{
    DeviceRankingView view;
    QVERIFY(showFourDevices(view, 900));
    QTableView* table = view.table();
    const auto checkRows = [table] {
        const int line = table->fontMetrics().height();
        for (int row = 0; row < table->model()->rowCount(); ++row)
            QVERIFY2(table->rowHeight(row) >= line + 2,
                     qPrintable(QStringLiteral("row %1: %2 px for a %3 px line")
                                    .arg(row)
                                    .arg(table->rowHeight(row))
                                    .arg(line)));
    };
    checkRows();
    const QFont large = growFont(view);
    QCOMPARE(table->font().pointSizeF(), large.pointSizeF());
    checkRows();
}

// The table measures its columns and draws its cells itself (RankingTable): every figure fits its
// column whole, at the default font and at 1.5x; a long name is elided within about 24
// characters; the figures are drawn right-aligned.
void TestDeviceRankingView::cellsShowTheirWholeFigures()
{
    DeviceRankingView view;
    view.resize(1100, 300);
    std::vector<core::DeviceRanking> ranking = fourDevices();
    const QString longName = QStringLiteral("NVIDIA GB300 (per Blackwell Ultra GPU in GB300 NVL72)");
    ranking[0].deviceName = longName.toStdString();
    ranking[1].serving->point.tpotSeconds = 123.456; // figures of several widths in one column
    ranking[2].serving->point.outputTokensPerSecondPerDevice = 98765.4;
    view.setRanking(ranking);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView* table = view.table();
    const auto checkColumns = [&] {
        const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
        const QFontMetrics metrics = table->fontMetrics();
        for (int column = DeviceRankingModel::FitsColumn; column < DeviceRankingModel::ColumnCount;
             ++column) {
            for (int row = 0; row < view.proxy()->rowCount(); ++row) {
                const QString text = view.proxy()->index(row, column).data().toString();
                QVERIFY2(
                    metrics.horizontalAdvance(text) + 2 * margin <= table->columnWidth(column),
                    qPrintable(QStringLiteral("\"%1\" in %2 px").arg(text).arg(table->columnWidth(column))));
            }
        }
        const int nameWidth = table->columnWidth(DeviceRankingModel::DeviceColumn);
        QVERIFY(nameWidth <= metrics.averageCharWidth() * 24);
        const QString shown =
            widgets::ShapedTextDelegate::shownText(longName, metrics, nameWidth - 2 * margin);
        QVERIFY2(shown.endsWith(QChar(0x2026)) && shown.size() > 8, qPrintable(shown));
        QVERIFY(metrics.horizontalAdvance(shown) <= nameWidth - 2 * margin);
    };
    checkColumns();

    // "1" under "Devices needed": ink in the right third of the cell, none in the left third.
    const QRect cell = table->visualRect(view.proxy()->index(0, DeviceRankingModel::DevicesNeededColumn));
    const QImage image = table->viewport()->grab().toImage();
    const QColor base = table->palette().color(QPalette::Base);
    const auto inkIn = [&](int fromX, int toX) {
        int ink = 0;
        for (int x = fromX; x < toX; ++x)
            for (int y = cell.top() + 1; y < cell.bottom(); ++y)
                ink += std::abs(qGray(image.pixel(x, y)) - qGray(base.rgb())) > 96 ? 1 : 0;
        return ink;
    };
    QVERIFY(cell.width() > 30);
    QVERIFY(inkIn(cell.left() + 2 * cell.width() / 3, cell.right() - 1) > 0);
    QCOMPARE(inkIn(cell.left() + 1, cell.left() + cell.width() / 3), 0);

    growFont(view);
    checkColumns();
}

// Every column is at least as wide as its header asks (QHeaderView::sectionSizeHint), which the
// table measures once per header text and font: a new ranking keeps the widths, a larger font
// measures again.
void TestDeviceRankingView::columnsFitTheirHeaders()
{
    DeviceRankingView view;
    QVERIFY(showFourDevices(view, 1100));
    QTableView* table = view.table();
    QHeaderView* header = table->horizontalHeader();
    const auto checkHeaders = [&] {
        for (int column = DeviceRankingModel::FitsColumn; column < DeviceRankingModel::ColumnCount;
             ++column) {
            QVERIFY2(table->columnWidth(column) >= header->sectionSizeHint(column),
                     qPrintable(QStringLiteral("column %1: %2 px, its header asks %3")
                                    .arg(column)
                                    .arg(table->columnWidth(column))
                                    .arg(header->sectionSizeHint(column))));
        }
    };
    checkHeaders();
    view.setRanking(fourDevices()); // the next slider step
    checkHeaders();
    growFont(view);
    view.setRanking(fourDevices());
    checkHeaders();
}

// The model formats its cells once per ranking; a language change (retranslate) formats them again,
// with the new locale's decimal separator (2.5 ms is "2.5 ms" in English, "2,5 ms" in German).
void TestDeviceRankingView::cellsFollowTheLocale()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    std::vector<core::DeviceRanking> ranking = fourDevices();
    ranking[1].serving->point.ttftSeconds = 0.0025;
    DeviceRankingModel model;
    model.setRanking(ranking);
    const QModelIndex cpuTtft = model.index(1, DeviceRankingModel::TtftColumn);
    QCOMPARE(cpuTtft.data().toString(), QStringLiteral("2.5 ms"));
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    model.retranslate();
    QCOMPARE(cpuTtft.data().toString(), QStringLiteral("2,5 ms"));
    QLocale::setDefault(before);
}

// A new ranking of the same devices in the same order (a slider step) announces only the cells
// that changed, and the view keeps its selection; another order resets the model.
void TestDeviceRankingView::sameDevicesAnnounceOnlyChangedCells()
{
    DeviceRankingView view;
    view.setRanking(fourDevices());
    view.table()->selectRow(1);
    const DeviceRankingModel* model = view.model();
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(model, &QAbstractItemModel::dataChanged);

    std::vector<core::DeviceRanking> next = fourDevices();
    next[2].serving->point.tpotSeconds = 0.25; // GPU C's TPOT: 100 ms -> 250 ms
    view.setRanking(next);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    const auto from = changes[0][0].value<QModelIndex>();
    const auto to = changes[0][1].value<QModelIndex>();
    QCOMPARE(from.row(), 2);
    QCOMPARE(to.row(), 2);
    QCOMPARE(from.column(), int(DeviceRankingModel::TpotColumn));
    QCOMPARE(to.column(), int(DeviceRankingModel::TpotColumn));
    QCOMPARE(model->index(2, DeviceRankingModel::TpotColumn).data().toString(), QStringLiteral("250 ms"));
    const QModelIndexList selected = view.table()->selectionModel()->selectedRows();
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected[0].data(DeviceRankingModel::DeviceIdRole).toString(), QStringLiteral("cpu-b"));

    std::swap(next[0], next[1]);
    view.setRanking(next);
    QCOMPARE(resets.count(), 1);
    QCOMPARE(model->index(0, DeviceRankingModel::DeviceColumn).data().toString(), QStringLiteral("CPU B"));
}

// The delegate leaves the style out for plain cells; the current cell's focus frame, which the
// style draws, must stay.
void TestDeviceRankingView::currentCellKeepsItsFocusFrame()
{
    DeviceRankingView view;
    QVERIFY(showFourDevices(view, 1100));
    QTableView* table = view.table();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Down);
    QTest::keyClick(table, Qt::Key_Right);
    QCoreApplication::processEvents();
    const QModelIndex current = table->currentIndex();
    QVERIFY(current.isValid());
    const QImage image = table->viewport()->grab().toImage();
    const QRgb highlight = table->palette().color(QPalette::Active, QPalette::Highlight).rgb();
    // The share of a cell's top two pixel rows in the plain highlight colour: all of it in a
    // selected cell, little where the focus frame runs along it.
    const auto plainTop = [&](const QModelIndex& index) {
        const QRect cell = table->visualRect(index);
        int plain = 0;
        int total = 0;
        for (int y = cell.top(); y <= cell.top() + 1; ++y) {
            for (int x = cell.left() + 3; x <= cell.right() - 3; ++x) {
                plain += image.pixel(x, y) == highlight ? 1 : 0;
                ++total;
            }
        }
        return double(plain) / total;
    };
    const QModelIndex neighbour = current.siblingAtColumn(current.column() + 1);
    QVERIFY2(plainTop(neighbour) > 0.9, qPrintable(QString::number(plainTop(neighbour))));
    QVERIFY2(plainTop(current) < 0.5, qPrintable(QString::number(plainTop(current))));
}

void TestDeviceRankingView::doubleClickEmitsTheDeviceId()
{
    DeviceRankingView view;
    QVERIFY(showFourDevices(view, 900));
    QSignalSpy spy(&view, &DeviceRankingView::deviceActivated);
    QTableView* table = view.table();
    auto doubleClick = [&](int row) {
        const QPoint centre =
            table->visualRect(view.proxy()->index(row, DeviceRankingModel::TtftColumn)).center();
        // As a real double-click arrives: press and release, then the double-click (QTest's
        // mouseDClick alone sends no press, and item views act on the pressed item).
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, centre);
    };
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      table->visualRect(view.proxy()->index(0, 0)).center()); // a single click is no pick
    QCOMPARE(spy.count(), 0);
    doubleClick(2);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("gpu-c"));
    // Sorted, a row names the device it shows.
    table->sortByColumn(DeviceRankingModel::TokensPerSecondColumn, Qt::AscendingOrder);
    doubleClick(1);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(spy.at(1).at(0).toString(), QStringLiteral("cpu-b"));
}

void TestDeviceRankingView::emptyRankingShowsPlaceholder()
{
    ScriptedView view;
    QCOMPARE(view.visiblePlaceholderText(), QStringLiteral("No devices ranked yet."));
    QVERIFY(!view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->isEnabled());
    QVERIFY(!view.findChild<QPushButton*>(QStringLiteral("rankingExportImage"))->isEnabled());
    QString error;
    QVERIFY(!view.exportCsv(QDir::temp().filePath(QStringLiteral("never.csv")), &error));
    QVERIFY(!error.isEmpty());
    view.setPlaceholderText(QStringLiteral("Serving needs inference with output tokens"));
    QCOMPARE(view.visiblePlaceholderText(), QStringLiteral("Serving needs inference with output tokens"));
    view.setRanking(fourDevices());
    QVERIFY(view.visiblePlaceholderText().isEmpty());
    QVERIFY(view.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->isEnabled());
    view.setRanking({});
    QCOMPARE(view.visiblePlaceholderText(), QStringLiteral("Serving needs inference with output tokens"));

    // No file writer given: nothing to export with, and the buttons say so.
    DeviceRankingView bare;
    bare.setRanking(fourDevices());
    QVERIFY(!bare.findChild<QPushButton*>(QStringLiteral("rankingExportCsv"))->isEnabled());
    QVERIFY(!bare.exportCsv(QDir::temp().filePath(QStringLiteral("never.csv")), &error));
    QVERIFY(error.contains(QStringLiteral("no file writer")));
}

QTEST_MAIN(TestDeviceRankingView)
#include "tst_device_ranking_view.moc"
