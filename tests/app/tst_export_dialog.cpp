// The window's export dialog: size presets and scale, driven through the menu as a user would,
// and what they produce on disk.
#include "app/explorer/export_dialog.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "core/catalog/catalog.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/panels/dashboard.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QXmlStreamReader>
#include <QtTest>
#include <functional>

using namespace lhe;

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void presetSizesAreTheStatedOnes();
    void dashboardAtASlidePreset_data();
    void dashboardAtASlidePreset();
    void singleChartFitsThePresetTitleIncluded();
    void vectorFormatsHaveNoScale();
    void unknownTypeCannotBeExported();

private:
    // Triggers the menu entry whose text (without '&') starts with `text`, and fills the export
    // dialog it opens with `fill`, which then accepts or rejects it. False if no dialog opened.
    bool runExport(const QString& text, const std::function<void(app::ExportDialog*)>& fill);

    app::MainWindow* m_window = nullptr;
};

void TestExportDialog::init()
{
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestExportDialog::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

bool TestExportDialog::runExport(const QString& text, const std::function<void(app::ExportDialog*)>& fill)
{
    QAction* action = nullptr;
    for (QAction* candidate : m_window->findChildren<QAction*>())
        if (candidate->text().remove(QLatin1Char('&')).startsWith(text))
            action = candidate;
    if (!action)
        return false;
    bool opened = false;
    QTimer::singleShot(0, this, [&opened, &fill] {
        for (QWidget* window : QApplication::topLevelWidgets()) {
            auto* dialog = qobject_cast<app::ExportDialog*>(window);
            if (!dialog || !dialog->isVisible())
                continue;
            opened = true;
            fill(dialog);
            if (dialog->isVisible()) // fill left it open: never hang the test
                dialog->reject();
        }
    });
    action->trigger();
    return opened;
}

// 16:9 is a slide's 1920 × 1080; A4 is 297 × 210 mm, at 96 px per 25.4 mm 1122.5 × 793.7.
void TestExportDialog::presetSizesAreTheStatedOnes()
{
    using app::ExportDialog;
    QCOMPARE(ExportDialog::presetSize(ExportDialog::Slide16x9, QSize(10, 10)), QSize(1920, 1080));
    QCOMPARE(ExportDialog::presetSize(ExportDialog::Screen4x3, QSize(10, 10)), QSize(1024, 768));
    QCOMPARE(ExportDialog::presetSize(ExportDialog::A4Landscape, QSize(10, 10)), QSize(1123, 794));
    QCOMPARE(ExportDialog::presetSize(ExportDialog::AsShown, QSize(640, 480)), QSize(640, 480));
    for (auto preset :
         {ExportDialog::AsShown, ExportDialog::Slide16x9, ExportDialog::Screen4x3, ExportDialog::A4Landscape})
        QCOMPARE(ExportDialog::sizePresetFromName(ExportDialog::sizePresetName(preset)), preset);
    QCOMPARE(ExportDialog::sizePresetFromName(QStringLiteral("poster")), ExportDialog::AsShown);
}

void TestExportDialog::dashboardAtASlidePreset_data()
{
    QTest::addColumn<int>("preset");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QSize>("pixels");
    QTest::addColumn<QString>("readout");
    QTest::newRow("16:9 at 2x") << int(app::ExportDialog::Slide16x9) << 2.0 << QSize(3840, 2160)
                                << QStringLiteral("A PNG of 3,840 × 2,160 pixels.");
    QTest::newRow("4:3 at 1x") << int(app::ExportDialog::Screen4x3) << 1.0 << QSize(1024, 768)
                               << QStringLiteral("A PNG of 1,024 × 768 pixels.");
    QTest::newRow("A4 at 1.5x") << int(app::ExportDialog::A4Landscape) << 1.5 << QSize(1685, 1191)
                                << QStringLiteral("A PNG of 1,685 × 1,191 pixels.");
}

// The preset, not the window, sets the image; the window and its tabs stay as they were.
void TestExportDialog::dashboardAtASlidePreset()
{
    QFETCH(int, preset);
    QFETCH(double, scale);
    QFETCH(QSize, pixels);
    QFETCH(QString, readout);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slide.png"));
    widgets::Dashboard* dashboard = m_window->dashboard();
    const QSize shown = dashboard->size();
    const QRect page = dashboard->chartTabs()->currentWidget()->geometry();
    QString seen;
    QVERIFY(runExport(QStringLiteral("Export Dashboard Image"), [&](app::ExportDialog* dialog) {
        // Proposed: the dashboard as shown, at 1x.
        if (dialog->sizeBox()->currentIndex() != app::ExportDialog::AsShown)
            return;
        dialog->pathEdit()->setText(path);
        dialog->sizeBox()->setCurrentIndex(preset);
        dialog->scaleBox()->setValue(scale);
        seen = dialog->readout();
        dialog->exportButton()->click();
    }));
    QCOMPARE(seen, readout);
    const QImage image(path);
    QCOMPARE(image.size(), pixels);
    QCOMPARE(dashboard->size(), shown);
    QCOMPARE(dashboard->chartTabs()->currentWidget()->geometry(), page);
}

// A single chart carries its title line inside the preset: the slide is exactly 1920 x 1080.
void TestExportDialog::singleChartFitsThePresetTitleIncluded()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("roofline.png"));
    const QSize shown = m_window->dashboard()->roofline()->size();
    QVERIFY(runExport(QStringLiteral("Export Roofline Chart"), [&](app::ExportDialog* dialog) {
        dialog->pathEdit()->setText(path);
        dialog->sizeBox()->setCurrentIndex(app::ExportDialog::Slide16x9);
        dialog->scaleBox()->setValue(1.0);
        dialog->exportButton()->click();
    }));
    const QImage image(path);
    QCOMPARE(image.size(), QSize(1920, 1080));
    // Dark title text in the top band, on the light background.
    int dark = 0;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 600; ++x)
            dark += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
    QCOMPARE(m_window->dashboard()->roofline()->size(), shown);
}

