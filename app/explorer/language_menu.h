// LanguageMenu: View → Language. Each language is named in itself, so that someone who cannot
// read the current one finds theirs; choosing another asks for the switch (main.cpp's
// app::switchLanguage changes the application's translators), after which every widget
// retranslates itself in place.
#pragma once

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <functional>

class QActionGroup;
class QMenu;

namespace lhe::app {

class LanguageMenu : public QObject
{
    // The menu is the window's: its texts keep the window's translation context.
    Q_DECLARE_TR_FUNCTIONS(lhe::app::MainWindow)

public:
    // Fills `menu` (not owned; objectName languageMenu). `requested` gets the chosen language
    // ("" = the system's, "en", "zh_CN") when it is not the current one.
    LanguageMenu(QMenu* menu, std::function<void(const QString&)> requested, QObject* parent);

    // The title and "System" in the current language, the current language checked.
    void retranslate();

private:
    QMenu* m_menu;
    QActionGroup* m_group;
};

} // namespace lhe::app
