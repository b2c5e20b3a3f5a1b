// The calibration dialog: rows become core::CalibrationPoints, Fit shows core::calibrate()'s
// fractions and errors (measurements made on a synthetic "truth" device, so the fit must recover
// its fractions), a bad CSV shows its line and column without touching the rows, and Save waits
// for a fit of the rows on screen.
#include "core/catalog/catalog.h"
#include "core/estimate/estimator.h"
#include "find_child.h"
#include "relative_compare.h"
#include "widgets/dialogs/calibration_dialog.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>
#include <sys/stat.h>

using namespace lhe;
using widgets::CalibrationDialog;
using Quantity = core::CalibrationPoint::Quantity;

namespace {

const core::Catalog& catalog()
{
    return core::Catalog::builtIn();
}

QString text(const CalibrationDialog& dialog, const char* label)
{
    return child<QLabel>(dialog, label)->text();
}

bool saveEnabled(const CalibrationDialog& dialog)
{
    return child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok)->isEnabled();
}

core::Device uncalibrated(const char* id)
{
    core::Device device = *catalog().findDevice(id);
    device.achievedGemmFraction = 0;
    device.achievedMemoryFraction = 0;
    device.achievedSource.clear();
    return device;
}

core::Scenario scenario(const core::Device& device, const char* model, long long batch, long long prompt,
                        long long output, Quantity quantity)
{
    core::Scenario s;
    s.deviceId = device.id;
    s.modelId = model;
    s.batch = batch;
    s.promptTokens = prompt;
    s.outputTokens = output;
    s.mode = quantity == Quantity::TrainingStepSeconds ? core::Mode::Training : core::Mode::Inference;
    return s;
}

double quantityOf(const core::Report& report, Quantity quantity)
{
    switch (quantity) {
    case Quantity::DecodeTokensPerSecond:
        return report.decode->tokensPerSecond;
    case Quantity::PrefillTokensPerSecond:
        return report.prefill->tokensPerSecond;
    case Quantity::TrainingStepSeconds:
        break;
    }
    return report.training->step.seconds;
}

// What estimate() gives for the point on `device` (the measurement on a truth device, or the
// dialog's "predicted before" on the device as given).
double estimated(const core::Device& device, const core::Scenario& s, Quantity quantity)
{
    return quantityOf(core::estimate(s, device, catalog().findModel(s.modelId)->architecture), quantity);
}

core::CalibrationPoint measuredOn(const core::Device& truth, const core::Scenario& s, Quantity quantity)
{
    return {s, quantity, estimated(truth, s, quantity)};
}

// Memory-bound decode of Llama 3.1 8B: batch 1 and 4, short and long contexts.
std::vector<core::CalibrationPoint> decodePoints(const core::Device& truth)
{
    return {measuredOn(truth, scenario(truth, "llama-3.1-8b", 1, 512, 128, Quantity::DecodeTokensPerSecond),
                       Quantity::DecodeTokensPerSecond),
            measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 256, Quantity::DecodeTokensPerSecond),
                       Quantity::DecodeTokensPerSecond),
            measuredOn(truth, scenario(truth, "llama-3.2-3b", 8, 1024, 256, Quantity::DecodeTokensPerSecond),
                       Quantity::DecodeTokensPerSecond)};
}

// The error column's text for predicted/measured, as a reader would write it: signed, one decimal.
QString percentText(double ratio)
{
    const double percent = std::round((ratio - 1.0) * 1000.0) / 10.0;
    const QLocale locale;
    const QString number = locale.toString(percent == 0 ? 0.0 : percent, 'f', 1);
    return (percent > 0 ? locale.positiveSign() : QString()) + number + QStringLiteral(" %");
}

void writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

// A measurement log of `rows` batch-1 decode runs (about 50 bytes a row: 20,000 rows are 1 MB,
// under the import limit of 4 MiB). At about 2,000 estimates a row (core/calibration/calibration.h) its fit
// takes far longer than the tests below wait before they stop it.
QString bigCsv(const QTemporaryDir& dir, int rows)
{
    QByteArray csv = "model,quantity,measured,batch,prompt_tokens,output_tokens\n";
    for (int i = 0; i < rows; ++i)
        csv += "llama-3.1-8b,decode_tokens_per_second," + QByteArray::number(40 + i % 50) + ",1,512,128\n";
    const QString path = dir.filePath(QStringLiteral("big.csv"));
    writeFile(path, csv);
    return path;
}

