# Which clang builds mxlane's device code objects, and which llvm-objdump disassembles them.
#
#   include(MxlaneHipClang)
#   mxlane_find_hip_clang(ARCHS gfx908 gfx90a ...)
#
# The order:
#   1. MXLANE_HIP_CLANG set by the user (-D, cmake-gui, ccmake): used as it is, whatever else exists.
#   2. ROCm's clang: the ROCm installation is -DROCM_PATH when given, else $ENV{ROCM_PATH}, else
#      /opt/rocm (only that one: a ROCM_PATH names the ROCm to use). Its llvm/bin/clang++ (or
#      llvm/bin/amdclang++) is chosen when it builds a code object for every architecture in ARCHS.
#   3. Debian's clang-22 (clang++-22 on the PATH, or /usr/lib/llvm-22/bin/clang++), under the same test.
# Each candidate is tested with one tiny compile per architecture, the flags of the real build
# (-x hip -nogpulib -nogpuinc --offload-device-only --no-gpu-bundle-output -mcode-object-version=4),
# stopping at the first architecture it cannot build. llvm-objdump comes from the chosen clang's
# directory (ROCm's llvm/bin/llvm-objdump), else llvm-objdump-22 (Debian's llvm-22); MXLANE_LLVM_OBJDUMP
# set by the user wins too.
#
# Sets in the caller's scope:
#   MXLANE_HIP_CLANG          (cache) the chosen clang, or the last one tried when none works
#   MXLANE_LLVM_OBJDUMP       (cache) the matching llvm-objdump
#   MXLANE_HIP_CLANG_WORKS    ON when MXLANE_HIP_CLANG builds every architecture
#   MXLANE_HIP_CLANG_WHY      why that compiler (the text of the status line)
#   MXLANE_HIP_CLANG_ERROR    when none works: what each candidate lacked, with the compiler's words
# and prints one line: "mxlane device code: <which compiler> (<why>)".
#
# A value mxlane chose itself is written to the cache with the help text below and remembered in
# MXLANE_HIP_CLANG_AUTO; a later configure searches again (a new ROCM_PATH, a ROCm installed since).
# A -D on the command line replaces the help text, which is how a user's value is told from ours.
include_guard(GLOBAL)

set(_mxlane_hip_clang_doc "The clang that builds the device code objects (chosen by cmake/MxlaneHipClang.cmake; set it to override)")
set(_mxlane_objdump_doc "The llvm-objdump that disassembles the device code objects (chosen with MXLANE_HIP_CLANG; set it to override)")
# The documentation strings of the find_program calls this module replaced: such cache entries were
# found, not chosen by the user, so they are searched again.
set(_mxlane_hip_clang_legacy_doc "A clang that compiles HIP for AMDGPU")
set(_mxlane_objdump_legacy_doc "llvm-objdump that disassembles AMDGPU")

# Whether the cache entry VAR holds a value the user set (rather than one this module wrote).
function(_mxlane_user_set var auto_var doc legacy_doc out)
  set(user OFF)
  get_property(is_set CACHE ${var} PROPERTY VALUE SET)
  if(is_set AND NOT "${${var}}" STREQUAL "" AND NOT "${${var}}" MATCHES "-NOTFOUND$")
    get_property(help CACHE ${var} PROPERTY HELPSTRING)
    if(NOT "${help}" STREQUAL "${legacy_doc}" AND NOT ("${help}" STREQUAL "${doc}" AND "${${var}}" STREQUAL "${${auto_var}}"))
      set(user ON)
    endif()
  endif()
  set(${out} ${user} PARENT_SCOPE)
endfunction()

