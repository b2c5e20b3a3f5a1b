#include "app/explorer/theme_menu.h"

#include "app/explorer/app_settings.h"
#include "widgets/charts/image_export.h"
#include "widgets/common/theme.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QMenu>

namespace lhe::app {

ThemeMenu::ThemeMenu(QMenu* menu, QObject* parent)
    : QObject(parent), m_menu(menu), m_group(new QActionGroup(this))
{
    for (const widgets::Theme choice :
         {widgets::Theme::System, widgets::Theme::Light, widgets::Theme::Dark}) {
        QAction* action = m_menu->addAction(QString());
        action->setCheckable(true);
        action->setData(widgets::themeToString(choice));
        action->setChecked(choice == widgets::Theme::System);
        m_group->addAction(action);
    }
    connect(m_group, &QActionGroup::triggered, this,
            [this](QAction* action) { apply(action->data().toString()); });
    m_menu->addSeparator();
    m_exportAsShown = m_menu->addAction(QString());
    m_exportAsShown->setCheckable(true);
    connect(m_exportAsShown, &QAction::toggled, this, [this](bool asShown) {
        if (m_settings)
            m_settings->setExportAsShown(asShown);
    });
}

void ThemeMenu::setSettings(AppSettings* settings)
{
    m_settings = settings;
    if (!m_settings)
        return;
    const QString theme = m_settings->theme();
    for (QAction* action : m_group->actions())
        action->setChecked(action->data().toString() == theme);
    m_exportAsShown->setChecked(m_settings->exportAsShown());
    apply(theme);
}

// The menu is the main window's: its texts keep the window's translation context.
void ThemeMenu::retranslate()
{
    m_menu->setTitle(QCoreApplication::translate("lhe::app::MainWindow", "&Theme"));
    for (QAction* action : m_group->actions())
        action->setText(QLatin1Char('&') + widgets::themeDisplayName(widgets::themeFromString(
                                               action->data().toString(), widgets::Theme::System)));
    m_exportAsShown->setText(
        QCoreApplication::translate("lhe::app::MainWindow", "Export Images in the &Window's Colours"));
    m_exportAsShown->setStatusTip(QCoreApplication::translate(
        "lhe::app::MainWindow", "Off: exported and copied charts are light, for print and slides"));
}

widgets::ExportTheme ThemeMenu::exportTheme() const
{
    return m_exportAsShown->isChecked() ? widgets::ExportTheme::AsShown : widgets::ExportTheme::Light;
}

void ThemeMenu::apply(const QString& theme)
{
    widgets::applyTheme(widgets::themeFromString(theme, widgets::Theme::System));
    if (m_settings)
        m_settings->setTheme(theme);
}

} // namespace lhe::app
