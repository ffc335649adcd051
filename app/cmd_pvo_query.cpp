#include "app/commands.h"
#include "loaders/error.h"

namespace rgx::app {

// Placeholder until the PVO loader lands; replaced by the PVO work.
int runPvoQuery(const std::string& file, const std::array<double, 3>&) {
    throw Error(file, Error::kNoOffset, "", "pvo-query is not implemented yet");
}

} // namespace rgx::app