# Builds the probe kernel for each architecture in turn. Sets OUT_FAILED to the first architecture
# CLANG cannot build ("" when it builds them all) and OUT_ERROR to the compiler's error lines.
function(mxlane_probe_hip_clang clang archs out_failed out_error)
  set(dir ${CMAKE_BINARY_DIR}/CMakeFiles/mxlane_hip_clang_probe)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/probe.hip "extern \"C\" __attribute__((global)) void k(int* p) { p[0] = 1; }\n")
  foreach(arch IN LISTS archs)
    execute_process(COMMAND ${clang} -x hip --offload-arch=${arch} -nogpulib -nogpuinc --offload-device-only
                            --no-gpu-bundle-output -mcode-object-version=4 -o ${dir}/probe_${arch}.co ${dir}/probe.hip
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
      # The compiler's own words, so the missing piece (ld.lld, a target) names itself.
      string(REGEX MATCHALL "[^\n]*error[^\n]*" errors "${output}")
      if(NOT errors)
        string(STRIP "${output}" errors)
        if(errors STREQUAL "")
          set(errors "it exited with ${result} and printed nothing")
        endif()
      endif()
      string(REPLACE ";" "\n  " errors "${errors}")
      set(${out_failed} ${arch} PARENT_SCOPE)
      set(${out_error} "${errors}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_failed} "" PARENT_SCOPE)
  set(${out_error} "" PARENT_SCOPE)
endfunction()

function(mxlane_find_hip_clang)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "ARCHS")
  set(archs ${arg_ARCHS})
  set(works OFF)
  set(clang "")
  set(why "")
  set(error "")
  set(failures "")

  _mxlane_user_set(MXLANE_HIP_CLANG MXLANE_HIP_CLANG_AUTO "${_mxlane_hip_clang_doc}" "${_mxlane_hip_clang_legacy_doc}" user_clang)
  if(user_clang)
    # 1. The user's compiler, and no other.
    set(clang "${MXLANE_HIP_CLANG}")
    mxlane_probe_hip_clang("${clang}" "${archs}" failed probe_error)
    if(failed STREQUAL "")
      set(works ON)
      set(why "${clang} (set by MXLANE_HIP_CLANG)")
    else()
      set(why "none: MXLANE_HIP_CLANG=${clang} lacks ${failed}")
      set(failures "MXLANE_HIP_CLANG=${clang} failed to build a ${failed} code object:\n  ${probe_error}")
    endif()
  else()
    # 2. ROCm's clang.
    if(DEFINED ROCM_PATH AND NOT "${ROCM_PATH}" STREQUAL "")
      set(rocm "${ROCM_PATH}")
      set(rocm_source "-DROCM_PATH")
    elseif(DEFINED ENV{ROCM_PATH} AND NOT "$ENV{ROCM_PATH}" STREQUAL "")
      set(rocm "$ENV{ROCM_PATH}")
      set(rocm_source "ROCM_PATH")
    else()
      set(rocm "/opt/rocm")
      set(rocm_source "/opt/rocm")
    endif()
    set(rocm_clang "")
    foreach(name clang++ amdclang++)
      if(rocm_clang STREQUAL "" AND EXISTS "${rocm}/llvm/bin/${name}" AND NOT IS_DIRECTORY "${rocm}/llvm/bin/${name}")
        set(rocm_clang "${rocm}/llvm/bin/${name}")
      endif()
    endforeach()
    if(NOT IS_DIRECTORY "${rocm}")
      set(rocm_missing "no ROCm found at ${rocm}")
    elseif(rocm_clang STREQUAL "")
      set(rocm_missing "ROCm at ${rocm} has no llvm/bin/clang++ or llvm/bin/amdclang++")
    else()
      mxlane_probe_hip_clang("${rocm_clang}" "${archs}" failed probe_error)
      if(failed STREQUAL "")
        set(works ON)
        set(clang "${rocm_clang}")
        set(why "ROCm's clang ${rocm_clang} (${rocm_source})")
      else()
        set(rocm_missing "ROCm at ${rocm} lacks ${failed}")
        set(clang "${rocm_clang}")
        list(APPEND failures "${rocm_clang} failed to build a ${failed} code object:\n  ${probe_error}")
      endif()
    endif()
    # 3. Debian's clang-22.
    if(NOT works)
      find_program(debian_clang NAMES clang++-22 NO_CACHE)
      if(NOT debian_clang AND EXISTS /usr/lib/llvm-22/bin/clang++)
        set(debian_clang /usr/lib/llvm-22/bin/clang++)
      endif()
      if(debian_clang)
        set(clang "${debian_clang}")
        mxlane_probe_hip_clang("${debian_clang}" "${archs}" failed probe_error)
        if(failed STREQUAL "")
          set(works ON)
          set(why "Debian's clang-22 ${debian_clang} (${rocm_missing})")
        else()
          list(APPEND failures "${debian_clang} failed to build a ${failed} code object:\n  ${probe_error}")
          set(why "none: ${rocm_missing}; Debian's clang-22 ${debian_clang} lacks ${failed}")
        endif()
      else()
        list(APPEND failures "${rocm_missing}, and no clang++-22 was found")
        set(why "none: ${rocm_missing}; no Debian clang-22 (clang++-22) found")
      endif()
    endif()
    set(MXLANE_HIP_CLANG_AUTO "${clang}" CACHE INTERNAL "The MXLANE_HIP_CLANG that cmake/MxlaneHipClang.cmake chose")
    set(MXLANE_HIP_CLANG "${clang}" CACHE FILEPATH "${_mxlane_hip_clang_doc}" FORCE)
  endif()
  if(NOT works)
    string(REPLACE ";" "\n" error "${failures}")
  endif()

  # The matching llvm-objdump: ROCm's llvm/bin/llvm-objdump with ROCm's clang; the one beside a
  # user's clang (its real path: /usr/bin/clang++-22 is /usr/lib/llvm-22/bin/clang++, and /usr/bin's
  # llvm-objdump may be another LLVM's); else Debian's llvm-objdump-22.
  _mxlane_user_set(MXLANE_LLVM_OBJDUMP MXLANE_LLVM_OBJDUMP_AUTO "${_mxlane_objdump_doc}" "${_mxlane_objdump_legacy_doc}" user_objdump)
  if(NOT user_objdump)
    set(objdump "")
    if(user_clang)
      file(REAL_PATH "${clang}" real_clang)
      get_filename_component(objdump_dir "${real_clang}" DIRECTORY)
    elseif(works AND NOT "${rocm_clang}" STREQUAL "" AND "${clang}" STREQUAL "${rocm_clang}")
      set(objdump_dir "${rocm}/llvm/bin")
    else()
      set(objdump_dir "")
    endif()
    if(NOT objdump_dir STREQUAL "" AND EXISTS "${objdump_dir}/llvm-objdump" AND NOT IS_DIRECTORY "${objdump_dir}/llvm-objdump")
      set(objdump "${objdump_dir}/llvm-objdump")
    endif()
    if(objdump STREQUAL "")
      find_program(debian_objdump NAMES llvm-objdump-22 NO_CACHE)
      if(debian_objdump)
        set(objdump "${debian_objdump}")
      elseif(EXISTS /usr/lib/llvm-22/bin/llvm-objdump)
        set(objdump /usr/lib/llvm-22/bin/llvm-objdump)
      endif()
    endif()
    set(MXLANE_LLVM_OBJDUMP_AUTO "${objdump}" CACHE INTERNAL "The MXLANE_LLVM_OBJDUMP that cmake/MxlaneHipClang.cmake chose")
    set(MXLANE_LLVM_OBJDUMP "${objdump}" CACHE FILEPATH "${_mxlane_objdump_doc}" FORCE)
  endif()

  if(works)
    message(STATUS "mxlane device code: ${why}; llvm-objdump ${MXLANE_LLVM_OBJDUMP}")
  else()
    message(STATUS "mxlane device code: ${why}")
  endif()
  set(MXLANE_HIP_CLANG_WORKS ${works} PARENT_SCOPE)
  set(MXLANE_HIP_CLANG_WHY "${why}" PARENT_SCOPE)
  set(MXLANE_HIP_CLANG_ERROR "${error}" PARENT_SCOPE)
endfunction()
