# scripts/setup-debian.sh against stand-in os-release files, with dpkg-query and apt-get replaced by
# recorders on PATH (nothing is installed): Debian 12 and 13 are served, anything else is refused with
# exit 2 before any package command runs. Run: cmake -DSOURCE_DIR=... -DWORK_DIR=... -P this file.
cmake_minimum_required(VERSION 3.25)
set(bin ${WORK_DIR}/bin)
set(log ${WORK_DIR}/calls.log)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${bin})
# dpkg-query says "installed" only when MXLANE_TEST_ALL_INSTALLED=1; apt-get records its arguments.
file(WRITE ${bin}/dpkg-query "#!/bin/sh\necho \"dpkg-query $*\" >> ${log}\n[ \"$MXLANE_TEST_ALL_INSTALLED\" = 1 ] && printf 'install ok installed'\nexit 0\n")
file(WRITE ${bin}/apt-get "#!/bin/sh\necho \"apt-get $*\" >> ${log}\nexit 0\n")
file(CHMOD ${bin}/dpkg-query ${bin}/apt-get PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)

function(run_setup os_release all_installed out_code out_stderr out_calls)
  file(WRITE ${WORK_DIR}/os-release "${os_release}")
  file(REMOVE ${log})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PATH=${bin}:$ENV{PATH} MXLANE_SETUP_OS_RELEASE=${WORK_DIR}/os-release
                          MXLANE_TEST_ALL_INSTALLED=${all_installed} bash ${SOURCE_DIR}/scripts/setup-debian.sh
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(calls "")
  if(EXISTS ${log})
    file(READ ${log} calls)
  endif()
  set(${out_code} ${code} PARENT_SCOPE)
  set(${out_stderr} "${err}" PARENT_SCOPE)
  set(${out_calls} "${calls}" PARENT_SCOPE)
endfunction()

# expect("CONDITION" "what went wrong"): CONDITION is an if() condition over the caller's variables.
function(expect condition what)
  cmake_language(EVAL CODE "if(NOT (${condition}))\n  message(FATAL_ERROR [=[setup-debian.sh: ${what}]=])\nendif()")
endfunction()

# An unknown release: exit 2, the release named, the needs listed, no package command at all.
run_setup("PRETTY_NAME=\"Ubuntu 24.04.1 LTS\"\nID=ubuntu\nVERSION_ID=\"24.04\"\n" 0 code err calls)
expect("code EQUAL 2" "Ubuntu 24.04 gave exit ${code}, not 2 (stderr: ${err})")
string(FIND "${err}" "Ubuntu 24.04.1 LTS" named)
expect("named GREATER -1" "the refusal does not name the release: ${err}")
string(FIND "${err}" "libcli11-dev" listed)
expect("listed GREATER -1" "the refusal does not list the packages: ${err}")
expect("calls STREQUAL \"\"" "a package command ran on an unknown release: ${calls}")
# Debian 11: refused too (the compilers it ships are too old).
run_setup("ID=debian\nVERSION_ID=\"11\"\n" 0 code err calls)
expect("code EQUAL 2" "Debian 11 gave exit ${code}, not 2")
expect("calls STREQUAL \"\"" "a package command ran on Debian 11: ${calls}")
# No os-release at all: refused.
execute_process(COMMAND ${CMAKE_COMMAND} -E env PATH=${bin}:$ENV{PATH} MXLANE_SETUP_OS_RELEASE=${WORK_DIR}/none
                        bash ${SOURCE_DIR}/scripts/setup-debian.sh RESULT_VARIABLE code ERROR_VARIABLE err)
expect("code EQUAL 2" "a missing os-release gave exit ${code}, not 2")

foreach(version 12 13)
  # Everything installed: nothing to do, no apt-get.
  run_setup("ID=debian\nVERSION_ID=\"${version}\"\n" 1 code err calls)
  expect("code EQUAL 0" "Debian ${version} with everything installed gave exit ${code}: ${err}")
  string(FIND "${calls}" "apt-get" apt)
  expect("apt EQUAL -1" "Debian ${version} with everything installed ran apt-get: ${calls}")
  # Nothing installed: apt-get update, then one install of the whole list.
  run_setup("ID=debian\nVERSION_ID=\"${version}\"\n" 0 code err calls)
  expect("code EQUAL 0" "Debian ${version} gave exit ${code}: ${err}")
  string(FIND "${calls}" "apt-get update" update)
  expect("update GREATER -1" "Debian ${version}: no apt-get update: ${calls}")
  foreach(package catch2 libcli11-dev clang-22 libamdhip64-dev python3-numpy chromium)
    string(FIND "${calls}" " ${package}" found)
    expect("found GREATER -1" "Debian ${version}: ${package} not installed: ${calls}")
  endforeach()
endforeach()
message(STATUS "setup-debian.sh: Debian 12 and 13 served, Ubuntu 24.04, Debian 11 and no os-release refused with exit 2")
