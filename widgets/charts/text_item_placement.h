// Places QCustomPlot text items with LabelPlacer: the box a QCPItemText draws for a text, and the
// move of an item to the spot the placer chose (or its hiding). Shared by every chart's labels.
#pragma once

#include "widgets/charts/label_placer.h"

#include <QPolygonF>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <vector>

class QCPItemText;

namespace lhe::widgets {

// The box QCPItemText draws for `text` in its font: the text rectangle plus padding, and 1 px of
// slack on each side that keeps labels apart. Cached by font and text (text layout is the costly
// part of placing labels).
QSizeF textBoxSize(const QCPItemText* item, const QString& text);

// Places the item with the first of its text variants (its own text when there are none) that
// the placer accepts, and moves it there in pixels; or hides it. Returns the outline it took
// (empty when hidden).
QPolygonF placeTextItem(LabelPlacer& placer, QCPItemText* item, QStringList variants, int owner,
                        const std::vector<LabelPlacer::Candidate>& candidates, bool required);

} // namespace lhe::widgets
