// Checks the Inspector's dumps (`rgx explore`'s inspect=PATH action) against what the commands
// print: the node against `rgx scene --json`, an RGM record's fields against `rgx info --json`'s
// records, the model against `rgx info --json` on its file, a terrain cell against
// `rgx info --json --cell` on the WLD (and the WLD's own values).
//   rgx_explore_inspect_check RGX GAME WORLD RGM WLD KIND=DUMP...
// Exits 1 with a line per difference.

#include "loaders/file_io.h"
#include "loaders/redguard/wld.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

namespace {

using nlohmann::json;

int failures = 0;

void fail(const std::string& dump, const std::string& what) {
    std::cout << dump << ": " << what << "\n";
    ++failures;
}

json run(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return nullptr;
    char buffer[65536];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        out.append(buffer, n);
    pclose(pipe);
    return json::parse(out, nullptr, false);
}

json info(const std::string& rgx, const std::string& file, const std::string& options = "") {
    std::string command = rgx;
    command += " info --json ";
    command += options;
    command += " '";
    command += file;
    command += "' 2>/dev/null";
    return run(command);
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 7) {
        std::cerr << "usage: rgx_explore_inspect_check RGX GAME WORLD RGM WLD KIND=DUMP...\n";
        return 2;
    }
    const std::string rgx = argv[1], game = argv[2], world = argv[3];
    std::string sceneCommand = rgx;
    sceneCommand += " scene --json --game '";
    sceneCommand += game;
    sceneCommand += "' --world ";
    sceneCommand += world;
    sceneCommand += " 2>/dev/null";
    const json scene = run(sceneCommand);
    const json rgm = info(rgx, argv[4]);
    if (scene.is_discarded() || !scene.contains("nodes") || rgm.is_discarded() || !rgm.contains("records")) {
        std::cout << "rgx scene --json or rgx info --json printed no JSON\n";
        return 1;
    }
    const rgx::loaders::WldGrids grids =
        rgx::loaders::wldGrids(rgx::loaders::readWld(rgx::loaders::readFile(argv[5]), argv[5]));
    for (int i = 6; i < argc; ++i) {
        const std::string arg = argv[i];
        const std::size_t eq = arg.find('=');
        const std::string kind = arg.substr(0, eq), path = arg.substr(eq + 1);
        std::ifstream in(path);
        const json dump = json::parse(in, nullptr, false);
        if (dump.is_discarded()) {
            fail(path, "not JSON");
            continue;
        }
        if (dump["kind"] != kind) fail(path, "kind " + dump["kind"].dump() + ", expected " + kind);
        const int before = failures;
        int compared = 0;
        if (dump.contains("cell")) {
            // The cell as `rgx info --cell` prints it, field by field, and its values the WLD's.
            const int row = dump["cell"][0].get<int>(), column = dump["cell"][1].get<int>();
            const json want =
                info(rgx, argv[5], "--cell " + std::to_string(row) + "," + std::to_string(column));
            if (want.is_discarded() || !want.contains("cell"))
                fail(path, "rgx info --cell printed no cell");
            else if (dump["fields"] != want["cell"])
                fail(path, "fields differ from rgx info --cell's: " + dump["fields"].dump() + " vs " +
                               want["cell"].dump());
            const std::size_t v = static_cast<std::size_t>(row) * 256 + static_cast<std::size_t>(column);
            for (const json& f : dump["fields"]) {
                const std::string name = f["field"];
                const json wld = name == "height_index"    ? json(grids.heightIndex[v])
                                 : name == "texture_index" ? json(grids.textureIndex[v])
                                 : name == "rotation"      ? json(grids.rotation[v])
                                                           : json();
                if (wld.is_null()) continue;
                ++compared;
                if (f["raw"] != wld) fail(path, name + " " + f["raw"].dump() + ", the WLD has " + wld.dump());
            }
            if (compared != 3)
                fail(path, "the cell's height_index, texture_index and rotation are not all shown");
            if (failures == before)
                std::cout << path << ": terrain cell " << row << "," << column
                          << " agrees with rgx info --cell\n";
            continue;
        }
        const std::size_t node = dump["node_index"].get<std::size_t>();
        if (dump["node"] != scene["nodes"][node])
            fail(path, "node differs from rgx scene --json's node " + std::to_string(node));
        const std::string section = dump["section"];
        if (!section.empty()) {
            const json& want = rgm["records"][section][dump["index"].get<std::size_t>()];
            if (dump["fields"] != want)
                fail(path, "fields differ from rgx info --json's " + section + " " + dump["index"].dump() +
                               ": " + dump["fields"].dump() + " vs " + want.dump());
        }
        if (dump.contains("model") &&
            dump["model"]["source"].get<std::string>().find(':') == std::string::npos) {
            json file = info(rgx, game + "/" + dump["model"]["source"].get<std::string>());
            file.erase("warnings");
            if (dump["model"]["info"] != file) fail(path, "model differs from rgx info --json on its file");
        }
        if (failures == before)
            std::cout << path << ": " << kind << " " << dump["name"].get<std::string>() << " agrees\n";
    }
    return failures ? 1 : 0;
}
