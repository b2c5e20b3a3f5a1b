// PageLayout: the top-level layout of a page that a FitScrollArea sizes (the dashboard, the
// comparison): a QVBoxLayout whose invalidation reaches the layouts nested in it.
#pragma once

#include <QVBoxLayout>

namespace lhe::widgets {

class PageLayout : public QVBoxLayout
{
public:
    using QVBoxLayout::QVBoxLayout;

    // When a child's size hints change, QWidget::updateGeometry() invalidates its parent's
    // top-level layout alone; a nested layout (the dashboard's chart row) goes on answering with
    // what it measured in the last pass until the next pass (QLayout::activate()) invalidates it
    // too. The scroll area fits the page to its minimum before that pass: the page was sized to
    // the old minimum, laid out, and sized again, and its charts were drawn at two or three
    // heights in one slider step. Here the nested layouts forget at once.
    void invalidate() override;
};

} // namespace lhe::widgets
