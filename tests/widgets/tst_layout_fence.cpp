// LayoutFence: a fenced widget whose text changes without changing its size costs the window no
// layout pass; one that needs another size, or is shown or hidden, still gets its room.
#include "widgets/layout/layout_fence.h"
#include "widgets/layout/wrapped_label.h"

#include <QLabel>
#include <QVBoxLayout>
#include <QtTest>

using lhe::widgets::LayoutFence;
using lhe::widgets::WrappedLabel;

namespace {

// Counts the layout requests a widget receives: each is one layout pass of it.
class LayoutRequestCounter : public QObject
{
public:
    int count = 0;

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        count += event->type() == QEvent::LayoutRequest ? 1 : 0;
        return false;
    }
};

void settle()
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

// A window of a fenced wrapped label and a plain one below it.
struct Window
{
    QWidget widget;
    WrappedLabel* fenced = new WrappedLabel;
    QLabel* plain = new QLabel;
    LayoutFence* fence = nullptr;

    Window()
    {
        auto* layout = new QVBoxLayout(&widget);
        fence = new LayoutFence(fenced, &widget);
        layout->addWidget(fence);
        layout->addWidget(plain);
        layout->addStretch(1);
        fenced->setText(QStringLiteral("Time per output token 12.5 ms"));
        plain->setText(QStringLiteral("Time per output token 12.5 ms"));
        widget.resize(400, 300);
        widget.show();
    }
};

} // namespace

class TestLayoutFence : public QObject
{
    Q_OBJECT

private slots:
    // New digits, same line: no layout pass behind the fence; the same change beside it asks for
    // one (which shows the counter counts).
    void sameSizeChangeStaysInside()
    {
        Window window;
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        settle();
        LayoutRequestCounter counter;
        window.widget.installEventFilter(&counter);
        window.fenced->setText(QStringLiteral("Time per output token 98.1 ms"));
        settle();
        QCOMPARE(counter.count, 0);
        QCOMPARE(window.fenced->text(), QStringLiteral("Time per output token 98.1 ms"));
        window.plain->setText(QStringLiteral("Time per output token 98.1 ms"));
        settle();
        QVERIFY(counter.count >= 1);
    }

    // A longer line that still fits the same lines at this width: a wrapped label's size hint
    // follows its text's length, but the column it sits in (full width, height for width) does
    // not use it, so the window is not laid out again.
    void longerLineSameLinesStaysInside()
    {
        Window window;
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        settle();
        const QSize hintBefore = window.fenced->sizeHint();
        LayoutRequestCounter counter;
        window.widget.installEventFilter(&counter);
        window.fenced->setText(QStringLiteral("Time per output token 12.5 ms at a batch of 8"));
        settle();
        QVERIFY(window.fenced->sizeHint() != hintBefore); // the hint did change
        QCOMPARE(counter.count, 0);
        QCOMPARE(window.fenced->height(), window.fenced->heightForWidth(window.fenced->width()));
    }

    // A minimum wider than the fence now is (a verdict that does not wrap) gets its room.
    void widerMinimumGetsItsRoom()
    {
        QWidget widget;
        auto* verdict = new QLabel(QStringLiteral("Bound: Compute"));
        auto* layout = new QVBoxLayout(&widget);
        auto* fence = new LayoutFence(verdict, &widget);
        layout->addWidget(fence);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        widget.resize(widget.minimumSizeHint().width(), 100);
        settle();
        const int before = fence->width();
        verdict->setText(QStringLiteral("Bound: Memory bandwidth"));
        settle();
        QVERIFY(verdict->minimumSizeHint().width() > before);
        QCOMPARE(fence->width(), verdict->width());
        QVERIFY(verdict->width() >= verdict->minimumSizeHint().width());
    }

    // Text that needs more lines gets them: the window lays the fence out taller.
    void growingTextGetsItsRoom()
    {
        Window window;
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        settle();
        const int oneLine = window.fenced->height();
        QString longer;
        for (int i = 0; i < 12; ++i)
            longer += QStringLiteral("Decode is memory-bandwidth bound at this batch. ");
        window.fenced->setText(longer);
        settle();
        QVERIFY(window.fenced->height() > 2 * oneLine);
        QCOMPARE(window.fenced->height(), window.fenced->heightForWidth(window.fenced->width()));
        QCOMPARE(window.fence->geometry().size(), window.fenced->size());
    }

    // A change that keeps one line at this width but not at a narrower one: after a resize to the
    // narrower width the label is as tall as its text there.
    void aNewWidthAsksAgain()
    {
        Window window;
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        settle();
        const QString shorter = QStringLiteral("Tokens per second");
        const QString longer = QStringLiteral("Tokens per second per sequence at batch 64, 8k");
        window.fenced->setText(shorter);
        settle();
        window.fenced->setText(longer); // one line at 400 px
        settle();
        QCOMPARE(window.fenced->height(), window.fenced->heightForWidth(window.fenced->width()));
        const int oneLine = window.fenced->height();
        window.widget.resize(window.widget.minimumSizeHint().width(), 300);
        settle();
        const int needed = window.fenced->heightForWidth(window.fenced->width());
        QVERIFY(needed > oneLine); // it wraps at the narrower width
        QCOMPARE(window.fenced->height(), needed);
    }

    // The fence shows and hides with its widget, also while the window is hidden.
    void followsItsWidgetsVisibility()
    {
        Window window;
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        window.fenced->hide();
        QVERIFY(window.fence->isHidden());
        window.widget.hide();
        window.fenced->show();
        QVERIFY(!window.fence->isHidden());
        window.widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window.widget));
        settle();
        QVERIFY(window.fenced->isVisible());
        QVERIFY(window.fenced->height() > 0);
        // A widget hidden before it is fenced keeps the fence hidden.
        auto* hidden = new QLabel(QStringLiteral("hidden"));
        hidden->hide();
        LayoutFence fence(hidden);
        QVERIFY(fence.isHidden());
    }
};

QTEST_MAIN(TestLayoutFence)
#include "tst_layout_fence.moc"
