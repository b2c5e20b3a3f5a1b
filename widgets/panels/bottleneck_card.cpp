#include "widgets/panels/bottleneck_card.h"

#include "widgets/charts/chart_palette.h"
#include "widgets/common/theme.h"
#include "widgets/common/value_format.h"
#include "widgets/panels/figure_table.h"

#include <QAction>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>
#include <vector>

namespace lhe::widgets {

// The four time terms side by side as a proportional bar with the names printed inside or
// below, so the card reads without colour.
class BreakdownBar : public QWidget
{
public:
    explicit BreakdownBar(QWidget* parent) : QWidget(parent) { setMinimumHeight(40); }

    void setBreakdown(const core::TimeBreakdown& breakdown)
    {
        const int before = heightForWidth(width());
        m_breakdown = breakdown;
        const bool wasValid = std::exchange(m_valid, true);
        // A new layout pass only when the legend takes another line: asking for one on every
        // slider step laid the whole window out again.
        if (!wasValid || heightForWidth(width()) != before)
            updateGeometry();
        update();
    }
    void clear()
    {
        m_valid = false;
        update();
    }
    // "Compute 37% · Memory bandwidth 9% · …": every term of at least 1 %, as printed under the bar.
    QString legend() const
    {
        if (!m_valid)
            return {};
        const std::vector<Term> all = terms();
        const double total = totalSeconds(all);
        QString text;
        for (const Term& term : all) {
            if (!(total > 0) || term.seconds / total < 0.01)
                continue;
            if (!text.isEmpty())
                text += QStringLiteral(" · ");
            text += term.name + QLatin1Char(' ') + percent(term.seconds / total);
        }
        return text;
    }

    // The bar, then the legend of its terms, wrapped to the card's width on as many lines as it
    // takes (Chinese at presentation size needs three in a narrow card); two lines at least.
    int barHeight() const { return fontMetrics().height() + 4; }
    QSize sizeHint() const override { return {220, heightForWidth(220)}; }
    QSize minimumSizeHint() const override { return {60, barHeight() + 2 * fontMetrics().lineSpacing() + 4}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override
    {
        const int legendHeight =
            fontMetrics()
                .boundingRect(QRect(0, 0, std::max(width, 1), 100000), Qt::TextWordWrap, legend())
                .height();
        return barHeight() + std::max(legendHeight, 2 * fontMetrics().lineSpacing()) + 4;
    }

protected:
    // The layout keeps heights it asked for at other widths; a legend that changed since then
    // may need more lines at this one.
    void resizeEvent(QResizeEvent* event) override
    {
        QWidget::resizeEvent(event);
        if (m_valid && height() < heightForWidth(width()))
            updateGeometry();
    }
    void paintEvent(QPaintEvent*) override
    {
        if (!m_valid)
            return;
        const std::vector<Term> all = terms();
        const double total = totalSeconds(all);
        if (!(total > 0))
            return;
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QRectF area(0, 0, width(), barHeight());
        double x = 0;
        const QFontMetrics metrics(font());
        for (const auto& [name, colour, seconds, pattern] : all) {
            const double w = area.width() * seconds / total;
            if (w <= 0)
                continue;
            const QRectF segment(x, area.top(), w, area.height());
            if (pattern == Qt::SolidPattern) {
                painter.fillRect(segment, colour);
            } else {
                painter.fillRect(segment, colour.lighter(140));
                painter.fillRect(segment, QBrush(colour.darker(130), pattern));
            }
            const QString share = percent(seconds / total);
            if (metrics.horizontalAdvance(share) + 4 < w) {
                painter.setPen(textColourOn(colour));
                painter.drawText(segment, Qt::AlignCenter, share);
            }
            x += w;
        }
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRectF(0, area.bottom() + 2, width(), height() - area.height() - 2),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, legend());
    }

private:
    struct Term
    {
        QString name;
        QColor colour;
        double seconds;
        Qt::BrushStyle pattern = Qt::SolidPattern;
    };

    // Every term of core::TimeBreakdown, so the shares sum to the whole step and the largest
    // segment is the bound the card names. The non-GEMM passes run at memory bandwidth: the
    // memory colour, hatched. The routed experts' parts join the terms the bound counts them in.
    std::vector<Term> terms() const
    {
        return {
            {widgets::boundName(core::Bound::Compute), boundColor(core::Bound::Compute),
             m_breakdown.computeSeconds + m_breakdown.expertComputeSeconds},
            {widgets::boundName(core::Bound::Memory), boundColor(core::Bound::Memory),
             m_breakdown.memorySeconds + m_breakdown.expertMemorySeconds},
            {QCoreApplication::translate("lhe::widgets::BottleneckCard", "Non-GEMM passes"),
             boundColor(core::Bound::Memory), m_breakdown.nonGemmSeconds, Qt::BDiagPattern},
            {widgets::boundName(core::Bound::Communication), boundColor(core::Bound::Communication),
             m_breakdown.communicationSeconds},
            {widgets::boundName(core::Bound::Offload), boundColor(core::Bound::Offload),
             m_breakdown.offloadSeconds},
            {widgets::boundName(core::Bound::Latency), boundColor(core::Bound::Latency),
             m_breakdown.latencySeconds + m_breakdown.expertLatencySeconds},
        };
    }

