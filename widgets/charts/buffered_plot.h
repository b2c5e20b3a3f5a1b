// A QCustomPlot that can tell whether its paint buffers got their memory. QCustomPlot draws its
// layers into pixmaps of the plot's size (its paint buffers) and paints those; a pixmap whose
// memory could not be allocated is null and paints as nothing, so a chart too large for the
// memory left was missing from an export that otherwise succeeded.
#pragma once

#include "widgets/charts/qcustomplot_include.h"

namespace lhe::widgets {

class BufferedPlot : public QCustomPlot
{
public:
    using QCustomPlot::QCustomPlot;

    // False when a paint buffer of the last replot cannot be painted on (QPainter::begin fails on
    // a null pixmap): what it should hold is not there.
    bool paintBuffersValid() const;
    // A queued replot (rpQueuedReplot) is waiting for the event loop.
    bool replotQueued() const { return mReplotQueued; }
};

} // namespace lhe::widgets
