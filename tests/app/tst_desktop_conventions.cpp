// The explorer as a desktop application: it resumes the last session, every control
// change is one undo step (a slider drag one step in all), the standard shortcuts are there
// once each, every control has an accessible name, the theme can be chosen, exports stay light.
#include "app/explorer/app_settings.h"
#include "app/explorer/exporter.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/explorer/window_session.h"
#include "app/support/input_files.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/common/theme.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/message_log.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

using namespace lhe;
using nlohmann::json;

class TestDesktopConventions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void restartsWhereTheUserLeft();
    void fileOnTheCommandLineOrNoRestoreSkipsTheSession();
    void damagedSessionFallsBackToTheCurrentScenario();
    void everyControlChangeIsOneUndoStep();
    void oneSliderDragIsOneUndoStep();
    void undoingBackToTheSavedScenarioClearsModified();
    void standardShortcutsAreThereOnceEach();
    void menusHaveDistinctMnemonics();
    void everyFocusableControlHasAnAccessibleNameAndDescription();
    void chartsDescribeThemselvesForScreenReaders();
    void aboutNamesVersionLicenceAndCredits();
    void themeMenuSwitchesPaletteAndIsRemembered();
    void exportsStayLightInDarkModeUnlessAsked();
    void zoomAndResetViewActOnTheChart();
    void fullScreenToggles();

private:
    QString iniPath() const { return m_dir.filePath(QStringLiteral("settings.ini")); }
    app::MainWindow* newWindow(app::AppSettings* settings);
    QAction* action(const QString& text) const;
    QSlider* batchSlider() const
    {
        return m_window->controls()->findChild<QSlider*>(QStringLiteral("batchSlider"));
    }
    long long shownBatch() const { return m_window->controls()->scenario().value("batch", 0LL); }

    QTemporaryDir m_dir;
    app::MainWindow* m_window = nullptr;
};

void TestDesktopConventions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
}

app::MainWindow* TestDesktopConventions::newWindow(app::AppSettings* settings)
{
    auto* window = new app::MainWindow(core::Catalog::builtIn());
    QString error;
    if (!window->files()->loadScenario(app::defaultScenario(), &error))
        qWarning("%s", qPrintable(error));
    window->files()->setDiscardQuestion([] { return int(QMessageBox::Discard); });
    window->setSettings(settings);
    return window;
}

void TestDesktopConventions::init()
{
    QFile::remove(iniPath());
    m_window = newWindow(nullptr);
}

void TestDesktopConventions::cleanup()
{
    delete m_window;
    m_window = nullptr;
    widgets::applyTheme(widgets::Theme::Light);
}

QAction* TestDesktopConventions::action(const QString& text) const
{
    for (QAction* candidate : m_window->findChildren<QAction*>())
        if (candidate->text().remove(QLatin1Char('&')) == text)
            return candidate;
    return nullptr;
}

void TestDesktopConventions::restartsWhereTheUserLeft()
{
    json left;
    {
        app::AppSettings settings(iniPath());
        std::unique_ptr<app::MainWindow> window(newWindow(&settings));
        window->show();
        window->resize(1000, 700);
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->controls()->setBatchAndPrompt(16, 8192); // a what-if, not saved
        window->dashboard()->showDesignSpace(true);
        left = window->controls()->scenario();
        QVERIFY(window->close()); // Discard: the file is not written, the session is kept
    }
    QCOMPARE(left.value("batch", 0), 16);

    app::AppSettings settings(iniPath());
    QCOMPARE(settings.recentFiles(), QStringList()); // nothing was opened or saved
    std::unique_ptr<app::MainWindow> window(newWindow(&settings));
    window->session()->restore(true);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY2(window->controls()->scenario() == left, window->controls()->scenario().dump().c_str());
    QCOMPARE(window->document()->report()->scenario.batch, 16);
    QVERIFY(window->document()->isModified()); // it was unsaved when the window closed
    QVERIFY(window->windowTitle().contains(QLatin1Char('*')));
    QVERIFY(window->dashboard()->designSpaceShown());
    QCOMPARE(window->size(), QSize(1000, 700));
}

void TestDesktopConventions::fileOnTheCommandLineOrNoRestoreSkipsTheSession()
{
    app::AppSettings settings(iniPath());
    settings.setLastSession(json{{"device", "nvidia-h100-sxm"}, {"model", "llama-3.1-70b"}}, QString(),
                            false);
    std::unique_ptr<app::MainWindow> window(newWindow(&settings));
    window->session()->restore(false);
    QCOMPARE(window->document()->report()->scenario.deviceId,
             std::string("nvidia-rtx-4090")); // the default stays
    window->session()->restore(true);
    QCOMPARE(window->document()->report()->scenario.deviceId, std::string("nvidia-h100-sxm"));
    QVERIFY(!window->document()->isModified());
}