constexpr int kHangGuardMs = 120'000;

// Visible widgets of `parent` (its direct children) that overlap each other or stick out of it,
// named for the failure message: a layout squeezed below what its contents need draws one widget
// over another.
QStringList overlaps(const QWidget& parent)
{
    QStringList found;
    QList<const QWidget*> shown;
    for (const QWidget* widget : parent.findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (widget->isVisible() && !widget->isWindow())
            shown.append(widget);
    }
    const auto name = [](const QWidget* widget) {
        return widget->objectName().isEmpty() ? QString::fromLatin1(widget->metaObject()->className())
                                              : widget->objectName();
    };
    for (qsizetype i = 0; i < shown.size(); ++i) {
        if (!parent.rect().contains(shown[i]->geometry()))
            found << name(shown[i]) + QStringLiteral(" outside ") + name(&parent);
        for (qsizetype j = i + 1; j < shown.size(); ++j) {
            if (shown[i]->geometry().intersects(shown[j]->geometry()))
                found << name(shown[i]) + QStringLiteral(" over ") + name(shown[j]);
        }
        found << overlaps(*shown[i]);
    }
    return found;
}

// Fit started and its end awaited (it runs on a worker thread): true when it fitted. A problem
// found before the fit starts (no rows, a value missing) is shown at once: false, no wait.
bool fitAndWait(CalibrationDialog& dialog)
{
    QSignalSpy finished(&dialog, &CalibrationDialog::fitFinished);
    if (!dialog.fit())
        return false;
    if (finished.isEmpty() && !finished.wait(kHangGuardMs))
        return false;
    return finished.size() == 1 && finished.first().first().toBool();
}

} // namespace

class TestCalibrationDialog : public QObject
{
    Q_OBJECT

private slots:
    void saveWaitsForAFit()
    {
        const core::Device device = uncalibrated("nvidia-rtx-4090");
        CalibrationDialog dialog(device, catalog());
        QCOMPARE(dialog.windowTitle(),
                 QStringLiteral("Calibrate %1").arg(QString::fromStdString(device.name)));
        QVERIFY(!saveEnabled(dialog));
        QVERIFY(!dialog.result());
        QCOMPARE(child<QDialogButtonBox>(dialog, "buttonBox")->button(QDialogButtonBox::Ok)->text(),
                 QStringLiteral("&Save to User Catalog"));

        // Fit with no rows, then with a row whose measurement is not entered: a message, no fit.
        QTest::mouseClick(child<QPushButton>(dialog, "fitButton"), Qt::LeftButton);
        QVERIFY(!dialog.result());
        QVERIFY(text(dialog, "messageLabel").startsWith(QStringLiteral("⚠")));
        QTest::mouseClick(child<QPushButton>(dialog, "addRowButton"), Qt::LeftButton);
        QCOMPARE(dialog.rowCount(), 1);
        QTest::mouseClick(child<QPushButton>(dialog, "fitButton"), Qt::LeftButton);
        QVERIFY(!dialog.result());
        QCOMPARE(text(dialog, "messageLabel"), QStringLiteral("⚠ Row 1: enter the measured value."));
        QVERIFY(!saveEnabled(dialog));
        // Before a fit, calibratedDevice() is the device as given.
        QCOMPARE(dialog.calibratedDevice().achievedMemoryFraction, 0.0);
    }

    void fitShowsFractionsAndErrors()
    {
        // Truth: an RTX 4090 streaming at 0.6 of its bandwidth; the dialog starts from the STREAM
        // default 0.865 (core/estimate/efficiency_model.cpp) and must find 0.6 from decode rows alone.
        const core::Device device = uncalibrated("nvidia-rtx-4090");
        core::Device truth = device;
        truth.achievedMemoryFraction = 0.6;
        const std::vector<core::CalibrationPoint> points = decodePoints(truth);
        CalibrationDialog dialog(device, catalog());
        for (const core::CalibrationPoint& point : points)
            QVERIFY(dialog.addPoint(point));
        QSignalSpy finished(&dialog, &CalibrationDialog::fitFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "fitButton"), Qt::LeftButton);
        QVERIFY(finished.wait(kHangGuardMs));

