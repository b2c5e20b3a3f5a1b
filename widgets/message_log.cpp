#include "widgets/message_log.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QTime>
#include <QVBoxLayout>

namespace lhe::widgets {

namespace {
constexpr int kTextRole = Qt::UserRole + 1;
} // namespace

MessageLog::MessageLog(QWidget* parent) : QWidget(parent), m_list(new QListWidget(this))
{
    m_list->setObjectName(QStringLiteral("messageList"));
    m_list->setWordWrap(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setAccessibleName(tr("Messages"));

    m_list->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    auto* clearButton = new QPushButton(tr("C&lear"), this);
    clearButton->setObjectName(QStringLiteral("clearMessages"));
    connect(clearButton, &QPushButton::clicked, this, &MessageLog::clear);

    // The button beside the list, not under it: every line of height goes to the messages.
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(clearButton);
    buttons->addStretch();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
}

QSize MessageLog::sizeHint() const
{
    return {480, 4 * fontMetrics().lineSpacing() + 48};
}

void MessageLog::addMessage(Severity severity, const QString& text)
{
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    QString label = tr("Note");
    if (severity == Severity::Warning) {
        icon = QStyle::SP_MessageBoxWarning;
        label = tr("Warning");
    } else if (severity == Severity::Error) {
        icon = QStyle::SP_MessageBoxCritical;
        label = tr("Error");
    }
    // The word as well as the icon: colour and shape are never the only signal.
    auto* item = new QListWidgetItem(
        style()->standardIcon(icon),
        tr("%1 %2: %3").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), label, text));
    item->setData(kTextRole, text);
    item->setToolTip(text);
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
