# lhe_set_warnings(target): one place for the warning flags every first-party target uses,
# so that third-party headers (QCustomPlot, nlohmann) keep their own via SYSTEM includes.
function(lhe_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(LHE_WARNINGS_AS_ERRORS)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
