// The Simplified Chinese user interface: the zh_CN translation is built into the program, the
// window's menus read in Chinese with the English mnemonic letters, Qt's own buttons come from
// qtbase_zh_CN, numbers follow the Chinese locale, and View → Language retranslates the same
// window in place: its scenario, file, unsaved state, undo history, messages, pinned comparison
// and Explain panel stay, and its menus, docks, panels and chart labels change language.
//
// The expected words are the standard Chinese desktop terms the glossary prescribes
// (docs/GLOSSARY.zh_CN.md: 文件 File, 编辑 Edit, 视图 View, 帮助 Help, 语言 Language) and
// the translation Qt itself ships for its Cancel button (取消); none is read from the .ts.
#include "app/cli_process.h"
#include "app/explorer/app_settings.h"
#include "app/explorer/compare_mode.h"
#include "app/explorer/explain_dock.h"
#include "app/explorer/language.h"
#include "app/explorer/main_window.h"
#include "app/explorer/scenario_files.h"
#include "app/explorer/window_messages.h"
#include "app/support/input_files.h"
#include "core/explain/explanation.h"
#include "widgets/charts/design_space_widget.h"
#include "widgets/charts/memory_bars_widget.h"
#include "widgets/charts/qcustomplot_include.h"
#include "widgets/charts/roofline_widget.h"
#include "widgets/controls/scenario_controls.h"
#include "widgets/document/scenario_document.h"
#include "widgets/panels/bottleneck_card.h"
#include "widgets/panels/compare_view.h"
#include "widgets/panels/dashboard.h"
#include "widgets/panels/device_ranking_model.h"
#include "widgets/panels/device_ranking_view.h"
#include "widgets/panels/explain_panel.h"
#include "widgets/panels/message_log.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace lhe;
using nlohmann::json;

namespace {

// The letter after '&' (lower case), or a null QChar.
QChar mnemonic(const QString& text)
{
    const qsizetype at = text.indexOf(QLatin1Char('&'));
    return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
}

QStringList menuTitles(const app::MainWindow& window)
{
    QStringList titles;
    for (const QAction* action : window.menuBar()->actions())
        titles << action->text();
    return titles;
}

// Some CJK ideograph: the text is (at least partly) Chinese.
bool hasHan(const QString& text)
{
    for (const QChar c : text)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF)
            return true;
    return false;
}

QAction* undoAction(const app::MainWindow& window)
{
    const QList<QAction*> menus = window.menuBar()->actions();
    return menus.size() > 1 ? menus.at(1)->menu()->actions().value(0) : nullptr; // Edit's first
}

// Delivers the LanguageChange events a translator change posts to the windows (and the
// replots they queue), as the event loop would.
void deliverLanguageChange()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCoreApplication::processEvents();
}

// View → Language's entry for `code` ("" system, "en", "zh_CN").
QAction* languageAction(const app::MainWindow& window, const QString& code)
{
    const auto* menu = window.findChild<QMenu*>(QStringLiteral("languageMenu"));
    if (!menu)
        return nullptr;
    for (QAction* choice : menu->actions())
        if (choice->isCheckable() && choice->data().toString() == code)
            return choice;
    return nullptr;
}

json scenario()
{
    json s = app::defaultScenario();
    s["device"] = "nvidia-h100-sxm";
    s["model"] = "llama-3.1-70b";
    s["devices"] = 4;
    s["batch"] = 32;
    s["prompt_tokens"] = 4096;
    s["parallelism"] = {{"tensor", 4}, {"pipeline", 1}, {"data", 1}, {"expert", 1}};
    return s;
}

} // namespace

class TestLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void chineseTranslationIsBuiltIn();
    void menusReadInChineseWithTheEnglishMnemonics();
    void qtsOwnDialogsAreChinese();
    void numbersFollowTheChineseLocale();
    void englishRemovesTheTranslators();
    void languageMenuRetranslatesTheWindowInPlace();
    void languageOptionOverridesForOneRun();

private:
    QTemporaryDir m_dir;
};

void TestLanguage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
}

void TestLanguage::cleanup()
{
    app::installTranslations(QStringLiteral("en"));
}

