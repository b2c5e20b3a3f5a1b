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
constexpr double kMaxPricePerDeviceHour = 1e6;                        // CONTRACT §2.10

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
    case MeetsTargetsRole:
        return meetsTargetsRank(r);
    case Qt::EditRole:
        if (index.column() == PriceColumn) // the number alone, as typed
            return r.pricePerDeviceHour ? QLocale().toString(*r.pricePerDeviceHour, 'g', 10) : QString();
        return m_cells[cellIndex(index.row(), index.column())].text;
    case Qt::ToolTipRole:
        return toolTip(r, index.column());
    case Qt::TextAlignmentRole:
        return static_cast<int>(index.column() == DeviceColumn || index.column() == FitsColumn ||
                                        index.column() == ClassColumn || index.column() == TargetsColumn
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
    case TargetsColumn:
        switch (meetsTargetsRank(r)) {
        case 0:
            return tr("meets");
        case 1:
            return tr("✗ misses");
        default:
            return missing();
        }
    case TokensPerSecondColumn:
        return s ? formatNumber(s->point.outputTokensPerSecondPerDevice) : missing();
    case PriceColumn:
        return r.pricePerDeviceHour ? formatNumber(*r.pricePerDeviceHour, 4) : missing();
    case CostColumn:
        // A device that misses the targets: its cost is not one at which they hold — marked.
        return s && s->costPerMillionOutputTokens
                   ? missesMark(r) + formatNumber(*s->costPerMillionOutputTokens)
                   : missing();
    case JoulesColumn:
        return s && s->joulesPerOutputToken > 0 ? missesMark(r) + formatNumber(s->joulesPerOutputToken)
                                                : missing();
    default:
        return {};
    }
}

QString DeviceRankingModel::missesMark(const core::DeviceRanking& r) const
{
    return meetsTargetsRank(r) == 1 ? QStringLiteral("✗ ") : QString();
}

int DeviceRankingModel::meetsTargetsRank(const core::DeviceRanking& r) const
{
    if (!m_hasTargets || !r.serving)
        return 2;
    return r.serving->point.meetsTargets ? 0 : 1;
}

void DeviceRankingModel::setHasTargets(bool hasTargets)
{
    if (m_hasTargets == hasTargets)
        return;
    m_hasTargets = hasTargets;
    formatCells();
    if (!m_ranking.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

Qt::ItemFlags DeviceRankingModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PriceColumn)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool DeviceRankingModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.column() != PriceColumn ||
        index.row() >= rowCount())
        return false;
    std::optional<double> price;
    const QString text = value.toString().trimmed();
    if (!text.isEmpty()) {
        bool ok = false;
        double number = QLocale().toDouble(text, &ok);
        if (!ok)
            number = QLocale::c().toDouble(text, &ok);
        if (!ok || !std::isfinite(number) || number < 0 || number > kMaxPricePerDeviceHour)
            return false; // CONTRACT §2.10: 0 … 1e6
        price = number;
    }
    core::DeviceRanking& r = m_ranking[static_cast<std::size_t>(index.row())];
    if (r.pricePerDeviceHour == price)
        return true;
    r.pricePerDeviceHour = price;
    const std::size_t cell = cellIndex(index.row(), PriceColumn);
    m_cells[cell] = {display(r, PriceColumn), sortValue(r, PriceColumn)};
    emit dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole, SortRole});
    emit priceEdited(qs(r.deviceId), price);
    return true;
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
    case TargetsColumn:
        return meetsTargetsRank(r);
    case TokensPerSecondColumn:
        return s ? s->point.outputTokensPerSecondPerDevice : kWorstHigh;
    case PriceColumn:
        return r.pricePerDeviceHour ? *r.pricePerDeviceHour : kWorstLow;
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
        return s ? tr("Time to first token each user sees: mean %1, p90 %2")
                       .arg(formatSeconds(s->point.ttftSeconds), formatSeconds(s->point.ttftP90Seconds))
                 : QVariant();
    case TpotColumn:
        return s ? tr("Time per output token each user sees: mean %1, p90 %2")
                       .arg(formatSeconds(s->point.tpotSeconds), formatSeconds(s->point.tpotP90Seconds))
                 : QVariant();
    case TargetsColumn:
    case CostColumn:
    case JoulesColumn:
        if (column == CostColumn && !(s && s->costPerMillionOutputTokens))
            return tr("No price per device-hour for this device: type one in the Price column");
        if (meetsTargetsRank(r) == 1)
            return tr("Misses the latency targets: p90 TTFT %1, p90 TPOT %2 — not a cost or energy at "
                      "which the targets hold")
                .arg(formatSeconds(s->point.ttftP90Seconds), formatSeconds(s->point.tpotP90Seconds));
        if (meetsTargetsRank(r) == 0)
            return tr("Meets the latency targets: p90 TTFT %1, p90 TPOT %2")
                .arg(formatSeconds(s->point.ttftP90Seconds), formatSeconds(s->point.tpotP90Seconds));
        return column == TargetsColumn ? tr("No latency targets set (Serving → TTFT and TPOT target)")
                                       : QVariant();
    case PriceColumn:
        return tr("Your price per device-hour for %1 (double-click or F2 to edit; empty: none). Kept for "
                  "this device.")
            .arg(qs(r.deviceName));
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
        case TargetsColumn:
            return tr("Targets");
        case TokensPerSecondColumn:
            return tr("Tokens/s\nper device");
        case PriceColumn:
            return withCurrency(tr("Price\nper hour"));
        case CostColumn:
            return withCurrency(tr("Cost per\nM tokens"));
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
            return tr("Time to first token each user sees under continuous batching, mean over the requests");
        case TpotColumn:
            return tr(
                "Time per output token after the first, each user sees under continuous batching, mean");
        case TokensPerSecondColumn:
            return tr("Output tokens per second per device at the workload's concurrency");
        case TargetsColumn:
            return tr("Whether the p90 TTFT and TPOT each user sees meet the scenario's targets");
        case PriceColumn:
            return tr("Price per device-hour, editable: double-click, type a number (empty: none), Enter");
        case CostColumn:
            return tr("Cost per million output tokens, in the currency of the price per device-hour; "
                      "empty without a price; ✗ where the device misses the latency targets");
        case JoulesColumn:
            return tr("Energy per output token: devices × board power ÷ output tokens/s; ✗ where the "
                      "device misses the latency targets");
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
                                 "joules_per_output_token,meets_targets\n");
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
               << (s && s->joulesPerOutputToken > 0 ? plainNumber(s->joulesPerOutputToken) : QString())
               << (s ? (s->point.meetsTargets ? QStringLiteral("true") : QStringLiteral("false"))
                     : QString());
        csv += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return csv;
}

} // namespace lhe::widgets
