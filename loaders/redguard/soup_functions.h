#pragma once
// What each SOUP function is, in one table (loaders/redguard/soup_game_tables.cpp): the game's SOUP386.DEF
// order with each function's call type and parameter count, the kind of its first parameter where
// the reference overrides the integer reading (an RTX dialogue key, an item, a map), and the
// native rgx runs for it. The listing and the assembler read the parameter kinds, gameSoupDef()
// the types and counts, and the VM binds natives from it by name (so a DEF of another order still
// binds); sim/soup_natives.cpp implements each SoupNative, indexed by it. docs/scripts.md
// "Natives" gives each native's units and evidence.

#include "loaders/redguard/soup_def.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace rgx::loaders {

// How a Numeric parameter reads (the reference's "Parameter Type Overrides").
enum class SoupParamKind : std::uint8_t { Number, DialogueKey, Item, Map };

// rgx's natives. None: a counted no-op returning 0.
enum class SoupNative : std::uint8_t {
    None,
    // Movement and rotation (tasks).
    WalkForward,
    WalkBackward,
    MoveForward,
    MoveBackward,
    MoveLeft,
    MoveRight,
    Move,
    MoveByAxis,
    MoveAlongAxis,
    MoveObjectAxis,
    MoveToLocation,
    WanderToLocation,
    Rotate,
    RotateByAxis,
    RotateToAxis,
    FaceAngle,
    FacePlayer,
    FaceLocation,
    // Animation.
    PlayAnimation,
    SetAction,
    PushAnimation,
    WaitAnimFrame,
    // What shows.
    HideMe,
    ShowMe,
    DisableObject,
    EnableObject,
    KillMe,
    LoadStatic,
    UnLoadStatic,
    Light,
    LightRadius,
    LightIntensity,
    LightOff,
    LightFlicker,
    FlickerLight,
    LightFlickerOff,
    FxFlickerOnOff,
    FxFlickerDim,
    FxLightSize,
    FxPhase,
    Flat,
    FlatSetTexture,
    FlatAnimate,
    FlatOff,
    HandItem,
    DisplayHandModel,
    DisplayHandItem,
    DrawSword,
    SheathSword,
    IsHoldingWeapon,
    IsCarryingWeapon,
    // Waits.
    Wait,
    WaitOnTasks,
    SyncWithGroup,
    // State.
    SetGlobalFlag,
    ResetGlobalFlag,
    TestGlobalFlag,
    SetAttribute,
    GetAttribute,
    SetMyAttr,
    GetMyAttr,
    Rnd,
    // The stand-in player and distances.
    PlayerDistance,
    AcuratePlayerDistance,
    DistanceFromStart,
    DistanceToLocation,
    DistanceFromLocation,
    Activate,
    // Sound: events for the explorer's audio (sim/soup_vm.h ScriptSound); nothing plays in sim/.
    Sound,
    FlatSound,
    AmbientSound,
    EndSound,
    EndMySounds,
    EndMySound,
    StopAllSounds,
    // Dialogue: ENGLISH.RTX's lines as subtitles, for as long as their clip (menuProc: a stand-in).
    Rtx,
    RtxAnim,
    RtxP,
    RtxPAnim,
    AmbientRtx,
    MenuProc,
    Count,
};
inline constexpr std::size_t kSoupNativeCount = static_cast<std::size_t>(SoupNative::Count);

struct SoupFunctionInfo {
    SoupCallType type = SoupCallType::Function;
    const char* name = "";
    std::uint32_t params = 0;
    SoupParamKind first = SoupParamKind::Number; // the first parameter's kind (the others: Number)
    SoupNative native = SoupNative::None;
};

// The game's functions by id: [0] is the synthetic NullFunction, then the DEF's 366 in order.
std::span<const SoupFunctionInfo> gameSoupFunctions();
// The game's function of that name (case-insensitive: the game's names vary in case), or nullptr.
const SoupFunctionInfo* findGameSoupFunction(std::string_view name);
// Parameter `index` of the function named `function`: its kind (Number for unknown names).
SoupParamKind soupParamKind(std::string_view function, std::uint32_t index);
// The native's name as the table spells the function it was made for ("WalkForward"); "" for None.
const char* soupNativeName(SoupNative n);

} // namespace rgx::loaders
