# add_lhe_test(name SOURCES ... [LIBS ...]): one Qt Test executable per class, registered with
# CTest under the offscreen platform, with the source tree's path compiled in so tests read
# their fixtures (tests/fixtures/...) from any build folder.
function(add_lhe_test name)
    cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test ${ARG_LIBS})
    target_compile_definitions(${name} PRIVATE LHE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
    lhe_set_warnings(${name})
    lhe_use_qt_string_rules(${name})
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300)
endfunction()
