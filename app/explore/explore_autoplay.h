#pragma once
// The explorer's autoplay: actions at given frames for automated runs of `rgx explore --frames N`
// (the tests, the soak runs, headless tours). Not the worlds' SOUP scripts, which are "scripts".
// Read from `--autoplay FILE` and the environment variable RGX_EXPLORE_AUTOPLAY (RGX_EXPLORE_SCRIPT,
// its older name, still works): "FRAME:ACTION[;FRAME:ACTION...]" (a newline separates entries as
// ';' does; spaces round an entry are dropped) where ACTION is
//   world=ID              switch to world ID (as the world picker does)
//   camera=X,Y,Z,YAW,PITCH  place the camera (the --camera form)
//   vsync=0|1             switch the present mode (recreates the swapchain)
//   screenshot=PATH       write a screenshot of the scene (as F12 does)
//   overlay=PATH          write the frame as presented, overlay included
//   size=WxH              resize the window (the swapchain follows)
//   wave=A,S,F            water amplitude, speed, frequency (the fxwave* sliders)
//   renderer=glide|software|split   the renderer switch
//   split=F               the split view's divider, 0..1 of the width from the left
//   softres=NAME          the software resolution (window, half, third, quarter, 640x480, 320x200)
//   actor=INDEX           select actor INDEX of the scene (as a click on it does; opens the panel)
//   follow=0|1            the camera follows the selected actor
//   actorgroup=G          the selected actor plays its group with group_index G
//   actorstep=N           the selected actor runs N ticks and stays paused
//   actorgoto=1           the camera in front of the selected actor (the panel's "go to")
//   record=PATH           start recording the camera path to PATH (the profiler's button)
//   record=stop           stop recording and write the file (app/explore/path_recorder.h)
//   profiler=open|closed  open or collapse the profiler window
//   actors=open|closed    open or collapse the Actors window
//   map=open|closed       open or fold the Map panel
//   mapclick=NAME         a click on the map's marker of that name (selects it and flies there)
//   key=NAME              a key pressed and released within this frame, through the same event
//                         path as a real key (app/explore/explore_input.h): f1, f12, v, c, f,
//                         escape
//   segment=NAME          open segment NAME of the --model ROB (as the catalogue's "open" does);
//                         segment=* the whole archive again
//   panels=check          print every panel's rectangle and whether any title bar is covered or
//                         outside the window (app/explore/explore_layout.h)
//   scripts=open|closed   open or collapse the Scripts window
//   scriptson=0|1         the scripts off (the world as placed) or on (the panel's "Scripts on")
//   scriptobject=INDEX    the Scripts panel's object: Scene::redguard.scriptObjects entry INDEX (opens it)
//   scriptstep=N          the scripts run N ticks and stay paused; the object's state is printed
//   scriptrun=run|pause|breakpoint   run, pause, or run to a breakpoint (a hit is printed)
//   scriptbreak=OFFSET    toggle a breakpoint on the selected object's instruction at OFFSET
//                         (L_0012, 0x12 or 18)
//   scriptbreakfn=NAME    break when the selected object calls function NAME
//   scriptprint=1         print the selected object's threads, tick and last call
//   activate=INDEX        select script object INDEX and activate it (the player's "use": its
//                         interrupt handler runs; the Scripts panel's Activate button, key F)
//   inspector=open|closed open or collapse the Inspector window
//   pick=X,Y              a click on the scene at window point X,Y: selects what is there
//   select=NAME           select the node named NAME (or cell:ROW,COLUMN, a terrain cell)
//   search=TEXT           the search box: prints the matches, flies to the nearest and selects it
//   flyto=1               the camera in front of the selection (the Inspector's "fly to")
//   inspect=PATH          write the Inspector's view of the selection as JSON
//   bookmark=NAME         add a bookmark at the camera (saved in the config directory)
// (app/explore/explore_actors.h, app/explore/explore_scripts_panel.h, app/explore/explore_inspector_panel.h)
// FRAME counts frames drawn with no load in progress, from 1, so a world switch does not shift
// the frames after it.
//
// The whole autoplay is read and checked before anything opens (runExplore, before the display): every
// entry's frame, action and the form of its value (numbers and their ranges, names, paths that can be
// written). What depends on the scene (an actor index past the last actor, a world WORLD.INI lacks) can only
// be found when its frame comes.

#include "base/error.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::app {

inline constexpr const char* kAutoplayVariable = "RGX_EXPLORE_AUTOPLAY";
inline constexpr const char* kAutoplayOldVariable = "RGX_EXPLORE_SCRIPT"; // the same, its older name

struct AutoplayAction {
    std::int64_t frame = 0;
    std::string key;    // one of the actions above
    std::string value;  // checked for the action's form
    int entry = 0;      // its place in its source, from 1 (what errors name)
    std::string source; // where it was read: the variable's name or the file's path
};

// Throws rgx::Error naming `source`, the entry's number and text, and its action. The actions in
// frame order (entries of one frame in their order).
std::vector<AutoplayAction> parseAutoplay(std::string_view text, std::string_view source = kAutoplayVariable);

// Every source's actions in frame order: the file (when given), then each variable that is set.
std::vector<AutoplayAction> readAutoplay(const std::string& file);

// "entry 3 (597:camera=...)", what an action's errors name.
std::string autoplayEntryName(const AutoplayAction& action);
// The rgx::Error an action fails with when its frame comes (a scene-dependent value): its source,
// its entry and `why`.
Error autoplayError(const AutoplayAction& action, const std::string& why);

// Throws rgx::Error naming `what` (an option or a script entry) when a file cannot be written at
// `file`: its folder is missing or not writable, or it names a folder. Creates nothing.
void checkWritable(const std::filesystem::path& file, const std::string& what);

// "f1" -> GLFW_KEY_F1 and so on for the keys `key=` takes; -1 for another name.
int autoplayKeyCode(std::string_view name);

} // namespace rgx::app
