#!/usr/bin/env bash
# Installs the Debian packages rgx needs. Idempotent: installs only what is missing and runs
# `apt-get update` only when something must be installed.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev clang-format
  libvulkan-dev libvulkan-volk-dev vulkan-validationlayers mesa-vulkan-drivers vulkan-tools
  glslc spirv-tools
  libglfw3-dev libglm-dev libimgui-dev libstb-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev libssl-dev libpng-dev zlib1g-dev
  libtinygltf-dev libassimp-dev
  xvfb xauth
  chromium libjs-leaflet
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
