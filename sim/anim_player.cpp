#include "sim/anim_player.h"

#include "base/error.h"
#include "loaders/redguard/ragr.h"

#include <algorithm>
#include <cmath>

namespace rgx::sim {

namespace {

std::string where(const AnimClip& clip, int group, int command) {
    return "actor " + clip.actor + " group " + std::to_string(group) + " command " + std::to_string(command);
}

std::string describe(const loaders::RagrCommand& c) {
    std::string s(loaders::kRagrOpcodes[c.opcode].name);
    switch (loaders::kRagrOpcodes[c.opcode].layout) {
    case loaders::RagrLayout::Value20:
        return s + " " + std::to_string(c.params[0]);
    case loaders::RagrLayout::Split10x10:
    case loaders::RagrLayout::Axis2x18:
        return s + " " + std::to_string(c.params[0]) + " " + std::to_string(c.params[1]);
    default:
        return s + " " + std::to_string(c.params[0]) + " " + std::to_string(c.params[1]) + " " +
               std::to_string(c.params[2]);
    }
}

} // namespace

AnimClip animClip(const loaders::Rgm& rgm, const loaders::RgmActor& actor) {
    AnimClip clip;
    clip.actor = loaders::rgmName(actor.scriptName);
    for (const loaders::RgmRaanEntry* e : loaders::rgmActorRaan(rgm, actor)) {
        clip.entryFrames.push_back(e->frameCount);
        clip.entryPaths.push_back(e->path);
    }
    clip.groups = loaders::rgmAnimListAt(rgm, actor.ragrOffset);
    clip.frameLimit = actor.animSpeed[0];
    clip.frameStep = actor.animSpeed[1];
    if (!clip.groups) {
        throw Error("<RGM>", Error::kNoOffset, "RAHD " + clip.actor + " ragr_offset",
                    "offset " + std::to_string(actor.ragrOffset) + " starts no RAGR group list");
    }
    return clip;
}

HandleRef resolveHandle(const std::vector<int>& entryFrames, int handle) {
    if (handle < 0) return {};
    int first = 0;
    for (std::size_t e = 0; e < entryFrames.size(); ++e) {
        if (handle < first + entryFrames[e]) return {static_cast<int>(e), handle - first};
        first += entryFrames[e];
    }
    return {};
}

AnimPlayer::AnimPlayer(const AnimClip& clip, int startGroup, PlayerOptions options)
    : clip_(&clip), options_(options) {
    if (!clip.groups || clip.groups->groups.empty()) {
        throw Error("<RGM>", Error::kNoOffset, "RAGR " + clip.actor, "the actor has no animation groups");
    }
    slots_ = clip.slots ? clip.slots : groupSlots(*clip.groups);
    startSlot_ = startGroup < 0 ? 0 : slotOf(startGroup);
    if (startSlot_ < 0) {
        throw Error("<RGM>", Error::kNoOffset, "RAGR " + clip.actor,
                    "no group with group_index " + std::to_string(startGroup));
    }
    for (const loaders::RgmAnimGroup& g : clip.groups->groups)
        totalCommands_ += loaders::rgmGroupCommands(*clip.groups, g).size();
    reset();
}

std::shared_ptr<const GroupSlots> groupSlots(const loaders::RgmAnimList& list) {
    auto slots = std::make_shared<GroupSlots>();
    slots->reserve(list.groups.size());
    for (std::size_t i = 0; i < list.groups.size(); ++i)
        slots->emplace_back(list.groups[i].groupIndex, static_cast<int>(i));
    std::sort(slots->begin(), slots->end()); // (index, slot): equal indices by slot
    return slots;
}

int AnimPlayer::slotOf(int groupIndex) const {
    const auto it = std::lower_bound(slots_->begin(), slots_->end(), groupIndex,
                                     [](const auto& s, int index) { return s.first < index; });
    return it != slots_->end() && it->first == groupIndex ? it->second : -1;
}

void AnimPlayer::reset() {
    handle_ = -1;
    vertex_ = attach_ = 0;
    delay_ = 0;
    ended_ = false;
    ticks_ = 0;
    override_ = {};
    enterGroup(startSlot_, 0);
}

void AnimPlayer::enterGroup(int groupSlot, int pc) {
    slot_ = groupSlot;
    pc_ = pc;
    loopCounter_ = kLoopControlStart;
    frameCounter_ = 0;
}

int AnimPlayer::group() const {
    return clip_->groups->groups[static_cast<std::size_t>(slot_)].groupIndex;
}

bool AnimPlayer::play(int groupIndex, int command) {
    const int slot = slotOf(groupIndex);
    if (slot < 0) return false;
    enterGroup(slot, std::max(0, command));
    delay_ = 0;
    ended_ = false;
    return true;
}

TickRecord AnimPlayer::step() {
    TickRecord rec;
    rec.tick = ticks_++;
    // Ended under Stop, then switched to Restart or Idle (the explorer's setting): go on.
    if (ended_ && options_.onEnd != OnEnd::Stop) {
        enterGroup(afterEndSlot(), 0);
        ended_ = false;
    }
    if (ended_ || delay_ > 0) {
        if (delay_ > 0) {
            --delay_;
            rec.held = true;
        }
        rec.command = rec.held ? delayCommand_ : pc_;
        finish(rec);
        return rec;
    }
    // The frame limit (RAHD anim_speed): past it the frame holds until a group starts again.
    const bool limited = clip_->frameLimit != 0 && clip_->frameStep != 0;
    if (limited && frameCounter_ >= clip_->frameLimit) {
        rec.held = rec.limited = true;
        rec.command = pc_;
        finish(rec);
        return rec;
    }
    runCommands(rec);
    // Counted after the commands, so a group entered within the tick counts it as its own.
    if (limited) frameCounter_ += clip_->frameStep;
    finish(rec);
    return rec;
}

void AnimPlayer::finish(TickRecord& r) const {
    r.group = group();
    r.handle = handle_;
    r.ref = shown();
    r.trackedVertex = vertex_;
    r.ended = ended_;
}

void AnimPlayer::runCommands(TickRecord& rec) {
    std::size_t inGroup = 0, total = 0;
    for (;;) {
        const loaders::RgmAnimGroup& g = clip_->groups->groups[static_cast<std::size_t>(slot_)];
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(*clip_->groups, g);
        // Every command run, and every end of a group, counts towards the guard.
        if (++inGroup > commands.size() + 1 ||
            ++total > std::min(totalCommands_ + clip_->groups->groups.size(), kMaxTickCommands)) {
            throw Error("<RGM>", Error::kNoOffset, "RAGR " + where(*clip_, g.groupIndex, pc_),
                        "a tick ran " + std::to_string(total) +
                            " commands without reaching a ShowFrame (a runaway loop)");
        }
        rec.command = pc_;
        const bool pastEnd = pc_ < 0 || static_cast<std::size_t>(pc_) >= commands.size();
        const loaders::RagrCommand c =
            pastEnd ? loaders::RagrCommand{1, {}}
                    : loaders::decodeRagrCommand(commands[static_cast<std::size_t>(pc_)]);
        const int at = pc_;
        const auto event = [&](std::string what) -> AnimEvent* {
            if (rec.events.size() == kMaxTickEvents) {
                ++rec.moreEvents;
                return nullptr;
            }
            rec.events.push_back({g.groupIndex, at, c.opcode, c.params, std::move(what)});
            return &rec.events.back();
        };
        using loaders::RagrOp;
        const auto op = static_cast<RagrOp>(c.opcode);
        switch (op) {
        case RagrOp::ShowFrame: // the tick's frame
            handle_ = c.params[0];
            vertex_ = c.params[1];
            if (vertex_ != 0) attach_ = vertex_;
            if (resolveHandle(clip_->entryFrames, handle_).entry < 0)
                event("ShowFrame: handle " + std::to_string(handle_) + " is past the handle table");
            ++pc_;
            return;
        case RagrOp::EndAnimation: { // (or past the last command, or a jump outside the group)
            AnimEvent* end = event(pastEnd ? std::string("ran past the group's last command") : describe(c));
            if (options_.onEnd == OnEnd::Stop) {
                ended_ = true;
                return;
            }
            // Restart or Idle: the next group starts in this same tick (EndAnimation takes no time).
            enterGroup(afterEndSlot(), 0);
            if (end)
                end->what +=
                    options_.onEnd == OnEnd::Idle ? ", back to the idle group" : ", the group restarts";
            inGroup = 0;
            continue;
        }
        case RagrOp::GoToPrevious:
            event(describe(c));
            pc_ = c.params[0];
            continue;
        case RagrOp::GoToFuture: // conditional in the engine
            event(describe(c) + (options_.takeFuture ? " (taken)" : " (not taken)"));
            pc_ = options_.takeFuture ? c.params[0] : pc_ + 1;
            continue;
        case RagrOp::SetRotationXYZ:    // each value x 256
        case RagrOp::SetRotationAxis:   // (axis, value)
        case RagrOp::SetPositionXYZ:    // each value x 8
        case RagrOp::SetPositionAxis: { // (axis, value)
            const bool rotation = op == RagrOp::SetRotationXYZ || op == RagrOp::SetRotationAxis;
            auto& target = rotation ? override_.rotation : override_.position;
            if (op == RagrOp::SetRotationXYZ || op == RagrOp::SetPositionXYZ) {
                for (std::size_t i = 0; i < 3; ++i)
                    target[i] = c.params[i] * (rotation ? 256 : 8);
                (rotation ? override_.rotationSet : override_.positionSet) = true;
            } else if (c.params[0] >= 0 && c.params[0] < 3) {
                target[static_cast<std::size_t>(c.params[0])] = c.params[1];
                (rotation ? override_.rotationSet : override_.positionSet) = true;
            }
            event(describe(c));
            ++pc_;
            continue;
        }
        case RagrOp::ChangeAnimGroup: { // (group, frame)
            AnimEvent* change = event(describe(c));
            const int slot = slotOf(c.params[0]);
            if (slot < 0) {
                if (change) change->what += ": no such group, the group ends";
                ended_ = true;
                return;
            }
            enterGroup(slot, c.params[1]);
            inGroup = 0;
            continue;
        }
        case RagrOp::DelayCounter:     // (n): the shown frame held for n ticks, this one the first
        case RagrOp::ConditionalDelay: // played as DelayCounter (docs/animation.md)
            event(describe(c));
            ++pc_;
            if (c.params[0] > 0) {
                delay_ = c.params[0] - 1;
                delayCommand_ = at;
                rec.held = true;
                return;
            }
            continue;
        case RagrOp::LoopControl: // (target)
            event(describe(c));
            if (--loopCounter_ > 0) {
                pc_ = c.params[0];
            } else {
                loopCounter_ = 0;
                ++pc_;
            }
            continue;
        case RagrOp::PlaySound:
        case RagrOp::BreakPoint:
        case RagrOp::Rumble:
        case RagrOp::Transition: // events only
            event(describe(c));
            ++pc_;
            continue;
        }
    }
}

std::int64_t ticksAt(double seconds, double ticksPerSecond) {
    // A NaN time or rate (a caller's own settings) plays no tick past the first; infinities clamp.
    if (std::isnan(seconds) || !(ticksPerSecond > 0)) return 1;
    const double t =
        std::clamp(seconds, 0.0, kMaxAnimationSeconds) * std::min(ticksPerSecond, kMaxTicksPerSecond);
    return static_cast<std::int64_t>(std::floor(t)) + 1;
}

int AnimPlayer::afterEndSlot() const {
    return options_.onEnd == OnEnd::Idle ? 0 : slot_;
}

void AnimPlayer::advanceTo(double seconds, double ticksPerSecond) {
    const std::int64_t target = ticksAt(seconds, ticksPerSecond);
    if (target < ticks_) reset();
    while (ticks_ < target)
        step();
}

} // namespace rgx::sim
