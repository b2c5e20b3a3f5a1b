// BottleneckCard: one phase's verdict (prefill, decode or training step) — the bound in words,
// the headline figures, and the time breakdown as a small labelled stacked bar.
#pragma once

#include "core/report.h"

#include <QFrame>
#include <QList>
#include <QPair>

class QLabel;

namespace lhe::widgets {

class BreakdownBar;

class BottleneckCard : public QFrame
{
    Q_OBJECT

public:
    explicit BottleneckCard(QWidget* parent = nullptr);

    // figures: (label, value) pairs shown under the verdict, e.g. ("Time to first token", "2.3 s").
    void setContent(const QString& title, core::Bound bound, const core::TimeBreakdown& breakdown,
                    const QList<QPair<QString, QString>>& figures);
    void clear(const QString& title, const QString& message);

    QString title() const;
    QString boundText() const;
    QString summaryText() const; // plain text for screen readers and tests

private:
    QLabel* m_title;
    QLabel* m_bound;
    QLabel* m_figures;
    BreakdownBar* m_bar;
};

} // namespace lhe::widgets