        QVERIFY2(dialog.result(), qPrintable(dialog.message()));
        const core::CalibrationResult& result = *dialog.result();
        LHE_COMPARE_REL(result.memoryFraction, 0.6, 0.01);
        QCOMPARE(result.gemmFraction, 0.0);
        const QLocale locale;
        QCOMPARE(text(dialog, "memoryLabel"), locale.toString(result.memoryFraction, 'f', 3) +
                                                  QStringLiteral(" (was ") + locale.toString(0.865, 'f', 3) +
                                                  QLatin1Char(')'));
        QCOMPARE(text(dialog, "gemmLabel"), QStringLiteral("unchanged, %1: no measurement is compute-bound")
                                                .arg(locale.toString(0.803, 'f', 3)));
        QVERIFY(text(dialog, "notesLabel").contains(QStringLiteral("no compute-bound measurement")));
        // The decode points depend on the kernel latency too: its fitted value is shown in µs.
        QVERIFY(result.layerLatencySeconds >= 0);
        QVERIFY2(text(dialog, "latencyLabel").contains(QStringLiteral("(was 100 µs)")),
                 qPrintable(text(dialog, "latencyLabel")));
        QVERIFY(saveEnabled(dialog));

        // Per row: measured, the estimate on the device as given, its error, and ~0 % after.
        auto* results = child<QTableWidget>(dialog, "resultsTable");
        QCOMPARE(results->rowCount(), int(points.size()));
        for (int row = 0; row < results->rowCount(); ++row) {
            const core::CalibrationPoint& point = points[std::size_t(row)];
            const double before = estimated(device, point.scenario, point.quantity);
            QCOMPARE(results->item(row, 4)->text(), percentText(before / point.measured));
            QVERIFY2(before / point.measured > 1.05, "0.865 streams faster than the truth's 0.6");
            QCOMPARE(results->item(row, 6)->text(), QStringLiteral("0.0 %"));
            QVERIFY(results->item(row, 2)->text().endsWith(QStringLiteral(" tokens/s")));
            for (int column = 0; column < results->columnCount(); ++column) {
                const QString cell = results->item(row, column)->text();
                QVERIFY2(!cell.contains(QStringLiteral("nan"), Qt::CaseInsensitive) &&
                             !cell.contains(QStringLiteral("inf"), Qt::CaseInsensitive),
                         qPrintable(cell));
            }
        }
        QVERIFY2(text(dialog, "summaryLabel").contains(QStringLiteral("0.0 % after")),
                 qPrintable(text(dialog, "summaryLabel")));

        const core::Device saved = dialog.calibratedDevice();
        QCOMPARE(saved.id, device.id);
        QCOMPARE(saved.achievedMemoryFraction, result.memoryFraction);
        QCOMPARE(saved.achievedGemmFraction, 0.0); // unconstrained: the default keeps applying
        QCOMPARE(QString::fromStdString(saved.achievedSource),
                 QStringLiteral("user calibration: 3 measurements, ") +
                     QDate::currentDate().toString(Qt::ISODate));

