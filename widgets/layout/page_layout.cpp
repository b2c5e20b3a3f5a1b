#include "widgets/layout/page_layout.h"

namespace lhe::widgets {

namespace {

void invalidateNested(QLayout* layout)
{
    for (int i = 0; QLayoutItem* item = layout->itemAt(i); ++i) {
        if (QLayout* nested = item->layout()) {
            // QLayout::invalidate() deactivates the layouts above it too (QLayout::update()): that
            // posts the page no layout request this invalidation would not post anyway.
            nested->invalidate();
            invalidateNested(nested);
        }
    }
}

} // namespace

void PageLayout::invalidate()
{
    invalidateNested(this);
    QVBoxLayout::invalidate();
}

} // namespace lhe::widgets
