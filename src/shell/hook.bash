
@FUNCTION@() {
    local IFS=$'\013'
    local space=true
    if compopt +o nospace 2> /dev/null; then
        space=false
    fi
    COMPREPLY=( $( \
        _CLAP_IFS="$IFS" \
        _FRAY_COMPLETE_LINE="${COMP_LINE:0:COMP_POINT}" \
        _FRAY_COMPLETE_WORD="$2" \
        @VAR@="bash" \
        @COMPLETER@ -- "${COMP_WORDS[@]}" 2> /dev/null \
    ) )
    if [[ $? != 0 ]]; then
        unset COMPREPLY
    elif [[ $space == false ]] && [[ "${COMPREPLY-}" =~ [=/:,]$ ]]; then
        compopt -o nospace
    fi
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -o nospace -o nosort -F @FUNCTION@ @BIN@
else
    complete -o nospace -F @FUNCTION@ @BIN@
fi