        // Any edit discards the fit.
        child<QTableWidget>(dialog, "pointsTable")
            ->item(0, CalibrationDialog::BatchColumn)
            ->setData(Qt::EditRole, 2);
        QVERIFY(!dialog.result());
        QVERIFY(!saveEnabled(dialog));
        QCOMPARE(results->rowCount(), 0);
    }

    void rowsBecomePoints()
    {
        const core::Device device = uncalibrated("nvidia-h100-sxm");
        CalibrationDialog dialog(device, catalog());
        core::CalibrationPoint point{
            scenario(device, "qwen2.5-7b", 4, 2048, 0, Quantity::PrefillTokensPerSecond),
            Quantity::PrefillTokensPerSecond, 12000};
        point.scenario.weights = core::Precision::Fp8;
        point.scenario.compute = core::Precision::Fp8;
        point.scenario.devices = 2;
        QVERIFY(dialog.addPoint(point));
        core::CalibrationPoint unknown = point;
        unknown.scenario.modelId = "no-such-model";
        QVERIFY(!dialog.addPoint(unknown));

        // Add Row copies the selected row, measurement empty.
        auto* table = child<QTableWidget>(dialog, "pointsTable");
        table->setCurrentCell(0, 0);
        QTest::mouseClick(child<QPushButton>(dialog, "addRowButton"), Qt::LeftButton);
        QCOMPARE(dialog.rowCount(), 2);
        QCOMPARE(table->item(1, CalibrationDialog::MeasuredColumn)->text(), QString());
        table->item(1, CalibrationDialog::MeasuredColumn)->setData(Qt::EditRole, 6000.0);

        // The quantity picker of the second row, as a keyboard user would change it.
        table->setCurrentCell(1, CalibrationDialog::QuantityColumn);
        table->edit(table->currentIndex());
        auto* combo = table->viewport()->findChild<QComboBox*>();
        QVERIFY(combo);
        QCOMPARE(combo->accessibleName(), QStringLiteral("Quantity"));
        combo->setCurrentIndex(combo->findData(int(Quantity::DecodeTokensPerSecond)));
        QTest::keyClick(combo, Qt::Key_Return); // the delegate commits on the next event-loop turn
        QTRY_COMPARE(table->item(1, CalibrationDialog::QuantityColumn)->text(),
                     QStringLiteral("Decode tokens/s"));
        table->item(1, CalibrationDialog::OutputColumn)->setData(Qt::EditRole, 64);

        QString problem;
        const auto points = dialog.points(&problem);
        QVERIFY2(points, qPrintable(problem));
        QCOMPARE(points->size(), std::size_t(2));
        const core::CalibrationPoint& first = (*points)[0];
        QCOMPARE(first.quantity, Quantity::PrefillTokensPerSecond);
        QCOMPARE(first.measured, 12000.0);
        QCOMPARE(first.scenario.deviceId, device.id);
        QCOMPARE(first.scenario.modelId, std::string("qwen2.5-7b"));
        QCOMPARE(first.scenario.batch, 4LL);
        QCOMPARE(first.scenario.promptTokens, 2048LL);
        QCOMPARE(first.scenario.outputTokens, 0LL);
        QCOMPARE(first.scenario.weights, core::Precision::Fp8);
        QCOMPARE(first.scenario.compute, core::Precision::Fp8);
        QCOMPARE(first.scenario.devices, 2LL);
        const core::CalibrationPoint& second = (*points)[1];
        QCOMPARE(second.quantity, Quantity::DecodeTokensPerSecond);
        QCOMPARE(second.measured, 6000.0);
        QCOMPARE(second.scenario.mode, core::Mode::Inference);
        QCOMPARE(second.scenario.outputTokens, 64LL);
        QCOMPARE(second.scenario.modelId, std::string("qwen2.5-7b"));

        // Remove Row (the current one).
        QTest::mouseClick(child<QPushButton>(dialog, "removeRowButton"), Qt::LeftButton);
        QCOMPARE(dialog.rowCount(), 1);
    }

    void fitTakesTheValueInAnOpenEditor()
    {
        // Typing 50 into the measured cell and pressing Enter: Fit runs with 50, not the empty cell.
        const core::Device device = uncalibrated("nvidia-rtx-4090");
        CalibrationDialog dialog(device, catalog());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::mouseClick(child<QPushButton>(dialog, "addRowButton"), Qt::LeftButton);
        auto* table = child<QTableWidget>(dialog, "pointsTable");
        QCOMPARE(table->currentColumn(), int(CalibrationDialog::MeasuredColumn));
        QTest::keyClick(table, Qt::Key_5); // opens the editor, which takes the focus and the next keys
        auto* spin = table->viewport()->findChild<QDoubleSpinBox*>();
        QVERIFY(spin);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_0);
        QCOMPARE(spin->value(), 50.0);
        QCOMPARE(spin->accessibleName(), QStringLiteral("Measured"));
        QVERIFY2(fitAndWait(dialog), qPrintable(dialog.message()));
        QCOMPARE(dialog.result()->rows.front().measured, 50.0);
        QCoreApplication::processEvents(); // the delegate's own commit: the same value, the fit stays
        QVERIFY(dialog.result());
        QVERIFY(saveEnabled(dialog));
    }

    void coreErrorNamesTheRow()
    {
        const core::Device device = uncalibrated("nvidia-rtx-4090");
        CalibrationDialog dialog(device, catalog());
        dialog.addPoint({scenario(device, "llama-3.1-8b", 1, 512, 128, Quantity::DecodeTokensPerSecond),
                         Quantity::DecodeTokensPerSecond, 50});
        dialog.addPoint({scenario(device, "llama-3.1-8b", 1, 512, 0, Quantity::DecodeTokensPerSecond),
                         Quantity::DecodeTokensPerSecond, 50});
        QSignalSpy finished(&dialog, &CalibrationDialog::fitFinished);
        QVERIFY(dialog.fit()); // the core's check runs with the fit
        QVERIFY(finished.wait(kHangGuardMs));
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(dialog.message(),
                 QStringLiteral("⚠ Row 2 (output_tokens): decode tokens/s needs at least one output token"));
        QVERIFY(!saveEnabled(dialog));
    }

    void importsCsvAndShowsItsErrors()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const core::Device device = uncalibrated("nvidia-rtx-4090");
        CalibrationDialog dialog(device, catalog());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));

        const QString good = dir.filePath(QStringLiteral("good.csv"));
        writeFile(good, "model,quantity,measured,batch,prompt_tokens,output_tokens,weights\n"
                        "# llama-bench tg128 and pp512\n"
                        "llama-3.1-8b,decode_tokens_per_second,127.5,1,512,128,q4_k_m\n"
                        "llama-3.1-8b,prefill_tokens_per_second,9000,1,512,0,q4_k_m\n");
        QVERIFY(dialog.importCsv(good));
        QCOMPARE(dialog.rowCount(), 2);
        QCOMPARE(dialog.message(), QStringLiteral("Imported 2 measurement(s) from good.csv."));
        auto* table = child<QTableWidget>(dialog, "pointsTable");
        QCOMPARE(table->item(0, CalibrationDialog::WeightsColumn)->text(), QStringLiteral("q4_k_m"));
        QCOMPARE(table->item(1, CalibrationDialog::QuantityColumn)->text(),
                 QStringLiteral("Prefill tokens/s"));
        QCOMPARE(table->item(1, CalibrationDialog::MeasuredColumn)->data(Qt::EditRole).toDouble(), 9000.0);

        // A bad measurement on line 3: the message names it, the rows stay as they were.
        const QString bad = dir.filePath(QStringLiteral("bad.csv"));
        writeFile(bad, "model,quantity,measured,batch,prompt_tokens,output_tokens\n"
                       "llama-3.1-8b,decode_tokens_per_second,50,1,512,128\n"
                       "llama-3.1-8b,decode_tokens_per_second,fast,1,512,128\n");
        QVERIFY(!dialog.importCsv(bad));
        auto* message = child<QLabel>(dialog, "messageLabel");
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().startsWith(
                     QStringLiteral("⚠ Cannot import bad.csv: line 3, column 3 (measured)")),
                 qPrintable(message->text()));
        QCOMPARE(dialog.rowCount(), 2);

        // A file that cannot be read, and binary junk: messages, no crash.
        QVERIFY(!dialog.importCsv(dir.filePath(QStringLiteral("missing.csv"))));
        QVERIFY(message->text().startsWith(QStringLiteral("⚠ Cannot import missing.csv")));
        const QString junk = dir.filePath(QStringLiteral("junk.csv"));
        writeFile(junk, QByteArray("\x00\xff\xfe,\"\n\x01", 7));
        QVERIFY(!dialog.importCsv(junk));
        QVERIFY(message->text().startsWith(QStringLiteral("⚠ Cannot import junk.csv: line 1")));
        QCOMPARE(dialog.rowCount(), 2);
        // A FIFO would block the read for ever: refused before it is opened.
        const QString fifo = dir.filePath(QStringLiteral("pipe.csv"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(!dialog.importCsv(fifo));
        QVERIFY2(message->text().startsWith(QStringLiteral("⚠ Cannot import pipe.csv: not a regular file")),
                 qPrintable(message->text()));
        QCOMPARE(dialog.rowCount(), 2);

        // The imported rows fit.
        QVERIFY2(fitAndWait(dialog), qPrintable(dialog.message()));
        QVERIFY(saveEnabled(dialog));
    }

    void keyboardAndScreenReaders()
    {
        CalibrationDialog dialog(uncalibrated("nvidia-rtx-4090"), catalog());
        QSet<QChar> mnemonics;
        const QList<QPushButton*> buttons = dialog.findChildren<QPushButton*>();
        for (const QPushButton* button : buttons) {
            const QString label = button->text();
            const qsizetype at = label.indexOf(QLatin1Char('&'));
            if (at < 0) // Cancel: Escape
                continue;
            QVERIFY2(!mnemonics.contains(label.at(at + 1).toLower()), qPrintable(label));
            mnemonics.insert(label.at(at + 1).toLower());
            QVERIFY(button->focusPolicy() & Qt::TabFocus);
        }
        QCOMPARE(mnemonics.size(), 6); // Add, Remove, Import, Fit, Stop, Save
        for (const char* name : {"pointsTable", "resultsTable", "messageLabel", "gemmLabel", "memoryLabel",
                                 "latencyLabel", "summaryLabel", "notesLabel", "fitProgress"})
            QVERIFY2(!child<QWidget>(dialog, name)->accessibleName().isEmpty(), name);
        const auto triggers = child<QTableWidget>(dialog, "pointsTable")->editTriggers();
        QVERIFY(triggers & QAbstractItemView::AnyKeyPressed);
        QVERIFY(triggers & QAbstractItemView::EditKeyPressed);
    }

    void fitRunsInTheBackgroundAndStops()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        CalibrationDialog dialog(uncalibrated("nvidia-rtx-4090"), catalog());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY2(dialog.importCsv(bigCsv(dir, 20'000)), qPrintable(dialog.message()));
        auto* fitButton = child<QPushButton>(dialog, "fitButton");
        auto* table = child<QTableWidget>(dialog, "pointsTable");
        auto* progress = dialog.findChild<QProgressBar*>(QStringLiteral("fitProgress"));
        auto* stop = dialog.findChild<QPushButton*>(QStringLiteral("stopFitButton"));
        QVERIFY(progress);
        QVERIFY(stop);
        QVERIFY(!progress->isVisible());
        QVERIFY(!stop->isVisible());

        // Fit comes back at once with the work under way: no result yet, the rows and the buttons
        // that change them locked, a progress bar and Stop shown.
        QTest::mouseClick(fitButton, Qt::LeftButton);
        QVERIFY(!dialog.result());
        QVERIFY(progress->isVisible());
        QVERIFY(stop->isVisible());
        QVERIFY(stop->isEnabled());
        QVERIFY(!fitButton->isEnabled());
        QVERIFY(!table->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "importButton")->isEnabled());
        QVERIFY(!saveEnabled(dialog));
        // The event loop turns while the worker runs: its progress reaches the bar.
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > progress->minimum(), kHangGuardMs);
        QVERIFY(!dialog.result());

        // Stop: idle again with a message, nothing fitted, nothing to save.
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(fitButton->isEnabled(), kHangGuardMs);
        QCOMPARE(dialog.message(), QStringLiteral("Fit stopped: the device is unchanged."));
        QVERIFY(!dialog.result());
        QVERIFY(!saveEnabled(dialog));
        QVERIFY(table->isEnabled());
        QVERIFY(!progress->isVisible());
        QVERIFY(!stop->isVisible());
        QCOMPARE(dialog.rowCount(), 20'000);

        // And a fit of a few rows runs to its end.
        table->setRowCount(3);
        QTest::mouseClick(fitButton, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.result(), kHangGuardMs);
        QCOMPARE(dialog.result()->rows.size(), std::size_t(3));
        QCOMPARE(dialog.message(), QStringLiteral("Fitted to 3 measurement(s)."));
        QVERIFY(saveEnabled(dialog));
        QVERIFY(fitButton->isEnabled());
        QVERIFY(!stop->isVisible());
    }

    void closingMidFitStopsIt()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csv = bigCsv(dir, 20'000);

        // Closed (Cancel, Escape) while fitting: the fit stops rather than run on unseen.
        {
            CalibrationDialog dialog(uncalibrated("nvidia-rtx-4090"), catalog());
            dialog.show();
            QVERIFY(dialog.importCsv(csv));
            QTest::mouseClick(child<QPushButton>(dialog, "fitButton"), Qt::LeftButton);
            QVERIFY(!dialog.result());
            dialog.reject();
            QVERIFY(!dialog.isVisible());
            QTRY_VERIFY_WITH_TIMEOUT(child<QPushButton>(dialog, "fitButton")->isEnabled(), kHangGuardMs);
            QCOMPARE(dialog.message(), QStringLiteral("Fit stopped: the device is unchanged."));
            QVERIFY(!dialog.result());
        }

        // Destroyed while fitting (the window's dialog lives on the stack of the menu action):
        // the worker reads only its own copies and stops; nothing is left running.
        auto* dialog = new CalibrationDialog(uncalibrated("nvidia-rtx-4090"), catalog());
        QVERIFY(dialog->importCsv(csv));
        auto* progress = dialog->findChild<QProgressBar*>(QStringLiteral("fitProgress"));
        QVERIFY(progress);
        QTest::mouseClick(child<QPushButton>(*dialog, "fitButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(progress->value() > progress->minimum(), kHangGuardMs);
        delete dialog;
        QVERIFY(QThreadPool::globalInstance()->waitForDone(kHangGuardMs));
    }

    void nothingIsDrawnOverTheResults()
    {
        // After a fit of five rows, and of decode rows only (with the core's note), at the dialog's
        // own size and at a large and a small screen's: no widget overlaps another.
        const core::Device device = uncalibrated("nvidia-h100-sxm");
        core::Device truth = device;
        truth.achievedGemmFraction = 0.55;
        truth.achievedMemoryFraction = 0.7;
        CalibrationDialog dialog(device, catalog());
        for (const core::CalibrationPoint& point : decodePoints(truth))
            dialog.addPoint(point);
        dialog.addPoint(
            measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 0, Quantity::PrefillTokensPerSecond),
                       Quantity::PrefillTokensPerSecond));
        dialog.addPoint(measuredOn(truth,
                                   scenario(truth, "llama-3.2-1b", 8, 2048, 0, Quantity::TrainingStepSeconds),
                                   Quantity::TrainingStepSeconds));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QSize own = dialog.size();
        for (const int rows : {5, 3}) {
            child<QTableWidget>(dialog, "pointsTable")->setRowCount(rows);
            QVERIFY(fitAndWait(dialog));
            QVERIFY(!text(dialog, "summaryLabel").isEmpty());
            for (const QSize size : {own, QSize(1600, 1000), QSize(1024, 768)}) {
                dialog.resize(size);
                QCoreApplication::processEvents(); // the layout settles on the new texts and size
                const QStringList found = overlaps(dialog);
                QVERIFY2(
                    found.isEmpty(),
                    qPrintable(
                        QStringLiteral("%1 rows, %2x%3: ").arg(rows).arg(size.width()).arg(size.height()) +
                        found.join(QStringLiteral("; "))));
            }
        }
    }

    void shot()
    {
        // LHE_SHOT_DIR=/tmp keeps a picture of a fit on an H100 for a look.
        const QByteArray folder = qgetenv("LHE_SHOT_DIR");
        if (folder.isEmpty())
            QSKIP("set LHE_SHOT_DIR to save a picture");
        const core::Device device = uncalibrated("nvidia-h100-sxm");
        core::Device truth = device;
        truth.achievedGemmFraction = 0.55;
        truth.achievedMemoryFraction = 0.7;
        CalibrationDialog dialog(device, catalog());
        for (const core::CalibrationPoint& point : decodePoints(truth))
            dialog.addPoint(point);
        dialog.addPoint(
            measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 0, Quantity::PrefillTokensPerSecond),
                       Quantity::PrefillTokensPerSecond));
        dialog.addPoint(measuredOn(truth,
                                   scenario(truth, "llama-3.2-1b", 8, 2048, 0, Quantity::TrainingStepSeconds),
                                   Quantity::TrainingStepSeconds));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(fitAndWait(dialog));
        QTest::qWait(50); // the layout settles on the new texts
        QVERIFY(
            dialog.grab().save(QString::fromLocal8Bit(folder) + QStringLiteral("/calibration_dialog.png")));
        // Decode rows only: the GEMM fraction stays, with the core's note.
        auto* table = child<QTableWidget>(dialog, "pointsTable");
        table->setRowCount(3);
        QVERIFY(fitAndWait(dialog));
        QTest::qWait(50);
        QVERIFY(dialog.grab().save(QString::fromLocal8Bit(folder) +
                                   QStringLiteral("/calibration_dialog_decode_only.png")));
        // The window sizes a user gives it: a large and a small screen.
        for (const QSize size : {QSize(1600, 1000), QSize(1024, 768)}) {
            dialog.resize(size);
            QTest::qWait(50);
            QVERIFY(dialog.grab().save(
                QString::fromLocal8Bit(folder) +
                QStringLiteral("/calibration_dialog_%1x%2.png").arg(size.width()).arg(size.height())));
        }
    }
};

QTEST_MAIN(TestCalibrationDialog)
#include "tst_calibration_dialog.moc"
