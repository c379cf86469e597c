_fray() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="fray"
                ;;
            fray,completions)
                cmd="fray__subcmd__completions"
                ;;
            fray,distance)
                cmd="fray__subcmd__distance"
                ;;
            fray,encounter)
                cmd="fray__subcmd__encounter"
                ;;
            fray,help)
                cmd="fray__subcmd__help"
                ;;
            fray,initiative)
                cmd="fray__subcmd__initiative"
                ;;
            fray,man)
                cmd="fray__subcmd__man"
                ;;
            fray,morale)
                cmd="fray__subcmd__morale"
                ;;
            fray,pursue)
                cmd="fray__subcmd__pursue"
                ;;
            fray,reaction)
                cmd="fray__subcmd__reaction"
                ;;
            fray,roll)
                cmd="fray__subcmd__roll"
                ;;
            fray,surprise)
                cmd="fray__subcmd__surprise"
                ;;
            fray,table)
                cmd="fray__subcmd__table"
                ;;
            fray,track)
                cmd="fray__subcmd__track"
                ;;
            fray,wandering)
                cmd="fray__subcmd__wandering"
                ;;
            fray__subcmd__help,completions)
                cmd="fray__subcmd__help__subcmd__completions"
                ;;
            fray__subcmd__help,distance)
                cmd="fray__subcmd__help__subcmd__distance"
                ;;
            fray__subcmd__help,encounter)
                cmd="fray__subcmd__help__subcmd__encounter"
                ;;
            fray__subcmd__help,help)
                cmd="fray__subcmd__help__subcmd__help"
                ;;
            fray__subcmd__help,initiative)
                cmd="fray__subcmd__help__subcmd__initiative"
                ;;
            fray__subcmd__help,man)
                cmd="fray__subcmd__help__subcmd__man"
                ;;
            fray__subcmd__help,morale)
                cmd="fray__subcmd__help__subcmd__morale"
                ;;
            fray__subcmd__help,pursue)
                cmd="fray__subcmd__help__subcmd__pursue"
                ;;
            fray__subcmd__help,reaction)
                cmd="fray__subcmd__help__subcmd__reaction"
                ;;
            fray__subcmd__help,roll)
                cmd="fray__subcmd__help__subcmd__roll"
                ;;
            fray__subcmd__help,surprise)
                cmd="fray__subcmd__help__subcmd__surprise"
                ;;
            fray__subcmd__help,table)
                cmd="fray__subcmd__help__subcmd__table"
                ;;
            fray__subcmd__help,track)
                cmd="fray__subcmd__help__subcmd__track"
                ;;
            fray__subcmd__help,wandering)
                cmd="fray__subcmd__help__subcmd__wandering"
                ;;
            fray__subcmd__track,add)
                cmd="fray__subcmd__track__subcmd__add"
                ;;
            fray__subcmd__track,attack)
                cmd="fray__subcmd__track__subcmd__attack"
                ;;
            fray__subcmd__track,damage)
                cmd="fray__subcmd__track__subcmd__damage"
                ;;
            fray__subcmd__track,delay)
                cmd="fray__subcmd__track__subcmd__delay"
                ;;
            fray__subcmd__track,effect)
                cmd="fray__subcmd__track__subcmd__effect"
                ;;
            fray__subcmd__track,end)
                cmd="fray__subcmd__track__subcmd__end"
                ;;
            fray__subcmd__track,heal)
                cmd="fray__subcmd__track__subcmd__heal"
                ;;
            fray__subcmd__track,help)
                cmd="fray__subcmd__track__subcmd__help"
                ;;
            fray__subcmd__track,hide)
                cmd="fray__subcmd__track__subcmd__hide"
                ;;
            fray__subcmd__track,hold)
                cmd="fray__subcmd__track__subcmd__hold"
                ;;
            fray__subcmd__track,list)
                cmd="fray__subcmd__track__subcmd__list"
                ;;
            fray__subcmd__track,morale)
                cmd="fray__subcmd__track__subcmd__morale"
                ;;
            fray__subcmd__track,next)
                cmd="fray__subcmd__track__subcmd__next"
                ;;
            fray__subcmd__track,note)
                cmd="fray__subcmd__track__subcmd__note"
                ;;
            fray__subcmd__track,play)
                cmd="fray__subcmd__track__subcmd__play"
                ;;
            fray__subcmd__track,ready)
                cmd="fray__subcmd__track__subcmd__ready"
                ;;
            fray__subcmd__track,remove)
                cmd="fray__subcmd__track__subcmd__remove"
                ;;
            fray__subcmd__track,reveal)
                cmd="fray__subcmd__track__subcmd__reveal"
                ;;
            fray__subcmd__track,set)
                cmd="fray__subcmd__track__subcmd__set"
                ;;
            fray__subcmd__track,show)
                cmd="fray__subcmd__track__subcmd__show"
                ;;
            fray__subcmd__track,split)
                cmd="fray__subcmd__track__subcmd__split"
                ;;
            fray__subcmd__track,start)
                cmd="fray__subcmd__track__subcmd__start"
                ;;
            fray__subcmd__track,temp)
                cmd="fray__subcmd__track__subcmd__temp"
                ;;
            fray__subcmd__track,undo)
                cmd="fray__subcmd__track__subcmd__undo"
                ;;
            fray__subcmd__track__subcmd__help,add)
                cmd="fray__subcmd__track__subcmd__help__subcmd__add"
                ;;
            fray__subcmd__track__subcmd__help,attack)
                cmd="fray__subcmd__track__subcmd__help__subcmd__attack"
                ;;
            fray__subcmd__track__subcmd__help,damage)
                cmd="fray__subcmd__track__subcmd__help__subcmd__damage"
                ;;
            fray__subcmd__track__subcmd__help,delay)
                cmd="fray__subcmd__track__subcmd__help__subcmd__delay"
                ;;
            fray__subcmd__track__subcmd__help,effect)
                cmd="fray__subcmd__track__subcmd__help__subcmd__effect"
                ;;
            fray__subcmd__track__subcmd__help,end)
                cmd="fray__subcmd__track__subcmd__help__subcmd__end"
                ;;
            fray__subcmd__track__subcmd__help,heal)
                cmd="fray__subcmd__track__subcmd__help__subcmd__heal"
                ;;
            fray__subcmd__track__subcmd__help,help)
                cmd="fray__subcmd__track__subcmd__help__subcmd__help"
                ;;
            fray__subcmd__track__subcmd__help,hide)
                cmd="fray__subcmd__track__subcmd__help__subcmd__hide"
                ;;
            fray__subcmd__track__subcmd__help,hold)
                cmd="fray__subcmd__track__subcmd__help__subcmd__hold"
                ;;
            fray__subcmd__track__subcmd__help,list)
                cmd="fray__subcmd__track__subcmd__help__subcmd__list"
                ;;
            fray__subcmd__track__subcmd__help,morale)
                cmd="fray__subcmd__track__subcmd__help__subcmd__morale"
                ;;
            fray__subcmd__track__subcmd__help,next)
                cmd="fray__subcmd__track__subcmd__help__subcmd__next"
                ;;
            fray__subcmd__track__subcmd__help,note)
                cmd="fray__subcmd__track__subcmd__help__subcmd__note"
                ;;
            fray__subcmd__track__subcmd__help,play)
                cmd="fray__subcmd__track__subcmd__help__subcmd__play"
                ;;
            fray__subcmd__track__subcmd__help,ready)
                cmd="fray__subcmd__track__subcmd__help__subcmd__ready"
                ;;
            fray__subcmd__track__subcmd__help,remove)
                cmd="fray__subcmd__track__subcmd__help__subcmd__remove"
                ;;
            fray__subcmd__track__subcmd__help,reveal)
                cmd="fray__subcmd__track__subcmd__help__subcmd__reveal"
                ;;
            fray__subcmd__track__subcmd__help,set)
                cmd="fray__subcmd__track__subcmd__help__subcmd__set"
                ;;
            fray__subcmd__track__subcmd__help,show)
                cmd="fray__subcmd__track__subcmd__help__subcmd__show"
                ;;
            fray__subcmd__track__subcmd__help,split)
                cmd="fray__subcmd__track__subcmd__help__subcmd__split"
                ;;
            fray__subcmd__track__subcmd__help,start)
                cmd="fray__subcmd__track__subcmd__help__subcmd__start"
                ;;
            fray__subcmd__track__subcmd__help,temp)
                cmd="fray__subcmd__track__subcmd__help__subcmd__temp"
                ;;
            fray__subcmd__track__subcmd__help,undo)
                cmd="fray__subcmd__track__subcmd__help__subcmd__undo"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        fray)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --help --version surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__completions)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --help --version bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__distance)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --dungeon --outdoors --both-surprised --terrain --audible --wilderness --waterborne --surprised --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --terrain)
                    COMPREPLY=($(compgen -W "city clear grassland settled aerial barren desert forest hills ocean river jungle mountains swamp arctic farmland woodland wastelands coastal hill mountain underdark urban waterborne" -- "${cur}"))
                    return 0
                    ;;
                --audible)
                    COMPREPLY=($(compgen -W "quiet normal loud" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__encounter)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --side --roster --roster-example --ambush --aware --dungeon --outdoors --ties --wait --cha --cha-mod --mod --table --track --wandering --terrain --chance --morale --ml --losing --winning --total --partial --reaction --rounds --stealth --stealth-mod --stealth-ties --variant --both-surprised --audible --attitude --save --overwhelming --cornered --delay --ready --hold --wilderness --waterborne --swap --stance --int --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --ambush)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --aware)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ties)
                    COMPREPLY=($(compgen -W "reroll simultaneous" -- "${cur}"))
                    return 0
                    ;;
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cha)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cha-mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --track)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --terrain)
                    COMPREPLY=($(compgen -W "city clear grassland settled aerial barren desert forest hills ocean river jungle mountains swamp arctic farmland woodland wastelands coastal hill mountain underdark urban waterborne" -- "${cur}"))
                    return 0
                    ;;
                --chance)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ml)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rounds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-ties)
                    COMPREPLY=($(compgen -W "noticed surprised" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard score side speed" -- "${cur}"))
                    return 0
                    ;;
                --audible)
                    COMPREPLY=($(compgen -W "quiet normal loud" -- "${cur}"))
                    return 0
                    ;;
                --attitude)
                    COMPREPLY=($(compgen -W "friendly indifferent hostile" -- "${cur}"))
                    return 0
                    ;;
                --save)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ready)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --swap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stance)
                    COMPREPLY=($(compgen -W "willing hesitant unwilling" -- "${cur}"))
                    return 0
                    ;;
                --int)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help)
            opts="surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__distance)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__encounter)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__initiative)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__morale)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__pursue)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__reaction)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__roll)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__surprise)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__table)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__track)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__help__subcmd__wandering)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__initiative)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --side --roster --roster-example --ties --wait --surprised --variant --rounds --delay --ready --hold --individual --swap --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --ties)
                    COMPREPLY=($(compgen -W "reroll simultaneous" -- "${cur}"))
                    return 0
                    ;;
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --surprised)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard score side speed" -- "${cur}"))
                    return 0
                    ;;
                --rounds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ready)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --swap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__man)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__morale)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --side --roster --roster-example --ml --losing --winning --mod --passed --save --overwhelming --cornered --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --ml)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --passed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --save)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__pursue)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --quarry --pursuer --gap --sight --drop --rounds --dungeon --outdoors --side --roster --roster-example --fleeing --terrain --cover --complications --wilderness --waterborne --quarry-count --pursuer-count --mod --surprised --days --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --quarry)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pursuer)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --gap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --drop)
                    COMPREPLY=($(compgen -W "treasure food" -- "${cur}"))
                    return 0
                    ;;
                --rounds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --fleeing)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --terrain)
                    COMPREPLY=($(compgen -W "city clear grassland settled aerial barren desert forest hills ocean river jungle mountains swamp arctic farmland woodland wastelands coastal hill mountain underdark urban waterborne" -- "${cur}"))
                    return 0
                    ;;
                --cover)
                    COMPREPLY=($(compgen -W "many few" -- "${cur}"))
                    return 0
                    ;;
                --complications)
                    COMPREPLY=($(compgen -W "urban wilderness none" -- "${cur}"))
                    return 0
                    ;;
                --quarry-count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --pursuer-count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --surprised)
                    COMPREPLY=($(compgen -W "quarry pursuers" -- "${cur}"))
                    return 0
                    ;;
                --days)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__reaction)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --cha --cha-mod --mod --attitude --stance --int --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cha)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cha-mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --attitude)
                    COMPREPLY=($(compgen -W "friendly indifferent hostile" -- "${cur}"))
                    return 0
                    ;;
                --stance)
                    COMPREPLY=($(compgen -W "willing hesitant unwilling" -- "${cur}"))
                    return 0
                    ;;
                --int)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__roll)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__surprise)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --side --roster --roster-example --ambush --aware --total --partial --rounds --stealth --stealth-mod --stealth-ties --both-surprised --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --ambush)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --aware)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rounds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-ties)
                    COMPREPLY=($(compgen -W "noticed surprised" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__table)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --example --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__add)
            opts="-r -f -n -q -v -h -V --table --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --table)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__attack)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__damage)
            opts="-r -f -n -q -v -h -V --half --each --bashing --lethal --aggravated --crit --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__delay)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__effect)
            opts="-r -f -n -q -v -h -V --rounds --until --of --concentration --end --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rounds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -W "start end" -- "${cur}"))
                    return 0
                    ;;
                --of)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__end)
            opts="-r -f -n -q -v -h -V --yes --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__heal)
            opts="-r -f -n -q -v -h -V --each --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help)
            opts="start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__attack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__damage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__delay)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__effect)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__end)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__heal)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__hide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__hold)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__morale)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__next)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__note)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__play)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__ready)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__remove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__reveal)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__split)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__start)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__temp)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__help__subcmd__undo)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__hide)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__hold)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__list)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__morale)
            opts="-r -f -n -q -v -h -V --mod --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__next)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__note)
            opts="-r -f -n -q -v -h -V --clear --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__play)
            opts="-r -f -n -q -v -h -V --players --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__ready)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__remove)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__reveal)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__set)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__show)
            opts="-r -f -n -q -v -h -V --players --watch --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__split)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__start)
            opts="-r -f -n -q -v -h -V --side --roster --roster-example --delay --ready --hold --surprise --no-rule --rule --lair --ambush --aware --ties --wait --table --surprised --total --partial --stealth --stealth-mod --stealth-ties --variant --both-surprised --individual --swap --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roster)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ready)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-rule)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rule)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ambush)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --aware)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ties)
                    COMPREPLY=($(compgen -W "reroll simultaneous" -- "${cur}"))
                    return 0
                    ;;
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --table)
                    local oldifs
                    if [ -n "${IFS+x}" ]; then
                        oldifs="$IFS"
                    fi
                    IFS=$'\n'
                    COMPREPLY=($(compgen -f "${cur}"))
                    if [ -n "${oldifs+x}" ]; then
                        IFS="$oldifs"
                    fi
                    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
                        compopt -o filenames
                    fi
                    return 0
                    ;;
                --surprised)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-mod)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stealth-ties)
                    COMPREPLY=($(compgen -W "noticed surprised" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard score side speed" -- "${cur}"))
                    return 0
                    ;;
                --swap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__temp)
            opts="-r -f -n -q -v -h -V --each --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__track__subcmd__undo)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --fight --roll --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --roll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        fray__subcmd__wandering)
            opts="-r -f -n -q -v -h -V --rules --seed --format --color --repeat --odds --quiet --show-seed --no-config --width --terrain --chance --dungeon --checks --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --rules)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                -r)
                    COMPREPLY=($(compgen -W "ose gurps 5e wod bx 5e2024 cofd" -- "${cur}"))
                    return 0
                    ;;
                --seed)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "text yaml json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --repeat)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --width)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --terrain)
                    COMPREPLY=($(compgen -W "city clear grassland settled aerial barren desert forest hills ocean river jungle mountains swamp arctic farmland woodland wastelands coastal hill mountain underdark urban waterborne" -- "${cur}"))
                    return 0
                    ;;
                --chance)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --checks)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _fray -o nosort -o bashdefault -o default fray
else
    complete -F _fray -o bashdefault -o default fray
fi

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
