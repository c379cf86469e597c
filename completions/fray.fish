# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_fray_global_optspecs
    string join \n r/rules= seed= f/format= color= n/repeat= odds q/quiet v/show-seed no-config width= h/help V/version
end

function __fish_fray_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_fray_global_optspecs) -- $cmd 2>/dev/null
    or begin
        set -e cmd[-1]
        argparse -s (__fish_fray_global_optspecs) -- $cmd 2>/dev/null
        or return
    end
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_fray_using_subcommand
    set -l cmd (__fish_fray_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c fray -n "__fish_fray_needs_command" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_needs_command" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_needs_command" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_needs_command" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_needs_command" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_needs_command" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_needs_command" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_needs_command" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_needs_command" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_needs_command" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_needs_command" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_needs_command" -f -a "surprise" -d 'Who is caught unawares'
complete -c fray -n "__fish_fray_needs_command" -f -a "distance" -d 'How far apart the sides are when they meet'
complete -c fray -n "__fish_fray_needs_command" -f -a "initiative" -d 'Who acts first, and the acting order'
complete -c fray -n "__fish_fray_needs_command" -f -a "reaction" -d 'How the other side reacts'
complete -c fray -n "__fish_fray_needs_command" -f -a "pursue" -d 'A chase, round by round'
complete -c fray -n "__fish_fray_needs_command" -f -a "encounter" -d 'The whole encounter sequence in one document'
complete -c fray -n "__fish_fray_needs_command" -f -a "wandering" -d 'Is a wandering monster met? The check for a random encounter'
complete -c fray -n "__fish_fray_needs_command" -f -a "morale" -d 'Do the monsters keep fighting? The morale check'
complete -c fray -n "__fish_fray_needs_command" -f -a "roll" -d 'Roll dice expressions: 4d6kh3, 2d20kh1+5, 10d10>=8, 3d6!'
complete -c fray -n "__fish_fray_needs_command" -f -a "table" -d 'Roll on an encounter table kept in YAML: what appears, and how many'
complete -c fray -n "__fish_fray_needs_command" -f -a "track" -d 'A fight kept between commands: its rounds, turns and acting order'
complete -c fray -n "__fish_fray_needs_command" -f -a "completions" -d 'Print the completion script for a shell'
complete -c fray -n "__fish_fray_needs_command" -f -a "man" -d 'Write man pages into DIR'
complete -c fray -n "__fish_fray_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c fray -n "__fish_fray_using_subcommand surprise" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand surprise" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand surprise" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand surprise" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand surprise" -l ambush -d 'SIDE attacks from ambush (default monsters): every other side is easier to surprise' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l aware -d 'SIDE already knows of the others and does not roll (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l rounds -d 'Turns of recovery rolls to follow before calling a combatant out of the fight' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l stealth -d 'A hider\'s Stealth total, passive or already rolled (repeatable, one per hider)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l stealth-mod -d 'A hider who rolls d20 + N now (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand surprise" -l stealth-ties -d 'How Stealth equal to passive Perception goes' -r -f -a "noticed\t'Stealth equal to passive Perception is noticed'
surprised\t'Stealth equal to passive Perception surprises'"
complete -c fray -n "__fish_fray_using_subcommand surprise" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand surprise" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand surprise" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand surprise" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand surprise" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand surprise" -l total -d 'Total surprise: the attacked freeze for 1d seconds'
complete -c fray -n "__fish_fray_using_subcommand surprise" -l partial -d 'Partial surprise: the two leaders roll for initiative (the default)'
complete -c fray -n "__fish_fray_using_subcommand surprise" -l both-surprised -d 'Everyone on every side is surprised'
complete -c fray -n "__fish_fray_using_subcommand surprise" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand surprise" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand distance" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand distance" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand distance" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand distance" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand distance" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand distance" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand distance" -l terrain -d 'The travel terrain the others are seen across, e.g. forest or hills' -r -f -a "city\t''
clear\t''
grassland\t''
settled\t''
aerial\t''
barren\t''
desert\t''
forest\t''
hills\t''
ocean\t''
river\t''
jungle\t''
mountains\t''
swamp\t''
arctic\t''
farmland\t''
woodland\t''
wastelands\t''
coastal\t''
hill\t''
mountain\t''
underdark\t''
urban\t''
waterborne\t''"
complete -c fray -n "__fish_fray_using_subcommand distance" -l audible -d 'How much noise the others make, for the distance they are heard at' -r -f -a "quiet\t'Trying to be quiet: 2d6 x 5 ft'
normal\t'Normal noise: 2d6 x 10 ft'
loud\t'Very loud: 2d6 x 50 ft'"
complete -c fray -n "__fish_fray_using_subcommand distance" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand distance" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand distance" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand distance" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand distance" -l dungeon -d 'In a dungeon: 2d6 x 10\' (the default)'
complete -c fray -n "__fish_fray_using_subcommand distance" -l outdoors -d 'Outdoors: 2d6 x 30\''
complete -c fray -n "__fish_fray_using_subcommand distance" -l both-surprised -d 'Both sides are surprised: 1d4 x 10\' (or x 30\' outdoors)'
complete -c fray -n "__fish_fray_using_subcommand distance" -l wilderness -d 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)'
complete -c fray -n "__fish_fray_using_subcommand distance" -l waterborne -d 'On the water: 4d6 x 10 yards'
complete -c fray -n "__fish_fray_using_subcommand distance" -l surprised -d 'Either side is surprised: 1d4 x 10 yards outdoors; the dungeon distance stays'
complete -c fray -n "__fish_fray_using_subcommand distance" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand distance" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand initiative" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand initiative" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand initiative" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand initiative" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand initiative" -l ties -d 'How tied sides are settled' -r -f -a "reroll\t'Tied sides re-roll among themselves until the tie breaks'
simultaneous\t'Tied sides act at the same time'"
complete -c fray -n "__fish_fray_using_subcommand initiative" -l wait -d 'SIDE gives up initiative and acts after the others, reacting (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l surprised -d 'SIDE is surprised and does not roll (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l variant -d 'Initiative variant' -r -f -a "standard\t'd20 + initiative modifier per combatant'
score\t'No roll: 10 + initiative modifier'
side\t'One d20 per side, no modifiers'
speed\t'Speed factor: d20 + Dex + action and size modifiers, every round'"
complete -c fray -n "__fish_fray_using_subcommand initiative" -l rounds -d 'Rounds to roll (speed factor; default 1)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l delay -d 'NAME acts right after OTHER, at OTHER\'s initiative - 1 (NAME:after=OTHER)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l ready -d 'NAME\'s prepared action fires right before OTHER, at OTHER\'s + 1 (NAME:before=OTHER)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l hold -d 'NAME gives up its first-round action to act at any moment of round 2 (NAME[:before=OTHER|after=OTHER] places it)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l swap -d 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand initiative" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand initiative" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand initiative" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand initiative" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand initiative" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand initiative" -l individual -d 'Each combatant rolls 1d6 + its DEX modifier; slow weapons act last'
complete -c fray -n "__fish_fray_using_subcommand initiative" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand initiative" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand reaction" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand reaction" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand reaction" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand reaction" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l cha -d 'The speaker\'s Charisma score when the party parleys (3-18)' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l cha-mod -d 'The speaker\'s Charisma modifier, given directly' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l mod -d 'Any other reaction modifier' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l attitude -d 'The creature\'s attitude toward the speaker (default indifferent)' -r -f -a "friendly\t'Wishes the speaker well'
indifferent\t'Neither helps nor hinders'
hostile\t'Opposes the speaker'"
complete -c fray -n "__fish_fray_using_subcommand reaction" -l stance -d 'How the creature feels about what it is urged to do (default hesitant)' -r -f -a "willing\t'The urging fits its wishes: it complies, no check'
hesitant\t'It could be talked into it: an ability check'
unwilling\t'The urging is repugnant to it: it refuses, no check'"
complete -c fray -n "__fish_fray_using_subcommand reaction" -l int -d 'The creature\'s Intelligence score: the DC is 15 or it, whichever is higher' -r
complete -c fray -n "__fish_fray_using_subcommand reaction" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand reaction" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand reaction" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand reaction" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand reaction" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand reaction" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand pursue" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand pursue" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l quarry -d 'The fleeing side\'s Speed' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l pursuer -d 'The pursuing side\'s Speed' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l gap -d 'Starting gap in feet (default: the encounter distance, rolled)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l sight -d 'Lost from view past FEET: the pursuers give up' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l drop -d 'The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)' -r -f -a "treasure\t'pursuers who value wealth may stop (3-in-6)'
food\t'hungry pursuers may stop (3-in-6)'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l rounds -d 'Rounds before the chase is left to the referee (default 10)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand pursue" -l fleeing -d 'The side that flees; every other side gives chase (default the first side)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l terrain -d 'Roll the starting gap as the encounter distance of a travel terrain, e.g. forest' -r -f -a "city\t''
clear\t''
grassland\t''
settled\t''
aerial\t''
barren\t''
desert\t''
forest\t''
hills\t''
ocean\t''
river\t''
jungle\t''
mountains\t''
swamp\t''
arctic\t''
farmland\t''
woodland\t''
wastelands\t''
coastal\t''
hill\t''
mountain\t''
underdark\t''
urban\t''
waterborne\t''"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l cover -d 'What the quarry has to hide behind when it tries to slip away' -r -f -a "many\t'Many things to hide behind, or a crowded, noisy place: the Stealth roll has Advantage'
few\t'Few things to hide behind, or an empty, quiet place: the Stealth roll has Disadvantage'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l complications -d 'Complications a participant may run into at the end of its turn (default none)' -r -f -a "urban\t'Streets: carts, crowds, barrels, brawls, slippery ground, sharp turns'
wilderness\t'Open country: brush, streams, blowing sand, sudden drops, razorvine'
none\t'No complications'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l quarry-count -d 'How many flee, for the wilderness evasion table' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l pursuer-count -d 'How many pursue, for the wilderness evasion table' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l mod -d 'The referee\'s modifier to the wilderness evasion chance, in percent' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l surprised -d 'Which side was surprised: a surprised quarry cannot evade, surprised pursuers lose it (wilderness)' -r -f -a "quarry\t'The fleeing side was surprised: it may not evade'
pursuers\t'The pursuing side was surprised: the quarry gets away'"
complete -c fray -n "__fish_fray_using_subcommand pursue" -l days -d 'Days the wilderness pursuit is followed before the referee decides (default 7)' -r
complete -c fray -n "__fish_fray_using_subcommand pursue" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand pursue" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand pursue" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand pursue" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand pursue" -l dungeon -d 'In a dungeon: 2d6 x 10\' (the default)'
complete -c fray -n "__fish_fray_using_subcommand pursue" -l outdoors -d 'Outdoors: 2d6 x 30\''
complete -c fray -n "__fish_fray_using_subcommand pursue" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand pursue" -l wilderness -d 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)'
complete -c fray -n "__fish_fray_using_subcommand pursue" -l waterborne -d 'On the water: 4d6 x 10 yards'
complete -c fray -n "__fish_fray_using_subcommand pursue" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand pursue" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand encounter" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand encounter" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand encounter" -l ambush -d 'SIDE attacks from ambush (default monsters): every other side is easier to surprise' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l aware -d 'SIDE already knows of the others and does not roll (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l ties -d 'How tied sides are settled' -r -f -a "reroll\t'Tied sides re-roll among themselves until the tie breaks'
simultaneous\t'Tied sides act at the same time'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l wait -d 'SIDE gives up initiative and acts after the others, reacting (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l cha -d 'The speaker\'s Charisma score when the party parleys (3-18)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l cha-mod -d 'The speaker\'s Charisma modifier, given directly' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l mod -d 'Any other reaction modifier' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l table -d 'Roll on the encounter table in FILE first: what it brings joins the monsters' -r -F
complete -c fray -n "__fish_fray_using_subcommand encounter" -l track -d 'Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l terrain -d 'Check in the wilderness, in TERRAIN (its chance from the book\'s table)' -r -f -a "city\t''
clear\t''
grassland\t''
settled\t''
aerial\t''
barren\t''
desert\t''
forest\t''
hills\t''
ocean\t''
river\t''
jungle\t''
mountains\t''
swamp\t''
arctic\t''
farmland\t''
woodland\t''
wastelands\t''
coastal\t''
hill\t''
mountain\t''
underdark\t''
urban\t''
waterborne\t''"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l chance -d 'An encounter on N faces of the check\'s die, instead of the book\'s chance' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l ml -d 'The morale score ML (2-12) of whoever has no ml key' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l rounds -d 'Turns of recovery rolls to follow before calling a combatant out of the fight' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l stealth -d 'A hider\'s Stealth total, passive or already rolled (repeatable, one per hider)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l stealth-mod -d 'A hider who rolls d20 + N now (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l stealth-ties -d 'How Stealth equal to passive Perception goes' -r -f -a "noticed\t'Stealth equal to passive Perception is noticed'
surprised\t'Stealth equal to passive Perception surprises'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l variant -d 'Initiative variant' -r -f -a "standard\t'd20 + initiative modifier per combatant'
score\t'No roll: 10 + initiative modifier'
side\t'One d20 per side, no modifiers'
speed\t'Speed factor: d20 + Dex + action and size modifiers, every round'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l audible -d 'How much noise the others make, for the distance they are heard at' -r -f -a "quiet\t'Trying to be quiet: 2d6 x 5 ft'
normal\t'Normal noise: 2d6 x 10 ft'
loud\t'Very loud: 2d6 x 50 ft'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l attitude -d 'The creature\'s attitude toward the speaker (default indifferent)' -r -f -a "friendly\t'Wishes the speaker well'
indifferent\t'Neither helps nor hinders'
hostile\t'Opposes the speaker'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l save -d 'The Wisdom saving throw bonus of the creature, or of the group\'s leader' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l delay -d 'NAME acts right after OTHER, at OTHER\'s initiative - 1 (NAME:after=OTHER)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l ready -d 'NAME\'s prepared action fires right before OTHER, at OTHER\'s + 1 (NAME:before=OTHER)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l hold -d 'NAME gives up its first-round action to act at any moment of round 2 (NAME[:before=OTHER|after=OTHER] places it)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l swap -d 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l stance -d 'How the creature feels about what it is urged to do (default hesitant)' -r -f -a "willing\t'The urging fits its wishes: it complies, no check'
hesitant\t'It could be talked into it: an ability check'
unwilling\t'The urging is repugnant to it: it refuses, no check'"
complete -c fray -n "__fish_fray_using_subcommand encounter" -l int -d 'The creature\'s Intelligence score: the DC is 15 or it, whichever is higher' -r
complete -c fray -n "__fish_fray_using_subcommand encounter" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand encounter" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand encounter" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l dungeon -d 'In a dungeon: 2d6 x 10\' (the default)'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l outdoors -d 'Outdoors: 2d6 x 30\''
complete -c fray -n "__fish_fray_using_subcommand encounter" -l wandering -d 'Check for a wandering monster first: no monster, no encounter'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l morale -d 'Check the other sides\' morale after the reaction, as if it comes to a fight'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l losing -d 'The side checking is losing the battle: -1 to its morale'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l winning -d 'The side checking is winning the battle: +1 to its morale'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l total -d 'Total surprise: the attacked freeze for 1d seconds'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l partial -d 'Partial surprise: the two leaders roll for initiative (the default)'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l reaction -d 'Roll a reaction too'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l both-surprised -d 'Everyone on every side is surprised'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l overwhelming -d 'The opposition is overwhelmingly superior: the save has disadvantage'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l cornered -d 'There is no way out: those who would flee surrender'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l wilderness -d 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)'
complete -c fray -n "__fish_fray_using_subcommand encounter" -l waterborne -d 'On the water: 4d6 x 10 yards'
complete -c fray -n "__fish_fray_using_subcommand encounter" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand encounter" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand wandering" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand wandering" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand wandering" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand wandering" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand wandering" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand wandering" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand wandering" -l terrain -d 'Check in the wilderness, in TERRAIN (its chance from the book\'s table)' -r -f -a "city\t''
clear\t''
grassland\t''
settled\t''
aerial\t''
barren\t''
desert\t''
forest\t''
hills\t''
ocean\t''
river\t''
jungle\t''
mountains\t''
swamp\t''
arctic\t''
farmland\t''
woodland\t''
wastelands\t''
coastal\t''
hill\t''
mountain\t''
underdark\t''
urban\t''
waterborne\t''"
complete -c fray -n "__fish_fray_using_subcommand wandering" -l chance -d 'An encounter on N faces of the check\'s die, instead of the book\'s chance' -r
complete -c fray -n "__fish_fray_using_subcommand wandering" -l checks -d 'Make N checks one after another (-q then counts the encounters)' -r
complete -c fray -n "__fish_fray_using_subcommand wandering" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand wandering" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand wandering" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand wandering" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand wandering" -l dungeon -d 'Check in a dungeon (the default)'
complete -c fray -n "__fish_fray_using_subcommand wandering" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand wandering" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand morale" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand morale" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand morale" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand morale" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand morale" -l ml -d 'The morale score ML (2-12) of whoever has no ml key; check at the first death on the side and when half of them are out of the fight' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l mod -d 'Another situational adjustment to the morale score' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l passed -d 'Successful morale checks already made in this encounter' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l save -d 'The Wisdom save bonus of the creature or the group\'s leader; check when it is surprised, first at half its hit points or fewer, or cannot harm the other side; a group: all surprised, the leader down or gone, half of it lost with no loss on the other side' -r
complete -c fray -n "__fish_fray_using_subcommand morale" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand morale" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand morale" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand morale" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand morale" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand morale" -l losing -d 'The side checking is losing the battle: -1 to its morale'
complete -c fray -n "__fish_fray_using_subcommand morale" -l winning -d 'The side checking is winning the battle: +1 to its morale'
complete -c fray -n "__fish_fray_using_subcommand morale" -l overwhelming -d 'The opposition is overwhelmingly superior: the save has disadvantage'
complete -c fray -n "__fish_fray_using_subcommand morale" -l cornered -d 'There is no way out: those who would flee surrender'
complete -c fray -n "__fish_fray_using_subcommand morale" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand morale" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand roll" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand roll" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand roll" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand roll" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand roll" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand roll" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand roll" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand roll" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand roll" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand roll" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand roll" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand roll" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand table" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand table" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand table" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand table" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand table" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand table" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand table" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand table" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand table" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand table" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand table" -l example -d 'Print a commented example table'
complete -c fray -n "__fish_fray_using_subcommand table" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand table" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "start" -d 'Open the fight: surprise where the flags call for it, then initiative'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "next" -d 'End the current turn and start the next; after the last, a new round'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "show" -d 'The round, the order with hit points, effects and notes, whose turn it is'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "play" -d 'The fight full-screen: one key a move (n next, d damage, e effect, : any action)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "add" -d 'Combatants join the fight: only they roll initiative (or give it: initiative=N)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "remove" -d 'Combatants leave the fight: a group by its name (\'Orc\'), a member by its own (\'Orc 2\')'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "split" -d 'Group members take a place of their own, after their group, to act apart'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "damage" -d 'Damage: AMOUNT (a number or dice, rolled once) taken by each target, temporary hit points first'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "morale" -d 'A morale check by hand for a side or group (ose, bx): 2d6 against its ML'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "attack" -d 'An attack on TARGET: its Defense against it, 1 less for each attack after the first this turn (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "heal" -d 'Healing: AMOUNT (a number or dice) given back to each target, up to its most'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "temp" -d 'Temporary hit points: they take damage first and do not add up (the higher are kept)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "effect" -d 'A named effect on each target, running out after N rounds at a turn\'s start or end'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "note" -d 'A note on a combatant, shown beside it (not to the players)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "hide" -d 'Keep combatants out of the players\' view (show --players)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "reveal" -d 'Show hidden combatants to the players again'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "delay" -d 'NAME waits and acts right after OTHER, at OTHER\'s initiative - 1, this round (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "ready" -d 'NAME\'s prepared action fires right before OTHER, at OTHER\'s initiative + 1 (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "hold" -d 'NAME gives up this round\'s action to act at any moment of the next (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "set" -d 'Change a combatant: initiative=N, hp=N, temp-hp=N, down=WORD, acts-from=ROUND, its keys'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "undo" -d 'Go back N commands (default 1)'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "end" -d 'End the fight: kept, marked ended (undo brings it back); --yes forgets it'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "list" -d 'The saved fights, with their ruleset, round and whose turn it is'
complete -c fray -n "__fish_fray_using_subcommand track; and not __fish_seen_subcommand_from start next show play add remove split damage morale attack heal temp effect note hide reveal delay ready hold set undo end list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l side -d 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l roster -d 'Sides and combatants from a YAML file (\'-\' reads standard input; repeatable, combined)' -r -F
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l delay -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l ready -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l hold -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l no-rule -d 'Play without one of the ruleset\'s rules that fire as the fight goes (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l rule -d 'Play with one of the ruleset\'s optional rules (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l ambush -d 'SIDE attacks from ambush (default monsters): every other side is easier to surprise' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l aware -d 'SIDE already knows of the others and does not roll (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l ties -d 'How tied sides are settled' -r -f -a "reroll\t'Tied sides re-roll among themselves until the tie breaks'
simultaneous\t'Tied sides act at the same time'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l wait -d 'SIDE gives up initiative and acts after the others, reacting (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l table -d 'Roll on the encounter table in FILE first: what it brings joins the monsters' -r -F
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l surprised -d 'SIDE is surprised and does not roll (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l stealth -d 'A hider\'s Stealth total, passive or already rolled (repeatable, one per hider)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l stealth-mod -d 'A hider who rolls d20 + N now (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l stealth-ties -d 'How Stealth equal to passive Perception goes' -r -f -a "noticed\t'Stealth equal to passive Perception is noticed'
surprised\t'Stealth equal to passive Perception surprises'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l variant -d 'Initiative variant' -r -f -a "standard\t'd20 + initiative modifier per combatant'
score\t'No roll: 10 + initiative modifier'
side\t'One d20 per side, no modifiers'
speed\t'Speed factor: d20 + Dex + action and size modifiers, every round'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l swap -d 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l roster-example -d 'Print a commented roster template for this ruleset and command'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l surprise -d 'Roll surprise first, as fray encounter does, even without a surprise flag'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l lair -d 'Lair actions at initiative count 20, losing ties, every round (5e)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l total -d 'Total surprise: the attacked freeze for 1d seconds'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l partial -d 'Partial surprise: the two leaders roll for initiative (the default)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l both-surprised -d 'Everyone on every side is surprised'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l individual -d 'Each combatant rolls 1d6 + its DEX modifier; slow weapons act last'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from start" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from next" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l players -d 'The view to turn to the players: no hidden combatants, no monster\'s numbers, no notes'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l watch -d 'Full-screen on the terminal, redrawn as the fight changes, until q'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l players -d 'The players\' screen: nothing can be changed (as show --players --watch)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from play" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l table -d 'Roll on the encounter table in FILE: what it brings joins the fight' -r -F
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from add" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from remove" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from split" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l half -d 'Half of it, rounded down (a save made against it)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l each -d 'Roll the amount for each target on its own'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l bashing -d 'Bashing damage (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l lethal -d 'Lethal damage, the default (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l aggravated -d 'Aggravated damage (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l crit -d 'A critical hit (5e: at 0 hit points, two failed death saves)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from damage" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l mod -d 'An adjustment to the score, -2 to 2 (losing -1, winning +1)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from morale" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from attack" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l each -d 'Roll the amount for each target on its own'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from heal" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l each -d 'Roll the amount for each target on its own'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from temp" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l rounds -d 'It runs out N rounds on (without it, it lasts until ended)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l until -d 'At the start or the end of the turn it counts by' -r -f -a "start\t''
end\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l of -d 'Whose turns it counts by (default: each target\'s own)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l concentration -d 'It hangs on the concentration of --of (else of whoever\'s turn it is)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l end -d 'End the effect now instead'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from effect" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l clear -d 'Clear the notes instead'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from note" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hide" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from reveal" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from delay" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from ready" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from hold" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from set" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from undo" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l yes -d 'Forget the fight: its file and lock are removed'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from end" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l fight -d 'The fight to work on: letters, digits, \'.\', \'_\' and \'-\' (default from FRAY_FIGHT, else default)' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l roll -d 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable' -r
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "start" -d 'Open the fight: surprise where the flags call for it, then initiative'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "next" -d 'End the current turn and start the next; after the last, a new round'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "show" -d 'The round, the order with hit points, effects and notes, whose turn it is'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "play" -d 'The fight full-screen: one key a move (n next, d damage, e effect, : any action)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "add" -d 'Combatants join the fight: only they roll initiative (or give it: initiative=N)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "remove" -d 'Combatants leave the fight: a group by its name (\'Orc\'), a member by its own (\'Orc 2\')'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "split" -d 'Group members take a place of their own, after their group, to act apart'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "damage" -d 'Damage: AMOUNT (a number or dice, rolled once) taken by each target, temporary hit points first'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "morale" -d 'A morale check by hand for a side or group (ose, bx): 2d6 against its ML'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "attack" -d 'An attack on TARGET: its Defense against it, 1 less for each attack after the first this turn (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "heal" -d 'Healing: AMOUNT (a number or dice) given back to each target, up to its most'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "temp" -d 'Temporary hit points: they take damage first and do not add up (the higher are kept)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "effect" -d 'A named effect on each target, running out after N rounds at a turn\'s start or end'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "note" -d 'A note on a combatant, shown beside it (not to the players)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "hide" -d 'Keep combatants out of the players\' view (show --players)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "reveal" -d 'Show hidden combatants to the players again'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "delay" -d 'NAME waits and acts right after OTHER, at OTHER\'s initiative - 1, this round (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "ready" -d 'NAME\'s prepared action fires right before OTHER, at OTHER\'s initiative + 1 (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "hold" -d 'NAME gives up this round\'s action to act at any moment of the next (wod, cofd)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "set" -d 'Change a combatant: initiative=N, hp=N, temp-hp=N, down=WORD, acts-from=ROUND, its keys'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "undo" -d 'Go back N commands (default 1)'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "end" -d 'End the fight: kept, marked ended (undo brings it back); --yes forgets it'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "list" -d 'The saved fights, with their ruleset, round and whose turn it is'
complete -c fray -n "__fish_fray_using_subcommand track; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c fray -n "__fish_fray_using_subcommand completions" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand completions" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand completions" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand completions" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand completions" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand completions" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand completions" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand completions" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand completions" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand completions" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand completions" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand man" -s r -l rules -d 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES' -r -f -a "ose\t'Old-School Essentials six-step encounter procedure'
gurps\t'GURPS 4th edition'
5e\t'D&D 5th edition (2014) with the DMG initiative variants'
wod\t'World of Darkness Storytelling system (2004)'
bx\t'Classic Basic/Expert numbers, as in the Old-School Essentials SRD'
5e2024\t'D&D 2024 revision (SRD 5.2)'
cofd\t'Chronicles of Darkness, 2nd edition'"
complete -c fray -n "__fish_fray_using_subcommand man" -l seed -d 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)' -r
complete -c fray -n "__fish_fray_using_subcommand man" -s f -l format -d 'Output format: text (default), yaml, json; default from FRAY_FORMAT' -r -f -a "text\t'For reading: every die and modifier, coloured on a terminal'
yaml\t'One YAML document per run (a stream with --repeat)'
json\t'JSON Lines: one JSON document per line, per run'"
complete -c fray -n "__fish_fray_using_subcommand man" -l color -d 'When to colour text output: auto (default), always, never' -r -f -a "auto\t'Colour on a terminal, honouring NO_COLOR and CLICOLOR_FORCE'
always\t''
never\t''"
complete -c fray -n "__fish_fray_using_subcommand man" -s n -l repeat -d 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)' -r
complete -c fray -n "__fish_fray_using_subcommand man" -l width -d 'Wrap text output to N columns (default: COLUMNS, else the terminal\'s width, else 80)' -r
complete -c fray -n "__fish_fray_using_subcommand man" -l odds -d 'Do not roll: print the exact probability of every outcome'
complete -c fray -n "__fish_fray_using_subcommand man" -s q -l quiet -d 'Only the headline result, one line per run, whatever the format'
complete -c fray -n "__fish_fray_using_subcommand man" -s v -l show-seed -d 'Print the seed in text output'
complete -c fray -n "__fish_fray_using_subcommand man" -l no-config -d 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)'
complete -c fray -n "__fish_fray_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c fray -n "__fish_fray_using_subcommand man" -s V -l version -d 'Print version'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "surprise" -d 'Who is caught unawares'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "distance" -d 'How far apart the sides are when they meet'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "initiative" -d 'Who acts first, and the acting order'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "reaction" -d 'How the other side reacts'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "pursue" -d 'A chase, round by round'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "encounter" -d 'The whole encounter sequence in one document'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "wandering" -d 'Is a wandering monster met? The check for a random encounter'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "morale" -d 'Do the monsters keep fighting? The morale check'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "roll" -d 'Roll dice expressions: 4d6kh3, 2d20kh1+5, 10d10>=8, 3d6!'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "table" -d 'Roll on an encounter table kept in YAML: what appears, and how many'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "track" -d 'A fight kept between commands: its rounds, turns and acting order'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "completions" -d 'Print the completion script for a shell'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "man" -d 'Write man pages into DIR'
complete -c fray -n "__fish_fray_using_subcommand help; and not __fish_seen_subcommand_from surprise distance initiative reaction pursue encounter wandering morale roll table track completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
