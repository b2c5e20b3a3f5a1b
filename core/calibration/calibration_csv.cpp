#include "core/calibration/calibration_csv.h"

#include "core/calibration/calibration.h"
#include "core/catalog/catalog.h"
#include "core/common/input_error.h"
#include "core/scenario/scenario.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

namespace lhe::core {

namespace {

using Quantity = CalibrationPoint::Quantity;

enum class Column { Model, Quantity, Measured, Batch, PromptTokens, OutputTokens, Weights, Compute, Devices };

struct ColumnSpec
{
    Column column;
    std::string_view name;
    bool required;
};

constexpr std::array<ColumnSpec, 9> kColumns{{
    {Column::Model, "model", true},
    {Column::Quantity, "quantity", true},
    {Column::Measured, "measured", true},
    {Column::Batch, "batch", true},
    {Column::PromptTokens, "prompt_tokens", true},
    {Column::OutputTokens, "output_tokens", true},
    {Column::Weights, "weights", false},
    {Column::Compute, "compute", false},
    {Column::Devices, "devices", false},
}};

std::string allColumnNames()
{
    std::string names;
    for (const ColumnSpec& spec : kColumns)
        names += (names.empty() ? "" : ", ") + std::string(spec.name);
    return names;
}

std::string trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

std::string where(int line)
{
    return "line " + std::to_string(line);
}

std::string where(int line, std::size_t column, std::string_view name)
{
    return "line " + std::to_string(line) + ", column " + std::to_string(column + 1) + " (" +
           std::string(name) + ")";
}

// RFC 4180 fields: separated by commas, optionally double-quoted, "" inside quotes is one quote.
// Surrounding spaces of unquoted fields are trimmed. (A quoted field cannot span lines here.)
std::vector<std::string> splitFields(std::string_view line, int lineNumber)
{
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        std::string field;
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                field += line[i++];
            }
            if (!closed)
                throw InputError(where(lineNumber, fields.size(), "field"),
                                 message(LHE_TEXT("CoreMessage", "quoted field is not closed")));
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            if (i < line.size() && line[i] != ',')
                throw InputError(where(lineNumber, fields.size(), "field"),
                                 message(LHE_TEXT("CoreMessage", "text after the closing quote")));
        } else {
            const std::size_t end = std::min(line.find(',', i), line.size());
            field = trim(line.substr(i, end - i));
            i = end;
        }
        fields.push_back(std::move(field));
        if (i >= line.size())
            break;
        ++i; // the comma
    }
    return fields;
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return text;
}