void TestDesktopConventions::damagedSessionFallsBackToTheCurrentScenario()
{
    app::AppSettings settings(iniPath());
    settings.setLastSession(json{{"device", "no-such-device"}, {"model", "llama-3.1-8b"}}, QString(), true);
    std::unique_ptr<app::MainWindow> window(newWindow(&settings));
    window->session()->restore(true);
    QCOMPARE(window->document()->report()->scenario.deviceId, std::string("nvidia-rtx-4090"));
    QVERIFY(!window->document()->isModified());
    QVERIFY(window->messages()->log()->count() >= 1); // said why, without a modal box
}

void TestDesktopConventions::everyControlChangeIsOneUndoStep()
{
    QUndoStack* stack = m_window->document()->undoStack();
    QCOMPARE(stack->count(), 0);
    QCOMPARE(shownBatch(), 4LL); // the default scenario
    auto* weights = m_window->controls()->findChild<QComboBox*>(QStringLiteral("weightsCombo"));
    QVERIFY(weights);
    auto* batchSpin = m_window->controls()->findChild<QSpinBox*>(QStringLiteral("batchSpin"));
    batchSpin->setValue(32);
    weights->setCurrentIndex(weights->findText(QStringLiteral("INT4"), Qt::MatchStartsWith));
    QVERIFY(weights->currentIndex() >= 0);
    QCOMPARE(stack->count(), 2);
    QCOMPARE(stack->undoText(), QStringLiteral("Change weight precision"));
    stack->undo();
    QVERIFY(m_window->controls()->scenario()["precision"]["weights"] == json("bf16"));
    QCOMPARE(m_window->document()->report()->scenario.weights, core::Precision::Bf16); // re-evaluated too
    QCOMPARE(stack->undoText(), QStringLiteral("Change batch"));
    stack->undo();
    QCOMPARE(shownBatch(), 4LL);
    QCOMPARE(m_window->document()->report()->scenario.batch, 4);
    stack->redo();
    stack->redo();
    QCOMPARE(shownBatch(), 32LL);
    QVERIFY(m_window->controls()->scenario()["precision"]["weights"] != json("bf16"));
    QCOMPARE(stack->count(), 2); // replaying history records nothing new

    // The design-space map's cell click is a change like any other.
    m_window->controls()->setBatchAndPrompt(2, 1024);
    QCOMPARE(stack->count(), 3);
    QCOMPARE(stack->undoText(), QStringLiteral("Change batch and prompt length"));
}

void TestDesktopConventions::oneSliderDragIsOneUndoStep()
{
    QUndoStack* stack = m_window->document()->undoStack();
    QSlider* slider = batchSlider();
    QVERIFY(slider);
    const int start = slider->value(); // batch 4 = 2^2
    // A drag through five positions (batch 8, 16, 32, 64, 128) and back down to 32.
    slider->setSliderDown(true);
    for (int position : {start + 1, start + 2, start + 3, start + 4, start + 5, start + 3})
        slider->setSliderPosition(position);
    slider->setSliderDown(false);
    QCOMPARE(shownBatch(), 32LL);
    QCOMPARE(stack->count(), 1);
    stack->undo();
    QCOMPARE(shownBatch(), 4LL);

    // Two drags are two steps; keyboard steps (no drag) are a step each.
    stack->redo();
    slider->setSliderDown(true);
    slider->setSliderPosition(start + 6);
    slider->setSliderDown(false);
    QCOMPARE(stack->count(), 2);
    slider->setValue(start + 7);
    slider->setValue(start + 8);
    QCOMPARE(stack->count(), 4);

    // A drag that ends where it began leaves nothing to undo.
    slider->setSliderDown(true);
    slider->setSliderPosition(start + 9);
    slider->setSliderPosition(start + 8);
    slider->setSliderDown(false);
    QCOMPARE(stack->count(), 4);
}

void TestDesktopConventions::undoingBackToTheSavedScenarioClearsModified()
{
    const QString path = m_dir.filePath(QStringLiteral("saved.json"));
    QString error;
    QVERIFY2(m_window->files()->saveScenarioFile(path, &error), qPrintable(error));
    QVERIFY(!m_window->document()->isModified());
    m_window->controls()->setBatchAndPrompt(64, 4096);
    QVERIFY(m_window->document()->isModified());
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("saved.json*")));
    m_window->document()->undoStack()->undo();
    QVERIFY(!m_window->document()->isModified());
    QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("saved.json —")));
}

