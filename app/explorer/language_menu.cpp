#include "app/explorer/language_menu.h"

#include "app/explorer/language.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <utility>

namespace lhe::app {

LanguageMenu::LanguageMenu(QMenu* menu, std::function<void(const QString&)> requested, QObject* parent)
    : QObject(parent), m_menu(menu), m_group(new QActionGroup(this))
{
    m_menu->setObjectName(QStringLiteral("languageMenu"));
    const std::pair<QString, QString> languages[] = {
        {QString(), QString()}, // "&System", in the interface's language
        {QStringLiteral("en"), QStringLiteral("&English")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文(&C)")}};
    for (const auto& [code, name] : languages) {
        QAction* action = m_menu->addAction(name);
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == currentLanguage());
        m_group->addAction(action);
    }
    connect(m_group, &QActionGroup::triggered, this, [requested = std::move(requested)](QAction* action) {
        if (action->data().toString() != currentLanguage())
            requested(action->data().toString());
    });
}

void LanguageMenu::retranslate()
{
    m_menu->setTitle(tr("&Language"));
    for (QAction* action : m_group->actions()) {
        if (action->data().toString().isEmpty())
            action->setText(tr("&System"));
        action->setChecked(action->data().toString() == currentLanguage());
    }
}

} // namespace lhe::app
