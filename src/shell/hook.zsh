#compdef @BIN@
function @FUNCTION@() {
    local _CLAP_COMPLETE_INDEX=$(expr $CURRENT - 1)
    local -a completions=("${(@f)$( \
        _CLAP_COMPLETE_INDEX="$_CLAP_COMPLETE_INDEX" \
        @VAR@="zsh" \
        @COMPLETER@ -- "${(@Q)words[1,CURRENT-1]}" "$PREFIX" 2>/dev/null \
    )}")
    local -a open=() closed=()
    local completion
    for completion in $completions; do
        case $completion in
            (o:*) open+=("${completion#o:}") ;;
            (c:*) closed+=("${completion#c:}") ;;
        esac
    done
    [[ -n $open ]] && _describe -V values open -S ''
    [[ -n $closed ]] && _describe -V values closed -S ' ' -r ','
}

compdef @FUNCTION@ @BIN@
