// WrappedLabel: a word-wrapped QLabel that remembers what it measured. A QLabel lays its text out
// again for every heightForWidth(), and one window layout asks each wrapped label several times,
// at several widths (every page of a tab widget, scroll areas, box layouts), so a slider step that
// changed one caption measured every caption of the window again. Its size hints (QLabel lays the
// text out up to five times for them) are kept per shape of text: a new figure with as many digits
// in a font whose digits are all as wide measures nothing again.
#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <QSizePolicy>
#include <array>
#include <optional>

namespace lhe::widgets {

class WrappedLabel : public QLabel
{
public:
    explicit WrappedLabel(QWidget* parent = nullptr);

    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // How often the label laid its text out for its size hints: what the cache saved, for tests.
    int measurements() const { return m_measurements; }

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
    Key currentKey() const;

    // The size hints of one shape of text (its digits read as one digit) in one style.
    struct Hints
    {
        Key key; // text: the shape
        QSizePolicy policy;
        QSize size;
        QSize minimum;
    };
    const Hints& hints() const;
    // The text with every digit read as '0' when the font's digits (plain and bold) are all as
    // wide, where the layout of a text cannot tell one digit from another; else the text itself.
    QString shape(const QString& text) const;

    mutable Key m_key;
    // Most recent first; a layout pass asks for up to four widths (measured: 298, 571, 640, 670 px).
    mutable std::array<Height, 4> m_heights;
    // Most recent first: a slider sweep brings back a few shapes (one more digit, one fewer).
    mutable std::array<Hints, 4> m_hints;
    // The font m_evenDigits was found for; none at first (a default QFont is the font a label
    // starts with, so it cannot stand for "not checked yet").
    mutable std::optional<QFont> m_digitFont;
    mutable bool m_evenDigits = false;
    mutable int m_measurements = 0;
};

} // namespace lhe::widgets
