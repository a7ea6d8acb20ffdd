# One case of the device-compiler search (cmake/MxlaneHipClang.cmake), run by CTest as
#   cmake -DCASE=<case> -DWORK=<scratch dir> -DREAL_CLANG=<a clang that builds every target>
#         -DCLANG22=<Debian's clang++-22, or empty> -DMXLANE_SOURCE_DIR=<repo> -DGENERATOR=<gen> -P run_case.cmake
# It lays out a stand-in ROCm tree under WORK/rocm whose llvm/bin/clang++ is a shell script that runs
# REAL_CLANG (and logs each call), configures tests/device/rocm_search with ROCM_PATH=WORK/rocm in
# the environment, and checks the compiler and llvm-objdump the search chose and its status line.
# Cases:
#   rocm          the stand-in builds every target: ROCm's clang and ROCm's llvm-objdump, one probe
#                 compile per target through the stand-in; a reconfigure with ROCM_PATH naming a tree
#                 without clang searches again and falls back to Debian's clang-22
#   no_clang      ROCM_PATH names a tree without llvm/bin/clang++: Debian's clang-22, and the line says so
#   lacks_gfx950   the stand-in fails for --offload-arch=gfx950: Debian's clang-22, and the line names gfx950
#   explicit      -DMXLANE_HIP_CLANG=<another wrapper> beside a working stand-in ROCm: the user's
#                 compiler, still after a reconfigure without the -D
cmake_minimum_required(VERSION 3.25)
foreach(var CASE WORK REAL_CLANG MXLANE_SOURCE_DIR GENERATOR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_case.cmake needs -D${var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK})
set(rocm ${WORK}/rocm)
set(log ${WORK}/calls.log)
file(MAKE_DIRECTORY ${rocm}/llvm/bin)

