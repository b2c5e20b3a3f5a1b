// The user interface language: which translators are installed — the explorer's own, compiled
// from resources/translations/*.ts and embedded at :/i18n, and Qt's qtbase_<lang>.qm for its
// dialogs and context menus — and the switch View → Language makes at run time. Installing or
// removing a translator sends QEvent::LanguageChange to every widget (QCoreApplication::
// installTranslator), and each sets its texts again in changeEvent(): the window stays the same
// object, with its undo history, messages, pinned comparison, docks and geometry.
#pragma once

#include <QString>
#include <QStringList>

namespace lhe::app {

class AppSettings;

// The languages View → Language offers besides "" (follow the system) and "en" (English, the
// source language, which needs no translation).
QStringList translatedLanguages();

// A language as View → Language names it: "" for "" and "system", "en" for any English
// ("en_GB"), "zh_CN" for "zh", "zh-CN" or "zh_Hans_CN"; anything else unchanged (not offered).
QString normalizedLanguage(const QString& language);

// Installs the translators for `language` ("zh_CN"; "" follows the system locale; "en" or any
// language without a translation is English), removing those an earlier call installed, and
// makes its locale QLocale's default so numbers are formatted for it. Qt's own translation is
// installed only when the explorer's exists, so the window never mixes two languages. True
// when a translation of the explorer was installed.
bool installTranslations(const QString& language);

// What the last installTranslations() was asked for ("" before any call, or for the system's).
QString currentLanguage();

// View → Language: remembers `language` in `settings` for the next start (none: tests, headless
// runs), installs its translators and gives the open windows its locale; the widgets retranslate
// themselves when the LanguageChange events posted to the windows are delivered.
void switchLanguage(const QString& language, AppSettings* settings);

} // namespace lhe::app