    static double totalSeconds(const std::vector<Term>& all)
    {
        double total = 0;
        for (const Term& term : all)
            total += term.seconds;
        return total;
    }

    static QString percent(double share)
    {
        return QLocale().toString(100.0 * share, 'f', 0) + QLatin1Char('%');
    }

private:
    core::TimeBreakdown m_breakdown;
    bool m_valid = false;
};

QString BottleneckCard::termsLegend() const
{
    return m_bar->legend();
}

bool BottleneckCard::termsLegendFits() const
{
    return !m_bar->isVisible() || m_bar->height() >= m_bar->heightForWidth(m_bar->width());
}

BottleneckCard::BottleneckCard(QWidget* parent)
    : QFrame(parent), m_title(new QLabel(this)), m_bound(new QLabel(this)), m_figures(new FigureTable(this)),
      m_bar(new BreakdownBar(this))
{
    setFrameShape(QFrame::StyledPanel);
    // Keyboard users reach the verdict (screen readers read it) and open its explanation.
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    retranslateUi();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(4);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    styleBoundFont();
    layout->addWidget(m_title);
    layout->addWidget(m_bound);
    layout->addWidget(m_bar);
    layout->addWidget(m_figures);
    layout->addStretch(1);
}

void BottleneckCard::mousePressEvent(QMouseEvent* event)
{
    m_pressed = event->button() == Qt::LeftButton;
    event->accept();
}

void BottleneckCard::mouseReleaseEvent(QMouseEvent* event)
{
    const bool click =
        m_pressed && event->button() == Qt::LeftButton && rect().contains(event->position().toPoint());
    m_pressed = false;
    event->accept();
    if (click && m_boundKind)
        emit clicked();
}

void BottleneckCard::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy) && m_boundKind) {
        copyToClipboard();
        return;
    }
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space) &&
        m_boundKind) {
        emit clicked();
        return;
    }
    QFrame::keyPressEvent(event);
}

void BottleneckCard::contextMenuEvent(QContextMenuEvent* event)
{
    if (!m_boundKind)
        return;
    QMenu menu(this);
    QAction* copy = menu.addAction(tr("&Copy figures"));
    copy->setShortcut(QKeySequence::Copy);
    if (menu.exec(event->globalPos()) == copy)
        copyToClipboard();
}

void BottleneckCard::copyToClipboard() const
{
    QGuiApplication::clipboard()->setText(summaryText());
}

void BottleneckCard::setContent(const QString& title, core::Bound bound, const core::TimeBreakdown& breakdown,
                                const QList<QPair<QString, QString>>& figures)
{
    m_title->setText(title);
    m_bound->setText(tr("Bound: %1").arg(widgets::boundName(bound)));
    m_boundKind = bound;
    styleBound();
    m_figures->setFigures(figures);
    m_figures->setAccessibleName(tr("%1 figures").arg(title));
    m_figures->setAccessibleDescription(m_figures->plainText());
    m_bar->setBreakdown(breakdown);
    setAccessibleName(title);
    setAccessibleDescription(summaryText());
}

void BottleneckCard::clear(const QString& title, const QString& message)
{
    m_title->setText(title);
    m_bound->setText(message);
    m_boundKind.reset();
    styleBound();
    m_figures->setFigures({});
    m_figures->setAccessibleDescription(message);
    m_bar->clear();
}

void BottleneckCard::styleBound()
{
    if (!m_boundKind) {
        m_bound->setPalette(QPalette()); // no role of its own: follows the card
        return;
    }
    // Only the text colour is set, so every other role still follows the theme; the bound's colour
    // is darkened or lightened until it reads at 4.5:1 on this card's background.
    QPalette boundPalette;
    boundPalette.setColor(QPalette::WindowText,
                          readableOn(boundColor(*m_boundKind), palette().color(QPalette::Window)));
    m_bound->setPalette(boundPalette);
}

// 1.25x the card's font, derived again when that changes (presentation mode): a size set on
// the label itself would no longer follow the application font.
void BottleneckCard::styleBoundFont()
{
    QFont boundFont = font();
    boundFont.setPointSizeF(boundFont.pointSizeF() * 1.25);
    boundFont.setBold(true);
    m_bound->setFont(boundFont);
}

void BottleneckCard::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        styleBound();
    else if (event->type() == QEvent::FontChange)
        styleBoundFont();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi(); // the breakdown bar names its terms as it paints
}

void BottleneckCard::retranslateUi()
{
    setToolTip(tr("Click to see how this is calculated"));
}

QString BottleneckCard::title() const
{
    return m_title->text();
}

QString BottleneckCard::boundText() const
{
    return m_bound->text();
}

QString BottleneckCard::summaryText() const
{
    return m_title->text() + QStringLiteral(": ") + m_bound->text() + QStringLiteral(". ") +
           m_figures->plainText();
}

} // namespace lhe::widgets
