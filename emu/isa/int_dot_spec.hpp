// The integer dot builtins' shapes (docs/spec/valu.md §4.1), written once: the instruction files
// (emu/insns/valu/) compute with them and the VALU table's fast-path column (valu_table.cpp) passes
// them to the lane-array kernel.
#pragma once

namespace mxlane {

struct IntDotSpec {
  int lanes;  // 2, 4 or 8 products
  int width;  // 16, 8 or 4 bits per element
  bool a_signed, b_signed;
  bool c_signed;       // C sign-extended (i32) or zero-extended (u32)
  bool result_signed;  // clamp range: int32 or uint32
};

inline constexpr IntDotSpec kDot2I32I16{
    .lanes = 2, .width = 16, .a_signed = true, .b_signed = true, .c_signed = true, .result_signed = true};
inline constexpr IntDotSpec kDot2U32U16{
    .lanes = 2, .width = 16, .a_signed = false, .b_signed = false, .c_signed = false, .result_signed = false};
inline constexpr IntDotSpec kDot4I32I8{
    .lanes = 4, .width = 8, .a_signed = true, .b_signed = true, .c_signed = true, .result_signed = true};
inline constexpr IntDotSpec kDot4U32U8{
    .lanes = 4, .width = 8, .a_signed = false, .b_signed = false, .c_signed = false, .result_signed = false};
inline constexpr IntDotSpec kDot8I32I4{
    .lanes = 8, .width = 4, .a_signed = true, .b_signed = true, .c_signed = true, .result_signed = true};
inline constexpr IntDotSpec kDot8U32U4{
    .lanes = 8, .width = 4, .a_signed = false, .b_signed = false, .c_signed = false, .result_signed = false};
// The mixed-sign dots: NEG_LO[0] / NEG_LO[1] make A / B signed (unsigned without them).
inline constexpr IntDotSpec kDot4I32Iu8{
    .lanes = 4, .width = 8, .a_signed = false, .b_signed = false, .c_signed = true, .result_signed = true};
inline constexpr IntDotSpec kDot8I32Iu4{
    .lanes = 8, .width = 4, .a_signed = false, .b_signed = false, .c_signed = true, .result_signed = true};

}  // namespace mxlane
