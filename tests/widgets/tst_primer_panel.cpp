// PrimerPanel: every section has a "Show me" button, every button asks for a preset of
// resources/primer/presets.json, and pressing it (mouse or keyboard) emits exactly that preset.
#include "widgets/panels/primer_panel.h"

#include <QAccessible>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTranslator>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace lhe::widgets;
using nlohmann::json;

namespace {

QString presetsPath()
{
    return QStringLiteral(LHE_SOURCE_DIR "/resources/primer/presets.json");
}

json presetsDocument()
{
    QString error;
    json document = PrimerPanel::readPresets(presetsPath(), &error);
    if (document.is_null())
        qFatal("%s", qPrintable(error));
    return document;
}

json scenarioOf(const json& document, const QString& id)
{
    for (const json& preset : document.at("presets")) {
        if (preset.at("id") == id.toStdString())
            return preset.at("scenario");
    }
    return json();
}

} // namespace

class TestPrimerPanel : public QObject
{
    Q_OBJECT

private slots:
    void everySectionHasTextAndAButton();
    void everyPresetIsShownAndEveryButtonHasOne();
    void clickingEmitsTheMatchingPreset();
    void keyboardPressesTheButton();
    void focusableChildrenAreDescribed();
    void missingPresetDisablesItsButton();
    void unreadableFileIsReported();
    void fineTuningSectionReadsInBothLanguages();
};

void TestPrimerPanel::everySectionHasTextAndAButton()
{
    PrimerPanel panel(presetsDocument());
    const QStringList ids = panel.sectionIds();
    // Training vs inference, CPU/GPU/NPU/TPU, RAM vs VRAM, GDDR vs HBM, decode, prefill,
    // communication, offload;
    // full fine-tuning, LoRA and QLoRA.
    QCOMPARE(ids.size(), 9);
    for (const QString& id : ids) {
        auto* frame = panel.findChild<QFrame*>(QStringLiteral("section_") + id);
        QVERIFY2(frame, qPrintable(id));
        for (const char* part : {"title", "body", "lookAt", "sources"}) {
            auto* label = frame->findChild<QLabel*>(QString::fromLatin1(part));
            QVERIFY2(label && !label->text().trimmed().isEmpty(),
                     qPrintable(id + QLatin1Char('/') + QLatin1String(part)));
        }
        QVERIFY2(frame->findChild<QLabel*>(QStringLiteral("lookAt"))
                     ->text()
                     .startsWith(QStringLiteral("Look at: ")),
                 qPrintable(id));
        QVERIFY2(
            frame->findChild<QLabel*>(QStringLiteral("sources"))->text().contains(QStringLiteral("href=")),
            qPrintable(id));
        const QList<QPushButton*> buttons = frame->findChildren<QPushButton*>();
        QVERIFY2(!buttons.isEmpty(), qPrintable(id));
        for (QPushButton* button : buttons) {
            QVERIFY(button->isEnabled());
            QVERIFY(button->text().startsWith(QStringLiteral("Show me")));
            QVERIFY(!button->accessibleName().isEmpty());
            QVERIFY(!button->toolTip().isEmpty());
            QVERIFY(button->focusPolicy() & Qt::TabFocus);
        }
    }
}

void TestPrimerPanel::everyPresetIsShownAndEveryButtonHasOne()
{
    const json document = presetsDocument();
    QStringList fileIds;
    for (const json& preset : document.at("presets"))
        fileIds << QString::fromStdString(preset.at("id").get<std::string>());
    QStringList buttonIds = PrimerPanel::presetIds();
    QCOMPARE(buttonIds.size(), QSet<QString>(buttonIds.begin(), buttonIds.end()).size());
    fileIds.sort();
    buttonIds.sort();
    QCOMPARE(buttonIds, fileIds);
}

void TestPrimerPanel::clickingEmitsTheMatchingPreset()
{
    const json document = presetsDocument();
    PrimerPanel panel(document);
    const QList<QPushButton*> buttons = panel.showMeButtons();
    QCOMPARE(buttons.size(), PrimerPanel::presetIds().size());
    QSignalSpy spy(&panel, &PrimerPanel::presetRequested);
    for (QPushButton* button : buttons) {
        const QString id = button->property("presetId").toString();
        spy.clear();
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), id);
        const json emitted = spy.at(0).at(1).value<json>();
        QVERIFY2(emitted == scenarioOf(document, id), qPrintable(id));
        QVERIFY(emitted.contains("device") && emitted.contains("model"));
    }
}

void TestPrimerPanel::keyboardPressesTheButton()
{
    PrimerPanel panel(presetsDocument());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QPushButton* button = panel.findChild<QPushButton*>(QStringLiteral("showMe_decode-bandwidth"));
    QVERIFY(button);
    QSignalSpy spy(&panel, &PrimerPanel::presetRequested);
    button->setFocus();
    QTest::keyClick(button, Qt::Key_Space);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("decode-bandwidth"));
}

