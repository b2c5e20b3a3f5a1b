// ExplainPanel: how a clicked number was calculated — for each core::Explanation the formula in
// words, the same with the values substituted, the result, the source and notes. Read-only rich
// text: selectable, scrollable and reachable by keyboard, and it follows the UI's font size.
#pragma once

#include "core/explain/explanation.h"

#include <QString>
#include <QWidget>
#include <vector>

class QTextBrowser;

namespace lhe::widgets {

class ExplainPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ExplainPanel(QWidget* parent = nullptr);

    // `heading` says what was clicked (targetHeading()); an empty list shows "nothing to explain".
    void setExplanations(const QString& heading, const std::vector<core::Explanation>& explanations);
    // Instead of explanations: no report yet, or the scenario cannot be evaluated.
    void showMessage(const QString& message);

    // "Memory: KV cache", "Roofline point: Decode", "Verdict: Prefill" in the UI language.
    static QString targetHeading(const core::ExplainTarget& target);
    // The formula with each {key} replaced by its term's translated label, or by its formatted value.
    static QString symbolicFormula(const core::Explanation& explanation);
    static QString substitutedFormula(const core::Explanation& explanation);

    QTextBrowser* browser() const { return m_browser; }
    QString plainText() const; // what the panel shows, as plain text (tests, screen readers)

protected:
    void changeEvent(QEvent* event) override; // re-renders on a language change

private:
    // What the panel says when it shows no explanation: its own texts are translated again on a
    // language change, a message given by showMessage() stays as given.
    enum class Hint { None, ClickSomething, NothingToExplain };
    void retranslateUi();
    void render();

    QTextBrowser* m_browser;
    QString m_heading;
    QString m_message;
    std::vector<core::Explanation> m_explanations;
    Hint m_hint = Hint::ClickSomething;
};

} // namespace lhe::widgets