void TestLanguage::chineseTranslationIsBuiltIn()
{
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/llm-hw-explorer_zh_CN.qm")));
    QVERIFY(app::translatedLanguages().contains(QStringLiteral("zh_CN")));
    QCOMPARE(app::normalizedLanguage(QStringLiteral("zh-CN")), QStringLiteral("zh_CN"));
    QCOMPARE(app::normalizedLanguage(QStringLiteral("zh")), QStringLiteral("zh_CN"));
    QCOMPARE(app::normalizedLanguage(QStringLiteral("en_GB")), QStringLiteral("en"));
    QCOMPARE(app::normalizedLanguage(QStringLiteral("system")), QString());
    QVERIFY(app::installTranslations(QStringLiteral("zh_CN")));
    QCOMPARE(app::currentLanguage(), QStringLiteral("zh_CN"));
}

void TestLanguage::menusReadInChineseWithTheEnglishMnemonics()
{
    QVERIFY(!app::installTranslations(QStringLiteral("en")));
    app::MainWindow english(core::Catalog::builtIn());
    QVERIFY(app::installTranslations(QStringLiteral("zh_CN")));
    app::MainWindow chinese(core::Catalog::builtIn());

    const QStringList titles = menuTitles(chinese);
    QCOMPARE(titles.size(), 4);
    QVERIFY2(titles.at(0).startsWith(QStringLiteral("文件")), qPrintable(titles.at(0)));
    QVERIFY2(titles.at(1).startsWith(QStringLiteral("编辑")), qPrintable(titles.at(1)));
    QVERIFY2(titles.at(2).startsWith(QStringLiteral("视图")), qPrintable(titles.at(2)));
    QVERIFY2(titles.at(3).startsWith(QStringLiteral("帮助")), qPrintable(titles.at(3)));
    QVERIFY2(chinese.windowTitle() != english.windowTitle(), qPrintable(chinese.windowTitle()));

    // Every menu entry is translated (no Latin-only text left, but for names kept as they are)
    // and keeps the English entry's Alt+letter, written "文件(&F)".
    const QList<QAction*> englishMenus = english.menuBar()->actions();
    const QList<QAction*> chineseMenus = chinese.menuBar()->actions();
    for (qsizetype m = 0; m < englishMenus.size(); ++m) {
        QCOMPARE(mnemonic(chineseMenus.at(m)->text()), mnemonic(englishMenus.at(m)->text()));
        const QList<QAction*> englishEntries = englishMenus.at(m)->menu()->actions();
        const QList<QAction*> chineseEntries = chineseMenus.at(m)->menu()->actions();
        QCOMPARE(chineseEntries.size(), englishEntries.size());
        for (qsizetype e = 0; e < englishEntries.size(); ++e) {
            const QString en = englishEntries.at(e)->text();
            const QString zh = chineseEntries.at(e)->text();
            if (englishEntries.at(e)->isSeparator() || en == QLatin1String("&English") ||
                en.startsWith(QStringLiteral("简体中文")))
                continue;
            QVERIFY2(zh != en, qPrintable(QStringLiteral("untranslated menu entry: ") + en));
            QVERIFY2(mnemonic(zh) == mnemonic(en), qPrintable(en + QStringLiteral(" -> ") + zh));
        }
    }
    // Language names are written in their own language, whatever the interface's.
    QAction* zh = languageAction(chinese, QStringLiteral("zh_CN"));
    QVERIFY(zh);
    QVERIFY(zh->text().startsWith(QStringLiteral("简体中文")));
    QCOMPARE(languageAction(chinese, QStringLiteral("en"))->text(), QStringLiteral("&English"));
    QVERIFY(zh->isChecked());
    QVERIFY(languageAction(english, QStringLiteral("en"))->isChecked());
}

void TestLanguage::qtsOwnDialogsAreChinese()
{
    QVERIFY(app::installTranslations(QStringLiteral("zh_CN")));
    QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QVERIFY2(box.button(QDialogButtonBox::Cancel)->text().contains(QStringLiteral("取消")),
             qPrintable(box.button(QDialogButtonBox::Cancel)->text()));
}

void TestLanguage::numbersFollowTheChineseLocale()
{
    QVERIFY(app::installTranslations(QStringLiteral("zh_CN")));
    QCOMPARE(QLocale().name(), QStringLiteral("zh_CN"));
    QCOMPARE(QLocale().language(), QLocale::Chinese);
    // Chinese groups digits by three with a comma and uses a decimal point, as English does.
    QCOMPARE(QLocale().toString(1234567.5, 'f', 1), QStringLiteral("1,234,567.5"));
}

