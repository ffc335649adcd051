// rgx: Redguard explorer. Parses the command line (app/cli.h) and hands the subcommand to its
// runner; reports errors as one printable line.

#include "app/cli.h"
#include "base/error.h"
#include "loaders/text.h"

#include <iostream>

int main(int argc, char** argv) {
    rgx::app::CliOptions options;
    const std::unique_ptr<CLI::App> cli = rgx::app::buildCli(options);
    try {
        rgx::app::parseCli(*cli, argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli->exit(e);
    }
    try {
        return rgx::app::runCli(*cli, options);
    } catch (const rgx::Error& e) {
        // Messages can hold a file's bytes (names, tags): one printable UTF-8 line.
        std::cerr << rgx::loaders::printableLine(e.what()) << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "rgx: " << rgx::loaders::printableLine(e.what()) << "\n";
        return 1;
    }
}
