// FigureTable: a card's figures read whole at any width a card gets. Narrower than one line per
// figure, a label wraps at word boundaries (Chinese between characters) in the room its own value
// leaves, and the table grows a line per wrap; before, the labels were cut to "Time…", "Prom…" in
// a presentation-mode card beside the controls.
#include "widgets/panels/figure_table.h"

#include <QFontMetrics>
#include <QtTest>

using lhe::widgets::FigureTable;

namespace {

const QList<QPair<QString, QString>> kPrefill = {
    {QStringLiteral("Time to first token"), QStringLiteral("2.14 s")},
    {QStringLiteral("Prompt tokens/s"), QStringLiteral("7,640")},
    {QStringLiteral("Intensity"), QStringLiteral("1,250 FLOP/B")},
    {QStringLiteral("Ideal roofline"), QStringLiteral("1.69 s")}};

struct Metrics
{
    QFontMetrics labels;
    QFontMetrics values;
    int gap; // two average characters between a label and its value
    int line;

    explicit Metrics(const FigureTable& table)
        : labels(table.font()), values(bold(table.font())), gap(2 * labels.averageCharWidth()),
          line(std::max(labels.height(), values.height()))
    {}
    static QFont bold(QFont font)
    {
        font.setBold(true);
        return font;
    }
};

} // namespace

class TestFigureTable : public QObject
{
    Q_OBJECT

private slots:
    // At its one-line width every figure takes one line: the widest label-and-value pair.
    void oneLineEachAtItsNaturalWidth()
    {
        FigureTable table;
        table.setFigures(kPrefill);
        const Metrics m(table);
        int natural = 0;
        for (const auto& [label, value] : kPrefill)
            natural = std::max(natural,
                               m.labels.horizontalAdvance(label) + m.gap + m.values.horizontalAdvance(value));
        QCOMPARE(table.sizeHint().width(), natural);
        const QList<QStringList> lines = table.labelLines(natural);
        QCOMPARE(lines.size(), 4);
        for (int row = 0; row < 4; ++row)
            QCOMPARE(lines[row], QStringList{kPrefill[row].first});
        QCOMPARE(table.heightForWidth(natural), 4 * m.line);
        QCOMPARE(table.heightForWidth(2 * natural), 4 * m.line); // no taller when wider
    }

    // Narrower, a long label wraps whole words in the room beside its own value: "Time to first
    // token" beside "2.14 s" takes two lines where "Prompt tokens/s" beside "7,640" still fits.
    void narrowerWrapsWholeWordsBesideItsOwnValue()
    {
        FigureTable table;
        const QList<QPair<QString, QString>> figures = {kPrefill[0], kPrefill[1]};
        table.setFigures(figures);
        const Metrics m(table);
        const int room = m.labels.horizontalAdvance(QStringLiteral("Time to first")) + 2;
        QVERIFY(room < m.labels.horizontalAdvance(QStringLiteral("Time to first token")));
        const int width = m.values.horizontalAdvance(QStringLiteral("2.14 s")) + m.gap + room;
        QVERIFY(width >= table.minimumSizeHint().width());
        const QList<QStringList> lines = table.labelLines(width);
        QCOMPARE(lines[0], (QStringList{QStringLiteral("Time to first"), QStringLiteral("token")}));
        // The second label's own room, beside the narrower "7,640".
        const int secondRoom = width - m.values.horizontalAdvance(QStringLiteral("7,640")) - m.gap;
        const QStringList expected =
            m.labels.horizontalAdvance(QStringLiteral("Prompt tokens/s")) <= secondRoom
                ? QStringList{QStringLiteral("Prompt tokens/s")}
                : QStringList{QStringLiteral("Prompt"), QStringLiteral("tokens/s")}; // never "tokens/" "s"
        QCOMPARE(lines[1], expected);
        QCOMPARE(table.heightForWidth(width), static_cast<int>(lines[0].size() + lines[1].size()) * m.line);
    }

