// A Riot database's .db definition (loaders/drakan/db_definition.h): a file as the text lays it
// out, a reference that crosses databases, round trips, Reject* cases and warnings.
#include "loaders/drakan/db_definition.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;

namespace {

Bytes text(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

// The text's own shape: indices not consecutive (2, 4), paths relative, DOS line ends.
const char* kModels = "version 1\r\ndependencies 2\r\n2 ..\\common\\textures\r\n4 classes\r\n";

TEST(DrakanDb, AFileAsTheTextLaysItOut) {
    rgx::Warnings w;
    const DbDefinition db = readDbDefinition(text(kModels), "Dragon/models.db", &w);
    EXPECT_TRUE(w.empty()) << rgx::testing::listWarnings(w);
    EXPECT_EQ(db.version, 1);
    EXPECT_TRUE(db.crlf);
    ASSERT_EQ(db.dependencies.size(), 2u);
    EXPECT_EQ(db.dependencies[0], (DbDependency{2, "..\\common\\textures"}));
    EXPECT_EQ(db.dependencies[1], (DbDependency{4, "classes"}));
    EXPECT_EQ(writeDbDefinition(db), text(kModels));
}

// A model's texture reference (id 5, database 2) lies in the dependency listed as 2, next to this
// database's directory; database 0 is this database itself; an index it does not list is an error.
TEST(DrakanDb, AReferenceThatCrossesDatabases) {
    const DbDefinition db = readDbDefinition(text(kModels), "Dragon/models.db");
    EXPECT_EQ(recordFile(db, "Dragon/models.db", "Dragon/models", {5, 2}, ".txd"),
              "Dragon/../common/textures.txd");
    EXPECT_EQ(recordFile(db, "Dragon/models.db", "Dragon/models", {9, 0}, ".mod"), "Dragon/models.mod");
    EXPECT_EQ(recordFile(db, "Dragon/models.db", "Dragon/models", {1, 4}, ".odb"), "Dragon/classes.odb");
    EXPECT_EQ(recordFile(db, "models.db", "models", {5, 2}, ".txd"), "../common/textures.txd");
    EXPECT_TRUE(rgx::testing::throwsAt(
        [&] {
            recordFile(db, "Dragon/models.db", "Dragon/models", {5, 3}, ".txd");
        },
        rgx::Error::kNoOffset, "db dependency index", "does not list"));
}

TEST(DrakanDb, RoundTrips) {
    DbDefinition db;
    db.version = 3;
    db.crlf = false;
    db.dependencies = {{1, "a"}, {7, "b c"}, {65535, "../d"}};
    EXPECT_EQ(readDbDefinition(writeDbDefinition(db), "r"), db);
    EXPECT_EQ(readDbDefinition(writeDbDefinition(DbDefinition{}), "empty"), DbDefinition{});
}

TEST(DrakanDb, RejectWhatCannotBeRead) {
    using rgx::testing::throwsAt;
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text(""), "t"); }, 0, "db version", "no \"version\""));
    EXPECT_TRUE(
        throwsAt([] { readDbDefinition(text("version x\n"), "t"); }, 0, "db version", "not a number"));
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text("version 1\n"), "t"); }, 10, "db dependencies", "no \""));
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text("version 1\ndependencies 2\n1 a\n"), "t"); }, 10,
                         "db dependencies", "truncated"));
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text("version 1\ndependencies 1\n0 self\n"), "t"); }, 25,
                         "db dependency index", "0 is the database itself"));
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text("version 1\ndependencies 2\n3 a\n3 b\n"), "t"); }, 29,
                         "db dependency index", "listed twice"));
    EXPECT_TRUE(throwsAt([] { readDbDefinition(text("version 1\ndependencies 1\n3\n"), "t"); }, 25,
                         "db dependency path", "no path"));
}

TEST(DrakanDb, DeparturesAreWarnings) {
    rgx::Warnings w;
    const DbDefinition db = readDbDefinition(text("version 1\ndependencies 1\n1 a\nextra line\n"), "t", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 29, "db trailing", "1 lines after"));
    EXPECT_FALSE(db.crlf);
    EXPECT_EQ(db.dependencies.size(), 1u);
}

} // namespace
