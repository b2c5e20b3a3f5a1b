// Colours and names for chart series and verdicts: the Okabe-Ito colour-blind-safe palette
// (Okabe & Ito 2008), with translated names so colour is never the only signal.
#pragma once

#include "core/charts/chart_data.h"
#include "core/charts/design_space.h"
#include "core/estimate/report.h"

#include <QBrush>
#include <QColor>
#include <QString>

namespace lhe::widgets {

QColor segmentColor(core::MemorySegmentKind kind);
// The overheads share a grey family and are patterned as well as coloured.
QBrush segmentBrush(core::MemorySegmentKind kind);
QString segmentName(core::MemorySegmentKind kind);

// Where a part of a memory component sits, drawn in the component's own colour: solid on the
// device, a pattern per offload tier (placed_bars.h draws it), so the component stays one colour.
Qt::BrushStyle placementPattern(core::MemoryPlacement placement);
QString placementLegendName(core::MemoryPlacement placement); // "Hatched: offloaded to host RAM"

QColor boundColor(core::Bound bound);
// Kernel latency in a time breakdown: it adds time but is never a bound (Okabe-Ito grey).
QColor latencyColor();
// Call as widgets::boundName(): unqualified, ADL also finds core::boundName (the JSON token).
QString boundName(core::Bound bound); // "Compute", "Memory bandwidth", ...

QColor phaseColor(core::RooflinePhase phase);
QString phaseName(core::RooflinePhase phase); // "Prefill", "Decode", "Training step"

QString tierName(core::OffloadTier tier);

// Design-space map cells: the bound colours for the three bounds and offload, grey for "does not
// fit"; Offload and DoesNotFit cells are hatched as well (verdictHatch).
QColor verdictColor(core::CellVerdict verdict);
Qt::BrushStyle verdictHatch(core::CellVerdict verdict); // Qt::NoBrush when plain
QString verdictName(core::CellVerdict verdict);         // "Compute", "Memory bandwidth", ..., "Does not fit"

} // namespace lhe::widgets
