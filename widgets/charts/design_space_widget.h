// DesignSpaceWidget: draws a core::DesignSpaceMap — batch × sequence-length cells coloured (and,
// for offload and "does not fit", hatched) by verdict on log2 axes, the out-of-memory boundary as
// a thick line, the compute/memory crossover dashed, the current scenario as a ring — with a
// legend, a hover tooltip per cell, a phase selector (decode or prefill; hidden in training) and
// the read-outs (largest batch and longest context that fit, devices needed). It computes nothing:
// the window hands it the map core computed. Zoom moves both axes; since a left click or drag
// picks cells (the sliders follow), panning is a middle-button or Shift+left drag.
#pragma once

#include "core/charts/design_space.h"
#include "widgets/charts/chart_widget.h"

#include <QString>
#include <array>

class QCPGraph;
class QLabel;
class QMouseEvent;
class QRadioButton;

namespace lhe::widgets {

class MapLines;
class VerdictCells;

class DesignSpaceWidget : public ChartWidget
{
    Q_OBJECT

public:
    explicit DesignSpaceWidget(QWidget* parent = nullptr);

    void setMap(const core::DesignSpaceMap& map);
    // Empties the map and shows `message` in place of the read-outs (scenario cannot be evaluated).
    void clear(const QString& message);
    const core::DesignSpaceMap& map() const { return m_map; }
    bool hasMap() const { return m_hasMap; }

    // The inference phase chosen in the selector (Decode unless the user picked Prefill); what the
    // window asks core for. Setting it emits phaseChanged when it changes.
    core::RooflinePhase requestedPhase() const;
    void setRequestedPhase(core::RooflinePhase phase);

    // The centre of a cell in widget-relative pixels of plot() as last laid out (tests, automation).
    QPointF cellCentre(std::size_t column, std::size_t row) const;
    // What the tooltip over a cell says: batch, sequence length, phase and verdict.
    QString cellDescription(std::size_t column, std::size_t row) const;
    QString summaryText() const { return m_summary; }
    // The three read-outs as shown (objectNames maxBatchLabel, maxContextLabel, devicesNeededLabel).
    QLabel* maxBatchLabel() const { return m_readouts[0]; }
    QLabel* maxContextLabel() const { return m_readouts[1]; }
    QLabel* devicesNeededLabel() const { return m_readouts[2]; }
    QCPGraph* currentPointGraph() const { return m_current; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    // The user clicked (or dragged over) a cell: the batch and sequence length it stands for.
    void cellClicked(long long batch, long long sequenceTokens);
    void phaseChanged(core::RooflinePhase phase);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyPalette() override;
    // The selector, axis titles and legend names, and the current map's read-outs and summary
    // in the current language.
    void retranslateUi() override;
    void updateTicks(); // after each layout pass: one label per octave, or per two when crowded
    void laidOut() override { updateTicks(); }
    void setTicks(int xStep, int yStep);
    void syncPhaseSelector();
    void updateLegendWrap();
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    bool cellAt(const QPointF& pixel, std::size_t* column, std::size_t* row) const;
    void updateReadouts();

    core::DesignSpaceMap m_map;
    bool m_hasMap = false;
    bool m_dragging = false;
    long long m_lastEmittedBatch = 0;
    long long m_lastEmittedSequence = 0;
    QLabel* m_phaseCaption = nullptr;
    QRadioButton* m_decodeRadio = nullptr;
    QRadioButton* m_prefillRadio = nullptr;
    std::array<QLabel*, 3> m_readouts{};
    std::array<VerdictCells*, core::kCellVerdictCount> m_cells{};
    MapLines* m_outOfMemory = nullptr;
    MapLines* m_crossover = nullptr;
    QCPGraph* m_currentHalo = nullptr;
    QCPGraph* m_current = nullptr;
    QString m_summary;
    core::RooflinePhase m_requestedPhase = core::RooflinePhase::Decode;
    int m_xTickStep = 0; // octaves between tick labels, chosen after each layout pass
    int m_yTickStep = 0;
};

} // namespace lhe::widgets