void TestDesktopConventions::standardShortcutsAreThereOnceEach()
{
    const QList<QKeySequence::StandardKey> standard = {
        QKeySequence::Open, QKeySequence::Save,      QKeySequence::SaveAs, QKeySequence::Undo,
        QKeySequence::Redo, QKeySequence::Copy,      QKeySequence::ZoomIn, QKeySequence::ZoomOut,
        QKeySequence::Quit, QKeySequence::FullScreen};
    const QList<QAction*> actions = m_window->findChildren<QAction*>();
    for (QKeySequence::StandardKey key : standard) {
        QList<QKeySequence> bindings = QKeySequence::keyBindings(key);
        // Where the platform binds none, the window falls back to the common keys.
        if (bindings.isEmpty() && key == QKeySequence::SaveAs)
            bindings = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)};
        if (bindings.isEmpty() && key == QKeySequence::FullScreen)
            bindings = {QKeySequence(Qt::Key_F11)};
        if (bindings.isEmpty() && key == QKeySequence::Quit)
            bindings = {QKeySequence(Qt::CTRL | Qt::Key_Q)};
        QVERIFY2(!bindings.isEmpty(), qPrintable(QString::number(int(key))));
        int found = 0;
        for (const QAction* candidate : actions)
            found += candidate->shortcut() == bindings.front() ? 1 : 0;
        QVERIFY2(found == 1,
                 qPrintable(QStringLiteral("%1: %2 actions").arg(bindings.front().toString()).arg(found)));
    }
    // The project's own: export (Ctrl+E), the two chart tabs, Reset View, Messages; no shortcut twice.
    QSet<QString> seen;
    for (const QAction* candidate : actions) {
        if (candidate->shortcut().isEmpty())
            continue;
        const QString key = candidate->shortcut().toString();
        QVERIFY2(!seen.contains(key), qPrintable(QStringLiteral("%1 is bound twice").arg(key)));
        seen.insert(key);
    }
    for (const char* key : {"Ctrl+E", "Ctrl+1", "Ctrl+2", "Ctrl+0", "Ctrl+Shift+M"})
        QVERIFY2(seen.contains(QString::fromLatin1(key)), key);
}

void TestDesktopConventions::menusHaveDistinctMnemonics()
{
    // Alt+letter must reach each menu and each entry of a menu without a clash.
    const auto mnemonic = [](const QString& text) {
        const qsizetype at = text.indexOf(QLatin1Char('&'));
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    QSet<QChar> top;
    for (QAction* menuAction : m_window->menuBar()->actions()) {
        const QChar key = mnemonic(menuAction->text());
        QVERIFY2(!key.isNull() && !top.contains(key), qPrintable(menuAction->text()));
        top.insert(key);
        QSet<QChar> inMenu;
        for (QAction* entry : menuAction->menu()->actions()) {
            if (entry->isSeparator())
                continue;
            const QChar entryKey = mnemonic(entry->text());
            QVERIFY2(!entryKey.isNull(), qPrintable(entry->text() + QStringLiteral(" has no mnemonic")));
            QVERIFY2(!inMenu.contains(entryKey), qPrintable(entry->text() + QStringLiteral(" clashes")));
            inMenu.insert(entryKey);
        }
    }
}

void TestDesktopConventions::everyFocusableControlHasAnAccessibleNameAndDescription()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    int checked = 0;
    for (QWidget* widget : m_window->findChildren<QWidget*>()) {
        if (!widget->isVisibleTo(m_window) || widget->focusPolicy() == Qt::NoFocus || !widget->isEnabled())
            continue;
        // Inner parts of a control (a spin box's line edit, a scroll area's viewport) speak through it.
        if (qobject_cast<QAbstractSpinBox*>(widget->parentWidget()) ||
            widget->objectName().startsWith(QLatin1String("qt_")))
            continue;
        QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
        QVERIFY(accessible);
        const QString name = accessible->text(QAccessible::Name);
        QVERIFY2(!name.trimmed().isEmpty(),
                 qPrintable(
                     QStringLiteral("%1 (%2) has no accessible name")
                         .arg(widget->objectName(), QString::fromLatin1(widget->metaObject()->className()))));
        // The description (Qt falls back to the tool tip) says what the control does or shows.
        QVERIFY2(!accessible->text(QAccessible::Description).trimmed().isEmpty(),
                 qPrintable(QStringLiteral("%1 (%2, \"%3\") has no accessible description")
                                .arg(widget->objectName(),
                                     QString::fromLatin1(widget->metaObject()->className()), name)));
        ++checked;
    }
    QVERIFY2(checked >= 25, qPrintable(QString::number(checked))); // the panel alone has 26 inputs
}

