// ComparisonPin: Compare A/B's pinned report A (docs/METHOD.md §11), beside the ScenarioDocument
// whose report is B. It holds the document's own report object when the current scenario is
// pinned, or one evaluated from a scenario file (--compare) with the document's catalog. A stays
// until it is pinned again or cleared; the compare view and the Explain dock observe it.
#pragma once

#include "core/estimate/report.h"
#include "core/scenario/scenario.h"

#include <QObject>
#include <QString>
#include <memory>

namespace lhe::widgets {

class ScenarioDocument;

class ComparisonPin : public QObject
{
    Q_OBJECT

public:
    explicit ComparisonPin(const ScenarioDocument* document, QObject* parent = nullptr);

    // The document's current report as A; false (nothing changes) when it has none.
    bool pinCurrent();
    // `scenario` evaluated with the document's catalog as A; false + the core's message (nothing
    // changes) when it cannot be.
    bool pin(const core::Scenario& scenario, QString* error);
    void clear();

    bool hasPinned() const { return m_pinned != nullptr; }
    const std::shared_ptr<const core::Report>& pinned() const { return m_pinned; }

signals:
    // A was pinned (again) or cleared.
    void pinnedChanged();

private:
    const ScenarioDocument* m_document;
    std::shared_ptr<const core::Report> m_pinned;
};

} // namespace lhe::widgets