// SVG and PDF are pages in px at 96 per inch: the scale is greyed out and the page is the preset.
void TestExportDialog::vectorFormatsHaveNoScale()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("slide.svg"));
    bool scaleEnabled = true;
    QString seen;
    QVERIFY(runExport(QStringLiteral("Export Dashboard Image"), [&](app::ExportDialog* dialog) {
        dialog->pathEdit()->setText(path);
        dialog->sizeBox()->setCurrentIndex(app::ExportDialog::Slide16x9);
        scaleEnabled = dialog->scaleBox()->isEnabled();
        seen = dialog->readout();
        dialog->exportButton()->click();
    }));
    QVERIFY(!scaleEnabled);
    QVERIFY2(seen.contains(QStringLiteral("1,920 × 1,080 px")), qPrintable(seen));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("viewBox=\"0 0 1920 1080\""));
}

// A name without .png, .svg or .pdf cannot be exported: the button is off and the dialog says why.
void TestExportDialog::unknownTypeCannotBeExported()
{
    QTemporaryDir dir;
    bool enabled = true;
    QString seen;
    QVERIFY(runExport(QStringLiteral("Export Dashboard Image"), [&](app::ExportDialog* dialog) {
        dialog->pathEdit()->setText(dir.filePath(QStringLiteral("slide.jpg")));
        enabled = dialog->exportButton()->isEnabled();
        seen = dialog->readout();
        dialog->reject();
    }));
    QVERIFY(!enabled);
    QVERIFY2(seen.contains(QStringLiteral(".png, .svg or .pdf")), qPrintable(seen));
    QVERIFY(QDir(dir.path()).isEmpty());
}

QTEST_MAIN(TestExportDialog)
#include "tst_export_dialog.moc"
