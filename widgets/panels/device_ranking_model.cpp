#include "widgets/panels/device_ranking_model.h"

#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace lhe::widgets {

namespace {

constexpr double kWorstLow = std::numeric_limits<double>::infinity(); // lower is better: missing last
constexpr double kWorstHigh = -1;                                     // higher is better: below any rate

QString missing()
{
    return QStringLiteral("—");
}

QString count(long long value)
{
    return QLocale().toString(static_cast<qlonglong>(value));
}

// 0 fits, 1 spills to host RAM, 2 spills to disk, 3 does not fit: what "Fits" sorts by.
int fitsRank(const core::DeviceRanking& r)
{
    if (r.fits)
        return 0;
    switch (r.tier) {
    case core::OffloadTier::HostRam:
        return 1;
    case core::OffloadTier::Disk:
        return 2;
    default:
        return 3;
    }
}

// The shortest decimal text that reads back as the same double ("0.25", "1e-05"), in the C
// locale whatever the UI's: CSV is for programs.
QString plainNumber(double value)
{
    if (!std::isfinite(value))
        return {};
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, static_cast<qsizetype>(result.ptr - buffer));
}

QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

} // namespace

DeviceRankingModel::DeviceRankingModel(QObject* parent) : QAbstractTableModel(parent) {}

void DeviceRankingModel::setRanking(std::vector<core::DeviceRanking> ranking)
{
    const bool sameRows = std::equal(
        m_ranking.begin(), m_ranking.end(), ranking.begin(), ranking.end(),
        [](const core::DeviceRanking& a, const core::DeviceRanking& b) { return a.deviceId == b.deviceId; });
    if (!sameRows || m_ranking.empty()) {
        beginResetModel();
        m_ranking = std::move(ranking);
        formatCells();
        endResetModel();
        return;
    }
    // The same devices in the same order, as on most slider steps: only the block of cells whose
    // text or sort value changed is announced. A view repaints that block alone (names, classes
    // and headers stay) and keeps its selection and scroll position, which a reset would drop.
    const std::vector<Cell> before = std::move(m_cells);
    m_ranking = std::move(ranking);
    formatCells();
    int top = rowCount();
    int bottom = -1;
    int left = ColumnCount;
    int right = -1;
    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            const std::size_t i = cellIndex(row, column);
            if (before[i].text == m_cells[i].text && before[i].sortValue == m_cells[i].sortValue)
                continue;
            top = std::min(top, row);
            bottom = std::max(bottom, row);
            left = std::min(left, column);
            right = std::max(right, column);
        }
    }
    if (bottom >= 0)
        emit dataChanged(index(top, left), index(bottom, right),
                         {Qt::DisplayRole, SortRole, Qt::ToolTipRole});
}

void DeviceRankingModel::retranslate()
{
    formatCells();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_ranking.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void DeviceRankingModel::formatCells()
{
    m_cells.clear();
    m_cells.reserve(m_ranking.size() * ColumnCount);
    for (const core::DeviceRanking& r : m_ranking) {
        for (int column = 0; column < ColumnCount; ++column)
            m_cells.push_back({display(r, column), sortValue(r, column)});
    }
}

std::size_t DeviceRankingModel::cellIndex(int row, int column)
{
    return static_cast<std::size_t>(row) * ColumnCount + static_cast<std::size_t>(column);
}

int DeviceRankingModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ranking.size());
}

int DeviceRankingModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DeviceRankingModel::fitsText(const core::DeviceRanking& ranking)
{
    switch (fitsRank(ranking)) {
    case 0:
        return tr("fits");
    case 1:
        return tr("spills to host RAM");
    case 2:
        return tr("spills to disk");
    default:
        return tr("does not fit");
    }
}

QString DeviceRankingModel::deviceClassText(core::DeviceClass deviceClass)
{
    switch (deviceClass) {
    case core::DeviceClass::Cpu:
        return tr("CPU");
    case core::DeviceClass::Gpu:
        return tr("GPU");
    case core::DeviceClass::Npu:
        return tr("NPU");
    case core::DeviceClass::Tpu:
        return tr("TPU");
    }
    return {};
}

