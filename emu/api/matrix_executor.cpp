// The cached-placement executor: per (instruction, modifiers, switches) one plan holding every
// operand placement in execute_matrix()'s order; then either one fast GEMM per block and A/B copy,
// or execute_matrix()'s element loop over the cached placements.
#include "emu/api/matrix_executor.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "emu/api/gemm.hpp"
#include "emu/api/gemm_internal.hpp"
#include "emu/fast/kernel_table.hpp"
#include "emu/fast/simd_level.hpp"
#include "emu/api/matrix.hpp"
#include "emu/insns/matrix_insn.hpp"
#include "layouts/feeding_slots.hpp"
#include "layouts/operand_layout.hpp"

namespace mxlane {
namespace {

// One placement compiled to word arithmetic on LaneRegFile::words(): the word at index (operand
// base * wave + `index`), the field at `shift` of `width` bits (64: with the next VGPR's word as the
// high half), then read_element()'s ABS and NEG marks as bit masks on the sign.
struct Field {
  std::uint32_t index = 0;
  std::uint8_t shift = 0;
  std::uint8_t width = 32;
  std::uint64_t clear = 0;  // the sign bit, when ABS takes |x|
  std::uint64_t flip = 0;   // the sign bit, when NEG negates
};

Field field_of(const Placement& p, int wave) {
  Field f;
  f.index = static_cast<std::uint32_t>(p.slot.vgpr * wave + p.slot.lane);
  f.shift = static_cast<std::uint8_t>(p.slot.bit_lo);
  f.width = static_cast<std::uint8_t>(p.slot.width());
  const std::uint64_t sign = std::uint64_t{1} << (f.width - 1);
  f.clear = p.absolute ? sign : 0;
  f.flip = p.negated ? sign : 0;
  return f;
}

// read_element() on the words of a register file (an operand starting at word `base`).
inline std::uint64_t read_field(const std::uint32_t* words, std::size_t base, int wave, const Field& f) {
  std::uint64_t v = words[base + f.index];
  if (f.width == 64)
    v |= std::uint64_t{words[base + f.index + static_cast<std::size_t>(wave)]} << 32;
  else if (f.width < 32)
    v = (v >> f.shift) & ((std::uint64_t{1} << f.width) - 1);
  return (v & ~f.clear) ^ f.flip;
}

// A field of at most 32 bits that no ABS or NEG touches, in 8 bytes: the gathers of
// compute_fast_typed() walk thousands of them per line, and a third of Field's size keeps that walk
// in the L1 cache.
struct PlainField {
  std::uint32_t index = 0;
  std::uint8_t shift = 0;
  std::uint8_t width = 32;
};
inline bool plain(const Field& f) { return f.width <= 32 && f.clear == 0 && f.flip == 0; }
inline std::uint32_t read_plain(const std::uint32_t* words, std::size_t base, const PlainField& f) {
  return static_cast<std::uint32_t>((std::uint64_t{words[base + f.index]} >> f.shift) &
                                    ((std::uint64_t{1} << f.width) - 1));
}

// write_slot() on the words: the field's other bits keep their contents.
inline void write_field(std::uint32_t* words, std::size_t base, int wave, const Field& f, std::uint64_t v) {
  std::uint32_t& w = words[base + f.index];
  if (f.width == 64) {
    w = static_cast<std::uint32_t>(v);
    words[base + f.index + static_cast<std::size_t>(wave)] = static_cast<std::uint32_t>(v >> 32);
  } else if (f.width == 32) {
    w = static_cast<std::uint32_t>(v);
  } else {
    const std::uint32_t mask = ((std::uint32_t{1} << f.width) - 1) << f.shift;
    w = (w & ~mask) | ((static_cast<std::uint32_t>(v) << f.shift) & mask);
  }
}

// One output element: where D[block][i][j] goes and which A/B copy it reads (RDNA3 lane groups,
// docs/spec/layouts.md §8.5).
struct OutputPlan {
  Field target;
  int lane = 0;
  int replica = 0;
};

struct Plan {
  const InstrDesc* desc = nullptr;
  Modifiers mods;
  Switches switches;
  bool fast = false;            // gemm_path() == fast: the SIMD kernels give the reference's bits
  fast::FamilyChoice family{};  // with fast: what gemm() would run
  const fast::GemmKernel* gemm_kernel = nullptr;
  int a_rows = 0, a_cols = 0, a_replicas = 1, b_rows = 0, b_cols = 0, b_replicas = 1, c_rows = 0, c_cols = 0,
      c_replicas = 1;
  std::vector<Field> pa, pb, pc;
  std::vector<OutputPlan> outputs;  // (block, i, j) in execute_matrix()'s order
  std::array<bool, 4> replica_used{};
  // With fast: the fields of A, B and C in gemm()'s column-major order, per block (and A/B copy:
  // slot block * replica_used.size() + replica), so that the copy into gemm()'s matrices is a
  // linear walk (compute_fast_typed).
  std::vector<Field> gather_a, gather_b, gather_c;
  // The same as PlainField when every gathered field is plain (else empty).
  std::vector<PlainField> plain_a, plain_b, plain_c;
  // The same as byte offsets from the operand's first word when every gathered A (B) field is a whole byte
  // (the 8-bit formats): one load per element (else empty).
  std::vector<std::uint32_t> bytes_a, bytes_b;
  ElementKernel kernel = nullptr;