void TestDesktopConventions::chartsDescribeThemselvesForScreenReaders()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    const QString memory = m_window->dashboard()->memoryBars()->accessibleDescription();
    const QString roofline = m_window->dashboard()->roofline()->accessibleDescription();
    // Llama-3.1-8B in bf16: 8.03e9 parameters × 2 B = 16.1 GB of weights; RTX 4090 24 GiB.
    QVERIFY2(memory.contains(QStringLiteral("16.1 GB")), qPrintable(memory));
    QVERIFY2(roofline.contains(QStringLiteral("Decode"), Qt::CaseInsensitive), qPrintable(roofline));
    m_window->controls()->setBatchAndPrompt(1, 1024);
    QVERIFY(m_window->dashboard()->memoryBars()->accessibleDescription() != memory); // kept current
}

void TestDesktopConventions::aboutNamesVersionLicenceAndCredits()
{
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    const QString text = app::MainWindow::aboutText();
    for (const char* expected :
         {"9.8.7", "GPL-3.0-or-later", "QCustomPlot", "GPL-3.0", "Qt ", "Lohmann", "Okabe"})
        QVERIFY2(text.contains(QString::fromUtf8(expected)), expected);
    QVERIFY(action(QStringLiteral("About LLM Hardware Explorer")));
    QVERIFY(action(QStringLiteral("About Qt")));
}

void TestDesktopConventions::themeMenuSwitchesPaletteAndIsRemembered()
{
    app::AppSettings settings(iniPath());
    m_window->setSettings(&settings);
    action(QStringLiteral("Dark"))->trigger();
    QVERIFY(widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(settings.theme(), QStringLiteral("dark"));
    action(QStringLiteral("Light"))->trigger();
    QVERIFY(!widgets::paletteIsDark(QApplication::palette()));
    QCOMPARE(settings.theme(), QStringLiteral("light"));

    // A new window with these settings starts dark, with Dark ticked.
    settings.setTheme(QStringLiteral("dark"));
    std::unique_ptr<app::MainWindow> window(newWindow(&settings));
    QVERIFY(widgets::paletteIsDark(QApplication::palette()));
    bool darkTicked = false;
    for (QAction* candidate : window->findChildren<QAction*>())
        darkTicked = darkTicked || (candidate->text() == QStringLiteral("&Dark") && candidate->isChecked());
    QVERIFY(darkTicked);
}

void TestDesktopConventions::exportsStayLightInDarkModeUnlessAsked()
{
    app::AppSettings settings(iniPath());
    m_window->setSettings(&settings);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    action(QStringLiteral("Dark"))->trigger();
    QCoreApplication::processEvents(); // the palette change Qt posted to the widgets, as before a next click
    const auto cornerLightness = [this](const QString& name) {
        const QString path = m_dir.filePath(name);
        QString error;
        if (!m_window->exporter()->exportImage(m_window->dashboard()->memoryBars(), path, 1.0, &error))
            qWarning("%s", qPrintable(error));
        const QImage image(path);
        return image.isNull() ? -1 : image.pixelColor(3, 3).lightness();
    };
    QVERIFY(cornerLightness(QStringLiteral("light.png")) > 200);
    action(QStringLiteral("Export Images in the Window's Colours"))->trigger();
    QVERIFY(settings.exportAsShown());
    const int shown = cornerLightness(QStringLiteral("dark.png"));
    QVERIFY2(shown >= 0 && shown < 80, qPrintable(QString::number(shown)));
}

void TestDesktopConventions::zoomAndResetViewActOnTheChart()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QAction* reset = action(QStringLiteral("Reset View"));
    QVERIFY(reset);
    QVERIFY(!reset->isEnabled());
    auto* roofline = m_window->dashboard()->roofline();
    action(QStringLiteral("Zoom In"))->trigger();
    QVERIFY(roofline->isZoomed());
    QVERIFY(reset->isEnabled());
    reset->trigger();
    QVERIFY(!roofline->isZoomed());
    QVERIFY(!reset->isEnabled());
}

void TestDesktopConventions::fullScreenToggles()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QAction* fullScreen = action(QStringLiteral("Full Screen"));
    fullScreen->trigger();
    QVERIFY(m_window->windowState() & Qt::WindowFullScreen);
    fullScreen->trigger();
    QVERIFY(!(m_window->windowState() & Qt::WindowFullScreen));
}

QTEST_MAIN(TestDesktopConventions)
#include "tst_desktop_conventions.moc"
