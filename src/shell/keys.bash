
# fray's combatants and sides hold ':' and '=' (Ansel:iq=12), where bash breaks words: in such a
# word the completion above would offer the flags, so nothing is offered there (nor file names).
# With source <(COMPLETE=bash fray) in .bashrc, fray completes the keys themselves.
_fray_keys() {
    local word=${COMP_LINE:0:COMP_POINT}
    word=${word##*[[:space:]]}
    if [[ $word == *[:=,]* && $word != -* ]]; then
        compopt +o default +o bashdefault 2> /dev/null
        COMPREPLY=()
        return 0
    fi
    _fray "$@"
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _fray_keys -o nosort -o bashdefault -o default fray
else
    complete -F _fray_keys -o bashdefault -o default fray
fi