void TestLanguage::englishRemovesTheTranslators()
{
    QVERIFY(app::installTranslations(QStringLiteral("zh_CN")));
    QVERIFY(!app::installTranslations(QStringLiteral("en")));
    app::MainWindow window(core::Catalog::builtIn());
    QCOMPARE(menuTitles(window).value(0), QStringLiteral("&File"));
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    QVERIFY(!box.button(QDialogButtonBox::Cancel)->text().contains(QStringLiteral("取消")));
    QCOMPARE(QLocale().language(), QLocale::English);
}

void TestLanguage::languageMenuRetranslatesTheWindowInPlace()
{
    QVERIFY(!app::installTranslations(QStringLiteral("en")));
    app::AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
    app::MainWindow window(core::Catalog::builtIn());
    window.setSettings(&settings);
    QString error;
    QVERIFY2(window.files()->loadScenario(scenario(), &error), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(window.files()->saveScenarioFile(path, &error), qPrintable(error));
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // An unsaved change after the save: one step to undo.
    json changed = window.controls()->scenario();
    changed["batch"] = 64;
    window.controls()->setScenario(changed);
    QVERIFY(window.document()->isModified());
    const int steps = window.document()->undoStack()->count();
    QVERIFY(steps >= 1);
    QVERIFY(window.document()->undoStack()->canUndo());
    const json before = window.controls()->scenario();
    QCOMPARE(before.value("batch", 0), 64);
    // A message in the panel, A pinned and one of its numbers explained.
    window.messages()->logError(QStringLiteral("A message from before the switch"));
    const int messages = window.messages()->log()->count();
    QVERIFY(messages >= 1);
    window.compare()->pinCurrent();
    window.explainDock()->explain(core::ExplainTarget::verdict(core::RooflinePhase::Decode), /*pinned=*/true);
    QVERIFY(window.explainDock()->panel()->plainText().startsWith(QStringLiteral("A · Verdict")));
    QCOMPARE(window.document()->undoStack()->undoText(), QStringLiteral("Change batch"));
    const QString englishUndo = undoAction(window)->text();
    QVERIFY2(englishUndo.startsWith(QStringLiteral("&Undo")), qPrintable(englishUndo));
    const widgets::Dashboard* dashboard = window.dashboard();
    const QString englishX = dashboard->roofline()->plot()->xAxis->label();
    const QString englishBadge = dashboard->memoryBars()->badgeText();
    QVERIFY2(englishBadge.startsWith(QStringLiteral("Fits")), qPrintable(englishBadge));

    QSignalSpy requested(&window, &app::MainWindow::languageChangeRequested);
    QAction* zh = languageAction(window, QStringLiteral("zh_CN"));
    QVERIFY(zh);
    zh->trigger();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("zh_CN"));
    app::switchLanguage(requested.at(0).at(0).toString(), &settings); // what main.cpp does
    deliverLanguageChange();
    QCOMPARE(settings.language(), QStringLiteral("zh_CN")); // remembered for the next start
    QVERIFY(languageAction(window, QStringLiteral("zh_CN"))->isChecked());
    // Numbers in the open window follow the new locale, as in a window made after the switch.
    QCOMPARE(dashboard->roofline()->locale().language(), QLocale::Chinese);

    // Everything the window held is still there.
    QVERIFY(window.isVisible());
    QVERIFY(window.controls()->scenario() == before);
    QCOMPARE(window.document()->filePath(), path);
    QVERIFY(window.document()->isModified());
    QCOMPARE(window.document()->undoStack()->count(), steps);
    QCOMPARE(window.messages()->log()->count(), messages);
    QCOMPARE(window.messages()->log()->message(messages - 1),
             QStringLiteral("A message from before the switch"));
    QVERIFY(window.compareView()->hasPinned());
    QCOMPARE(window.compareView()->pinned()->scenario.batch, 64LL);
    QVERIFY(!window.explainDock()->isHidden());

    // ... now in Chinese: menus, docks, panels (glossary: 文件 File, 编辑 Edit, 视图 View, 帮助 Help,
    // 撤销 Undo, 屋顶线图 roofline chart, 算术强度 arithmetic intensity, 放得下 fits, 结论 verdict).
    const QStringList titles = menuTitles(window);
    QCOMPARE(titles.size(), 4);
    QVERIFY2(titles.at(0).startsWith(QStringLiteral("文件")), qPrintable(titles.at(0)));
    QVERIFY2(titles.at(1).startsWith(QStringLiteral("编辑")), qPrintable(titles.at(1)));
    QVERIFY2(titles.at(2).startsWith(QStringLiteral("视图")), qPrintable(titles.at(2)));
    QVERIFY2(titles.at(3).startsWith(QStringLiteral("帮助")), qPrintable(titles.at(3)));
    for (const QAction* menu : window.menuBar()->actions())
        for (const QAction* entry : menu->menu()->actions())
            QVERIFY2(entry->isSeparator() || entry->text() == QLatin1String("&English") ||
                         hasHan(entry->text()),
                     qPrintable(QStringLiteral("untranslated menu entry: ") + entry->text()));
    QVERIFY2(hasHan(window.messages()->dock()->windowTitle()),
             qPrintable(window.messages()->dock()->windowTitle()));
    QVERIFY2(hasHan(window.explainDock()->windowTitle()), qPrintable(window.explainDock()->windowTitle()));
    // Undo names the step in Chinese and still undoes it.
    QAction* undo = undoAction(window);
    QVERIFY(undo);
    QVERIFY2(undo->text().startsWith(QStringLiteral("撤销")), qPrintable(undo->text()));
    QVERIFY2(hasHan(window.document()->undoStack()->undoText()),
             qPrintable(window.document()->undoStack()->undoText()));
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(window.controls()->scenario().value("batch", 0), 32);
    QCOMPARE(window.document()->undoStack()->index(), steps - 1);
    window.document()->undoStack()->redo();
    QVERIFY(window.controls()->scenario() == before);
    // The panels and cards.
    const QString explained = window.explainDock()->panel()->plainText();
    QVERIFY2(explained.startsWith(QStringLiteral("A · 结论")),
             qPrintable(explained)); // "A · Verdict: Decode"
    QVERIFY2(hasHan(dashboard->headline()), qPrintable(dashboard->headline()));
    QVERIFY2(dashboard->decodeCard()->title().startsWith(QStringLiteral("解码")),
             qPrintable(dashboard->decodeCard()->title()));
    QVERIFY2(hasHan(dashboard->decodeCard()->boundText()), qPrintable(dashboard->decodeCard()->boundText()));
    QCOMPARE(dashboard->chartTabs()->tabText(0), QStringLiteral("屋顶线图"));
    // Serving: the TTFT the users see and the whole batch's prefill, each named in Chinese.
    QVERIFY(window.document()->report()->serving);
    QVERIFY2(dashboard->headline().contains(QStringLiteral("64 个用户，每人看到 TTFT")),
             qPrintable(dashboard->headline()));
    const QString prefill = dashboard->prefillCard()->summaryText();
    QVERIFY2(prefill.contains(QStringLiteral("用户所见 TTFT")) &&
                 prefill.contains(QStringLiteral("64 个提示词一起预填充")),
             qPrintable(prefill));
    QCOMPARE(dashboard->ranking()
                 ->model()
                 ->headerData(widgets::DeviceRankingModel::TargetsColumn, Qt::Horizontal)
                 .toString(),
             QStringLiteral("目标"));
    QVERIFY2(hasHan(window.compareView()->differenceTable()->horizontalHeaderItem(0)->text()),
             qPrintable(window.compareView()->differenceTable()->horizontalHeaderItem(0)->text()));
    const auto* clear = window.messages()->log()->findChild<QPushButton*>(QStringLiteral("clearMessages"));
    QVERIFY(clear && hasHan(clear->text()));
    // The scenario panel: its group titles and the batch box's tooltip, with the values kept.
    const QList<QGroupBox*> groups = window.controls()->findChildren<QGroupBox*>();
    QVERIFY(!groups.isEmpty());
    for (const QGroupBox* group : groups)
        QVERIFY2(hasHan(group->title()), qPrintable(group->title()));
    const auto* batchSpin = window.controls()->findChild<QSpinBox*>(QStringLiteral("batchSpin"));
    QVERIFY(batchSpin && hasHan(batchSpin->toolTip()));
    QCOMPARE(batchSpin->value(), 64);
    // The charts' labels, built from the report, drawn again.
    const QString x = dashboard->roofline()->plot()->xAxis->label();
    QVERIFY2(x.startsWith(QStringLiteral("算术强度")) && x != englishX, qPrintable(x));
    QVERIFY2(hasHan(dashboard->roofline()->plot()->yAxis->label()),
             qPrintable(dashboard->roofline()->plot()->yAxis->label()));
    const QString badge = dashboard->memoryBars()->badgeText();
    QVERIFY2(badge.startsWith(QStringLiteral("放得下")), qPrintable(badge));
    dashboard->memoryBars()->plot()->replot(QCustomPlot::rpImmediateRefresh); // lays the axis title out
    QVERIFY2(hasHan(dashboard->memoryBars()->plot()->yAxis->label()),
             qPrintable(dashboard->memoryBars()->plot()->yAxis->label()));
    QVERIFY2(hasHan(dashboard->memoryBars()->summaryText()),
             qPrintable(dashboard->memoryBars()->summaryText()));
    QVERIFY2(hasHan(dashboard->roofline()->summaryText()), qPrintable(dashboard->roofline()->summaryText()));
    QVERIFY2(hasHan(dashboard->designSpace()->plot()->xAxis->label()),
             qPrintable(dashboard->designSpace()->plot()->xAxis->label()));

    // What it looks like (for a reviewer: LHE_LANGUAGE_SCREENSHOT=/tmp/x.png).
    const QByteArray screenshot = qgetenv("LHE_LANGUAGE_SCREENSHOT");
    if (!screenshot.isEmpty()) {
        window.messages()->dock()->show();
        QCoreApplication::processEvents();
        window.dashboard()->replotNow();
        QVERIFY(window.grab().save(QString::fromLocal8Bit(screenshot)));
    }

    // And back to English.
    QAction* english = languageAction(window, QStringLiteral("en"));
    QVERIFY(english);
    english->trigger();
    QCOMPARE(requested.count(), 2);
    app::switchLanguage(requested.at(1).at(0).toString(), &settings);
    deliverLanguageChange();
    QCOMPARE(settings.language(), QStringLiteral("en"));
    QVERIFY(languageAction(window, QStringLiteral("en"))->isChecked());
    QCOMPARE(menuTitles(window).value(0), QStringLiteral("&File"));
    QCOMPARE(dashboard->roofline()->locale().language(), QLocale::English);
    QCOMPARE(undoAction(window)->text(), englishUndo);
    QCOMPARE(dashboard->roofline()->plot()->xAxis->label(), englishX);
    QCOMPARE(dashboard->memoryBars()->badgeText(), englishBadge);
    QCOMPARE(window.document()->undoStack()->count(), steps);
    QCOMPARE(window.messages()->log()->count(), messages);
    QVERIFY(window.controls()->scenario() == before);
    QVERIFY(window.explainDock()->panel()->plainText().startsWith(QStringLiteral("A · Verdict")));
}

