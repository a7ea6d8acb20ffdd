// element_format(): ElemType (+ the architecture's FP8 encoding) to FormatSpec.
#include "emu/formats/element_format.hpp"

namespace mxlane {

const FormatSpec* element_format(ElemType type, Fp8Encoding fp8) {
  const bool fnuz = fp8 == Fp8Encoding::fnuz;
  switch (type) {
    case ElemType::f64: return &kBinary64;
    case ElemType::f32:
    case ElemType::xf32: return &kBinary32;
    case ElemType::f16: return &kBinary16;
    case ElemType::bf16: return &kBfloat16;
    case ElemType::fp8: return fnuz ? &kFp8E4M3Fnuz : &kFp8E4M3Ocp;
    case ElemType::bf8: return fnuz ? &kFp8E5M2Fnuz : &kFp8E5M2Ocp;
    case ElemType::fp6: return &kFp6E2M3;
    case ElemType::bf6: return &kBf6E3M2;
    case ElemType::fp4: return &kFp4E2M1;
    case ElemType::i8:
    case ElemType::i32:
    case ElemType::iu8:
    case ElemType::iu4:
    case ElemType::idx2:
    case ElemType::f8f6f4:  // a placeholder: operand_type() names the format the modifiers select
    case ElemType::e8m0:
    case ElemType::e5m3: return nullptr;  // block scales: emu/formats/block_scale.hpp
  }
  return nullptr;
}

}  // namespace mxlane
