// The dashboard's warning strip: every warning in one place with its count, the list on demand,
// reachable by keyboard, a line saying there is none. And the wrapped label it (and every changing
// caption) is made of: its remembered heights are a plain QLabel's.
#include "core/common/input_error.h"
#include "widgets/layout/wrapped_label.h"
#include "widgets/panels/warning_strip.h"

#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtTest>

using namespace lhe;

namespace {

std::vector<core::Message> messages(std::initializer_list<const char*> texts)
{
    std::vector<core::Message> out;
    for (const char* text : texts)
        out.push_back(core::verbatimMessage(text));
    return out;
}

} // namespace

class TestWarningStrip : public QObject
{
    Q_OBJECT

private slots:
    // Hidden until there is a report, and again after clear() (the cards then say why there is
    // none). A report without warnings says so on a strip as tall as one with a one-line warning:
    // the charts under it stay put as a slider crosses the first warning.
    void noWarningIsSaidOnALineOfItsOwn()
    {
        QWidget dashboard;
        auto* layout = new QVBoxLayout(&dashboard);
        auto* strip = new widgets::WarningStrip;
        layout->addWidget(strip);
        layout->addStretch();
        dashboard.resize(800, 300);
        dashboard.show();
        QVERIFY(!strip->isVisible());
        auto* summary = strip->findChild<QLabel*>(QStringLiteral("warningSummary"));
        auto* toggle = strip->findChild<QToolButton*>(QStringLiteral("warningToggle"));
        QVERIFY(summary && toggle);

        strip->setWarnings({});
        QVERIFY(strip->isVisible());
        QCOMPARE(summary->text(), QStringLiteral("✓ No warnings"));
        QVERIFY(!toggle->isVisible());
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const QRect quiet = strip->geometry();

        strip->setWarnings(messages({"a"}));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(summary->text(), QStringLiteral("⚠ Warning: a"));
        QCOMPARE(strip->geometry(), quiet);

        strip->clear();
        QVERIFY(!strip->isVisible());
        QCOMPARE(strip->count(), 0);
    }

    void oneWarningIsShownWhole()
    {
        widgets::WarningStrip strip;
        strip.show();
        strip.setWarnings(messages({"context of 200000 tokens exceeds the model's limit"}));
        auto* summary = strip.findChild<QLabel*>(QStringLiteral("warningSummary"));
        auto* toggle = strip.findChild<QToolButton*>(QStringLiteral("warningToggle"));
        QVERIFY(summary && toggle);
        QCOMPARE(summary->text(),
                 QStringLiteral("⚠ Warning: context of 200000 tokens exceeds the model's limit"));
        QVERIFY(!toggle->isVisible());
    }

    // Two warnings are both listed, with no button: the second one is not hidden behind the first.
    void twoWarningsAreBothListed()
    {
        widgets::WarningStrip strip;
        strip.show();
        strip.setWarnings(messages({"not a known family", "context exceeds the model's limit"}));
        auto* summary = strip.findChild<QLabel*>(QStringLiteral("warningSummary"));
        auto* toggle = strip.findChild<QToolButton*>(QStringLiteral("warningToggle"));
        auto* list = strip.findChild<QLabel*>(QStringLiteral("warningList"));
        QCOMPARE(summary->text(), QStringLiteral("⚠ 2 warnings"));
        QVERIFY(list->isVisible());
        QCOMPARE(list->text(), QStringLiteral("• not a known family\n• context exceeds the model's limit"));
        QVERIFY(!toggle->isVisible());
    }

    // Three warnings: the count and the first; Space on the focused button lists all three, in
    // order, and a second press folds the list again.
    void manyWarningsCountAndListByKeyboard()
    {
        widgets::WarningStrip strip;
        strip.show();
        strip.setWarnings(messages({"first", "second", "third"}));
        auto* summary = strip.findChild<QLabel*>(QStringLiteral("warningSummary"));
        auto* toggle = strip.findChild<QToolButton*>(QStringLiteral("warningToggle"));
        auto* list = strip.findChild<QLabel*>(QStringLiteral("warningList"));
        QVERIFY(summary && toggle && list);
        QCOMPARE(strip.count(), 3);
        QCOMPARE(summary->text(), QStringLiteral("⚠ 3 warnings: first"));
        QVERIFY(toggle->isVisible());
        QCOMPARE(toggle->text(), QStringLiteral("Show all 3"));
        QVERIFY(!list->isVisible());
        QCOMPARE(toggle->focusPolicy(), Qt::StrongFocus);

        toggle->setFocus();
        QTest::keyClick(toggle, Qt::Key_Space);
        QVERIFY(strip.expanded());
        QVERIFY(list->isVisible());
        QCOMPARE(list->text(), QStringLiteral("• first\n• second\n• third"));
        QCOMPARE(summary->text(), QStringLiteral("⚠ 3 warnings"));
        QCOMPARE(toggle->text(), QStringLiteral("Show fewer"));

        QTest::keyClick(toggle, Qt::Key_Space);
        QVERIFY(!strip.expanded());
        QVERIFY(!list->isVisible());
    }