// --language: the help (Qt's parser texts and the explorer's) and a headless export in Chinese
// whatever the environment's locale (the child runs under LC_ALL=C); a language with no
// translation is refused with exit status 2.
void TestLanguage::languageOptionOverridesForOneRun()
{
    const QProcessEnvironment env = test::isolatedEnvironment(m_dir.filePath(QStringLiteral("home")));
    QVERIFY(!env.isEmpty());
    const QString exe = QStringLiteral(LHE_EXPLORER_EXE);

    const test::RunResult help = test::runProgram(
        exe, {QStringLiteral("--language"), QStringLiteral("zh_CN"), QStringLiteral("--help")}, env);
    QVERIFY(help.finished);
    QCOMPARE(help.exitCode, 0);
    const QString text = QString::fromUtf8(help.out);
    QVERIFY2(text.contains(QStringLiteral("用法")), qPrintable(text.left(200))); // Qt's "Usage:"
    QVERIFY2(text.contains(QStringLiteral("--language <lang>")), qPrintable(text));
    const test::RunResult english = test::runProgram(exe, {QStringLiteral("--help")}, env);
    QVERIFY(QString::fromUtf8(english.out).contains(QStringLiteral("Usage:")));

    const QString png = m_dir.filePath(QStringLiteral("zh.png"));
    const test::RunResult exported =
        test::runProgram(exe,
                         {QStringLiteral("--language=zh_CN"), QStringLiteral("--export-dashboard"), png,
                          QStringLiteral("--size"), QStringLiteral("1024x640")},
                         env);
    QVERIFY2(exported.finished && exported.exitCode == 0, exported.err.constData());
    QCOMPARE(QImage(png).size(), QSize(1024, 640));

    const test::RunResult unknown = test::runProgram(
        exe, {QStringLiteral("--language"), QStringLiteral("xx"), QStringLiteral("--export-dashboard"), png},
        env);
    QVERIFY(unknown.finished);
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("--language"), unknown.err.constData());
}

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
