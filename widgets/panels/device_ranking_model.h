// DeviceRankingModel: the "which card" ranking (core::rankDevices) as a table model — device,
// class, whether it fits, devices needed, TTFT, TPOT, tokens/s per device, cost and energy per
// token — with numbers to sort by under SortRole, and rankingCsv(), the same ranking as CSV.
// QtCore only (no widgets), so the console tool could link it.
#pragma once

#include "core/serving/serving.h"

#include <QAbstractTableModel>
#include <QString>
#include <QVariant>
#include <optional>
#include <vector>

namespace lhe::widgets {

class DeviceRankingModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    // The figures the ranking is about sit next to the name, so that a narrow chart area still
    // shows them; the class (also a filter) comes last.
    enum Column {
        DeviceColumn,
        FitsColumn,
        TargetsColumn,         // meets the latency targets (p90), misses them, or no targets
        TokensPerSecondColumn, // output tokens/s per device
        CostColumn,            // per million output tokens
        PriceColumn,           // per device-hour, editable: the user's price for the ranking
        JoulesColumn,          // per output token
        TtftColumn,
        TpotColumn,
        DevicesNeededColumn,
        ClassColumn,
        ColumnCount
    };
    // What a column sorts by: the number itself (seconds, tokens/s, ...) for numeric columns,
    // never its formatted text; a missing figure sorts as the worst. Text columns sort by text.
    static constexpr int SortRole = Qt::UserRole;
    static constexpr int DeviceIdRole = Qt::UserRole + 1;    // the catalog id (QString)
    static constexpr int DeviceClassRole = Qt::UserRole + 2; // core's token: "cpu", "gpu", "npu", "tpu"
    // 0 meets the scenario's latency targets, 1 misses them, 2 unknown (no targets, no estimate).
    static constexpr int MeetsTargetsRole = Qt::UserRole + 3;

    explicit DeviceRankingModel(QObject* parent = nullptr);

    // Rows in the order given (the core's rank; the vertical header numbers them 1, 2, ...). The
    // same devices in the same order announce the block of cells that changed (dataChanged);
    // other rows reset the model.
    void setRanking(std::vector<core::DeviceRanking> ranking);
    const std::vector<core::DeviceRanking>& ranking() const { return m_ranking; }
    // Headers and cells again in the current language (and currency, widgets::currency()).
    void retranslate();
    // Whether the scenario sets latency targets: the Targets column then says meets or misses,
    // and the cost and energy of a device that misses them are marked "✗" (not a cost at which
    // the targets hold).
    void setHasTargets(bool hasTargets);
    bool hasTargets() const { return m_hasTargets; }
    // 0 meets, 1 misses, 2 unknown (MeetsTargetsRole).
    int meetsTargetsRank(const core::DeviceRanking& r) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // The price cell is editable: a number from 0 to 1,000,000, or empty for none. The row shows
    // it at once and priceEdited asks for the ranking again (its cost follows).
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    // The user set (or, empty, cleared) the price per device-hour of a device in the table.
    void priceEdited(const QString& deviceId, std::optional<double> pricePerDeviceHour);

public:
    // "fits", "spills to host RAM", "spills to disk" or "does not fit".
    static QString fitsText(const core::DeviceRanking& ranking);
    static QString deviceClassText(core::DeviceClass deviceClass); // "CPU", "GPU", "NPU", "TPU"

private:
    QString display(const core::DeviceRanking& r, int column) const;
    // Every cell's text and sort value, row by row, made once per ranking and language.
    void formatCells();
    static std::size_t cellIndex(int row, int column);
    QVariant sortValue(const core::DeviceRanking& r, int column) const;
    QVariant toolTip(const core::DeviceRanking& r, int column) const;
    QString missesMark(const core::DeviceRanking& r) const; // "✗ " before a figure that misses the targets

    std::vector<core::DeviceRanking> m_ranking;
    struct Cell
    {
        QString text;
        QVariant sortValue;
    };
    std::vector<Cell> m_cells;
    bool m_hasTargets = false;
};

// The ranking as CSV: one header row, then one row per device in the order given. Numbers in
// plain SI units (the unit in the column name: ttft_seconds, joules_per_output_token), written
// as the shortest text that reads back to the same double, never localised; an empty field
// where a figure is missing (no price, no serving estimate). Fields with a comma, quote or line
// break are quoted (RFC 4180); lines end in "\n".
QString rankingCsv(const std::vector<core::DeviceRanking>& ranking);

} // namespace lhe::widgets
