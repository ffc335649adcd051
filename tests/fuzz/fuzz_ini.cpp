// Every INI reader on arbitrary bytes: they may reject (size bound) but never crash, and the raw
// layer must give back the input byte for byte.
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/ini.h"
#include "loaders/redguard/item_ini.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/world_ini.h"
#include "tests/fuzz/fuzz_target.h"

#include <algorithm>
#include <stdexcept>

RGX_FUZZ_TARGET(ini) {
    rgx::loaders::IniFile ini = rgx::loaders::readIni(data, "fuzz.ini");
    rgx::loaders::Bytes back = RGX_FUZZ_MUST(rgx::loaders::writeIni(ini));
    if (!std::equal(back.begin(), back.end(), data.begin(), data.end())) {
        throw std::logic_error("writeIni(readIni(bytes)) != bytes");
    }
    (void)rgx::loaders::iniIssues(ini);
    (void)rgx::loaders::parseWorldIni(ini);
    (void)rgx::loaders::parseSystemIni(ini);
    (void)rgx::loaders::parseItemIni(ini);
    rgx::loaders::FogIni fog = rgx::loaders::parseFogIni(ini);
    (void)rgx::loaders::fogTable(fog);
    rgx::loaders::SurfaceIni surface = rgx::loaders::parseSurfaceIni(ini);
    (void)rgx::loaders::soundRemapTable(surface);
}
