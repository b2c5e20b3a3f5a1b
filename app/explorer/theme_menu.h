// ThemeMenu: View → Theme, the window's colours (system, light or dark) kept in the settings, and
// whether exported and copied images take them or stay light for print and slides.
#pragma once

#include <QObject>

class QAction;
class QActionGroup;
class QMenu;

namespace lhe::widgets {
enum class ExportTheme;
} // namespace lhe::widgets

namespace lhe::app {

class AppSettings;

class ThemeMenu : public QObject
{
public:
    // Fills `menu` (not owned) with the themes and the export choice; retranslate() names them.
    ThemeMenu(QMenu* menu, QObject* parent);

    // Checks and applies the theme and export choice the settings keep, and keeps every change
    // there (not owned; null keeps nothing).
    void setSettings(AppSettings* settings);
    void retranslate();
    // Light for print and slides unless the user asked for the window's colours.
    widgets::ExportTheme exportTheme() const;

private:
    void apply(const QString& theme);

    QMenu* m_menu;
    QActionGroup* m_group;
    QAction* m_exportAsShown;
    AppSettings* m_settings = nullptr;
};

} // namespace lhe::app