    // The heights a wrapped label remembers are those a plain QLabel measures, after a change of
    // text, font or margins, and for more widths than it keeps (five, it keeps four).
    void wrappedLabelHeightsFollowTextFontAndWidth()
    {
        widgets::WrappedLabel cached;
        QLabel plain;
        plain.setWordWrap(true);
        const auto sameHeights = [&] {
            for (const int width : {80, 160, 240, 320, 400, 80, 160, 400})
                QCOMPARE(cached.heightForWidth(width), plain.heightForWidth(width));
        };
        const QString text = QStringLiteral("A warning long enough to wrap onto several lines at a "
                                            "narrow width and onto fewer at a wide one.");
        cached.setText(text);
        plain.setText(text);
        sameHeights();
        // The test can fail: narrower is taller.
        QVERIFY(plain.heightForWidth(80) > plain.heightForWidth(400));
        cached.setText(text + text);
        plain.setText(text + text);
        sameHeights();
        QFont larger = plain.font();
        larger.setPointSizeF(larger.pointSizeF() * 1.5);
        cached.setFont(larger);
        plain.setFont(larger);
        sameHeights();
        cached.setContentsMargins(10, 10, 10, 10);
        plain.setContentsMargins(10, 10, 10, 10);
        sameHeights();
    }

    // The size hints a wrapped label remembers per shape of text are those a plain QLabel
    // measures for the text itself: figures with other digits (as many), more digits, rich text,
    // another font, margins and size policy.
    void wrappedLabelHintsFollowTextFontAndPolicy()
    {
        widgets::WrappedLabel cached;
        QLabel plain;
        plain.setWordWrap(true);
        const auto sameHints = [&](const QString& text) {
            cached.setText(text);
            plain.setText(text);
            QCOMPARE(cached.sizeHint(), plain.sizeHint());
            QCOMPARE(cached.minimumSizeHint(), plain.minimumSizeHint());
        };
        const QString wait = QStringLiteral("⚠ Warning: 256 concurrent requests exceed the KV pool's %1: the "
                                            "rest wait, adding %2 s to time to first token.");
        sameHints(wait.arg(10).arg(490));
        sameHints(wait.arg(47).arg(123)); // the same shape
        sameHints(wait.arg(9).arg(1230)); // one digit fewer, one more
        sameHints(QStringLiteral("Longest context that fits at batch 256: <b>254 tokens</b>"));
        sameHints(QStringLiteral("Longest context that fits at batch 4: <b>16,542 tokens</b>"));
        QFont larger = plain.font();
        larger.setPointSizeF(larger.pointSizeF() * 1.5);
        cached.setFont(larger);
        plain.setFont(larger);
        sameHints(wait.arg(10).arg(490));
        cached.setContentsMargins(10, 10, 10, 10);
        plain.setContentsMargins(10, 10, 10, 10);
        sameHints(wait.arg(10).arg(490));
        cached.setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        plain.setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        sameHints(wait.arg(10).arg(490));
        // The test can fail: a longer text asks for more room.
        QVERIFY(cached.sizeHint().height() * cached.sizeHint().width() > 0);
        const QSize shortHint = plain.sizeHint();
        sameHints(wait.arg(10).arg(490) + wait.arg(10).arg(490));
        QVERIFY(plain.sizeHint() != shortHint);
    }

    // A label in the application's own font (the font a label starts with) measures a figure
    // with other digits, as many, only once: the shape cache must not take the default font
    // for one it has already checked.
    void wrappedLabelInTheDefaultFontMeasuresOneShapeOnce()
    {
        widgets::WrappedLabel label;
        QCOMPARE(label.font(), QFont()); // the case: nothing set
        for (const bool bold : {false, true}) {
            QFont font = label.font();
            font.setBold(bold);
            const QFontMetricsF metrics(font);
            for (char digit = '1'; digit <= '9'; ++digit)
                QVERIFY2(metrics.horizontalAdvance(QLatin1Char(digit)) ==
                             metrics.horizontalAdvance(QLatin1Char('0')),
                         "the test needs a default font whose digits are all as wide");
        }
        const QString fits = QStringLiteral("Longest context that fits at batch %1: <b>%2 tokens</b>");
        label.setText(fits.arg(256).arg(254));
        label.sizeHint();
        label.minimumSizeHint();
        QCOMPARE(label.measurements(), 1);
        label.setText(fits.arg(128).arg(512)); // the same shape
        label.sizeHint();
        label.minimumSizeHint();
        QCOMPARE(label.measurements(), 1);
        label.setText(fits.arg(64).arg(1030)); // one digit fewer, two more
        label.sizeHint();
        QCOMPARE(label.measurements(), 2);
    }
};

QTEST_MAIN(TestWarningStrip)
#include "tst_warning_strip.moc"