std::optional<long long> parseInteger(const std::string& text)
{
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

// The quantity a CSV cell names (already lower case), if any.
std::optional<Quantity> parseQuantity(std::string_view name)
{
    for (const Quantity quantity :
         {Quantity::DecodeTokensPerSecond, Quantity::PrefillTokensPerSecond, Quantity::TrainingStepSeconds}) {
        if (calibrationQuantityName(quantity) == name)
            return quantity;
    }
    return std::nullopt;
}

std::optional<double> parseDouble(const std::string& text)
{
    double value = 0;
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    if (begin != end && *begin == '+')
        ++begin;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

} // namespace

std::vector<CalibrationPoint> calibrationPointsFromCsv(const std::string& csvText,
                                                       const std::string& deviceId, const Catalog* catalog)
{
    std::vector<CalibrationPoint> points;
    std::map<Column, std::size_t> columnIndex; // header position of each named column
    std::vector<std::string> header;
    int headerLine = 0;

    std::string_view text = csvText;
    if (text.rfind("\xEF\xBB\xBF", 0) == 0)
        text.remove_prefix(3);
    int lineNumber = 0;
    std::size_t offset = 0;
    while (offset <= text.size()) {
        const std::size_t newline = std::min(text.find('\n', offset), text.size());
        std::string_view line = text.substr(offset, newline - offset);
        offset = newline + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        const std::string trimmed = trim(line);
        if (trimmed.empty() || trimmed.front() == '#')
            continue;

        const std::vector<std::string> fields = splitFields(line, lineNumber);
        if (header.empty()) {
            headerLine = lineNumber;
            for (std::size_t c = 0; c < fields.size(); ++c) {
                const std::string name = lower(fields[c]);
                const auto spec = std::find_if(kColumns.begin(), kColumns.end(),
                                               [&](const ColumnSpec& s) { return s.name == name; });
                if (spec == kColumns.end())
                    throw InputError(
                        where(lineNumber, c, fields[c].empty() ? "header" : fields[c]),
                        message(LHE_TEXT("CoreMessage", "unknown column \"%1\"; the header names "
                                                        "columns among %2"),
                                elided(fields[c]), allColumnNames()));
                if (columnIndex.count(spec->column))
                    throw InputError(where(lineNumber, c, spec->name),
                                     message(LHE_TEXT("CoreMessage", "column named twice")));
                columnIndex[spec->column] = c;
            }
            for (const ColumnSpec& spec : kColumns) {
                if (spec.required && !columnIndex.count(spec.column))
                    throw InputError(
                        where(lineNumber) + " (header)",
                        message(LHE_TEXT("CoreMessage", "missing column \"%1\"; required: model, "
                                                        "quantity, measured, batch, prompt_tokens, "
                                                        "output_tokens"),
                                elided(spec.name)));
            }
            header = fields;
            continue;
        }

        if (fields.size() != header.size())
            throw InputError(
                where(lineNumber),
                message(LHE_TEXT("CoreMessage", "expected %1 fields as in the header on line %2, got %3"),
                        header.size(), headerLine, fields.size()));
        const auto cell = [&](Column column) -> const std::string& {
            static const std::string empty;
            const auto found = columnIndex.find(column);
            return found == columnIndex.end() ? empty : fields[found->second];
        };
        const auto at = [&](Column column) {
            const std::size_t c = columnIndex.at(column);
            const auto spec = std::find_if(kColumns.begin(), kColumns.end(),
                                           [&](const ColumnSpec& s) { return s.column == column; });
            return where(lineNumber, c, spec->name);
        };
        const auto requireCell = [&](Column column) -> const std::string& {
            const std::string& value = cell(column);
            if (value.empty())
                throw InputError(at(column), message(LHE_TEXT("CoreMessage", "empty; a value is required")));
            return value;
        };

        CalibrationPoint point;
        nlohmann::json scenario;
        scenario["device"] = deviceId;

        const std::string& model = requireCell(Column::Model);
        if (catalog && !catalog->findModel(model))
            throw InputError(at(Column::Model),
                             message(LHE_TEXT("CoreMessage", "unknown model id \"%1\"; see --list models"),
                                     elided(model)));
        scenario["model"] = model;

        const std::optional<Quantity> quantity = parseQuantity(lower(requireCell(Column::Quantity)));
        if (!quantity)
            throw InputError(
                at(Column::Quantity),
                message(LHE_TEXT("CoreMessage", "unknown quantity \"%1\"; expected "
                                                "decode_tokens_per_second, prefill_tokens_per_second "
                                                "or training_step_seconds"),
                        elided(cell(Column::Quantity))));
        point.quantity = *quantity;
        scenario["mode"] = point.quantity == Quantity::TrainingStepSeconds ? "training" : "inference";

        const std::optional<double> measured = parseDouble(requireCell(Column::Measured));
        if (!measured || !plausibleCalibrationMeasurement(*measured))
            throw InputError(
                at(Column::Measured),
                message(LHE_TEXT("CoreMessage", "expected a positive number from 1e-6 to 1e12, got \"%1\""),
                        cell(Column::Measured)));
        point.measured = *measured;

        for (const auto& [column, key] :
             {std::pair{Column::Batch, "batch"}, std::pair{Column::PromptTokens, "prompt_tokens"},
              std::pair{Column::OutputTokens, "output_tokens"}, std::pair{Column::Devices, "devices"}}) {
            if (!columnIndex.count(column) || cell(column).empty()) {
                if (column != Column::Devices)
                    requireCell(column);
                continue;
            }
            const std::optional<long long> value = parseInteger(cell(column));
            if (!value)
                throw InputError(at(column),
                                 message(LHE_TEXT("CoreMessage", "expected a whole number, got \"%1\""),
                                         elided(cell(column))));
            scenario[key] = *value;
        }
        if (point.quantity == Quantity::DecodeTokensPerSecond &&
            scenario["output_tokens"].get<long long>() < 1)
            throw InputError(
                at(Column::OutputTokens),
                message(LHE_TEXT("CoreMessage", "decode tokens/s needs at least one output token")));

        for (const auto& [column, key] :
             {std::pair{Column::Weights, "weights"}, std::pair{Column::Compute, "compute"}}) {
            if (!cell(column).empty())
                scenario["precision"][key] = lower(cell(column));
        }

        try {
            point.scenario = scenarioFromJson(scenario);
        } catch (const InputError& error) {
            // Name the cell the scenario field came from; the message stays.
            const std::string& field = error.fieldPath();
            static const std::map<std::string, Column> kFieldColumns{{"model", Column::Model},
                                                                     {"batch", Column::Batch},
                                                                     {"prompt_tokens", Column::PromptTokens},
                                                                     {"output_tokens", Column::OutputTokens},
                                                                     {"devices", Column::Devices},
                                                                     {"precision.weights", Column::Weights},
                                                                     {"precision.compute", Column::Compute}};
            const auto found = kFieldColumns.find(field);
            if (found != kFieldColumns.end() && columnIndex.count(found->second))
                throw InputError(at(found->second), error.message());
            throw InputError(where(lineNumber), error.message());
        }
        points.push_back(std::move(point));
    }
    if (header.empty())
        throw InputError(
            "line 1",
            message(LHE_TEXT("CoreMessage", "no header line; expected columns among %1"), allColumnNames()));
    if (points.empty())
        throw InputError(where(headerLine),
                         message(LHE_TEXT("CoreMessage", "the header is followed by no measurements")));
    return points;
}

} // namespace lhe::core
