#include "widgets/panels/message_log.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QTime>
#include <QVBoxLayout>

namespace lhe::widgets {

namespace {
constexpr int kTextRole = Qt::UserRole + 1;
constexpr int kSeverityRole = Qt::UserRole + 2; // MessageLog::Severity
constexpr int kTimeRole = Qt::UserRole + 3;     // "HH:mm:ss" when it was added
} // namespace

MessageLog::MessageLog(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_clearButton(new QPushButton(this))
{
    m_list->setObjectName(QStringLiteral("messageList"));
    m_list->setWordWrap(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);

    m_list->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_clearButton->setObjectName(QStringLiteral("clearMessages"));
    connect(m_clearButton, &QPushButton::clicked, this, &MessageLog::clear);

    // The button beside the list, not under it: every line of height goes to the messages.
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(m_clearButton);
    buttons->addStretch();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    retranslateUi();
}

void MessageLog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void MessageLog::retranslateUi()
{
    m_list->setAccessibleName(tr("Messages"));
    m_clearButton->setText(tr("C&lear"));
    for (int row = 0; row < m_list->count(); ++row)
        labelItem(m_list->item(row));
}

void MessageLog::labelItem(QListWidgetItem* item)
{
    QString label = tr("Note");
    const auto severity = static_cast<Severity>(item->data(kSeverityRole).toInt());
    if (severity == Severity::Warning)
        label = tr("Warning");
    else if (severity == Severity::Error)
        label = tr("Error");
    // The word as well as the icon: colour and shape are never the only signal.
    item->setText(
        tr("%1 %2: %3").arg(item->data(kTimeRole).toString(), label, item->data(kTextRole).toString()));
}

QSize MessageLog::sizeHint() const
{
    return {480, 4 * fontMetrics().lineSpacing() + 48};
}

void MessageLog::addMessage(Severity severity, const QString& text)
{
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    if (severity == Severity::Warning)
        icon = QStyle::SP_MessageBoxWarning;
    else if (severity == Severity::Error)
        icon = QStyle::SP_MessageBoxCritical;
    auto* item = new QListWidgetItem(style()->standardIcon(icon), QString());
    item->setData(kTextRole, text);
    item->setData(kSeverityRole, static_cast<int>(severity));
    item->setData(kTimeRole, QTime::currentTime().toString(QStringLiteral("HH:mm:ss")));
    item->setToolTip(text);
    labelItem(item);
    m_list->addItem(item);
    m_list->scrollToItem(item);
    emit countChanged(count());
}

int MessageLog::count() const
{
    return m_list->count();
}

QString MessageLog::message(int row) const
{
    const QListWidgetItem* item = m_list->item(row);
    return item ? item->data(kTextRole).toString() : QString();
}

QStringList MessageLog::messages() const
{
    QStringList texts;
    for (int row = 0; row < count(); ++row)
        texts << message(row);
    return texts;
}

void MessageLog::clear()
{
    m_list->clear();
    emit countChanged(0);
}

} // namespace lhe::widgets
