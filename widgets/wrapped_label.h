// WrappedLabel: a word-wrapped QLabel that remembers its heights for the last few widths asked. A
// QLabel lays its text out again for every heightForWidth(), and one window layout asks each
// wrapped label several times, at several widths (every page of a tab widget, scroll areas, box
// layouts), so a slider step that changed one caption measured every caption of the window again.
#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <array>

namespace lhe::widgets {

class WrappedLabel : public QLabel
{
public:
    explicit WrappedLabel(QWidget* parent = nullptr);

    int heightForWidth(int width) const override;

private:
    // Everything but the width that heightForWidth() depends on; a change forgets every height.
    struct Key
    {
        QString text;
        QFont font;
        QMargins margins;
        int margin = 0;
        int indent = 0;
        Qt::TextFormat format = Qt::AutoText;
        bool operator==(const Key&) const = default;
    };
    struct Height
    {
        int width = -1;
        int height = 0;
    };

    mutable Key m_key;
    // Most recent first; a layout pass asks for up to four widths (measured: 298, 571, 640, 670 px).
    mutable std::array<Height, 4> m_heights;
};

} // namespace lhe::widgets