QVariant DeviceRankingModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const core::DeviceRanking& r = m_ranking[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: // asked for every cell on every step (column widths, painting)
        return m_cells[cellIndex(index.row(), index.column())].text;
    case SortRole:
        return m_cells[cellIndex(index.row(), index.column())].sortValue;
    case DeviceIdRole:
        return qs(r.deviceId);
    case DeviceClassRole:
        return qs(core::deviceClassName(r.deviceClass));
    case Qt::ToolTipRole:
        return toolTip(r, index.column());
    case Qt::TextAlignmentRole:
        return static_cast<int>(index.column() == DeviceColumn || index.column() == FitsColumn ||
                                        index.column() == ClassColumn
                                    ? Qt::AlignLeft | Qt::AlignVCenter
                                    : Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QString DeviceRankingModel::display(const core::DeviceRanking& r, int column) const
{
    const std::optional<core::ServingEstimate>& s = r.serving;
    switch (column) {
    case DeviceColumn:
        return qs(r.deviceName);
    case ClassColumn:
        return deviceClassText(r.deviceClass);
    case FitsColumn:
        return fitsText(r);
    case DevicesNeededColumn:
        return count(r.devicesNeeded);
    case TtftColumn:
        return s ? formatSeconds(s->point.ttftSeconds) : missing();
    case TpotColumn:
        return s ? formatSeconds(s->point.tpotSeconds) : missing();
    case TokensPerSecondColumn:
        return s ? formatNumber(s->point.outputTokensPerSecondPerDevice) : missing();
    case CostColumn:
        return s && s->costPerMillionOutputTokens ? formatNumber(*s->costPerMillionOutputTokens) : missing();
    case JoulesColumn:
        return s && s->joulesPerOutputToken > 0 ? formatNumber(s->joulesPerOutputToken) : missing();
    default:
        return {};
    }
}

QVariant DeviceRankingModel::sortValue(const core::DeviceRanking& r, int column) const
{
    const std::optional<core::ServingEstimate>& s = r.serving;
    switch (column) {
    case DeviceColumn:
    case ClassColumn:
        return display(r, column);
    case FitsColumn:
        return fitsRank(r);
    case DevicesNeededColumn:
        return static_cast<qlonglong>(r.devicesNeeded);
    case TtftColumn:
        return s ? s->point.ttftSeconds : kWorstLow;
    case TpotColumn:
        return s ? s->point.tpotSeconds : kWorstLow;
    case TokensPerSecondColumn:
        return s ? s->point.outputTokensPerSecondPerDevice : kWorstHigh;
    case CostColumn:
        return s && s->costPerMillionOutputTokens ? *s->costPerMillionOutputTokens : kWorstLow;
    case JoulesColumn:
        return s && s->joulesPerOutputToken > 0 ? s->joulesPerOutputToken : kWorstLow;
    default:
        return {};
    }
}

QVariant DeviceRankingModel::toolTip(const core::DeviceRanking& r, int column) const
{
    const std::optional<core::ServingEstimate>& s = r.serving;
    switch (column) {
    case DeviceColumn:
        // The full name (the column may elide it) and the id the catalog and console use.
        return r.userDefined ? tr("%1\n%2 (your device)").arg(qs(r.deviceName), qs(r.deviceId))
                             : tr("%1\n%2").arg(qs(r.deviceName), qs(r.deviceId));
    case FitsColumn:
    case DevicesNeededColumn:
        if (r.fits)
            return r.devicesNeeded == 1 ? tr("Fits one device without offload")
                                        : tr("Fits %1 devices without offload").arg(count(r.devicesNeeded));
        return tr("Even on %1 devices: %2").arg(count(r.devicesNeeded), fitsText(r));
    case TtftColumn:
        return s ? tr("Time to first token: mean %1, p90 %2")
                       .arg(formatSeconds(s->point.ttftSeconds), formatSeconds(s->point.ttftP90Seconds))
                 : QVariant();
    case TpotColumn:
        return s ? tr("Time per output token: mean %1, p90 %2")
                       .arg(formatSeconds(s->point.tpotSeconds), formatSeconds(s->point.tpotP90Seconds))
                 : QVariant();
    case CostColumn:
        return s && s->costPerMillionOutputTokens ? QVariant()
                                                  : tr("No price per device-hour for this device");
    default:
        return {};
    }
}

QVariant DeviceRankingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant(); // the core's rank
    // Two-line headers keep the figures in view beside the names.
    if (role == Qt::DisplayRole) {
        switch (section) {
        case DeviceColumn:
            return tr("Device");
        case ClassColumn:
            return tr("Class");
        case FitsColumn:
            return tr("Fits");
        case DevicesNeededColumn:
            return tr("Devices\nneeded");
        case TtftColumn:
            return tr("TTFT");
        case TpotColumn:
            return tr("TPOT");
        case TokensPerSecondColumn:
            return tr("Tokens/s\nper device");
        case CostColumn:
            return tr("Cost per\nM tokens");
        case JoulesColumn:
            return tr("Joules\nper token");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case FitsColumn:
            return tr("Whether the model and its KV cache fit device memory on that many devices, or "
                      "spill to host RAM or disk");
        case DevicesNeededColumn:
            return tr("The fewest devices (1, 2, 4, …) that hold the model without spilling");
        case TtftColumn:
            return tr("Time to first token, mean over the requests");
        case TpotColumn:
            return tr("Time per output token after the first, mean");
        case TokensPerSecondColumn:
            return tr("Output tokens per second per device at the workload's concurrency");
        case CostColumn:
            return tr("Cost per million output tokens, in the currency of the price per device-hour; "
                      "empty without a price");
        case JoulesColumn:
            return tr("Energy per output token: devices × board power ÷ output tokens/s");
        default:
            return {};
        }
    }
    return {};
}

QString rankingCsv(const std::vector<core::DeviceRanking>& ranking)
{
    // Column names are a file format: never translated.
    QString csv = QStringLiteral("device_id,device_name,class,fits,offload_tier,devices_needed,"
                                 "ttft_seconds,tpot_seconds,output_tokens_per_second_per_device,"
                                 "price_per_device_hour,cost_per_million_output_tokens,"
                                 "joules_per_output_token\n");
    for (const core::DeviceRanking& r : ranking) {
        const std::optional<core::ServingEstimate>& s = r.serving;
        QStringList fields;
        fields << csvField(qs(r.deviceId)) << csvField(qs(r.deviceName))
               << qs(core::deviceClassName(r.deviceClass))
               << (r.fits ? QStringLiteral("true") : QStringLiteral("false"))
               << qs(core::offloadTierName(r.tier)) << QString::number(r.devicesNeeded);
        fields << (s ? plainNumber(s->point.ttftSeconds) : QString())
               << (s ? plainNumber(s->point.tpotSeconds) : QString())
               << (s ? plainNumber(s->point.outputTokensPerSecondPerDevice) : QString())
               << (r.pricePerDeviceHour ? plainNumber(*r.pricePerDeviceHour) : QString())
               << (s && s->costPerMillionOutputTokens ? plainNumber(*s->costPerMillionOutputTokens)
                                                      : QString())
               << (s && s->joulesPerOutputToken > 0 ? plainNumber(s->joulesPerOutputToken) : QString());
        csv += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return csv;
}

} // namespace lhe::widgets