    // Where a word of the label has no room beside its value, the value goes on a line of its
    // own under the label, which takes the whole width: "Intensity" over "1,250 FLOP/B".
    void aValueMovesBelowRatherThanCutAWord()
    {
        FigureTable table;
        const QList<QPair<QString, QString>> figures = {kPrefill[1], kPrefill[2]};
        table.setFigures(figures);
        const Metrics m(table);
        const int intensity = m.labels.horizontalAdvance(QStringLiteral("Intensity"));
        const int value = m.values.horizontalAdvance(QStringLiteral("1,250 FLOP/B"));
        const int width = value + m.gap + intensity - 4; // "Intensity" misses its room by 4 px
        QVERIFY(width >= table.minimumSizeHint().width());
        QVERIFY(table.valueBelow(1, width));
        QCOMPARE(table.labelLines(width)[1], QStringList{QStringLiteral("Intensity")});
        // "Prompt tokens/s" beside "7,640": its own value leaves it room enough for its words.
        QVERIFY(!table.valueBelow(0, width));
        int lines = 1; // the value's own line
        for (const QStringList& label : table.labelLines(width))
            lines += static_cast<int>(label.size());
        QCOMPARE(table.heightForWidth(width), lines * m.line);
        // With room for the word beside the value, it stays beside it.
        QVERIFY(!table.valueBelow(1, value + m.gap + intensity));
    }

    // The minimum width is the widest word or value: down to it nothing is elided.
    void minimumKeepsWordsAndValuesWhole()
    {
        FigureTable table;
        table.setFigures(kPrefill);
        const Metrics m(table);
        // By hand: the widest of every word of the labels and every value.
        int expected = 0;
        for (const char* word :
             {"Time", "to", "first", "token", "Prompt", "tokens/s", "Intensity", "Ideal", "roofline"})
            expected = std::max(expected, m.labels.horizontalAdvance(QString::fromLatin1(word)));
        for (const auto& [label, value] : kPrefill)
            expected = std::max(expected, m.values.horizontalAdvance(value));
        QVERIFY2(std::abs(table.minimumSizeHint().width() - expected) <= 1,
                 qPrintable(QString::number(table.minimumSizeHint().width())));
        const QList<QStringList> lines = table.labelLines(table.minimumSizeHint().width());
        for (int row = 0; row < 4; ++row)
            QCOMPARE(lines[row].join(QLatin1Char(' ')), kPrefill[row].first);
    }

    // The words are measured again in a new font (presentation mode's larger text), though the
    // labels stay the same: the minimum is the widest word at the new size.
    void aNewFontMeasuresTheWordsAgain()
    {
        FigureTable table;
        table.setFigures({kPrefill[2]}); // "Intensity", "1,250 FLOP/B"
        QFont large = table.font();
        large.setPointSizeF(large.pointSizeF() * 2);
        table.setFont(large);
        table.setFigures({kPrefill[2]}); // unchanged: nothing new to measure but the font
        const Metrics m(table);
        const int expected = std::max(m.labels.horizontalAdvance(QStringLiteral("Intensity")),
                                      m.values.horizontalAdvance(QStringLiteral("1,250 FLOP/B")));
        QVERIFY2(std::abs(table.minimumSizeHint().width() - expected) <= 1,
                 qPrintable(QString::number(table.minimumSizeHint().width())));
        const int natural = m.labels.horizontalAdvance(QStringLiteral("Intensity")) + m.gap +
                            m.values.horizontalAdvance(QStringLiteral("1,250 FLOP/B"));
        QCOMPARE(table.sizeHint().width(), natural);
    }

    // Chinese has no spaces: it breaks between characters.
    void chineseBreaksBetweenCharacters()
    {
        FigureTable table;
        const QString label = QStringLiteral("首个词元时间");
        table.setFigures({{label, QStringLiteral("2.14 秒")}});
        const Metrics m(table);
        const int room = m.labels.horizontalAdvance(QStringLiteral("首个词")) + 1;
        const int width = m.values.horizontalAdvance(QStringLiteral("2.14 秒")) + m.gap + room;
        const QStringList lines = table.labelLines(width).front();
        QVERIFY(lines.size() >= 2);
        QCOMPARE(lines.join(QString()), label);
    }
};

QTEST_MAIN(TestFigureTable)
#include "tst_figure_table.moc"