  const Field& a(int block, int row, int col, int replica) const {
    return pa[static_cast<std::size_t>(((block * a_rows + row) * a_cols + col) * a_replicas + replica)];
  }
  const Field& b(int block, int row, int col, int replica) const {
    return pb[static_cast<std::size_t>(((block * b_rows + row) * b_cols + col) * b_replicas + replica)];
  }
  const Field& c(int block, int row, int col) const {
    return pc[static_cast<std::size_t>(((block * c_rows + row) * c_cols + col) * c_replicas)];
  }
};

std::unique_ptr<Plan> make_plan(const InstrDesc& d, const Modifiers& mods, const Switches& switches) {
  auto plan = std::make_unique<Plan>();
  plan->desc = &d;
  plan->mods = mods;
  plan->switches = switches;
  const OperandLayout la(d, Operand::A, mods, switches), lb(d, Operand::B, mods, switches),
      lc(d, Operand::C, mods, switches), ld(d, Operand::D, mods, switches);
  // (An instruction without a kernel family never takes the fast path; asking gemm_path() first would refuse
  // the ones gemm() cannot take at all, such as an f32 C with a bf16 D.)
  plan->fast = fast::gemm_family(d, mods).has_value() &&
               gemm_path(d, GemmOptions{.threads = 1, .mods = mods, .switches = switches}) == GemmPath::fast;
  if (plan->fast) {  // gemm()'s own choice (emu/api/gemm.cpp run()), made once
    plan->family = *fast::gemm_family(d, mods);
    plan->gemm_kernel = fast::gemm_kernel(fast::active_simd_level(), plan->family.family, plan->family.acc_bits);
    plan->fast = plan->gemm_kernel != nullptr;
  }
  plan->a_rows = la.rows(), plan->a_cols = la.cols(), plan->a_replicas = la.replicas();
  plan->b_rows = lb.rows(), plan->b_cols = lb.cols(), plan->b_replicas = lb.replicas();
  plan->c_rows = lc.rows(), plan->c_cols = lc.cols(), plan->c_replicas = lc.replicas();
  for (const Placement& p : la.all()) plan->pa.push_back(field_of(p, d.wave));
  for (const Placement& p : lb.all()) plan->pb.push_back(field_of(p, d.wave));
  for (const Placement& p : lc.all()) plan->pc.push_back(field_of(p, d.wave));
  const std::vector<Placement> pd = ld.all();
  for (int block = 0; block < d.blocks; ++block)
    for (int i = 0; i < d.m; ++i)
      for (int j = 0; j < d.n; ++j) {
        const Placement& out = pd[static_cast<std::size_t>(((block * ld.rows() + i) * ld.cols() + j) * ld.replicas())];
        const int replica = output_replica(la, out.slot.lane, switches);
        if (replica < 0 || replica >= static_cast<int>(plan->replica_used.size())) return nullptr;
        plan->replica_used[static_cast<std::size_t>(replica)] = true;
        plan->outputs.push_back({field_of(out, d.wave), out.slot.lane, replica});
      }
  // Every field inside its operand's registers, which common_operands() checked against the file.
  const auto inside = [&](const std::vector<Field>& fields, Operand op) {
    const auto words = static_cast<std::uint32_t>(d.vgprs(op) * d.wave);
    for (const Field& f : fields) {
      if (f.index + (f.width == 64 ? static_cast<std::uint32_t>(d.wave) : 0) >= words) return false;
      // A field running into the next VGPR (fp6/bf6, docs/cdna4.md §2.2): the element loop reads it.
      if (f.width < 32 && f.shift + f.width > 32) return false;
    }
    return true;
  };
  std::vector<Field> targets;
  for (const OutputPlan& o : plan->outputs) targets.push_back(o.target);
  if (!inside(plan->pa, Operand::A) || !inside(plan->pb, Operand::B) || !inside(plan->pc, Operand::C) ||
      !inside(targets, Operand::D))
    return nullptr;
  if (plan->fast) {
    const std::size_t copies = plan->replica_used.size();
    const auto mk = static_cast<std::size_t>(d.m * d.k), kn = static_cast<std::size_t>(d.k * d.n),
               mn = static_cast<std::size_t>(d.m * d.n);
    plan->gather_a.resize(static_cast<std::size_t>(d.blocks) * copies * mk);
    plan->gather_b.resize(static_cast<std::size_t>(d.blocks) * copies * kn);
    plan->gather_c.resize(static_cast<std::size_t>(d.blocks) * mn);
    for (int block = 0; block < d.blocks; ++block) {
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < d.n; ++j)
          plan->gather_c[block * mn + static_cast<std::size_t>(i + j * d.m)] = plan->c(block, i, j);
      for (std::size_t replica = 0; replica < copies; ++replica) {
        if (!plan->replica_used[replica]) continue;
        const std::size_t slot = static_cast<std::size_t>(block) * copies + replica;
        const int r = static_cast<int>(replica);
        for (int i = 0; i < d.m; ++i)
          for (int k = 0; k < d.k; ++k)
            plan->gather_a[slot * mk + static_cast<std::size_t>(i + k * d.m)] = plan->a(block, i, k, r);
        for (int k = 0; k < d.k; ++k)
          for (int j = 0; j < d.n; ++j)
            plan->gather_b[slot * kn + static_cast<std::size_t>(k + j * d.k)] = plan->b(block, k, j, r);
      }
    }
  }
  const auto all_plain = [](const std::vector<Field>& fields) {
    return std::all_of(fields.begin(), fields.end(), plain);
  };
  if (plan->fast && all_plain(plan->gather_a) && all_plain(plan->gather_b) && all_plain(plan->gather_c)) {
    const auto compact = [](const std::vector<Field>& fields, std::vector<PlainField>& out) {
      for (const Field& f : fields) out.push_back({f.index, f.shift, f.width});
    };
    compact(plan->gather_a, plan->plain_a);
    compact(plan->gather_b, plan->plain_b);
    compact(plan->gather_c, plan->plain_c);
    static_assert(std::endian::native == std::endian::little, "gather() reads a word's bytes in memory order");
    // Only the slots of the A/B copies the outputs read hold fields (the others stay default, never gathered).
    const auto byte_offsets = [&](const std::vector<Field>& fields, std::vector<std::uint32_t>& out) {
      const std::size_t copies = plan->replica_used.size(), per_slot = fields.size() / (copies * d.blocks);
      for (std::size_t x = 0; x < fields.size(); ++x)
        if (plan->replica_used[(x / per_slot) % copies] && (fields[x].width != 8 || fields[x].shift % 8 != 0)) return;
      for (const Field& f : fields) out.push_back(4 * f.index + f.shift / 8);
    };
    byte_offsets(plan->gather_a, plan->bytes_a);
    byte_offsets(plan->gather_b, plan->bytes_b);
  }
  plan->kernel = element_kernel(d);
  return plan;
}

// The plans this thread has used, newest last; a handful of instruction/modifier combinations
// make up any real input, so a short list searched linearly is enough.
const Plan* cached_plan(const InstrDesc& d, const Modifiers& mods, const Switches& switches) {
  thread_local std::vector<std::unique_ptr<Plan>> plans;
  for (const auto& p : plans)
    if (p->desc == &d && p->mods == mods && p->switches == switches) return p.get();
  std::unique_ptr<Plan> plan = make_plan(d, mods, switches);
  if (!plan) return nullptr;
  constexpr std::size_t kMaxPlans = 64;
  if (plans.size() == kMaxPlans) plans.erase(plans.begin());
  plans.push_back(std::move(plan));
  return plans.back().get();
}

// Only plain VGPR operands inside the register file, aligned as the architecture requires
// (ArchInfo::tuple_align_regs): execute_matrix() words every other case's error.
bool common_operands(const InstrDesc& d, const LaneRegFile& regs, const MatrixOperands& ops) {
  if (regs.wave() != d.wave) return false;
  for (const auto& [op, r] : {std::pair{Operand::A, ops.a}, std::pair{Operand::B, ops.b}, std::pair{Operand::C, ops.c},
                              std::pair{Operand::D, ops.d}}) {
    const int count = d.vgprs(op);
    if (r.bank != RegBank::vgpr || r.base < 0 || r.base + count > regs.num_regs(RegBank::vgpr)) return false;
    if (count > 1 && r.base % d.arch_traits().tuple_align_regs != 0) return false;
  }
  return true;
}

fast::Storage storage_of(std::size_t bytes) {
  return bytes == 1   ? fast::Storage::u8
         : bytes == 2 ? fast::Storage::u16
         : bytes == 4 ? fast::Storage::u32
                      : fast::Storage::u64;
}

// Every D element through the fast GEMM kernel gemm() runs: per block and A/B copy one
// m x n x k product on column-major copies of the operands (gemm()'s checks and path choice were
// made once, in the plan). In, Acc: the storage types of gemm() for the instruction.
template <class In, class Acc>
void compute_fast_typed(const Plan& p, const LaneRegFile& regs, const MatrixOperands& ops,
                        std::vector<std::uint64_t>& results) {
  const InstrDesc& d = *p.desc;
  const std::uint32_t* words = regs.words().data();
  const auto base = [&](const OperandRegs& r) {
    return static_cast<std::size_t>(r.base) * static_cast<std::size_t>(d.wave);
  };
  const std::size_t a_base = base(ops.a), b_base = base(ops.b), c_base = base(ops.c);
  thread_local std::vector<In> a, b;
  thread_local std::vector<Acc> c, out;
  const auto size = [](int rows, int cols) { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols); };
  a.resize(size(d.m, d.k));
  b.resize(size(d.k, d.n));
  c.resize(size(d.m, d.n));
  out.resize(size(d.m, d.n));
  gemm_detail::GemmRequest r;
  r.desc = &d;
  r.m = d.m;
  r.n = d.n;
  r.k = d.k;
  r.a = {a.data(), d.m, storage_of(sizeof(In))};
  r.b = {b.data(), d.k, storage_of(sizeof(In))};
  r.c = {c.data(), d.m, storage_of(sizeof(Acc))};
  r.d = out.data();
  r.ldd = d.m;
  r.options = GemmOptions{.threads = 1, .mods = p.mods, .switches = p.switches, .path = GemmPath::fast};
  const std::size_t copies = p.replica_used.size();
  static const std::vector<std::uint32_t> kNoBytes;
  // dst[x] = the field at `first + x` of the gather list, through the byte offsets or the compact list when
  // there is one.
  const auto gather = [&](auto& dst, const std::vector<std::uint32_t>& byte_fields,
                          const std::vector<PlainField>& plain_fields, const std::vector<Field>& fields,
                          std::size_t first, std::size_t operand_base) {
    using T = typename std::remove_reference_t<decltype(dst)>::value_type;
    // Through a plain pointer: a store through the vector (a thread_local) would make the compiler reload
    // its address and size for every element.
    T* into = dst.data();
    const std::size_t count = dst.size();
    if (!byte_fields.empty()) {
      // Byte n of a word is its bits [8n+7:8n] on a little-endian host (checked where bytes_a is built).
      const auto* bytes = reinterpret_cast<const unsigned char*>(words + operand_base);
      const std::uint32_t* off = byte_fields.data() + first;
      for (std::size_t x = 0; x < count; ++x) into[x] = static_cast<T>(bytes[off[x]]);
    } else if (!plain_fields.empty()) {
      const PlainField* f = plain_fields.data() + first;
      for (std::size_t x = 0; x < count; ++x) into[x] = static_cast<T>(read_plain(words, operand_base, f[x]));
    } else {
      const Field* f = fields.data() + first;
      for (std::size_t x = 0; x < count; ++x) into[x] = static_cast<T>(read_field(words, operand_base, d.wave, f[x]));
    }
  };
  for (int block = 0; block < d.blocks; ++block) {
    gather(c, kNoBytes, p.plain_c, p.gather_c, static_cast<std::size_t>(block) * c.size(), c_base);
    for (int replica = 0; replica < static_cast<int>(copies); ++replica) {
      if (!p.replica_used[static_cast<std::size_t>(replica)]) continue;
      const std::size_t slot = static_cast<std::size_t>(block) * copies + static_cast<std::size_t>(replica);
      gather(a, p.bytes_a, p.plain_a, p.gather_a, slot * a.size(), a_base);
      gather(b, p.bytes_b, p.plain_b, p.gather_b, slot * b.size(), b_base);
      gemm_detail::run_fast(r, p.family, *p.gemm_kernel);
      const std::size_t first = static_cast<std::size_t>(block) * static_cast<std::size_t>(d.m * d.n);
      for (int i = 0; i < d.m; ++i)
        for (int j = 0; j < d.n; ++j) {
          const std::size_t n = first + static_cast<std::size_t>(i * d.n + j);
          if (p.outputs[n].replica == replica) results[n] = out[static_cast<std::size_t>(i + j * d.m)];
        }
    }
  }
}

