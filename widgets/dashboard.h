// Dashboard: the three linked views of one report — stacked memory bars, roofline, and one
// bottleneck card per phase — plus rendering of the whole or one chart to PNG/SVG/PDF.
#pragma once

#include "core/report.h"

#include <QWidget>

class QLabel;

namespace lhe::widgets {

class BottleneckCard;
class MemoryBarsWidget;
class RooflineWidget;

class Dashboard : public QWidget
{
    Q_OBJECT

public:
    explicit Dashboard(QWidget* parent = nullptr);

    void setReport(const core::Report& report);
    // Shown instead of the verdicts when the scenario cannot be evaluated.
    void showProblem(const QString& message);

    MemoryBarsWidget* memoryBars() const { return m_memoryBars; }
    RooflineWidget* roofline() const { return m_roofline; }
    BottleneckCard* prefillCard() const { return m_prefill; }
    BottleneckCard* decodeCard() const { return m_decode; }
    BottleneckCard* trainingCard() const { return m_training; }
    QString headline() const;

    // Replots synchronously (QCustomPlot normally replots on the next frame), for rendering
    // while hidden or headless.
    void replotNow();

private:
    QLabel* m_headline;
    MemoryBarsWidget* m_memoryBars;
    RooflineWidget* m_roofline;
    BottleneckCard* m_prefill;
    BottleneckCard* m_decode;
    BottleneckCard* m_training;
};

} // namespace lhe::widgets
