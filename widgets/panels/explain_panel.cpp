#include "widgets/panels/explain_panel.h"

#include "widgets/charts/chart_palette.h"
#include "widgets/common/explanation_text.h"

#include <QEvent>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace lhe::widgets {

namespace {

// The formula with each {key} replaced by replace(term); the text between is HTML-escaped.
template <typename Replace> QString substitute(const core::Explanation& e, Replace replace)
{
    const QString formula = QString::fromStdString(e.formula);
    QString out;
    qsizetype pos = 0;
    while (pos < formula.size()) {
        const qsizetype open = formula.indexOf(QLatin1Char('{'), pos);
        const qsizetype close = open < 0 ? -1 : formula.indexOf(QLatin1Char('}'), open);
        if (open < 0 || close < 0) {
            out += formula.mid(pos).toHtmlEscaped();
            break;
        }
        out += formula.mid(pos, open - pos).toHtmlEscaped();
        const std::string key = formula.mid(open + 1, close - open - 1).toStdString();
        const core::ExplanationTerm* term = nullptr;
        for (const auto& t : e.terms)
            if (t.key == key)
                term = &t;
        out += term ? replace(*term) : formula.mid(open, close - open + 1).toHtmlEscaped();
        pos = close + 1;
    }
    return out;
}

} // namespace

ExplainPanel::ExplainPanel(QWidget* parent) : QWidget(parent), m_browser(new QTextBrowser(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_browser->setObjectName(QStringLiteral("explainText"));
    m_browser->setOpenLinks(false);
    // Keyboard: Tab reaches the text, arrows scroll and move the caret, Shift+arrows select.
    m_browser->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard |
                                       Qt::LinksAccessibleByKeyboard);
    m_browser->setFocusPolicy(Qt::StrongFocus);
    layout->addWidget(m_browser);
    retranslateUi();
}

void ExplainPanel::retranslateUi()
{
    m_browser->setAccessibleName(tr("Explanation"));
    m_browser->setAccessibleDescription(
        tr("How the clicked number is calculated: formula, values, result and source"));
    if (m_hint == Hint::ClickSomething)
        m_message =
            tr("Click a memory bar segment, a roofline point or a verdict card to see how it is calculated.");
    else if (m_hint == Hint::NothingToExplain)
        m_message = tr("Nothing to explain here: this report has no such number.");
    render();
}

QString ExplainPanel::targetHeading(const core::ExplainTarget& target)
{
    switch (target.kind) {
    case core::ExplainKind::MemorySegment:
        if (target.stage > 0)
            return tr("Memory, pipeline stage %1: %2").arg(target.stage).arg(segmentName(target.segment));
        return tr("Memory: %1").arg(segmentName(target.segment));
    case core::ExplainKind::RooflinePoint:
        return tr("Roofline point: %1").arg(phaseName(target.phase));
    case core::ExplainKind::Verdict:
        return tr("Verdict: %1").arg(phaseName(target.phase));
    case core::ExplainKind::Capacity:
        return tr("Memory: capacity");
    case core::ExplainKind::Serving:
        return tr("Serving: many users");
    }
    return {};
}

QString ExplainPanel::symbolicFormula(const core::Explanation& e)
{
    return substitute(e, [](const core::ExplanationTerm& t) -> QString {
        return QStringLiteral("<i>") + explanationText(t.label).toHtmlEscaped() + QStringLiteral("</i>");
    });
}

QString ExplainPanel::substitutedFormula(const core::Explanation& e)
{
    return substitute(e, [](const core::ExplanationTerm& t) -> QString {
        return formatExplanationValue(t.value, t.unit).toHtmlEscaped();
    });
}

void ExplainPanel::setExplanations(const QString& heading, const std::vector<core::Explanation>& explanations)
{
    m_heading = heading;
    m_explanations = explanations;
    m_hint = explanations.empty() ? Hint::NothingToExplain : Hint::None;
    m_message.clear();
    retranslateUi();
}

void ExplainPanel::showMessage(const QString& message)
{
    m_heading.clear();
    m_explanations.clear();
    m_hint = Hint::None;
    m_message = message;
    render();
}

QString ExplainPanel::plainText() const
{
    return m_browser->toPlainText();
}

void ExplainPanel::render()
{
    QString html;
    if (!m_heading.isEmpty())
        html += QStringLiteral("<h2>%1</h2>").arg(m_heading.toHtmlEscaped());
    if (!m_message.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(m_message.toHtmlEscaped());
    for (const auto& e : m_explanations) {
        html += QStringLiteral("<h3>%1</h3>").arg(explanationText(e.title).toHtmlEscaped());
        const QString result = formatExplanationValue(e.result, e.resultUnit).toHtmlEscaped();
        if (e.terms.empty()) {
            html += QStringLiteral("<p>= <b>%1</b></p>").arg(result);
        } else {
            html += QStringLiteral("<p>%1</p>").arg(symbolicFormula(e));
            html += QStringLiteral("<p>= %1</p>").arg(substitutedFormula(e));
            html += QStringLiteral("<p>= <b>%1</b></p>").arg(result);
        }
        if (!e.notes.empty()) {
            html += QStringLiteral("<ul>");
            for (const auto& note : e.notes)
                html += QStringLiteral("<li>%1</li>").arg(explanationText(note).toHtmlEscaped());
            html += QStringLiteral("</ul>");
        }
        html += QStringLiteral("<p><small>%1</small></p>")
                    .arg(tr("Source: %1").arg(QString::fromStdString(e.source)).toHtmlEscaped());
    }
    m_browser->setHtml(html);
}

void ExplainPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace lhe::widgets
