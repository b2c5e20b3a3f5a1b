#include "app/explorer/language.h"

#include "app/explorer/app_settings.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>
#include <QWidget>

namespace lhe::app {

namespace {

struct Installed
{
    QString language;
    QPointer<QTranslator> own; // parented to the application: gone with it
    QPointer<QTranslator> qt;
};

Installed& installed()
{
    static Installed state;
    return state;
}

void remove(QPointer<QTranslator>& translator)
{
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
}

} // namespace

QStringList translatedLanguages()
{
    return {QStringLiteral("zh_CN")};
}

QString normalizedLanguage(const QString& language)
{
    if (language.isEmpty() || language == QLatin1String("system"))
        return {};
    const QLocale locale(language);
    if (locale.language() == QLocale::English)
        return QStringLiteral("en");
    return translatedLanguages().contains(locale.name()) ? locale.name() : language;
}

bool installTranslations(const QString& language)
{
    Installed& state = installed();
    remove(state.own);
    remove(state.qt);
    state.language = language;
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto* own = new QTranslator(QCoreApplication::instance());
    if (!own->load(locale, QStringLiteral("llm-hw-explorer"), QStringLiteral("_"),
                   QStringLiteral(":/i18n"))) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    state.own = own;
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        state.qt = qt;
    } else {
        delete qt;
    }
    return true;
}

QString currentLanguage()
{
    return installed().language;
}

void switchLanguage(const QString& language, AppSettings* settings)
{
    if (settings)
        settings->setLanguage(language);
    installTranslations(language);
    // QLocale::setDefault() changes only what widgets made from now on take (QWidget::locale()):
    // the open windows take the new default too, and pass it on to their children, whose
    // changeEvent(LocaleChange) re-formats numbers (ChartWidget's tick labels, spin boxes).
    for (QWidget* window : QApplication::topLevelWidgets())
        window->setLocale(QLocale());
}

} // namespace lhe::app
