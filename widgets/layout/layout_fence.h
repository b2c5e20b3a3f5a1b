// LayoutFence: holds one widget and passes its layout requests on only when its size hints
// changed in a way the layout holding it acts on. Qt lays the whole window out again whenever any
// widget's text changes (QLabel::setText calls updateGeometry(), and every layout activation asks
// its parent again), so a slider step that changed the digits of a caption cost a layout pass of
// every chart, card and tab page. A fenced widget's own layout still follows its text; the
// window's only when its size must.
#pragma once

#include <QSize>
#include <QSizePolicy>
#include <QWidget>

namespace lhe::widgets {

class LayoutFence : public QWidget
{
public:
    // Takes `child` as its only child, shown and hidden with it.
    explicit LayoutFence(QWidget* child, QWidget* parent = nullptr);

    QWidget* child() const { return m_child; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // What the fence's own layout item asks of it; a change is passed on to the window.
    struct Hints
    {
        QSize size;
        QSize minimum;
        QSize explicitMinimum;
        QSize maximum;
        QSizePolicy policy;
        int heightAtWidth = -1;
    };
    Hints measure() const;
    // Whether the layout holding the fence would place anything differently at this size.
    bool layoutWouldChange(const Hints& before, const Hints& now) const;
    // Passes a change of the child's hints on (mirroring its size limits and policy).
    void passOnChanges();

    QWidget* m_child;
    Hints m_hints;
    // The child changed while its hints at this width did not: the heights the window's layout
    // remembers for other widths may be out of date, so a new width asks again.
    bool m_otherWidthsStale = false;
};

} // namespace lhe::widgets
