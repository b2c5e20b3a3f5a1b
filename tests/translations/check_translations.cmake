# translations_complete (CTest): every user-visible string of the sources is in the committed
# .ts files and translated there (no untranslated string in the zh_CN build).
#   cmake -DLUPDATE=... -DLRELEASE=... -DSOURCE_DIR=... -DWORK_DIR=... "-DTS_FILES=a.ts;b.ts"
#         -P check_translations.cmake
# For each .ts: lupdate, with the options of the update_translations target (app/explorer/
# CMakeLists.txt), refreshes a copy of it from the current sources, so a tr() added without a
# translation shows up as a new message; lrelease then compiles the copy and reports how many
# messages are finished, unfinished and untranslated. Fails on any new, unfinished or
# untranslated message and names them. The committed file is never written.
foreach(var LUPDATE LRELEASE SOURCE_DIR WORK_DIR TS_FILES)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "check_translations.cmake: -D${var}=... is required")
    endif()
endforeach()

set(failures 0)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(ts IN LISTS TS_FILES)
    get_filename_component(name "${ts}" NAME)
    if(NOT EXISTS "${ts}")
        message(SEND_ERROR "FAIL: ${ts} does not exist (cmake --build <dir> --target update_translations)")
        math(EXPR failures "${failures} + 1")
        continue()
    endif()
    set(copy "${WORK_DIR}/${name}")
    configure_file("${ts}" "${copy}" COPYONLY)

    execute_process(COMMAND "${LUPDATE}" -I "${SOURCE_DIR}" "${SOURCE_DIR}/core" "${SOURCE_DIR}/app"
                            "${SOURCE_DIR}/widgets" -no-obsolete -locations none -source-language en
                            -tr-function-alias QT_TRANSLATE_NOOP+=LHE_TEXT -ts "${copy}"
                    OUTPUT_VARIABLE lupdate_out ERROR_VARIABLE lupdate_err RESULT_VARIABLE lupdate_rc)
    if(NOT lupdate_rc EQUAL 0)
        message(FATAL_ERROR "lupdate failed (${lupdate_rc}):\n${lupdate_out}${lupdate_err}")
    endif()
    # lupdate writes parse problems (an unknown class, tr() outside a class: a wrong context
    # that would never match at run time) to stderr.
    string(REGEX REPLACE "(^|\n)(Scanning|Updating)[^\n]*" "" lupdate_problems "${lupdate_err}")
    string(STRIP "${lupdate_problems}" lupdate_problems)
    if(NOT lupdate_problems STREQUAL "")
        message(SEND_ERROR "FAIL: lupdate cannot place some tr() calls in their context:\n${lupdate_problems}")
        math(EXPR failures "${failures} + 1")
    endif()
    set(lupdate_all "${lupdate_out}${lupdate_err}")
    if(NOT lupdate_all MATCHES "Found ([0-9]+) source text\\(s\\) \\(([0-9]+) new and ([0-9]+) already existing\\)")
        message(FATAL_ERROR "unexpected lupdate output:\n${lupdate_all}")
    endif()
    set(found ${CMAKE_MATCH_1})
    set(new ${CMAKE_MATCH_2})
    set(removed 0)
    if(lupdate_all MATCHES "Removed ([0-9]+) obsolete entr")
        set(removed ${CMAKE_MATCH_1})
    endif()

    execute_process(COMMAND "${LRELEASE}" "${copy}" -qm "${WORK_DIR}/${name}.qm"
                    OUTPUT_VARIABLE lrelease_out ERROR_VARIABLE lrelease_err RESULT_VARIABLE lrelease_rc)
    if(NOT lrelease_rc EQUAL 0)
        message(FATAL_ERROR "lrelease failed (${lrelease_rc}):\n${lrelease_out}${lrelease_err}")
    endif()
    set(lrelease_all "${lrelease_out}${lrelease_err}")
    if(NOT lrelease_all MATCHES "Generated ([0-9]+) translation\\(s\\) \\(([0-9]+) finished and ([0-9]+) unfinished\\)")
        set(finished 0)
        set(unfinished 0)
    else()
        set(finished ${CMAKE_MATCH_2})
        set(unfinished ${CMAKE_MATCH_3})
    endif()
    set(untranslated 0)
    if(lrelease_all MATCHES "Ignored ([0-9]+) untranslated source text")
        set(untranslated ${CMAKE_MATCH_1})
    endif()
    message("${name}: ${found} messages in the sources; ${new} missing from the committed file, "
            "${removed} no longer used; ${finished} finished, ${unfinished} unfinished, "
            "${untranslated} untranslated")

    if(new GREATER 0 OR unfinished GREATER 0 OR untranslated GREATER 0 OR NOT finished EQUAL found)
        # Name the messages (up to 40): each <message> whose translation is unfinished or empty.
        file(READ "${copy}" content)
        string(REPLACE ";" "," content "${content}") # a CMake list separator; "&lt;" is now "&lt,"
        string(REPLACE "[" "(" content "${content}")
        string(REPLACE "]" ")" content "${content}")
        string(REGEX MATCHALL "<name>[^<]*</name>|<message[^>]*>[ \n]*<source>[^<]*</source>[ \n]*(<comment>[^<]*</comment>[ \n]*)?<translation type=\"unfinished\""
               items "${content}")
        set(listed 0)
        set(context "")
        set(report "")
        foreach(item IN LISTS items)
            if(item MATCHES "^<name>([^<]*)</name>")
                set(context "${CMAKE_MATCH_1}")
            elseif(listed LESS 40 AND item MATCHES "<source>([^<]*)</source>")
                string(REPLACE "\n" "\\n" source "${CMAKE_MATCH_1}")
                string(REPLACE "&lt," "<" source "${source}")
                string(REPLACE "&gt," ">" source "${source}")
                string(REPLACE "&quot," "\"" source "${source}")
                string(REPLACE "&apos," "'" source "${source}")
                string(REPLACE "&amp," "&" source "${source}")
                string(APPEND report "  [${context}] ${source}\n")
                math(EXPR listed "${listed} + 1")
            endif()
        endforeach()
        message(SEND_ERROR "FAIL: ${name} is not complete. Run `cmake --build <dir> --target "
                           "update_translations`, translate in Qt Linguist (docs/GLOSSARY.zh_CN.md):\n${report}")
        math(EXPR failures "${failures} + 1")
    endif()
endforeach()
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} translation check(s) failed")
endif()
