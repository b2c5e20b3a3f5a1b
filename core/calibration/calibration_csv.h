// The user-calibration measurements file: CSV text (one measurement per line under a header line)
// read into the CalibrationPoints that calibrate() fits (core/calibration/calibration.h defines them).
#pragma once

#include <string>
#include <vector>

namespace lhe::core {

class Catalog;
struct CalibrationPoint;

// Measurements from CSV text. A header line is required and names the columns, in any order:
//   model,quantity,measured,batch,prompt_tokens,output_tokens  (required)
//   weights,compute,devices                                    (optional; empty cells = defaults)
// quantity is decode_tokens_per_second, prefill_tokens_per_second or training_step_seconds; model a
// catalog id; weights/compute precision names as in scenario files. Blank lines and lines starting
// with '#' are skipped; fields may be double-quoted. Throws InputError whose field path names the
// line and column ("line 3, column 2 (measured)"). With `catalog`, model ids are checked too.
std::vector<CalibrationPoint> calibrationPointsFromCsv(const std::string& csvText,
                                                       const std::string& deviceId,
                                                       const Catalog* catalog = nullptr);

} // namespace lhe::core
