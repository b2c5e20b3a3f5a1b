#include "widgets/charts/text_item_placement.h"

#include "widgets/charts/qcustomplot_include.h"

#include <QFontMetricsF>
#include <QHash>
#include <cmath>

namespace lhe::widgets {

QSizeF textBoxSize(const QCPItemText* item, const QString& text)
{
    static QHash<QString, QSizeF> cache;
    const QString key = item->font().key() + QLatin1Char('\x1f') +
                        QString::number(int(item->textAlignment())) + QLatin1Char('\x1f') + text;
    QSizeF size;
    if (const auto it = cache.constFind(key); it != cache.constEnd()) {
        size = *it;
    } else {
        if (cache.size() > 4096)
            cache.clear();
        const QFontMetricsF metrics(item->font());
        size = metrics.boundingRect(QRectF(), Qt::TextDontClip | item->textAlignment(), text).size();
        cache.insert(key, size);
    }
    const QMargins pad = item->padding();
    // QCPItemText rounds to whole pixels.
    return {std::ceil(size.width()) + pad.left() + pad.right() + 2,
            std::ceil(size.height()) + pad.top() + pad.bottom() + 2};
}

QPolygonF placeTextItem(LabelPlacer& placer, QCPItemText* item, QStringList variants, int owner,
                        const std::vector<LabelPlacer::Candidate>& candidates, bool required)
{
    if (variants.isEmpty())
        variants << item->text();
    std::vector<QSizeF> sizes; // text layout once per variant, not per spot
    for (const QString& variant : variants)
        sizes.push_back(textBoxSize(item, variant));
    const LabelPlacer::Placement placement = placer.place(sizes, owner, candidates, required);
    if (!placement.placed()) {
        item->setVisible(false);
        return {};
    }
    const LabelPlacer::Candidate& c = candidates[static_cast<std::size_t>(placement.candidate)];
    item->setText(variants[placement.variant]);
    item->position->setType(QCPItemPosition::ptAbsolute);
    item->position->setCoords(c.anchor + placement.offset);
    item->setPositionAlignment(c.alignment);
    item->setRotation(c.rotationDegrees);
    item->setVisible(true);
    return placement.shape;
}

} // namespace lhe::widgets