void TestPrimerPanel::focusableChildrenAreDescribed()
{
    // The window's accessibility rule (tst_desktop_conventions) for the dock once it is open:
    // buttons, the link lines and the scroll area speak a name and say what they do.
    PrimerPanel panel(presetsDocument());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    int checked = 0;
    for (QWidget* widget : panel.findChildren<QWidget*>()) {
        if (!widget->isVisibleTo(&panel) || widget->focusPolicy() == Qt::NoFocus ||
            widget->objectName().startsWith(QLatin1String("qt_")))
            continue;
        QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
        QVERIFY(accessible);
        QVERIFY2(!accessible->text(QAccessible::Name).trimmed().isEmpty(), qPrintable(widget->objectName()));
        QVERIFY2(!accessible->text(QAccessible::Description).trimmed().isEmpty(),
                 qPrintable(widget->objectName()));
        ++checked;
    }
    // 14 buttons + 9 source lines + the scroll area.
    QCOMPARE(checked, 24);
}

void TestPrimerPanel::missingPresetDisablesItsButton()
{
    json document = presetsDocument();
    json& presets = document["presets"];
    for (auto it = presets.begin(); it != presets.end(); ++it) {
        if ((*it)["id"] == "hbm-h100") {
            presets.erase(it);
            break;
        }
    }
    PrimerPanel panel(document);
    QPushButton* missing = panel.findChild<QPushButton*>(QStringLiteral("showMe_hbm-h100"));
    QVERIFY(missing);
    QVERIFY(!missing->isEnabled());
    QVERIFY(panel.findChild<QPushButton*>(QStringLiteral("showMe_gddr-rtx-4090"))->isEnabled());
    PrimerPanel empty(json{});
    for (QPushButton* button : empty.showMeButtons())
        QVERIFY(!button->isEnabled());
}

void TestPrimerPanel::unreadableFileIsReported()
{
    QString error;
    QVERIFY(
        PrimerPanel::readPresets(QStringLiteral(LHE_SOURCE_DIR "/no/such/presets.json"), &error).is_null());
    QVERIFY(error.contains(QStringLiteral("presets.json")));
    QTemporaryFile broken;
    QVERIFY(broken.open());
    broken.write("{\"presets\": [");
    broken.close();
    error.clear();
    QVERIFY(PrimerPanel::readPresets(broken.fileName(), &error).is_null());
    QVERIFY(!error.isEmpty());
}

// The fine-tuning lesson: three presets, one per method, and its text in Chinese with the window's
// translation (built before the tests, lhe_explorer_lrelease). For a reviewer,
// LHE_PRIMER_SCREENSHOT=<folder> saves the panel scrolled to the lesson in both languages.
void TestPrimerPanel::fineTuningSectionReadsInBothLanguages()
{
    PrimerPanel panel(presetsDocument());
    panel.resize(460, 980);
    auto* frame = panel.findChild<QFrame*>(QStringLiteral("section_fine-tuning"));
    QVERIFY(frame);
    QStringList ids;
    for (const QPushButton* button : frame->findChildren<QPushButton*>()) {
        QVERIFY(button->isEnabled());
        ids << button->property("presetId").toString();
    }
    QCOMPARE(ids, QStringList({QStringLiteral("finetune-full-4090"), QStringLiteral("finetune-lora-4090"),
                               QStringLiteral("finetune-qlora-4090")}));
    // Right after the training lesson it builds on.
    QCOMPARE(panel.sectionIds().indexOf(QStringLiteral("fine-tuning")),
             panel.sectionIds().indexOf(QStringLiteral("training-vs-inference")) + 1);
    auto* title = frame->findChild<QLabel*>(QStringLiteral("title"));
    auto* body = frame->findChild<QLabel*>(QStringLiteral("body"));
    QCOMPARE(title->text(), QStringLiteral("Full fine-tuning, LoRA and QLoRA"));

    const QByteArray folder = qgetenv("LHE_PRIMER_SCREENSHOT");
    auto shoot = [&](const QString& name) {
        if (folder.isEmpty())
            return;
        panel.show();
        auto* scroll = panel.findChild<QScrollArea*>(QStringLiteral("primerScroll"));
        QCoreApplication::processEvents();
        scroll->ensureWidgetVisible(frame, 0, 0);
        scroll->verticalScrollBar()->setValue(frame->y());
        QCoreApplication::processEvents();
        QVERIFY(panel.grab().save(QString::fromLocal8Bit(folder) + QLatin1Char('/') + name));
    };
    shoot(QStringLiteral("primer-fine-tuning-en.png"));

    const QString qm = QDir(QCoreApplication::applicationDirPath())
                           .absoluteFilePath(QStringLiteral("../../app/explorer/llm-hw-explorer_zh_CN.qm"));
    QTranslator translator;
    QVERIFY2(translator.load(qm), qPrintable(qm));
    QCoreApplication::installTranslator(&translator);
    QCoreApplication::processEvents();
    auto hasHan = [](const QString& text) {
        return std::any_of(text.begin(), text.end(),
                           [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
    };
    QVERIFY2(hasHan(title->text()), qPrintable(title->text()));
    QVERIFY2(hasHan(body->text()) && body->text().contains(QStringLiteral("128.5 GB")),
             qPrintable(body->text()));
    for (const QPushButton* button : frame->findChildren<QPushButton*>())
        QVERIFY2(hasHan(button->text()), qPrintable(button->text()));
    shoot(QStringLiteral("primer-fine-tuning-zh_CN.png"));
    QCoreApplication::removeTranslator(&translator);
    QCoreApplication::processEvents();
    QCOMPARE(title->text(), QStringLiteral("Full fine-tuning, LoRA and QLoRA"));
}

QTEST_MAIN(TestPrimerPanel)
#include "tst_primer_panel.moc"
