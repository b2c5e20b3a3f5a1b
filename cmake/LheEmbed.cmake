# lhe_embed_text(OUTPUT out.cpp SYMBOL name INPUT file.json): turns a text file into a C++
# source defining `extern const unsigned char name[]` (NUL-terminated UTF-8), so the core library ships the
# default catalogs without Qt resources and without -Woverlength-strings on a raw literal.
function(lhe_embed_text)
    cmake_parse_arguments(ARG "" "OUTPUT;SYMBOL;INPUT;NAMESPACE" "" ${ARGN})
    add_custom_command(
        OUTPUT ${ARG_OUTPUT}
        COMMAND ${CMAKE_COMMAND} -DINPUT=${ARG_INPUT} -DOUTPUT=${ARG_OUTPUT} -DSYMBOL=${ARG_SYMBOL}
                -DNAMESPACE=${ARG_NAMESPACE} -P ${PROJECT_SOURCE_DIR}/cmake/LheEmbedScript.cmake
        DEPENDS ${ARG_INPUT} ${PROJECT_SOURCE_DIR}/cmake/LheEmbedScript.cmake
        COMMENT "Embedding ${ARG_INPUT}"
        VERBATIM)
endfunction()
