// CompareView: Compare A/B (docs/METHOD.md §11) — a pinned report A beside the current report B. Both memory
// charts side by side on one value scale, one roofline with both sets of operating points (and
// A's roof when the devices differ), both rows of verdict cards, and the table of differences
// from core::compareReports. B follows the document, A the pin (ComparisonPin): A stays until it
// is pinned again or cleared.
#pragma once

#include "core/estimate/report.h"
#include "core/explain/explanation.h"
#include "widgets/layout/fit_scroll_area.h"

#include <QWidget>
#include <array>
#include <memory>

class QBoxLayout;
class QGridLayout;
class QLabel;
class QTableWidget;

namespace lhe::widgets {

class BottleneckCard;
class ComparisonPin;
class MemoryBarsWidget;
class RooflineWidget;
class ScenarioDocument;

class CompareView : public QWidget
{
    Q_OBJECT

public:
    explicit CompareView(QWidget* parent = nullptr);

    // A from the pin and B from the document, now and after each change of either (neither is
    // owned; both outlive the view). B is followed only while something is pinned.
    void setDocument(const ScenarioDocument* document, const ComparisonPin* pin);

    // The reports are kept as they are shared (with the document, the pin and the charts).
    void setPinned(std::shared_ptr<const core::Report> a);
    void clearPinned();
    bool hasPinned() const { return m_a != nullptr; }
    const std::shared_ptr<const core::Report>& pinned() const { return m_a; }
    // B: the current report. While the view is hidden the charts are redrawn when it is shown.
    void setCurrent(std::shared_ptr<const core::Report> b);
    const std::shared_ptr<const core::Report>& current() const { return m_b; }
    // B cannot be evaluated: its cards say why, A stays.
    void showProblem(const QString& message);

    MemoryBarsWidget* memoryBarsA() const { return m_barsA; }
    MemoryBarsWidget* memoryBarsB() const { return m_barsB; }
    RooflineWidget* roofline() const { return m_roofline; }
    // Prefill, decode, training step; a card whose phase the report lacks is hidden.
    std::array<BottleneckCard*, 3> cardsA() const { return m_cardsA; }
    std::array<BottleneckCard*, 3> cardsB() const { return m_cardsB; }
    QTableWidget* differenceTable() const { return m_table; }
    QString headline() const;

    // "Llama-3.1-8B on 1 × H100 SXM · bf16": what a side is, for titles.
    static QString scenarioTitle(const core::Report& report);

    // Brings stale charts up to date and replots synchronously (rendering while headless).
    void replotNow();

signals:
    // A click on a bar segment, a (B) roofline point or a verdict card: explain it from the
    // pinned report A (`pinned`) or the current report B.
    void explainRequested(bool pinned, const lhe::core::ExplainTarget& target);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override; // a language change: retranslateUi()
    void resizeEvent(QResizeEvent* event) override;

private:
    // The side labels, table headers and the hint or both sides' titles, cards and differences
    // in the current language (redrawn when shown, as setCurrent does).
    void retranslateUi();
    void refresh();
    void fillTable(const core::Report& a, const core::Report& b);
    // Side by side where the width holds it, else one chart and then the cards and the table a
    // row each (the comparison then scrolls down).
    void arrangeRows();

    QLabel* m_headline;
    QLabel* m_labelA;
    QLabel* m_labelB;
    MemoryBarsWidget* m_barsA;
    MemoryBarsWidget* m_barsB;
    RooflineWidget* m_roofline;
    std::array<BottleneckCard*, 3> m_cardsA{};
    std::array<BottleneckCard*, 3> m_cardsB{};
    QTableWidget* m_table;
    QGridLayout* m_cards = nullptr;
    QBoxLayout* m_charts = nullptr; // the memory pair and the roofline
    QBoxLayout* m_bottom = nullptr; // the cards and the difference table
    NarrowArrangement m_narrow{64}; // three charts side by side need about 64 lines of width
    std::shared_ptr<const core::Report> m_a;
    std::shared_ptr<const core::Report> m_b;
    bool m_stale = false;
};

} // namespace lhe::widgets
