#include "widgets/charts/buffered_plot.h"

#include <memory>

namespace lhe::widgets {

bool BufferedPlot::paintBuffersValid() const
{
    for (const QSharedPointer<QCPAbstractPaintBuffer>& buffer : mPaintBuffers) {
        // startPainting() hands over a painter on the buffer, for its caller to delete, then
        // donePainting() (QCustomPlot's QCPLayer::drawToPaintBuffer does the same).
        std::unique_ptr<QCPPainter> painter(buffer->startPainting());
        const bool usable = painter && painter->isActive();
        painter.reset();
        buffer->donePainting();
        if (!usable)
            return false;
    }
    return true;
}

} // namespace lhe::widgets