// gemm()'s storage per element type (with_gemm_storage, emu/api/gemm.hpp).
void compute_fast(const Plan& p, const LaneRegFile& regs, const MatrixOperands& ops,
                  std::vector<std::uint64_t>& results) {
  with_gemm_storage(*p.desc,
                    [&](auto in, auto acc) { compute_fast_typed<decltype(in), decltype(acc)>(p, regs, ops, results); });
}

// execute_matrix()'s element loop over the cached placements.
void compute_reference(const Plan& p, const LaneRegFile& regs, const MatrixOperands& ops,
                       std::vector<std::uint64_t>& results) {
  const InstrDesc& d = *p.desc;
  const NumericsContext ctx = numerics_context(d, p.mods, p.switches);
  const std::uint32_t* words = regs.words().data();
  const auto base = [&](const OperandRegs& r) {
    return static_cast<std::size_t>(r.base) * static_cast<std::size_t>(d.wave);
  };
  const std::size_t a_base = base(ops.a), b_base = base(ops.b), c_base = base(ops.c);
  std::vector<std::uint64_t> a_row(static_cast<std::size_t>(d.k)), b_col(static_cast<std::size_t>(d.k));
  std::size_t n = 0;
  for (int block = 0; block < d.blocks; ++block)
    for (int i = 0; i < d.m; ++i)
      for (int j = 0; j < d.n; ++j, ++n) {
        const int replica = p.outputs[n].replica;
        for (int k = 0; k < d.k; ++k) {
          a_row[static_cast<std::size_t>(k)] = read_field(words, a_base, d.wave, p.a(block, i, k, replica));
          b_col[static_cast<std::size_t>(k)] = read_field(words, b_base, d.wave, p.b(block, k, j, replica));
        }
        results[n] = p.kernel(DotInputs{a_row, b_col, read_field(words, c_base, d.wave, p.c(block, i, j))}, ctx);
      }
}

}  // namespace

