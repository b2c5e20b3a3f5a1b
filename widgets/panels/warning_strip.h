// WarningStrip: every warning of the current report in one place on the dashboard: the count and
// the first warning on one line, the whole list on demand ("Show all"), and a line saying there is
// none for a report without warnings. Hidden while there is no report to speak for.
#pragma once

#include "core/common/message.h"

#include <QFrame>
#include <vector>

class QLabel;
class QToolButton;

namespace lhe::widgets {

class WarningStrip : public QFrame
{
    Q_OBJECT

public:
    explicit WarningStrip(QWidget* parent = nullptr);

    // The report's warnings, kept as core messages so that a language change retranslates them.
    void setWarnings(const std::vector<core::Message>& warnings);
    // No report (the scenario could not be estimated): nothing to say, the strip hides.
    void clear();
    int count() const { return static_cast<int>(m_warnings.size()); }
    // The warnings as shown, in the current language.
    QStringList texts() const;
    // Up to this many warnings are always listed; more fold behind "Show all".
    static constexpr int kAlwaysListed = 2;
    bool expanded() const { return m_expanded; }
    void setExpanded(bool expanded);

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    QLabel* m_summary;     // "3 warnings: <the first>"
    QToolButton* m_toggle; // Show all / Show fewer
    QLabel* m_list;        // every warning, one per line (expanded only)
    std::vector<core::Message> m_warnings;
    bool m_expanded = false;
    bool m_hasReport = false; // hidden until the first report, and again after clear()
};

} // namespace lhe::widgets
