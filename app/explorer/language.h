// The user interface language (issue 8): which translators are installed — the explorer's own,
// compiled from resources/translations/*.ts and embedded at :/i18n, and Qt's qtbase_<lang>.qm
// for its dialogs and context menus — and how the window is rebuilt when View → Language
// changes it at run time. A rebuilt window is simpler and surer than retranslating every label
// in place (changeEvent(LanguageChange) in each widget): every tr() runs again.
#pragma once

#include <QString>
#include <QStringList>

namespace lhe::app {

class AppSettings;
class MainWindow;

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

// The window again in `language`: stores the choice in `settings`, saves `old`'s session there,
// installs the translators and builds a new window from the same catalog that restores the
// session (scenario, its file and unsaved state, geometry, docks, chart tab) and presentation
// mode. Without settings (tests) the scenario and its file are carried over directly. The caller
// shows the new window and deletes the old one.
MainWindow* rebuildWindow(MainWindow* old, const QString& language, AppSettings* settings);

} // namespace lhe::app
