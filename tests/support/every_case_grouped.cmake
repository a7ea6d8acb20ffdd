# CTest tests.every_case_in_a_file_group: the test binary, asked for every test case outside all the
# per-file groups of tests/CMakeLists.txt, lists none, and without that filter lists some (so the
# count is read correctly). Run: cmake -DTESTS=mxlane_tests -DEXCLUDE="~[#a]~[#b]..." -P this file.
cmake_minimum_required(VERSION 3.25)
function(count_cases out)
  execute_process(COMMAND ${TESTS} "-#" --list-tests ${ARGN} OUTPUT_VARIABLE listing ERROR_VARIABLE listing)
  # Catch2 2.13 and 3.x both end the listing with "N test cases" or "N matching test cases".
  if(NOT listing MATCHES "([0-9]+) (matching )?test case")
    message(FATAL_ERROR "cannot read the number of test cases from:\n${listing}")
  endif()
  set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  set(listing_text "${listing}" PARENT_SCOPE)
endfunction()
count_cases(all)
if(all LESS 100)
  message(FATAL_ERROR "only ${all} test cases listed: the listing was not read right")
endif()
count_cases(left_out "${EXCLUDE}")
if(NOT left_out EQUAL 0)
  message(FATAL_ERROR "${left_out} test case(s) belong to no per-file CTest group:\n${listing_text}")
endif()
message(STATUS "${all} test cases, every one in a per-file group")
