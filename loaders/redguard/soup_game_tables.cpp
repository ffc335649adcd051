// The game's SOUP386.DEF tables as data (facts only; docs/formats.md, "SOUP386.DEF", names the
// public sources): the functions in the game's index order with their call types and parameter
// counts, each with the reference's parameter kind and rgx's native (loaders/redguard/soup_functions.h:
// the one table of what a function is), and the flags in index order with their types, defaults
// and the comments the developers left on them, and the 127 named attribute slots. refs are
// rgx's own names (the game's list is not public). Generated from the sources' tables; edit the
// data, not the shape.

#include "loaders/redguard/soup_game_tables.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_functions.h"

#include <vector>

namespace rgx::loaders {

namespace {

constexpr SoupCallType kTask = SoupCallType::Task;
constexpr SoupCallType kFunc = SoupCallType::Function;
constexpr SoupCallType kMulti = SoupCallType::Multitask;
constexpr SoupParamKind kNum = SoupParamKind::Number;
constexpr SoupParamKind kKey = SoupParamKind::DialogueKey; // the reference's parameter type overrides
constexpr SoupParamKind kItem = SoupParamKind::Item;
constexpr SoupParamKind kMap = SoupParamKind::Map;
using N = SoupNative;

// Index 1 onwards (index 0 is the synthetic NullFunction, which the file does not hold).
constexpr SoupFunctionInfo kFunctions[] = {
    {kTask, "sRotate", 4},
    {kTask, "sRotateByAxis", 3},
    {kTask, "sRotateToAxis", 3},
    {kTask, "sMove", 4},
    {kTask, "sMoveByAxis", 3},
    {kTask, "sMoveAlongAxis", 3},
    {kFunc, "HeaderHook", 0},
    {kTask, "swordAI", 0},
    {kTask, "projectileAI", 0},
    {kFunc, "chargeWeapon", 1}, // 10
    {kFunc, "PlayerMain", 0},
    {kFunc, "PrintParms", 8},
    {kFunc, "LogParms", 8},
    {kFunc, "PrintStringParm", 1},
    {kFunc, "PrintSingleParm", 1},
    {kFunc, "SpacePressed", 0},
    {kTask, "WaitOnTasks", 0, kNum, N::WaitOnTasks},
    {kFunc, "updatePlayerViewAttrib", 0},
    {kFunc, "cameraController", 0},
    {kTask, "showObjRot", 8}, // 20
    {kTask, "showObj", 3},
    {kTask, "showObjLoc", 3},
    {kTask, "showObjPan", 4},
    {kTask, "showObjPanLoc", 4},
    {kTask, "lookObj", 1},
    {kTask, "showPlayer", 0},
    {kTask, "showPlayerPan", 1},
    {kTask, "lookCyrus", 1},
    {kTask, "showCyrus", 3},
    {kTask, "showCyrusLoc", 3}, // 30
    {kTask, "showCyrusPan", 4},
    {kTask, "showCyrusPanLoc", 4},
    {kFunc, "PlayAnimation", 2, kNum, N::PlayAnimation},
    {kFunc, "lockoutPlayer", 1},
    {kFunc, "menuNew", 0},
    {kTask, "menuProc", 0, kNum, N::MenuProc},
    {kFunc, "menuAddItem", 3, kKey},
    {kFunc, "menuSelection", 0},
    {kTask, "RTX", 1, kKey, N::Rtx},           // (key): the caller says the line
    {kTask, "rtxAnim", 4, kKey, N::RtxAnim},   // 40 (key, 3 RAGR groups): as RTX
    {kTask, "RTXpAnim", 4, kKey, N::RtxPAnim}, // (key, 3 groups): the player says it
    {kTask, "RTXp", 1, kKey, N::RtxP},         // (key): the player says the line
    {kTask, "Rotate", 4, kNum, N::Rotate},
    {kTask, "RotateByAxis", 3, kNum, N::RotateByAxis},
    {kTask, "RotateToAxis", 3, kNum, N::RotateToAxis},
    {kTask, "WalkForward", 1, kNum, N::WalkForward},
    {kTask, "WalkBackward", 1, kNum, N::WalkBackward},
    {kTask, "MoveForward", 1, kNum, N::MoveForward},
    {kTask, "MoveBackward", 1, kNum, N::MoveBackward},
    {kTask, "MoveLeft", 1, kNum, N::MoveLeft}, // 50
    {kTask, "MoveRight", 1, kNum, N::MoveRight},
    {kTask, "Move", 4, kNum, N::Move},
    {kTask, "MoveByAxis", 3, kNum, N::MoveByAxis},
    {kTask, "MoveAlongAxis", 3, kNum, N::MoveAlongAxis},
    {kTask, "MoveObjectAxis", 3, kNum, N::MoveObjectAxis},
    {kTask, "MoveToLocation", 2, kNum, N::MoveToLocation},
    {kTask, "WanderToLocation", 2, kNum, N::WanderToLocation},
    {kTask, "MoveToMarker", 2},
    {kFunc, "SetObjectLocation", 4},
    {kTask, "Wait", 1, kNum, N::Wait}, // 60
    {kFunc, "DistanceFromStart", 1, kNum, N::DistanceFromStart},
    {kFunc, "Light", 2, kNum, N::Light},
    {kFunc, "LightRadius", 1, kNum, N::LightRadius},
    {kFunc, "LightIntensity", 1, kNum, N::LightIntensity},
    {kFunc, "LightOff", 0, kNum, N::LightOff},
    {kFunc, "LightOffset", 3},
    {kFunc, "LightFlicker", 2, kNum, N::LightFlicker},
    {kFunc, "FlickerLight", 1, kNum, N::FlickerLight},
    {kFunc, "LightFlickerOff", 0, kNum, N::LightFlickerOff},
    {kFunc, "LightSize", 2}, // 70
    {kFunc, "LightSizeOff", 0},
    {kMulti, "FxPhase", 7, kNum, N::FxPhase},
    {kMulti, "FxFlickerOnOff", 1, kNum, N::FxFlickerOnOff},
    {kMulti, "FxFlickerDim", 1, kNum, N::FxFlickerDim},
    {kMulti, "FxLightSize", 2, kNum, N::FxLightSize},
    {kFunc, "Flat", 1, kNum, N::Flat},
    {kFunc, "FlatSetTexture", 2, kNum, N::FlatSetTexture},
    {kFunc, "FlatOff", 0, kNum, N::FlatOff},
    {kFunc, "FlatOffset", 3},
    {kFunc, "FlatLikeStatic", 1}, // 80
    {kFunc, "FlatAnimate", 3, kNum, N::FlatAnimate},
    {kFunc, "FlatStop", 0},
    {kFunc, "SetAttribute", 2, kNum, N::SetAttribute},
    {kFunc, "GetAttribute", 1, kNum, N::GetAttribute},
    {kFunc, "SetGlobalFlag", 1, kNum, N::SetGlobalFlag},
    {kFunc, "TestGlobalFlag", 1, kNum, N::TestGlobalFlag},
    {kFunc, "ResetGlobalFlag", 1, kNum, N::ResetGlobalFlag},
    {kTask, "FacePlayer", 1, kNum, N::FacePlayer},
    {kTask, "FacePlayerInertia", 1},
    {kTask, "FaceAngle", 1, kNum, N::FaceAngle}, // 90
    {kTask, "FacePos", 2},
    {kTask, "FaceObject", 1},
    {kFunc, "Sound", 3, kNum, N::Sound},         // (effect, volume 0-127, range): a one-shot at the caller
    {kFunc, "FlatSound", 3, kNum, N::FlatSound}, // as Sound, heard everywhere alike (not positional)
    {kMulti, "AmbientSound", 3, kNum, N::AmbientSound}, // as Sound, looping; the multitask: one play
    {kMulti, "AmbientRtx", 3, kKey, N::AmbientRtx},     // (key, volume, range): a line, no wait
    {kFunc, "Jump", 0},
    {kTask, "WaitNonMulti", 0},
    {kTask, "WaitOnDialog", 0},
    {kFunc, "HideMe", 0, kNum, N::HideMe}, // 100
    {kFunc, "ShowMe", 0, kNum, N::ShowMe},
    {kFunc, "Rnd", 1, kNum, N::Rnd},
    {kFunc, "QuickRnd", 1},
    {kFunc, "MyId", 0},
    {kTask, "FaceLocation", 2, kNum, N::FaceLocation},
    {kFunc, "DistanceFromLocation", 1, kNum, N::DistanceFromLocation},
    {kFunc, "LoadWorld", 3, kMap},
    {kFunc, "SetAiType", 1},
    {kFunc, "SetAiMode", 1},
    {kFunc, "MyAiType", 0}, // 110
    {kFunc, "MyAiMode", 0},
    {kTask, "GotoLocation", 1},
    {kTask, "Guard", 3},
    {kTask, "Animal", 2},
    {kFunc, "TrueFunction", 0},
    {kFunc, "TurnToPos", 2},
    {kFunc, "AtPos", 3},
    {kFunc, "TurnToAngle", 1},
    {kFunc, "MovePos", 3},
    {kFunc, "SetStartPosition", 3}, // 120
    {kFunc, "GetMyAttr", 1, kNum, N::GetMyAttr},
    {kFunc, "SetMyAttr", 2, kNum, N::SetMyAttr},
    {kFunc, "GetFramePassed", 0},
    {kFunc, "SpeedScale", 1},
    {kFunc, "InKey", 1},
    {kFunc, "PressKey", 1},
    {kFunc, "ACTIVATE", 1, kKey, N::Activate},
    {kFunc, "TorchActivate", 1, kKey},
    {kFunc, "Deactivate", 0},
    {kFunc, "ReleaseAnimation", 0}, // 130
    {kFunc, "HoldAnimation", 0},
    {kFunc, "PauseAnimation", 1},
    {kFunc, "SetAction", 1, kNum, N::SetAction},
    {kFunc, "ResetAction", 1},
    {kFunc, "ResetAllAction", 0},
    {kTask, "PushAnimation", 2, kNum, N::PushAnimation},
    {kTask, "PushControlAnimation", 2},
    {kTask, "WaitAnimFrame", 2, kNum, N::WaitAnimFrame},
    {kTask, "WaitPlayerAnimFrame", 0},
    {kFunc, "KillMyTasks", 0}, // 140
    {kTask, "ObjectLineUp", 3},
    {kTask, "ObjectParallelLineUp", 3},
    {kTask, "ObjectPickupLineUp", 3},
    {kTask, "LineUp", 3},
    {kTask, "WaitLineUp", 1},
    {kFunc, "MoveAboveMe", 4},
    {kFunc, "KillMe", 0, kNum, N::KillMe},
    {kFunc, "EndSound", 1, kNum, N::EndSound},       // (effect): every object's
    {kFunc, "EndMySounds", 0, kNum, N::EndMySounds}, // the caller's, all
    {kFunc, "EndMySound", 1, kNum, N::EndMySound},   // 150 (effect): the caller's
    {kFunc, "StopAllSounds", 0, kNum, N::StopAllSounds},
    {kTask, "ViewGXA", 3},
    {kTask, "AnimateGXA", 4},
    {kFunc, "PlayerOffset", 3},
    {kMulti, "PlayerOffsettask", 3},
    {kFunc, "Offset", 3},
    {kFunc, "UnOffset", 0},
    {kTask, "BounceObject", 3},
    {kFunc, "OffsetLocation", 4},
    {kFunc, "DistanceToLocation", 1, kNum, N::DistanceToLocation}, // 160
    {kFunc, "ShowBitmap", 2},
    {kFunc, "UnShowBitmap", 1},
    {kFunc, "ReplenishHealth", 0},
    {kFunc, "InRectangle", 4},
    {kFunc, "InCircle", 3},
    {kFunc, "ScriptParticles", 8},
    {kFunc, "LightTorch", 0},
    {kFunc, "UnlightTorch", 0},
    {kFunc, "LoadStatic", 1, kNum, N::LoadStatic},
    {kFunc, "UnLoadStatic", 0, kNum, N::UnLoadStatic}, // 170
    {kFunc, "PointAt", 0},
    {kFunc, "beginCombat", 0},
    {kFunc, "endCombat", 0},
    {kFunc, "isFighting", 0},
    {kFunc, "isDead", 0},
    {kFunc, "adjustHealth", 2},
    {kFunc, "setHealth", 1},
    {kFunc, "health", 0},
    {kFunc, "adjustStrength", 1},
    {kFunc, "setStrength", 1}, // 180
    {kFunc, "strength", 0},
    {kFunc, "adjustArmor", 1},
    {kFunc, "setArmor", 1},
    {kFunc, "armor", 0},
    {kFunc, "shoot", 7},
    {kFunc, "shootPlayer", 4},
    {kFunc, "resurrect", 0},
    {kFunc, "EnableObject", 0, kNum, N::EnableObject},
    {kFunc, "DisableObject", 0, kNum, N::DisableObject},
    {kFunc, "EnableTasks", 0}, // 190
    {kFunc, "DisableTasks", 0},
    {kFunc, "EnableScript", 0},
    {kFunc, "DisableScript", 0},
    {kFunc, "EnableHook", 0},
    {kFunc, "DisableHook", 0},
    {kFunc, "EnableCombat", 0},
    {kFunc, "DisableCombat", 0},
    {kFunc, "SetRotation", 3},
    {kFunc, "SetPosition", 3},
    {kFunc, "ResetRotation", 3}, // 200
    {kFunc, "ResetPosition", 3},
    {kFunc, "ReloadRotation", 0},
    {kFunc, "ReloadPosition", 0},
    {kFunc, "SetLocation", 1},
    {kFunc, "AttachMe", 1},
    {kFunc, "DetachMe", 0},
    {kFunc, "DetachSlaves", 0},
    {kFunc, "KillSlaves", 0},
    {kFunc, "HideSlaves", 0},
    {kFunc, "ShowSlaves", 0}, // 210
    {kFunc, "EnableSlaves", 0},
    {kFunc, "DisableSlaves", 0},
    {kFunc, "IsSlave", 0},
    {kFunc, "IsMaster", 0},
    {kFunc, "FixSlaveAngle", 2},
    {kFunc, "PlayerMoved", 0},
    {kFunc, "PlayerTurned", 0},
    {kFunc, "PlayerTurnedDirection", 0},
    {kFunc, "PlayerMovementSpeed", 0},
    {kFunc, "GetMovementSpeed", 0}, // 220
    {kFunc, "PlayerHealth", 0},
    {kFunc, "PlayerStatus", 0},
    {kFunc, "PlayerCollide", 0},
    {kFunc, "PlayerStand", 0},
    {kFunc, "PlayerArmed", 0},
    {kFunc, "PlayerHanging", 0},
    {kFunc, "PlayerInSight", 0},
    {kFunc, "PlayerDistance", 0, kNum, N::PlayerDistance},
    {kFunc, "AcuratePlayerDistance", 0, kNum, N::AcuratePlayerDistance},
    {kFunc, "PlayerFacing", 2}, // 230
    {kFunc, "PlayerArcTan", 0},
    {kFunc, "PlayerArc", 2},
    {kFunc, "PlayerLooking", 1},
    {kMulti, "PlayerTilt", 3},
    {kMulti, "PlayerTiltRevx", 3},
    {kFunc, "PlayerSnap", 3},
    {kTask, "PlayerLineUp", 3},
    {kTask, "PlayerParallelLineUp", 3},
    {kTask, "PlayerPickupLineUp", 3},
    {kFunc, "MovePlayerAboveMe", 4}, // 240
    {kFunc, "PushPlayer", 1},
    {kFunc, "PopPlayer", 0},
    {kTask, "PlayerFaceObj", 0},
    {kFunc, "PlayerOnScape", 0},
    {kFunc, "PlayerCollideStatic", 0},
    {kFunc, "WonGame", 0},
    {kFunc, "MainloopExit", 1},
    {kTask, "PlayerFaceTalk", 1},
    {kFunc, "PlayerForceTalk", 1},
    {kFunc, "CollidePlayerWeapon", 4}, // 250
    {kFunc, "ZapPlayer", 1},
    {kFunc, "ZapPlayerNoKill", 1},
    {kFunc, "ZapObject", 1},
    {kFunc, "ZapObjectNoKill", 1},
    {kFunc, "SendMessage", 1},
    {kFunc, "ReceiveMessage", 0},
    {kFunc, "IsMessageWaiting", 0},
    {kFunc, "GetMessageSender", 0},
    {kFunc, "GetMessageSenderId", 0},
    {kFunc, "ReplySender", 1}, // 260
    {kFunc, "DeleteMessage", 0},
    {kFunc, "SendBroadcast", 1},
    {kFunc, "ReceiveBroadcast", 0},
    {kFunc, "DeleteBroadcast", 0},
    {kFunc, "IsBroadcastWaiting", 0},
    {kFunc, "GetBroadcastSender", 0},
    {kFunc, "GetBroadcastSenderId", 0},
    {kFunc, "ReplyBroadcastSender", 1},
    {kFunc, "ResetGroupSync", 0},
    {kFunc, "ResetUserSync", 0}, // 270
    {kTask, "SyncWithGroup", 1, kNum, N::SyncWithGroup},
    {kTask, "SyncWithUser", 1},
    {kFunc, "ChangeGroup", 1},
    {kFunc, "ChangeUser", 1},
    {kFunc, "PipeMyGroup", 0},
    {kFunc, "PipeGroup", 1},
    {kFunc, "PipeUser", 1},
    {kFunc, "PipeMasters", 0},
    {kFunc, "PipeSlaves", 0},
    {kFunc, "PipeAroundMe", 1}, // 280
    {kFunc, "PipeAroundPos", 4},
    {kFunc, "PipeHidden", 0},
    {kTask, "MoveNodeMarker", 2},
    {kTask, "MoveNodeLocation", 2},
    {kTask, "MoveNodePosition", 4},
    {kFunc, "AtNodeMarker", 2},
    {kFunc, "AtNodeLocation", 2},
    {kFunc, "AtNodePosition", 4},
    {kFunc, "Wander", 2},
    {kFunc, "DisableNodeMaps", 0}, // 290
    {kFunc, "EnableNodeMaps", 0},
    {kTask, "MoveMarker", 2},
    {kTask, "MoveLocation", 2},
    {kTask, "MovePosition", 4},
    {kFunc, "DrawSword", 0, kNum, N::DrawSword},
    {kFunc, "SheathSword", 0, kNum, N::SheathSword},
    {kFunc, "CheckPlayerWeapon", 0},
    {kFunc, "DisplayHandModel", 4, kNum, N::DisplayHandModel},
    {kFunc, "DisplayHandItem", 4, kNum, N::DisplayHandItem},
    {kFunc, "DisplayHiltModel", 4}, // 300
    {kFunc, "DisplayHiltItem", 4},
    {kFunc, "HandItem", 1, kItem, N::HandItem},
    {kFunc, "HaveItem", 1, kItem},
    {kFunc, "RemoveItem", 1},
    {kFunc, "ItemUsed", 1},
    {kFunc, "PushItem", 2},
    {kFunc, "PopItem", 1},
    {kFunc, "AddItem", 2, kItem},
    {kFunc, "SubItem", 2},
    {kFunc, "DropItem", 2, kItem}, // 310
    {kFunc, "UseItem", 1},
    {kFunc, "ShowItem", 4, kItem},
    {kFunc, "ShowItemNoRtx", 3, kItem},
    {kFunc, "ActiveItem", 0, kItem},
    {kFunc, "PushAllItems", 1},
    {kFunc, "PopAllItems", 0},
    {kFunc, "DropAllItems", 0},
    {kFunc, "SelectItem", 1, kItem},
    {kFunc, "IsOnEdge", 0},
    {kFunc, "IsHoldingWeapon", 0, kNum, N::IsHoldingWeapon}, // 320
    {kFunc, "IsSheathingSword", 0},
    {kFunc, "IsDrawingSword", 0},
    {kFunc, "IsDrawingOrSheathing", 0},
    {kFunc, "IsCarryingWeapon", 0, kNum, N::IsCarryingWeapon},
    {kFunc, "IsCombatCapable", 0},
    {kFunc, "IsShellScript", 0},
    {kFunc, "IsWithinView", 0},
    {kFunc, "IsWithinMap", 0},
    {kFunc, "IsInAir", 0},
    {kFunc, "IsLightingOrUnlighting", 0}, // 330
    {kFunc, "IsUnlightingTorch", 0},
    {kFunc, "IsLightingTorch", 0},
    {kFunc, "IsInLava", 0},
    {kFunc, "IsInDeepWater", 0},
    {kFunc, "IsInWater", 0},
    {kFunc, "IsBouncing", 0},
    {kFunc, "OpenShell", 1},
    {kFunc, "CountAiShells", 1},
    {kFunc, "FindAiShell", 1},
    {kFunc, "AddFlatEffect", 6}, // 340
    {kFunc, "AddLightEffect", 8},
    {kFunc, "GolemSteam", 0},
    {kFunc, "DragonBreath", 0},
    {kMulti, "DragonBreathTask", 0},
    {kFunc, "QueueMovie", 1},
    {kTask, "TestTask", 1},
    {kFunc, "XResetCamera", 0},
    {kFunc, "SetPotion", 2},
    {kFunc, "GetPotion", 1},
    {kFunc, "AddLog", 1, kKey}, // 350
    {kFunc, "Spare0Parm0", 0},
    {kFunc, "Spare1Parm0", 0},
    {kFunc, "Spare0Parm1", 1},
    {kFunc, "Spare1Parm1", 1},
    {kFunc, "Spare0Parm2", 2},
    {kFunc, "Spare1Parm2", 2},
    {kFunc, "Spare0Parm3", 3},
    {kFunc, "Spare1Parm3", 3},
    {kFunc, "Spare0Parm4", 4},
    {kFunc, "Spare1Parm4", 4}, // 360
    {kFunc, "Spare0Parm5", 5},
    {kFunc, "Spare1Parm5", 5},
    {kFunc, "Spare0Parm6", 6},
    {kFunc, "Spare1Parm6", 6},
    {kFunc, "Spare0Parm7", 7},
    {kFunc, "Spare1Parm7", 8},
};

const std::vector<SoupFunctionInfo>& functionTable() {
    static const std::vector<SoupFunctionInfo> table = [] {
        std::vector<SoupFunctionInfo> t{{kFunc, "NullFunction", 0}};
        t.insert(t.end(), std::begin(kFunctions), std::end(kFunctions));
        return t;
    }();
    return table;
}

SoupDef buildGameSoupDef() {
    SoupDef def;
    for (const SoupFunctionInfo& f : functionTable())
        def.functions.push_back({f.type, f.name, f.params});
    // Position in engine units; angles in degrees.
    def.refs = {"x", "y", "z", "anglex", "angley", "anglez", "hidden", "frame", "group"};
    // The RAAT slots, by the names the public interpreter gives them (slot 7 also "userflag"). The
    // reference agrees where it names slots: the sheath and draw frame thresholds at 0x22, 0x23.
    def.attributes = {
        "active",
        "collide",
        "strength",
        "health",
        "armor",
        "movement",
        "weight",
        "ymove",
        "forward_speed",
        "backward_speed",
        "side_speed",
        "step_type",
        "forward_walk",
        "backward_walk",
        "combat",
        "turn_speed",
        "fight_lunge_speed",
        "fight_forward_speed",
        "fight_backward_speed",
        "fight_forward_walk",
        "fight_backward_walk",
        "fight_turn_speed",
        "fight_turn_accel",
        "weapon",
        "player_align",
        "master",
        "slave",
        "slave_type",
        "rotation",
        "group",
        "user",
        "jump_time",
        "jump_height",
        "no_slave_rot",
        "sheath_frame",
        "draw_frame",
        "ignore_own_matrix",
        "stop_y_rotate",
        "stop_x_rotate",
        "stop_z_rotate",
        "stop_x_move",
        "stop_y_move",
        "stop_z_move",
        "always_sync",
        "panic_group",
        "camera_move",
        "camera_pan_type",
        "camera_target_offset_x",
        "camera_target_offset_y",
        "camera_target_offset_z",
        "camera_offset_x",
        "camera_offset_y",
        "camera_offset_z",
        "camera_distance",
        "dialog_y",
        "no_collide",
        "no_sphere_object",
        "mass",
        "aggression",
        "combat_defense",
        "attack",
        "defend",
        "attack_skill",
        "defense_skill",
        "combat_allies",
        "combat_alignment",
        "combat_group",
        "weapon_type",
        "armor_type",
        "death_type",
        "attack_single",
        "attack_double",
        "attack_triple",
        "attack_thrust",
        "attack_lunge",
        "attack_low",
        "attack_jump_up",
        "attack_jump_forward",
        "attack_disarm",
        "defend_low",
        "defend_right",
        "defend_left",
        "defend_high",
        "fight_circle_speed",
        "fight_circle_delta_angle",
        "num_taunts",
        "hit_sound",
        "chatty",
        "twitch",
        "stick_to_surface",
        "node_idle",
        "node_climbs",
        "node_jumps",
        "node_run",
        "node_in_use",
        "node_ignore_in_sight",
        "damage",
        "npc",
        "bounce_power",
        "bounce_move",
        "bounce_turn",
        "boat_rock_align",
        "v_weapon",
        "light_frame",
        "unlight_frame",
        "player_type",
        "special_activate",
        "fall_hold",
        "fall_damage",
        "zap_anim",
        "holding_weapon",
        "reload_type",
        "no_continue",
        "short_mapping",
        "no_view_manage",
        "reserved_weight",
        "no_node_combat",
        "lock_pos",
        "woman",
        "reserved_collide",
        "invulnerable",
        "combat_ignore_in_sight",
        "non_moving",
        "combat_long_sight",
        "combat_radius_weapon",
        "mess_group",
        "combat_radius_vhit",
    };
    addGameSoupFlags(def);
    return def;
}

} // namespace

std::span<const SoupFunctionInfo> gameSoupFunctions() {
    return functionTable();
}

const SoupFunctionInfo* findGameSoupFunction(std::string_view name) {
    const auto id = findSoupFunction(gameSoupDef(), std::string(name)); // the DEF's lookup: any case
    return id ? &functionTable()[*id] : nullptr;
}

SoupParamKind soupParamKind(std::string_view function, std::uint32_t index) {
    const SoupFunctionInfo* f = index == 0 ? findGameSoupFunction(function) : nullptr;
    return f ? f->first : SoupParamKind::Number;
}

const char* soupNativeName(SoupNative n) {
    if (n == SoupNative::None) return "";
    for (const SoupFunctionInfo& f : functionTable()) {
        if (f.native == n) return f.name;
    }
    return "";
}

const SoupDef& gameSoupDef() {
    static const SoupDef def = buildGameSoupDef();
    return def;
}

} // namespace rgx::loaders