void execute_matrix_fast(const InstrDesc& d, LaneRegFile& regs, const MatrixOperands& ops, const Modifiers& mods,
                         const Switches& switches) {
  // A sparse A's products depend on the IDX values in the registers: the element loop rebuilds each row;
  // the scaled f8f6f4 MFMA reads its SA/SB bytes there too.
  if (d.has(Operand::IDX) || d.has(Operand::SA) || !common_operands(d, regs, ops))
    return execute_matrix(d, regs, ops, mods, switches);
  // Illegal modifiers throw from the OperandLayout constructor, as in execute_matrix().
  const Plan* plan = cached_plan(d, mods, switches);
  if (plan == nullptr) return execute_matrix(d, regs, ops, mods, switches);
  // Every source is read before D is written: D may overlap C (the _tied builtins), A or B.
  thread_local std::vector<std::uint64_t> results;
  results.assign(plan->outputs.size(), 0);
  if (plan->fast)
    compute_fast(*plan, regs, ops, results);
  else
    compute_reference(*plan, regs, ops, results);
  const bool masked = d.family().exec_mask_switchable && switches.cdna2_exec() == ExecEffect::masked;
  std::uint32_t* words = regs.words().data();
  const std::size_t d_base = static_cast<std::size_t>(ops.d.base) * static_cast<std::size_t>(d.wave);
  for (std::size_t n = 0; n < results.size(); ++n)
    if (!masked || regs.exec().active(plan->outputs[n].lane))
      write_field(words, d_base, d.wave, plan->outputs[n].target, results[n]);
}

}  // namespace mxlane
