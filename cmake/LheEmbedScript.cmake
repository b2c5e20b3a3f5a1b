# Script mode helper for lhe_embed_text(): hex-dumps INPUT into a char array.
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT} by cmake/LheEmbedScript.cmake. Do not edit.\n"
     "namespace ${NAMESPACE} {\nextern const unsigned char ${SYMBOL}[];\nconst unsigned char ${SYMBOL}[] = {\n${bytes}0x00};\n}\n")
