#include "app/commands/bench_report.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <cstdio>
#include <set>

namespace rgx::app {

namespace {

std::string fixed(double v, int decimals = 3) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

std::string padded(const std::string& text, std::size_t width, bool right = true) {
    if (text.size() >= width) return text;
    return right ? std::string(width - text.size(), ' ') + text
                 : text + std::string(width - text.size(), ' ');
}

const nlohmann::ordered_json* runFor(const nlohmann::ordered_json& report, const std::string& renderer) {
    for (const nlohmann::ordered_json& run : report["runs"])
        if (run.value("renderer", "") == renderer) return &run;
    return nullptr;
}

} // namespace

nlohmann::ordered_json summaryJson(const renderer::Summary& s) {
    return {{"min", s.min}, {"median", s.median}, {"p95", s.p95}, {"max", s.max}, {"samples", s.samples}};
}

void printBenchTable(std::ostream& out, const nlohmann::ordered_json& r) {
    out << r.value("title", std::string("?")) << ", " << r["size"][0].get<int>() << "x"
        << r["size"][1].get<int>() << ", " << r.value("frames", 0) << " frames, path "
        << r.value("path", std::string("?")) << "\n";
    if (r.contains("device") && r["device"].is_object())
        out << "device: " << r["device"].value("name", "?") << " (" << r["device"].value("driver", "?") << " "
            << r["device"].value("driver_info", "") << ")";
    else
        out << "device: none (software renderer only)";
    out << ", build " << r.value("build_type", std::string("?")) << "\n";
    const nlohmann::ordered_json& load = r["load"];
    out << "load: files " << fixed(load.value("files_ms", 0.0), 1) << " ms, parse "
        << fixed(load.value("parse_ms", 0.0), 1) << " ms, scene build "
        << fixed(load.value("scene_ms", 0.0), 1) << " ms (" << load.value("files_read", std::uint64_t{0})
        << " files, " << load.value("bytes_read", std::uint64_t{0}) << " bytes)";
    if (load.value("vulkan_context_ms", 0.0) > 0) {
        out << "; Vulkan instance and device " << fixed(load.value("vulkan_context_ms", 0.0), 1) << " ms";
        if (load.contains("pipeline_cache_bytes"))
            out << " (pipeline cache: "
                << (load["pipeline_cache_bytes"].is_null()
                        ? std::string("no file")
                        : std::to_string(load["pipeline_cache_bytes"].get<std::uint64_t>()) + " bytes read")
                << ")";
    }
    out << "\n";
    for (const nlohmann::ordered_json& run : r["runs"]) {
        const nlohmann::ordered_json& l = run["load"];
        out << "\n" << run.value("renderer", std::string("?"));
        // A GPU look says how it issued its draws and what its pipelines cost.
        if (run.contains("multi_draw"))
            out << (run.value("multi_draw", false) ? " (multi-draw indirect)" : " (one call per draw)");
        out << ": " << (l.contains("pipelines_ms") ? "upload " : "tables ")
            << fixed(l.value("upload_ms", 0.0), 1) << " ms";
        if (l.contains("pipelines_ms"))
            out << " (pipelines " << fixed(l["pipelines_ms"].get<double>(), 1) << " ms)";
        out << ", first frame " << fixed(l.value("first_frame_ms", 0.0), 1) << " ms; world to first frame "
            << fixed(l.value("world_to_first_frame_ms", 0.0), 1) << " ms (aim "
            << fixed(l.value("aim_ms", 150.0), 0) << " ms), from the process's start "
            << fixed(l.value("to_first_frame_ms", 0.0), 1) << " ms; peak RSS "
            << l.value("peak_rss_kib", std::uint64_t{0}) / 1024 << " MiB\n";
        if (run.contains("memory") && run["memory"].contains("text"))
            out << "  memory: " << run["memory"]["text"].get<std::string>() << "\n";
        out << "  " << padded("figure (ms)", 18, false) << padded("min", 10) << padded("median", 10)
            << padded("p95", 10) << padded("max", 10) << "\n";
        for (const auto& [name, s] : run["figures"].items())
            out << "  " << padded(name, 18, false) << padded(fixed(s["min"].get<double>()), 10)
                << padded(fixed(s["median"].get<double>()), 10) << padded(fixed(s["p95"].get<double>()), 10)
                << padded(fixed(s["max"].get<double>()), 10) << "\n";
        out << "  counts (median, min..max):";
        for (const auto& [name, s] : run["counts"].items())
            out << " " << name << " " << fixed(s["median"].get<double>(), 0) << " ("
                << fixed(s["min"].get<double>(), 0) << ".." << fixed(s["max"].get<double>(), 0) << ")";
        out << "\n";
    }
}

void printBenchComparison(std::ostream& out, const nlohmann::ordered_json& a, const std::string& aName,
                          const nlohmann::ordered_json& b, const std::string& bName) {
    out << "B/A: A = " << aName << " (" << a.value("title", std::string("?")) << "), B = " << bName << " ("
        << b.value("title", std::string("?")) << ")\n";
    if (a["size"] != b["size"] || a.value("path", "") != b.value("path", "") ||
        a.value("frames", 0) != b.value("frames", 0))
        out << "note: the two runs differ in size, path or frame count: the ratios compare different work\n";
    for (const char* phase : {"vulkan_context_ms", "files_ms", "parse_ms", "scene_ms"}) {
        const double x = a["load"].value(phase, 0.0), y = b["load"].value(phase, 0.0);
        out << "  " << padded(std::string("load.") + phase, 26, false) << padded(fixed(x), 10)
            << padded(fixed(y), 10) << padded(x > 0 ? fixed(y / x, 2) : "-", 8) << "\n";
    }
    for (const nlohmann::ordered_json& runA : a["runs"]) {
        const std::string renderer = runA.value("renderer", std::string());
        const nlohmann::ordered_json* runB = runFor(b, renderer);
        if (!runB) {
            out << renderer << ": only in A\n";
            continue;
        }
        out << renderer << " (A " << (runA.value("multi_draw", false) ? "multi-draw" : "per draw") << ", B "
            << (runB->value("multi_draw", false) ? "multi-draw" : "per draw") << ")\n";
        out << "  " << padded("median (ms)", 26, false) << padded("A", 10) << padded("B", 10)
            << padded("B/A", 8) << "\n";
        for (const char* phase :
             {"upload_ms", "first_frame_ms", "world_to_first_frame_ms", "to_first_frame_ms"}) {
            const double x = runA["load"].value(phase, 0.0), y = (*runB)["load"].value(phase, 0.0);
            out << "  " << padded(std::string("load.") + phase, 26, false) << padded(fixed(x), 10)
                << padded(fixed(y), 10) << padded(x > 0 ? fixed(y / x, 2) : "-", 8) << "\n";
        }
        std::set<std::string> seen;
        for (const auto& [name, s] : runA["figures"].items()) {
            seen.insert(name);
            const double x = s["median"].get<double>();
            if (!(*runB)["figures"].contains(name)) {
                out << "  " << padded(name, 26, false) << padded(fixed(x), 10) << padded("-", 10) << "\n";
                continue;
            }
            const double y = (*runB)["figures"][name]["median"].get<double>();
            out << "  " << padded(name, 26, false) << padded(fixed(x), 10) << padded(fixed(y), 10)
                << padded(x > 0 ? fixed(y / x, 2) : "-", 8) << "\n";
        }
        for (const auto& [name, s] : (*runB)["figures"].items())
            if (!seen.count(name))
                out << "  " << padded(name, 26, false) << padded("-", 10)
                    << padded(fixed(s["median"].get<double>()), 10) << "\n";
        for (const auto& [name, s] : runA["counts"].items())
            if ((*runB)["counts"].contains(name) && (*runB)["counts"][name]["median"] != s["median"])
                out << "  counts differ: " << name << " " << fixed(s["median"].get<double>(), 0) << " vs "
                    << fixed((*runB)["counts"][name]["median"].get<double>(), 0) << "\n";
    }
    for (const nlohmann::ordered_json& runB : b["runs"])
        if (!runFor(a, runB.value("renderer", std::string())))
            out << runB.value("renderer", std::string()) << ": only in B\n";
}

namespace {

// What printBenchTable and printBenchComparison read, each where they read it: refused with the
// field's name, so a hand-edited or truncated report is an error, never a crash.
void checkReport(const nlohmann::ordered_json& r, const std::string& file) {
    const auto bad = [&](const std::string& field, const std::string& why) {
        return Error(file, Error::kNoOffset, field, why);
    };
    const auto summaries = [&](const nlohmann::ordered_json& group, const std::string& field) {
        if (!group.is_object()) throw bad(field, "expected an object of summaries");
        for (const auto& [name, s] : group.items()) {
            if (!s.is_object()) throw bad(field + "." + name, "expected {min, median, p95, max}");
            for (const char* key : {"min", "median", "p95", "max"})
                if (!s.contains(key) || !s[key].is_number())
                    throw bad(field + "." + name + "." + key, "expected a number");
        }
    };
    if (!r.is_object() || !r.contains("rgx_bench"))
        throw bad("", "not a report written by `rgx bench --json`");
    if (!r.contains("size") || !r["size"].is_array() || r["size"].size() != 2 || !r["size"][0].is_number() ||
        !r["size"][1].is_number())
        throw bad("size", "expected [width, height]");
    if (!r.contains("load") || !r["load"].is_object()) throw bad("load", "expected an object");
    if (!r.contains("runs") || !r["runs"].is_array()) throw bad("runs", "expected an array");
    for (std::size_t i = 0; i < r["runs"].size(); ++i) {
        const nlohmann::ordered_json& run = r["runs"][i];
        const std::string field = "runs[" + std::to_string(i) + "]";
        if (!run.is_object() || !run.contains("renderer") || !run["renderer"].is_string())
            throw bad(field + ".renderer", "expected a renderer name");
        if (!run.contains("load") || !run["load"].is_object())
            throw bad(field + ".load", "expected an object");
        if (!run.contains("figures")) throw bad(field + ".figures", "missing");
        summaries(run["figures"], field + ".figures");
        if (!run.contains("counts")) throw bad(field + ".counts", "missing");
        summaries(run["counts"], field + ".counts");
    }
}

} // namespace

nlohmann::ordered_json readBenchReport(const std::string& file) {
    const loaders::Bytes bytes = loaders::readFile(file);
    nlohmann::ordered_json report;
    try {
        report = nlohmann::ordered_json::parse(std::string(bytes.begin(), bytes.end()));
    } catch (const nlohmann::ordered_json::exception& e) {
        throw Error(file, Error::kNoOffset, "", std::string("not JSON: ") + e.what());
    }
    checkReport(report, file);
    return report;
}

} // namespace rgx::app
