# lhe_set_warnings(target): one place for the warning flags every first-party target uses,
# so that third-party headers (QCustomPlot, nlohmann) keep their own via SYSTEM includes.
function(lhe_set_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(LHE_WARNINGS_AS_ERRORS)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()

# lhe_use_qt_string_rules(target): Qt string hygiene for the targets that use Qt. No implicit
# char* <-> QString conversions (every literal says its encoding: QStringLiteral, u""_s or
# QLatin1String), QStringBuilder for concatenation, and no Q_FOREACH. The core has no Qt and
# does not get them.
function(lhe_use_qt_string_rules target)
    target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
                                                 QT_USE_QSTRINGBUILDER QT_NO_FOREACH)
endfunction()
