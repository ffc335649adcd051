#pragma once
// Budgets that keep a file the readers accept (well-formed, hostile values) from costing
// unbounded memory or time when the scene is built from it. Each is far above what the shipped
// game needs; past one, the rest is dropped and a scene warning says what and where.

#include <cstddef>
#include <cstdint>

namespace rgx::scene {

// Rope links in one scene. An MPRP length is an int16, so 1,000 ropes could ask for 32 million
// link nodes; the demo's island has 60, the island scale 3,000.
inline constexpr int kMaxSceneRopeLinks = 65536;

// Frames kept resident per animated mesh (the RAAN frame counts of the shipped actors are in the
// low hundreds; Cyrus has 181). A 3DC's frame records may all point at the same bytes, so the
// count alone says nothing about the file's size.
inline constexpr std::uint32_t kMaxMeshFrames = 2048;
// Frames x max(corners, model vertices) resident per animated mesh: 2^22 is 128 MiB of frame
// corners (Cyrus: 181 x about 1,500 = 0.27 million).
inline constexpr std::size_t kMaxMeshFrameVertices = std::size_t{1} << 22;

// RAAN entries per actor (the shipped actors have a handful; one actor's table can run to the
// section's end).
inline constexpr std::size_t kMaxActorFiles = 1024;
// RAAN entries over all the scene's actors (the island: a few hundred).
inline constexpr std::size_t kMaxSceneActorFiles = 65536;
// RAGR commands (plus one per group) copied into the scene's animations: each RAHD script keeps
// its own copy of its group list, and many scripts may name one large list (4 bytes a command:
// 16 MiB, besides the groups' own entries; their trailing bytes are not copied).
inline constexpr std::size_t kMaxSceneAnimationCommands = std::size_t{1} << 22;

} // namespace rgx::scene
