// The VALU builtin functions' engine: the lane words the header packed, run by the lane engine
// (fast kernels where they apply, emu/insns/run_valu_lanes.hpp); the argument roles from the signature's
// traits (emu/isa/valu_signature.hpp).
#include "emu/api/valu_builtins.hpp"

#include <stdexcept>

#include "emu/insns/run_valu_lanes.hpp"
#include "emu/insns/execute_valu.hpp"
#include "emu/semantics/valu_lane.hpp"
#include "fmt/format.h"

namespace mxlane::builtins::detail {
namespace {

const ValuDesc& desc_of(std::string_view name) {
  const ValuDesc* d = find_valu(name);
  if (d == nullptr) throw std::logic_error(fmt::format("{} is not a VALU builtin", name));
  return *d;
}

}  // namespace

int valu_argument(std::string_view name, int position, int value, Modifiers& mods) {
  const ValuSignatureTraits& t = valu_signature_traits(desc_of(name).signature);
  if (position >= t.arity) throw std::logic_error(fmt::format("{}: more arguments than its signature has", name));
  const ValuArg role = t.call[static_cast<std::size_t>(position)];
  if (role <= ValuArg::s2) return static_cast<int>(role);
  set_valu_constant(mods, role, value);
  return -1;
}

int valu_operand_words(std::string_view name, int operand) {
  if (operand < 0 || operand > 2)
    throw std::logic_error(fmt::format("{}: a lane array where its signature has a constant", name));
  return desc_of(name).shape().src[operand];
}

std::vector<std::uint32_t> run_valu_words(std::string_view name, ArchId arch, const Modifiers& mods,
                                          const Switches& switches,
                                          const std::array<std::vector<std::uint32_t>, 3>& words, std::size_t lanes) {
  const ValuDesc& desc = desc_of(name);
  require_available(desc, arch);
  validate_valu_modifiers(desc, mods);
  std::vector<std::uint32_t> d(lanes * static_cast<std::size_t>(desc.shape().dst));
  const std::uint32_t* src[3] = {words[0].data(), words[1].data(), words[2].data()};
  run_valu_lanes(desc, ValuContext{arch, mods, switches}, src, d.data(), lanes);
  return d;
}

}  // namespace mxlane::builtins::detail
