// The window's Exporter: the dashboard in every image format as a real, non-blank file at the
// size asked for, the report as JSON and CSV, a chart alone with its title band, no tab bar in a
// dashboard export, and a chart copied from a hidden tab without the screen changing.
//
// XDG_DATA_HOME points at a temporary folder for the whole run, so the user catalog folder the
// window writes and reloads is empty at the start of each test.
#include "app/explorer/exporter.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/support/input_files.h"
#include "app/support/user_catalog.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/document/scenario_document.h"
#include "window_suite.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <cmath>

using namespace lhe;
using namespace lhe::test;
using nlohmann::json;
using namespace Qt::StringLiterals;

class TestExporter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void exportFormats_data();
    void exportFormats();
    void exportReportJsonAndCsv();
    void singleChartExportsCarryATitle();
    void dashboardExportsCarryNoTabBar();
    void copyingAHiddenChartLeavesTheScreenAlone();

private:
    // Shows the window at the benchmark's size; false if it was never exposed.
    bool showAt1280x800();

    QTemporaryDir m_dataHome;
    app::MainWindow* m_window = nullptr;
};

void TestExporter::initTestCase()
{
    QVERIFY(m_dataHome.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dataHome.path()));
    QVERIFY2(app::userCatalogFolder().startsWith(m_dataHome.path()), qPrintable(app::userCatalogFolder()));
}

void TestExporter::init()
{
    QDir(app::userCatalogFolder()).removeRecursively();
    m_window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    QVERIFY2(m_window->files()->loadScenario(app::defaultScenario(), &error), qPrintable(error));
}

bool TestExporter::showAt1280x800()
{
    m_window->resize(1280, 800);
    m_window->show();
    return QTest::qWaitForWindowExposed(m_window);
}

void TestExporter::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TestExporter::exportFormats_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("scale");
    QTest::newRow("png 1x") << "d.png" << 1.0;
    QTest::newRow("png 2x") << "d2.png" << 2.0;
    QTest::newRow("svg") << "d.svg" << 1.0;
    QTest::newRow("pdf") << "d.pdf" << 1.0;
}

void TestExporter::exportFormats()
{
    QFETCH(QString, name);
    QFETCH(double, scale);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QString error;
    m_window->exporter()->layoutForExport(QSize(1024, 768));
    QCOMPARE(m_window->dashboard()->size(), QSize(1024, 768));
    QVERIFY2(m_window->exporter()->exportDashboard(path, scale, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 1000);
    if (name.endsWith(QLatin1String(".png"))) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QCOMPARE(image.size(), QSize(1024, 768) * scale);
        QVERIFY(distinctColours(image) > 8);
    } else if (name.endsWith(QLatin1String(".svg"))) {
        QXmlStreamReader xml(bytes);
        bool sawSvg = false;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("svg"))
                sawSvg = true;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        // Millimetres at 96 px per inch (CSS): a browser shows it at the PNG's 1024 px.
        QXmlStreamReader root(bytes);
        while (!root.atEnd() &&
               !(root.readNext() == QXmlStreamReader::StartElement && root.name() == u"svg"_s)) {
        }
        const QString width = root.attributes().value(u"width"_s).toString();
        QVERIFY2(width.endsWith(u"mm"_s), qPrintable(width));
        QVERIFY2(std::abs(width.chopped(2).toDouble() * 96 / 25.4 - 1024) < 1, qPrintable(width));
        QVERIFY(bytes.count("<path") + bytes.count("<rect") + bytes.count("<polyline") > 20);
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
    }
}

void TestExporter::exportReportJsonAndCsv()
{
    QTemporaryDir dir;
    QString error;
    const QString jsonPath = dir.filePath(QStringLiteral("r.json"));
    QVERIFY2(m_window->exporter()->exportReport(jsonPath, &error), qPrintable(error));
    const json report = app::readJsonFile(jsonPath);
    QCOMPARE(report["memory"]["per_device"]["weights"].get<double>(),
             m_window->document()->report()->memory.perDevice.weightsBytes);
    const QString csvPath = dir.filePath(QStringLiteral("r.csv"));
    QVERIFY2(m_window->exporter()->exportReport(csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    QVERIFY(text.startsWith(QStringLiteral("field,value\n")));
    QVERIFY(text.contains(QStringLiteral("\nmemory.per_device.weights,")));
    QVERIFY(text.contains(QStringLiteral("\ndecode.bound,memory\n")));
}

// A chart taken out of the window says what it shows: a title band above it naming the model,
// device x count, mode and the workload, in PNG and SVG alike. The dashboard export has its own
// headline and gets none.
void TestExporter::singleChartExportsCarryATitle()
{
    m_window->exporter()->layoutForExport(QSize(1280, 800));
    QWidget* roofline = m_window->dashboard()->roofline();
    const QString title = m_window->dashboard()->chartTitle();
    QVERIFY2(title.startsWith(QStringLiteral("Llama 3.1 8B on 1 × NVIDIA GeForce RTX 4090 — inference")),
             qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("batch 4 · prompt 4,096 · output 512 tokens · weights bf16")),
             qPrintable(title));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("roofline.png"));
    QVERIFY2(m_window->exporter()->exportImage(roofline, png, 1.0, &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.width(), roofline->width());
    const int band = image.height() - roofline->height();
    QVERIFY2(band >= 15 && band <= 80, qPrintable(QString::number(band)));
    // The band holds dark text on the light background.
    int dark = 0;
    for (int y = 0; y < band; ++y)
        for (int x = 0; x < image.width() / 2; ++x)
            dark += qGray(image.pixel(x, y)) < 100 ? 1 : 0;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));

    const QString svg = dir.filePath(QStringLiteral("roofline.svg"));
    QVERIFY2(m_window->exporter()->exportImage(roofline, svg, 1.0, &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = svgFile.readAll();
    QVERIFY(bytes.contains("Llama 3.1 8B"));
    QVERIFY(bytes.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"")
                               .arg(roofline->width())
                               .arg(roofline->height() + band)
                               .toUtf8()));

    const QString whole = dir.filePath(QStringLiteral("dashboard.png"));
    QVERIFY2(m_window->exporter()->exportImage(m_window->exporter()->exportTarget(), whole, 1.0, &error),
             qPrintable(error));
    QCOMPARE(QImage(whole).size(), m_window->exporter()->exportTarget()->size());
}

