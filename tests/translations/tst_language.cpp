// The Simplified Chinese user interface (issue 8): the zh_CN translation is built into the
// program, the window's menus read in Chinese with the English mnemonic letters, Qt's own
// buttons come from qtbase_zh_CN, numbers follow the Chinese locale, and View → Language
// rebuilds the window in the other language on the same scenario, file and unsaved state.
//
// The expected words are the standard Chinese desktop terms the glossary prescribes
// (docs/GLOSSARY.zh_CN.md: 文件 File, 编辑 Edit, 视图 View, 帮助 Help, 语言 Language) and
// the translation Qt itself ships for its Cancel button (取消); none is read from the .ts.
#include "app/cli_process.h"
#include "app/explorer/app_settings.h"
#include "app/explorer/language.h"
#include "app/explorer/main_window.h"
#include "app/support/input_files.h"
#include "core/explanation.h"
#include "widgets/compare_view.h"
#include "widgets/explain_panel.h"
#include "widgets/scenario_controls.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
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
    void languageMenuRebuildsTheWindowOnTheSameScenario();
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

void TestLanguage::languageMenuRebuildsTheWindowOnTheSameScenario()
{
    QVERIFY(!app::installTranslations(QStringLiteral("en")));
    app::AppSettings settings(m_dir.filePath(QStringLiteral("settings.ini")));
    auto old = std::make_unique<app::MainWindow>(core::Catalog::builtIn());
    old->setSettings(&settings);
    QString error;
    QVERIFY2(old->loadScenario(scenario(), &error), qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("s.json"));
    QVERIFY2(old->saveScenarioFile(path, &error), qPrintable(error));
    // An unsaved change after the save: the new window must still call it unsaved.
    json changed = old->controls()->scenario();
    changed["batch"] = 64;
    old->controls()->setScenario(changed);
    QVERIFY(old->isModified());
    const json before = old->controls()->scenario();
    QCOMPARE(before.value("batch", 0), 64);
    // A pinned comparison on screen and a number explained: the new window shows the same.
    old->pinCurrent();
    old->showCompare(true);
    old->explain(core::ExplainTarget::verdict(core::RooflinePhase::Decode), /*pinned=*/true);

    QSignalSpy requested(old.get(), &app::MainWindow::languageChangeRequested);
    QAction* zh = languageAction(*old, QStringLiteral("zh_CN"));
    QVERIFY(zh);
    zh->trigger();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("zh_CN"));

    std::unique_ptr<app::MainWindow> next(app::rebuildWindow(old.get(), QStringLiteral("zh_CN"), &settings));
    old.reset();
    const QString file = menuTitles(*next).value(0);
    QVERIFY2(file.startsWith(QStringLiteral("文件")), qPrintable(file));
    QVERIFY(next->controls()->scenario() == before);
    QCOMPARE(next->scenarioPath(), path);
    QVERIFY(next->isModified());
    QCOMPARE(settings.language(), QStringLiteral("zh_CN")); // remembered for the next start
    QVERIFY(languageAction(*next, QStringLiteral("zh_CN"))->isChecked());
    QVERIFY(next->compareShown());
    QVERIFY(next->compareView()->hasPinned());
    QCOMPARE(next->compareView()->pinned()->scenario.batch, 64LL);
    const QString explained = next->explainPanel()->plainText();
    QVERIFY2(explained.startsWith(QStringLiteral("A · 结论")), qPrintable(explained)); // "A · Verdict: Decode"

    // And back to following the system's language.
    std::unique_ptr<app::MainWindow> back(app::rebuildWindow(next.get(), QString(), &settings));
    next.reset();
    QCOMPARE(settings.language(), QString());
    QVERIFY(back->controls()->scenario() == before);
    QVERIFY(languageAction(*back, QString())->isChecked());
}

// --language: the help (Qt's parser texts and the explorer's) and a headless export in Chinese
// whatever the environment's locale (the child runs under LC_ALL=C); a language with no
// translation is refused with exit status 2.
void TestLanguage::languageOptionOverridesForOneRun()
{
    const QProcessEnvironment env = test::isolatedEnvironment(m_dir.filePath(QStringLiteral("home")));
    QVERIFY(!env.isEmpty());
    const QString exe = QStringLiteral(LHE_EXPLORER_EXE);

    const test::RunResult help = test::runProgram(exe, {QStringLiteral("--language"), QStringLiteral("zh_CN"),
                                                        QStringLiteral("--help")}, env);
    QVERIFY(help.finished);
    QCOMPARE(help.exitCode, 0);
    const QString text = QString::fromUtf8(help.out);
    QVERIFY2(text.contains(QStringLiteral("用法")), qPrintable(text.left(200))); // Qt's "Usage:"
    QVERIFY2(text.contains(QStringLiteral("--language <lang>")), qPrintable(text));
    const test::RunResult english = test::runProgram(exe, {QStringLiteral("--help")}, env);
    QVERIFY(QString::fromUtf8(english.out).contains(QStringLiteral("Usage:")));

    const QString png = m_dir.filePath(QStringLiteral("zh.png"));
    const test::RunResult exported =
        test::runProgram(exe, {QStringLiteral("--language=zh_CN"), QStringLiteral("--export-dashboard"), png,
                               QStringLiteral("--size"), QStringLiteral("1024x640")}, env);
    QVERIFY2(exported.finished && exported.exitCode == 0, exported.err.constData());
    QCOMPARE(QImage(png).size(), QSize(1024, 640));

    const test::RunResult unknown = test::runProgram(
        exe, {QStringLiteral("--language"), QStringLiteral("xx"), QStringLiteral("--export-dashboard"), png}, env);
    QVERIFY(unknown.finished);
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("--language"), unknown.err.constData());
}

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