# A shell script standing in for a compiler: logs its arguments, fails for FAIL_ARCH, else runs REAL_CLANG.
function(write_wrapper path fail_arch)
  set(fail "")
  if(NOT fail_arch STREQUAL "")
    set(fail "case \"$*\" in *--offload-arch=${fail_arch}*) echo \"error: unknown target CPU '${fail_arch}' (stand-in)\" >&2; exit 1;; esac\n")
  endif()
  file(WRITE ${path} "#!/bin/sh\necho \"$0 $*\" >> '${log}'\n${fail}exec '${REAL_CLANG}' \"$@\"\n")
  file(CHMOD ${path} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endfunction()

# Configures the search project in WORK/build with ROCM_PATH=<rocm_path>; loads choice.cmake and
# sets `output` (the configure's output).
function(configure rocm_path)
  set(ENV{ROCM_PATH} "${rocm_path}")
  execute_process(COMMAND ${CMAKE_COMMAND} -G "${GENERATOR}" -S ${CMAKE_CURRENT_LIST_DIR} -B ${WORK}/build
                          -DMXLANE_SOURCE_DIR=${MXLANE_SOURCE_DIR} ${ARGN}
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message(STATUS "configure with ROCM_PATH=${rocm_path} ${ARGN}:\n${out}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "FAIL: the configure failed (${result})")
  endif()
  unset(chosen_clang)
  include(${WORK}/build/choice.cmake)
  foreach(var chosen_clang chosen_objdump chosen_works chosen_why)
    set(${var} "${${var}}" PARENT_SCOPE)
  endforeach()
  set(output "${out}" PARENT_SCOPE)
endfunction()

function(expect what actual expected)
  if(NOT "${actual}" STREQUAL "${expected}")
    message(FATAL_ERROR "FAIL: ${what} is '${actual}', expected '${expected}'")
  endif()
  message(STATUS "ok: ${what} is '${actual}'")
endfunction()

function(expect_line expected)
  string(FIND "${output}" "-- mxlane device code: ${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "FAIL: no status line 'mxlane device code: ${expected}' in the output above")
  endif()
  message(STATUS "ok: the status line says 'mxlane device code: ${expected}'")
endfunction()

# What falling back to Debian's clang-22 gives: that compiler, or none when clang++-22 is absent.
function(expect_debian reason)
  if(CLANG22)
    expect("the chosen clang" "${chosen_clang}" "${CLANG22}")
    expect("the search's verdict" "${chosen_works}" "ON")
    expect_line("Debian's clang-22 ${CLANG22} (${reason})")
    string(FIND "${chosen_objdump}" "${rocm}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "FAIL: the llvm-objdump '${chosen_objdump}' is the stand-in ROCm's, not Debian's")
    endif()
  else()
    expect("the search's verdict" "${chosen_works}" "OFF")
    expect_line("none: ${reason}; no Debian clang-22 (clang++-22) found")
  endif()
endfunction()

set(rocm_clang ${rocm}/llvm/bin/clang++)
if(CASE STREQUAL "rocm")
  write_wrapper(${rocm_clang} "")
  write_wrapper(${rocm}/llvm/bin/llvm-objdump "")
  configure(${rocm})
  expect("the chosen clang" "${chosen_clang}" "${rocm_clang}")
  expect("the chosen llvm-objdump" "${chosen_objdump}" "${rocm}/llvm/bin/llvm-objdump")
  expect("the search's verdict" "${chosen_works}" "ON")
  expect_line("ROCm's clang ${rocm_clang} (ROCM_PATH)")
  # One probe compile per target, each through the stand-in.
  file(STRINGS ${log} calls)
  list(LENGTH calls count)
  expect("the number of probe compiles through the stand-in" "${count}" "6")
  foreach(arch gfx908 gfx90a gfx942 gfx950 gfx1100 gfx1200)
    string(FIND "${calls}" "--offload-arch=${arch} " at)
    if(at EQUAL -1)
      message(FATAL_ERROR "FAIL: no probe compile for ${arch} went through the stand-in: ${calls}")
    endif()
  endforeach()
  # The choice was the search's, not the user's: a reconfigure with ROCM_PATH naming an empty tree
  # searches again.
  file(MAKE_DIRECTORY ${WORK}/empty-rocm)
  configure(${WORK}/empty-rocm)
  expect_debian("ROCm at ${WORK}/empty-rocm has no llvm/bin/clang++ or llvm/bin/amdclang++")
elseif(CASE STREQUAL "no_clang")
  write_wrapper(${rocm}/llvm/bin/llvm-objdump "")  # a tree with an llvm-objdump but no clang
  configure(${rocm})
  expect_debian("ROCm at ${rocm} has no llvm/bin/clang++ or llvm/bin/amdclang++")
elseif(CASE STREQUAL "lacks_gfx950")
  write_wrapper(${rocm_clang} "gfx950")
  write_wrapper(${rocm}/llvm/bin/llvm-objdump "")
  configure(${rocm})
  expect_debian("ROCm at ${rocm} lacks gfx950")
  file(STRINGS ${log} calls)
  string(FIND "${calls}" "--offload-arch=gfx950 " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "FAIL: the stand-in was never asked for gfx950: ${calls}")
  endif()
elseif(CASE STREQUAL "explicit")
  write_wrapper(${rocm_clang} "")
  write_wrapper(${rocm}/llvm/bin/llvm-objdump "")
  file(MAKE_DIRECTORY ${WORK}/mine)
  set(mine ${WORK}/mine/my-clang++)
  write_wrapper(${mine} "")
  write_wrapper(${WORK}/mine/llvm-objdump "")
  configure(${rocm} -DMXLANE_HIP_CLANG=${mine})
  expect("the chosen clang" "${chosen_clang}" "${mine}")
  expect("the chosen llvm-objdump" "${chosen_objdump}" "${WORK}/mine/llvm-objdump")
  expect("the search's verdict" "${chosen_works}" "ON")
  expect_line("${mine} (set by MXLANE_HIP_CLANG)")
  # The user's value stays the user's.
  configure(${rocm})
  expect("the chosen clang after a reconfigure" "${chosen_clang}" "${mine}")
  expect_line("${mine} (set by MXLANE_HIP_CLANG)")
else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
message(STATUS "PASS: device.rocm_search.${CASE}")
