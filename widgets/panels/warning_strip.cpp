#include "widgets/panels/warning_strip.h"

#include "widgets/layout/wrapped_label.h"
#include "widgets/messages/core_message.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QToolButton>

namespace lhe::widgets {

WarningStrip::WarningStrip(QWidget* parent)
    : QFrame(parent), m_summary(new WrappedLabel(this)), m_toggle(new QToolButton(this)),
      m_list(new WrappedLabel(this))
{
    setObjectName(QStringLiteral("warningStrip"));
    // The palette's own colours (a light and a dark theme alike): a framed box on the base colour.
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    m_summary->setObjectName(QStringLiteral("warningSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list->setObjectName(QStringLiteral("warningList"));
    m_list->setTextFormat(Qt::PlainText);
    m_list->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_toggle->setObjectName(QStringLiteral("warningToggle"));
    m_toggle->setFocusPolicy(Qt::StrongFocus);
    m_toggle->setAutoRaise(true);
    connect(m_toggle, &QToolButton::clicked, this, [this] { setExpanded(!m_expanded); });

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setVerticalSpacing(2);
    layout->addWidget(m_summary, 0, 0);
    layout->addWidget(m_toggle, 0, 1, Qt::AlignTop);
    layout->addWidget(m_list, 1, 0, 1, 2);
    layout->setColumnStretch(0, 1);
    refresh();
}

void WarningStrip::setWarnings(const std::vector<core::Message>& warnings)
{
    m_warnings = warnings;
    m_hasReport = true;
    refresh();
}

void WarningStrip::clear()
{
    m_warnings.clear();
    m_hasReport = false;
    refresh();
}

QStringList WarningStrip::texts() const
{
    return translatedMessages(m_warnings);
}

void WarningStrip::setExpanded(bool expanded)
{
    m_expanded = expanded;
    refresh();
}

void WarningStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QFrame::changeEvent(event);
}

void WarningStrip::refresh()
{
    const QStringList lines = texts();
    setVisible(m_hasReport);
    if (lines.isEmpty()) {
        // A report without warnings says so on the same one line: a strip that came and went
        // moved the charts under it as a slider crossed the first warning (a layout pass of the
        // window and a full replot of every chart on that step).
        m_summary->setText(tr("✓ No warnings"));
        m_summary->setAccessibleName(tr("No warnings"));
        m_summary->setAccessibleDescription(tr("The estimate raised no warning for this scenario."));
        m_toggle->setVisible(false);
        m_list->setVisible(false);
        return;
    }
    // One or two warnings are shown whole (a second one is often the one that matters: a context
    // past the model's limit behind an unknown family); with more, the count and the first, and
    // the whole list on demand.
    const int n = static_cast<int>(lines.size());
    const bool many = n > 1;
    const bool foldable = n > kAlwaysListed;
    const bool listed = many && (!foldable || m_expanded);
    if (!many)
        m_summary->setText(tr("⚠ Warning: %1").arg(lines.front()));
    else if (listed)
        m_summary->setText(tr("⚠ %n warnings", nullptr, n));
    else
        m_summary->setText(tr("⚠ %n warnings: %1", nullptr, n).arg(lines.front()));
    m_summary->setAccessibleName(many ? tr("%n warnings", nullptr, n) : tr("One warning"));
    m_toggle->setVisible(foldable);
    m_toggle->setText(m_expanded ? tr("Show fewer") : tr("Show all %n", nullptr, n));
    m_toggle->setToolTip(m_expanded ? tr("Show only the first warning") : tr("List every warning"));
    QString list;
    for (const QString& line : lines)
        list += (list.isEmpty() ? QString() : QStringLiteral("\n")) + QStringLiteral("• ") + line;
    m_list->setText(list);
    m_list->setVisible(listed);
    m_summary->setAccessibleDescription(list); // every warning, folded or not
}

} // namespace lhe::widgets
