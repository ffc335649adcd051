#pragma once
// Scripted actions for automated runs of `rgx explore --frames N`, read from the environment
// variable RGX_EXPLORE_SCRIPT: "FRAME:ACTION[;FRAME:ACTION...]" where ACTION is
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
//   record=stop           stop recording and write the file (app/path_recorder.h)
//   profiler=open|closed  open or collapse the profiler window
// (app/explore_actors.h)
// FRAME counts frames drawn with no load in progress, from 1, so a world switch does not shift
// the frames after it.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::app {

struct ScriptAction {
    std::int64_t frame = 0;
    std::string key; // world | camera | vsync | screenshot | overlay | size | wave | renderer | split |
                     // softres | actor | follow | actorgroup | actorstep | actorgoto | record |
                     // profiler
    std::string value;
};

// Throws rgx::Error naming RGX_EXPLORE_SCRIPT and the bad entry.
std::vector<ScriptAction> parseExploreScript(std::string_view text);

} // namespace rgx::app