// A slide needs the charts, not the window's navigation: the tab bar over the roofline is left
// out of every dashboard export (an SVG of it once also drew the tab header as a white box), and
// is back on screen afterwards with the chart page where it was.
void TestExporter::dashboardExportsCarryNoTabBar()
{
    m_window->exporter()->layoutForExport(QSize(1280, 800));
    QTabWidget* tabs = m_window->dashboard()->chartTabs();
    QVERIFY(tabs->tabBar()->isVisible());
    const QRect page = tabs->currentWidget()->geometry();
    QTemporaryDir dir;
    QString error;
    const QString svg = dir.filePath(QStringLiteral("dashboard.svg"));
    QVERIFY2(m_window->exporter()->exportImage(m_window->exporter()->exportTarget(), svg, 1.0, &error),
             qPrintable(error));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.contains(">Attainable FLOP/s</text>")); // the roofline is there
    for (int i = 0; i < tabs->count(); ++i) {
        const QByteArray text =
            QByteArray(">").append(tabs->tabText(i).remove(QLatin1Char('&')).toUtf8()).append("</text>");
        QVERIFY2(!bytes.contains(text), text.constData());
    }
    QCoreApplication::processEvents();
    QVERIFY(tabs->tabBar()->isVisible());
    QCOMPARE(tabs->currentWidget()->geometry(), page);
}

// Copying the map or the throughput-latency chart from the roofline's tab once brought their tab
// forward. Now the tab shown stays, and the copy is the hidden chart, computed for the current
// scenario and laid out at the shown tab's size.
void TestExporter::copyingAHiddenChartLeavesTheScreenAlone()
{
    QVERIFY(showAt1280x800());
    widgets::Dashboard* dashboard = m_window->dashboard();
    dashboard->showChartTab(widgets::Dashboard::RooflineTab);
    // A new scenario while the map is hidden: the map is stale until something needs it.
    m_window->controls()->setScenario(scenario("nvidia-h100-sxm", "llama-3.1-8b", 16, 2048));
    QVERIFY(m_window->document()->report());
    const QSize shown = dashboard->chartTabs()->currentWidget()->size();
    const auto action = [this](const QString& text) -> QAction* {
        for (QAction* a : m_window->findChildren<QAction*>())
            if (a->text() == text)
                return a;
        return nullptr;
    };
    for (const QString& text :
         {QStringLiteral("Copy &Design-Space Map"), QStringLiteral("Copy &Throughput-Latency Chart")}) {
        QAction* copy = action(text);
        QVERIFY2(copy, qPrintable(text));
        QApplication::clipboard()->clear();
        copy->trigger();
        QCOMPARE(dashboard->chartTab(), widgets::Dashboard::RooflineTab);
        const QImage image = QApplication::clipboard()->image();
        QVERIFY2(!image.isNull(), qPrintable(text));
        // The chart at the shown tab's width, a title band above it.
        QVERIFY2(
            image.width() >= shown.width() - 20 && image.width() <= shown.width(),
            qPrintable(QStringLiteral("%1: %2 against %3").arg(text).arg(image.width()).arg(shown.width())));
        QVERIFY2(distinctColours(image) > 8, qPrintable(text));
    }
    // The map copied is the current scenario's.
    QVERIFY(dashboard->designSpace()->hasMap());
    QVERIFY(dashboard->designSpace()->map().verdicts == expectedMap(*m_window).verdicts);
    QCOMPARE(dashboard->designSpace()->map().maxBatchFits,
             m_window->document()->report()->limits->maxBatchFits);
}

QTEST_MAIN(TestExporter)
#include "tst_exporter.moc"
