// BottleneckCard: one phase's verdict (prefill, decode or training step) — the bound in words,
// the headline figures, and the time breakdown as a small labelled stacked bar. Clicking it (or
// Enter/Space while it has focus) asks for the explanation of its numbers; Ctrl+C or the context
// menu copies its text.
#pragma once

#include "core/estimate/report.h"

#include <QFrame>
#include <QList>
#include <QPair>
#include <optional>

class QLabel;

namespace lhe::widgets {

class BreakdownBar;
class FigureTable;

class BottleneckCard : public QFrame
{
    Q_OBJECT

public:
    explicit BottleneckCard(QWidget* parent = nullptr);

    // The title, verdict and figures are the owner's (it sets them again on a language change);
    // the card's own text is its tooltip.
    // figures: (label, value) pairs shown under the verdict, e.g. ("Time to first token", "2.3 s").
    void setContent(const QString& title, core::Bound bound, const core::TimeBreakdown& breakdown,
                    const QList<QPair<QString, QString>>& figures);
    void clear(const QString& title, const QString& message);

    QString title() const;
    QString boundText() const;
    QString summaryText() const; // plain text for screen readers, the clipboard and tests
    // The terms' legend under the bar ("Compute 37% · …"), and whether the bar is tall enough to
    // show all of it at its width (tests of legibility).
    QString termsLegend() const;
    bool termsLegendFits() const;

signals:
    void clicked(); // mouse release on the card, or Enter/Space; not after selecting figure text

protected:
    // The bound's colour and size follow theme and font; its own texts follow the language.
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void retranslateUi();
    void copyToClipboard() const;
    void styleBound();
    void styleBoundFont();

    QLabel* m_title;
    QLabel* m_bound;
    FigureTable* m_figures;
    BreakdownBar* m_bar;
    std::optional<core::Bound> m_boundKind; // none while the card shows a message
    bool m_pressed = false;
};

} // namespace lhe::widgets
