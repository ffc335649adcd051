#pragma once
// `rgx bench`'s report: the JSON it writes (schema in docs/performance.md), the table it prints,
// and `rgx bench --compare`'s ratios of two reports.

#include "renderer/profile/frame_profile.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace rgx::app {

// {"min", "median", "p95", "max", "samples"}.
nlohmann::ordered_json summaryJson(const renderer::Summary& summary);

// The report as a readable table.
void printBenchTable(std::ostream& out, const nlohmann::ordered_json& report);

// B's figures over A's (medians; load phases as they are), run by run (matched by renderer), and
// the counts where they differ. Both as readBenchReport returned them.
void printBenchComparison(std::ostream& out, const nlohmann::ordered_json& a, const std::string& aName,
                          const nlohmann::ordered_json& b, const std::string& bName);

// Reads a report written by `rgx bench --json`: throws rgx::Error naming the file and the field
// when it is not one (or lacks what the table and the comparison read).
nlohmann::ordered_json readBenchReport(const std::string& file);

} // namespace rgx::app
