#include "app/explorer/presentation_mode.h"

#include "widgets/charts/chart_widget.h"

#include <QAction>
#include <QApplication>

namespace lhe::app {

bool PresentationMode::set(bool on, QAction* controls)
{
    // The application font, not a style sheet: every widget, dialog and chart label derives its
    // size from it, and the charts re-style on the FontChange it sends (ChartWidget). Lines are
    // scaled first so that re-style already draws them wider.
    if (on == (widgets::ChartWidget::presentationScale() != 1.0))
        return false;
    if (on) {
        m_normalFont = QApplication::font();
        QFont large = m_normalFont;
        if (large.pointSizeF() > 0)
            large.setPointSizeF(large.pointSizeF() * m_scale);
        else
            large.setPixelSize(qRound(large.pixelSize() * m_scale));
        widgets::ChartWidget::setPresentationScale(m_scale);
        QApplication::setFont(large);
        m_controlsBefore = controls->isChecked();
        controls->setChecked(false);
    } else {
        widgets::ChartWidget::setPresentationScale(1.0);
        QApplication::setFont(m_normalFont);
        controls->setChecked(m_controlsBefore);
    }
    return true;
}

} // namespace lhe::app
