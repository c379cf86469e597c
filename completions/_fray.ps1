
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'fray' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'fray'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'fray' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('surprise', 'surprise', [CompletionResultType]::ParameterValue, 'Who is caught unawares')
            [CompletionResult]::new('distance', 'distance', [CompletionResultType]::ParameterValue, 'How far apart the sides are when they meet')
            [CompletionResult]::new('initiative', 'initiative', [CompletionResultType]::ParameterValue, 'Who acts first, and the acting order')
            [CompletionResult]::new('reaction', 'reaction', [CompletionResultType]::ParameterValue, 'How the other side reacts')
            [CompletionResult]::new('pursue', 'pursue', [CompletionResultType]::ParameterValue, 'A chase, round by round')
            [CompletionResult]::new('encounter', 'encounter', [CompletionResultType]::ParameterValue, 'The whole encounter sequence in one document')
            [CompletionResult]::new('wandering', 'wandering', [CompletionResultType]::ParameterValue, 'Is a wandering monster met? The check for a random encounter')
            [CompletionResult]::new('morale', 'morale', [CompletionResultType]::ParameterValue, 'Do the monsters keep fighting? The morale check')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Roll dice expressions: 4d6kh3, 2d20kh1+5, 10d10>=8, 3d6!')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'Roll on an encounter table kept in YAML: what appears, and how many')
            [CompletionResult]::new('track', 'track', [CompletionResultType]::ParameterValue, 'A fight kept between commands: its rounds, turns and acting order')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages into DIR')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'fray;surprise' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--ambush', '--ambush', [CompletionResultType]::ParameterName, 'SIDE attacks from ambush (default monsters): every other side is easier to surprise')
            [CompletionResult]::new('--aware', '--aware', [CompletionResultType]::ParameterName, 'SIDE already knows of the others and does not roll (repeatable)')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'Turns of recovery rolls to follow before calling a combatant out of the fight')
            [CompletionResult]::new('--stealth', '--stealth', [CompletionResultType]::ParameterName, 'A hider''s Stealth total, passive or already rolled (repeatable, one per hider)')
            [CompletionResult]::new('--stealth-mod', '--stealth-mod', [CompletionResultType]::ParameterName, 'A hider who rolls d20 + N now (repeatable)')
            [CompletionResult]::new('--stealth-ties', '--stealth-ties', [CompletionResultType]::ParameterName, 'How Stealth equal to passive Perception goes')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--total', '--total', [CompletionResultType]::ParameterName, 'Total surprise: the attacked freeze for 1d seconds')
            [CompletionResult]::new('--partial', '--partial', [CompletionResultType]::ParameterName, 'Partial surprise: the two leaders roll for initiative (the default)')
            [CompletionResult]::new('--both-surprised', '--both-surprised', [CompletionResultType]::ParameterName, 'Everyone on every side is surprised')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;distance' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--terrain', '--terrain', [CompletionResultType]::ParameterName, 'The travel terrain the others are seen across, e.g. forest or hills')
            [CompletionResult]::new('--audible', '--audible', [CompletionResultType]::ParameterName, 'How much noise the others make, for the distance they are heard at')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--dungeon', '--dungeon', [CompletionResultType]::ParameterName, 'In a dungeon: 2d6 x 10'' (the default)')
            [CompletionResult]::new('--outdoors', '--outdoors', [CompletionResultType]::ParameterName, 'Outdoors: 2d6 x 30''')
            [CompletionResult]::new('--both-surprised', '--both-surprised', [CompletionResultType]::ParameterName, 'Both sides are surprised: 1d4 x 10'' (or x 30'' outdoors)')
            [CompletionResult]::new('--wilderness', '--wilderness', [CompletionResultType]::ParameterName, 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)')
            [CompletionResult]::new('--waterborne', '--waterborne', [CompletionResultType]::ParameterName, 'On the water: 4d6 x 10 yards')
            [CompletionResult]::new('--surprised', '--surprised', [CompletionResultType]::ParameterName, 'Either side is surprised: 1d4 x 10 yards outdoors; the dungeon distance stays')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;initiative' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--ties', '--ties', [CompletionResultType]::ParameterName, 'How tied sides are settled')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'SIDE gives up initiative and acts after the others, reacting (repeatable)')
            [CompletionResult]::new('--surprised', '--surprised', [CompletionResultType]::ParameterName, 'SIDE is surprised and does not roll (repeatable)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'Initiative variant')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'Rounds to roll (speed factor; default 1)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'NAME acts right after OTHER, at OTHER''s initiative - 1 (NAME:after=OTHER)')
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'NAME''s prepared action fires right before OTHER, at OTHER''s + 1 (NAME:before=OTHER)')
            [CompletionResult]::new('--hold', '--hold', [CompletionResultType]::ParameterName, 'NAME gives up its first-round action to act at any moment of round 2 (NAME[:before=OTHER|after=OTHER] places it)')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--individual', '--individual', [CompletionResultType]::ParameterName, 'Each combatant rolls 1d6 + its DEX modifier; slow weapons act last')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;reaction' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--cha', '--cha', [CompletionResultType]::ParameterName, 'The speaker''s Charisma score when the party parleys (3-18)')
            [CompletionResult]::new('--cha-mod', '--cha-mod', [CompletionResultType]::ParameterName, 'The speaker''s Charisma modifier, given directly')
            [CompletionResult]::new('--mod', '--mod', [CompletionResultType]::ParameterName, 'Any other reaction modifier')
            [CompletionResult]::new('--attitude', '--attitude', [CompletionResultType]::ParameterName, 'The creature''s attitude toward the speaker (default indifferent)')
            [CompletionResult]::new('--stance', '--stance', [CompletionResultType]::ParameterName, 'How the creature feels about what it is urged to do (default hesitant)')
            [CompletionResult]::new('--int', '--int', [CompletionResultType]::ParameterName, 'The creature''s Intelligence score: the DC is 15 or it, whichever is higher')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;pursue' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--quarry', '--quarry', [CompletionResultType]::ParameterName, 'The fleeing side''s Speed')
            [CompletionResult]::new('--pursuer', '--pursuer', [CompletionResultType]::ParameterName, 'The pursuing side''s Speed')
            [CompletionResult]::new('--gap', '--gap', [CompletionResultType]::ParameterName, 'Starting gap in feet (default: the encounter distance, rolled)')
            [CompletionResult]::new('--sight', '--sight', [CompletionResultType]::ParameterName, 'Lost from view past FEET: the pursuers give up')
            [CompletionResult]::new('--drop', '--drop', [CompletionResultType]::ParameterName, 'The quarry drops treasure or food at a round (default 1): treasure[@ROUND] (repeatable)')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'Rounds before the chase is left to the referee (default 10)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--fleeing', '--fleeing', [CompletionResultType]::ParameterName, 'The side that flees; every other side gives chase (default the first side)')
            [CompletionResult]::new('--terrain', '--terrain', [CompletionResultType]::ParameterName, 'Roll the starting gap as the encounter distance of a travel terrain, e.g. forest')
            [CompletionResult]::new('--cover', '--cover', [CompletionResultType]::ParameterName, 'What the quarry has to hide behind when it tries to slip away')
            [CompletionResult]::new('--complications', '--complications', [CompletionResultType]::ParameterName, 'Complications a participant may run into at the end of its turn (default none)')
            [CompletionResult]::new('--quarry-count', '--quarry-count', [CompletionResultType]::ParameterName, 'How many flee, for the wilderness evasion table')
            [CompletionResult]::new('--pursuer-count', '--pursuer-count', [CompletionResultType]::ParameterName, 'How many pursue, for the wilderness evasion table')
            [CompletionResult]::new('--mod', '--mod', [CompletionResultType]::ParameterName, 'The referee''s modifier to the wilderness evasion chance, in percent')
            [CompletionResult]::new('--surprised', '--surprised', [CompletionResultType]::ParameterName, 'Which side was surprised: a surprised quarry cannot evade, surprised pursuers lose it (wilderness)')
            [CompletionResult]::new('--days', '--days', [CompletionResultType]::ParameterName, 'Days the wilderness pursuit is followed before the referee decides (default 7)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--dungeon', '--dungeon', [CompletionResultType]::ParameterName, 'In a dungeon: 2d6 x 10'' (the default)')
            [CompletionResult]::new('--outdoors', '--outdoors', [CompletionResultType]::ParameterName, 'Outdoors: 2d6 x 30''')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--wilderness', '--wilderness', [CompletionResultType]::ParameterName, 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)')
            [CompletionResult]::new('--waterborne', '--waterborne', [CompletionResultType]::ParameterName, 'On the water: 4d6 x 10 yards')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;encounter' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--ambush', '--ambush', [CompletionResultType]::ParameterName, 'SIDE attacks from ambush (default monsters): every other side is easier to surprise')
            [CompletionResult]::new('--aware', '--aware', [CompletionResultType]::ParameterName, 'SIDE already knows of the others and does not roll (repeatable)')
            [CompletionResult]::new('--ties', '--ties', [CompletionResultType]::ParameterName, 'How tied sides are settled')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'SIDE gives up initiative and acts after the others, reacting (repeatable)')
            [CompletionResult]::new('--cha', '--cha', [CompletionResultType]::ParameterName, 'The speaker''s Charisma score when the party parleys (3-18)')
            [CompletionResult]::new('--cha-mod', '--cha-mod', [CompletionResultType]::ParameterName, 'The speaker''s Charisma modifier, given directly')
            [CompletionResult]::new('--mod', '--mod', [CompletionResultType]::ParameterName, 'Any other reaction modifier')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Roll on the encounter table in FILE first: what it brings joins the monsters')
            [CompletionResult]::new('--track', '--track', [CompletionResultType]::ParameterName, 'Keep the encounter as a fight for fray track (--track=NAME names it): round 1 as rolled here')
            [CompletionResult]::new('--terrain', '--terrain', [CompletionResultType]::ParameterName, 'Check in the wilderness, in TERRAIN (its chance from the book''s table)')
            [CompletionResult]::new('--chance', '--chance', [CompletionResultType]::ParameterName, 'An encounter on N faces of the check''s die, instead of the book''s chance')
            [CompletionResult]::new('--ml', '--ml', [CompletionResultType]::ParameterName, 'The morale score ML (2-12) of whoever has no ml key')
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'Turns of recovery rolls to follow before calling a combatant out of the fight')
            [CompletionResult]::new('--stealth', '--stealth', [CompletionResultType]::ParameterName, 'A hider''s Stealth total, passive or already rolled (repeatable, one per hider)')
            [CompletionResult]::new('--stealth-mod', '--stealth-mod', [CompletionResultType]::ParameterName, 'A hider who rolls d20 + N now (repeatable)')
            [CompletionResult]::new('--stealth-ties', '--stealth-ties', [CompletionResultType]::ParameterName, 'How Stealth equal to passive Perception goes')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'Initiative variant')
            [CompletionResult]::new('--audible', '--audible', [CompletionResultType]::ParameterName, 'How much noise the others make, for the distance they are heard at')
            [CompletionResult]::new('--attitude', '--attitude', [CompletionResultType]::ParameterName, 'The creature''s attitude toward the speaker (default indifferent)')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'The Wisdom saving throw bonus of the creature, or of the group''s leader')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'NAME acts right after OTHER, at OTHER''s initiative - 1 (NAME:after=OTHER)')
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'NAME''s prepared action fires right before OTHER, at OTHER''s + 1 (NAME:before=OTHER)')
            [CompletionResult]::new('--hold', '--hold', [CompletionResultType]::ParameterName, 'NAME gives up its first-round action to act at any moment of round 2 (NAME[:before=OTHER|after=OTHER] places it)')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)')
            [CompletionResult]::new('--stance', '--stance', [CompletionResultType]::ParameterName, 'How the creature feels about what it is urged to do (default hesitant)')
            [CompletionResult]::new('--int', '--int', [CompletionResultType]::ParameterName, 'The creature''s Intelligence score: the DC is 15 or it, whichever is higher')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--dungeon', '--dungeon', [CompletionResultType]::ParameterName, 'In a dungeon: 2d6 x 10'' (the default)')
            [CompletionResult]::new('--outdoors', '--outdoors', [CompletionResultType]::ParameterName, 'Outdoors: 2d6 x 30''')
            [CompletionResult]::new('--wandering', '--wandering', [CompletionResultType]::ParameterName, 'Check for a wandering monster first: no monster, no encounter')
            [CompletionResult]::new('--morale', '--morale', [CompletionResultType]::ParameterName, 'Check the other sides'' morale after the reaction, as if it comes to a fight')
            [CompletionResult]::new('--losing', '--losing', [CompletionResultType]::ParameterName, 'The side checking is losing the battle: -1 to its morale')
            [CompletionResult]::new('--winning', '--winning', [CompletionResultType]::ParameterName, 'The side checking is winning the battle: +1 to its morale')
            [CompletionResult]::new('--total', '--total', [CompletionResultType]::ParameterName, 'Total surprise: the attacked freeze for 1d seconds')
            [CompletionResult]::new('--partial', '--partial', [CompletionResultType]::ParameterName, 'Partial surprise: the two leaders roll for initiative (the default)')
            [CompletionResult]::new('--reaction', '--reaction', [CompletionResultType]::ParameterName, 'Roll a reaction too')
            [CompletionResult]::new('--both-surprised', '--both-surprised', [CompletionResultType]::ParameterName, 'Everyone on every side is surprised')
            [CompletionResult]::new('--overwhelming', '--overwhelming', [CompletionResultType]::ParameterName, 'The opposition is overwhelmingly superior: the save has disadvantage')
            [CompletionResult]::new('--cornered', '--cornered', [CompletionResultType]::ParameterName, 'There is no way out: those who would flee surrender')
            [CompletionResult]::new('--wilderness', '--wilderness', [CompletionResultType]::ParameterName, 'In the wilderness: 4d6 x 10 yards (where --outdoors means the same)')
            [CompletionResult]::new('--waterborne', '--waterborne', [CompletionResultType]::ParameterName, 'On the water: 4d6 x 10 yards')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;wandering' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--terrain', '--terrain', [CompletionResultType]::ParameterName, 'Check in the wilderness, in TERRAIN (its chance from the book''s table)')
            [CompletionResult]::new('--chance', '--chance', [CompletionResultType]::ParameterName, 'An encounter on N faces of the check''s die, instead of the book''s chance')
            [CompletionResult]::new('--checks', '--checks', [CompletionResultType]::ParameterName, 'Make N checks one after another (-q then counts the encounters)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--dungeon', '--dungeon', [CompletionResultType]::ParameterName, 'Check in a dungeon (the default)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;morale' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--ml', '--ml', [CompletionResultType]::ParameterName, 'The morale score ML (2-12) of whoever has no ml key; check at the first death on the side and when half of them are out of the fight')
            [CompletionResult]::new('--mod', '--mod', [CompletionResultType]::ParameterName, 'Another situational adjustment to the morale score')
            [CompletionResult]::new('--passed', '--passed', [CompletionResultType]::ParameterName, 'Successful morale checks already made in this encounter')
            [CompletionResult]::new('--save', '--save', [CompletionResultType]::ParameterName, 'The Wisdom save bonus of the creature or the group''s leader; check when it is surprised, first at half its hit points or fewer, or cannot harm the other side; a group: all surprised, the leader down or gone, half of it lost with no loss on the other side')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--losing', '--losing', [CompletionResultType]::ParameterName, 'The side checking is losing the battle: -1 to its morale')
            [CompletionResult]::new('--winning', '--winning', [CompletionResultType]::ParameterName, 'The side checking is winning the battle: +1 to its morale')
            [CompletionResult]::new('--overwhelming', '--overwhelming', [CompletionResultType]::ParameterName, 'The opposition is overwhelmingly superior: the save has disadvantage')
            [CompletionResult]::new('--cornered', '--cornered', [CompletionResultType]::ParameterName, 'There is no way out: those who would flee surrender')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;roll' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;table' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('--example', '--example', [CompletionResultType]::ParameterName, 'Print a commented example table')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Open the fight: surprise where the flags call for it, then initiative')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'End the current turn and start the next; after the last, a new round')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'The round, the order with hit points, effects and notes, whose turn it is')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'The fight full-screen: one key a move (n next, d damage, e effect, : any action)')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Combatants join the fight: only they roll initiative (or give it: initiative=N)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Combatants leave the fight: a group by its name (''Orc''), a member by its own (''Orc 2'')')
            [CompletionResult]::new('split', 'split', [CompletionResultType]::ParameterValue, 'Group members take a place of their own, after their group, to act apart')
            [CompletionResult]::new('damage', 'damage', [CompletionResultType]::ParameterValue, 'Damage: AMOUNT (a number or dice, rolled once) taken by each target, temporary hit points first')
            [CompletionResult]::new('morale', 'morale', [CompletionResultType]::ParameterValue, 'A morale check by hand for a side or group (ose, bx): 2d6 against its ML')
            [CompletionResult]::new('attack', 'attack', [CompletionResultType]::ParameterValue, 'An attack on TARGET: its Defense against it, 1 less for each attack after the first this turn (wod, cofd)')
            [CompletionResult]::new('heal', 'heal', [CompletionResultType]::ParameterValue, 'Healing: AMOUNT (a number or dice) given back to each target, up to its most')
            [CompletionResult]::new('temp', 'temp', [CompletionResultType]::ParameterValue, 'Temporary hit points: they take damage first and do not add up (the higher are kept)')
            [CompletionResult]::new('effect', 'effect', [CompletionResultType]::ParameterValue, 'A named effect on each target, running out after N rounds at a turn''s start or end')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'A note on a combatant, shown beside it (not to the players)')
            [CompletionResult]::new('hide', 'hide', [CompletionResultType]::ParameterValue, 'Keep combatants out of the players'' view (show --players)')
            [CompletionResult]::new('reveal', 'reveal', [CompletionResultType]::ParameterValue, 'Show hidden combatants to the players again')
            [CompletionResult]::new('delay', 'delay', [CompletionResultType]::ParameterValue, 'NAME waits and acts right after OTHER, at OTHER''s initiative - 1, this round (wod, cofd)')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'NAME''s prepared action fires right before OTHER, at OTHER''s initiative + 1 (wod, cofd)')
            [CompletionResult]::new('hold', 'hold', [CompletionResultType]::ParameterValue, 'NAME gives up this round''s action to act at any moment of the next (wod, cofd)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change a combatant: initiative=N, hp=N, temp-hp=N, down=WORD, acts-from=ROUND, its keys')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Go back N commands (default 1)')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'End the fight: kept, marked ended (undo brings it back); --yes forgets it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The saved fights, with their ruleset, round and whose turn it is')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'fray;track;start' {
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)')
            [CompletionResult]::new('--roster', '--roster', [CompletionResultType]::ParameterName, 'Sides and combatants from a YAML file (''-'' reads standard input; repeatable, combined)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'delay')
            [CompletionResult]::new('--ready', '--ready', [CompletionResultType]::ParameterName, 'ready')
            [CompletionResult]::new('--hold', '--hold', [CompletionResultType]::ParameterName, 'hold')
            [CompletionResult]::new('--no-rule', '--no-rule', [CompletionResultType]::ParameterName, 'Play without one of the ruleset''s rules that fire as the fight goes (repeatable)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'Play with one of the ruleset''s optional rules (repeatable)')
            [CompletionResult]::new('--ambush', '--ambush', [CompletionResultType]::ParameterName, 'SIDE attacks from ambush (default monsters): every other side is easier to surprise')
            [CompletionResult]::new('--aware', '--aware', [CompletionResultType]::ParameterName, 'SIDE already knows of the others and does not roll (repeatable)')
            [CompletionResult]::new('--ties', '--ties', [CompletionResultType]::ParameterName, 'How tied sides are settled')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'SIDE gives up initiative and acts after the others, reacting (repeatable)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Roll on the encounter table in FILE first: what it brings joins the monsters')
            [CompletionResult]::new('--surprised', '--surprised', [CompletionResultType]::ParameterName, 'SIDE is surprised and does not roll (repeatable)')
            [CompletionResult]::new('--stealth', '--stealth', [CompletionResultType]::ParameterName, 'A hider''s Stealth total, passive or already rolled (repeatable, one per hider)')
            [CompletionResult]::new('--stealth-mod', '--stealth-mod', [CompletionResultType]::ParameterName, 'A hider who rolls d20 + N now (repeatable)')
            [CompletionResult]::new('--stealth-ties', '--stealth-ties', [CompletionResultType]::ParameterName, 'How Stealth equal to passive Perception goes')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'Initiative variant')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'ALERT (with the Alert feat) swaps initiative with the willing ALLY right after rolling (repeatable)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--roster-example', '--roster-example', [CompletionResultType]::ParameterName, 'Print a commented roster template for this ruleset and command')
            [CompletionResult]::new('--surprise', '--surprise', [CompletionResultType]::ParameterName, 'Roll surprise first, as fray encounter does, even without a surprise flag')
            [CompletionResult]::new('--lair', '--lair', [CompletionResultType]::ParameterName, 'Lair actions at initiative count 20, losing ties, every round (5e)')
            [CompletionResult]::new('--total', '--total', [CompletionResultType]::ParameterName, 'Total surprise: the attacked freeze for 1d seconds')
            [CompletionResult]::new('--partial', '--partial', [CompletionResultType]::ParameterName, 'Partial surprise: the two leaders roll for initiative (the default)')
            [CompletionResult]::new('--both-surprised', '--both-surprised', [CompletionResultType]::ParameterName, 'Everyone on every side is surprised')
            [CompletionResult]::new('--individual', '--individual', [CompletionResultType]::ParameterName, 'Each combatant rolls 1d6 + its DEX modifier; slow weapons act last')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;next' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;show' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'The view to turn to the players: no hidden combatants, no monster''s numbers, no notes')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Full-screen on the terminal, redrawn as the fight changes, until q')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;play' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--players', '--players', [CompletionResultType]::ParameterName, 'The players'' screen: nothing can be changed (as show --players --watch)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;add' {
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Roll on the encounter table in FILE: what it brings joins the fight')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;remove' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;split' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;damage' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--half', '--half', [CompletionResultType]::ParameterName, 'Half of it, rounded down (a save made against it)')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Roll the amount for each target on its own')
            [CompletionResult]::new('--bashing', '--bashing', [CompletionResultType]::ParameterName, 'Bashing damage (wod, cofd)')
            [CompletionResult]::new('--lethal', '--lethal', [CompletionResultType]::ParameterName, 'Lethal damage, the default (wod, cofd)')
            [CompletionResult]::new('--aggravated', '--aggravated', [CompletionResultType]::ParameterName, 'Aggravated damage (wod, cofd)')
            [CompletionResult]::new('--crit', '--crit', [CompletionResultType]::ParameterName, 'A critical hit (5e: at 0 hit points, two failed death saves)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;morale' {
            [CompletionResult]::new('--mod', '--mod', [CompletionResultType]::ParameterName, 'An adjustment to the score, -2 to 2 (losing -1, winning +1)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;attack' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;heal' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Roll the amount for each target on its own')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;temp' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--each', '--each', [CompletionResultType]::ParameterName, 'Roll the amount for each target on its own')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;effect' {
            [CompletionResult]::new('--rounds', '--rounds', [CompletionResultType]::ParameterName, 'It runs out N rounds on (without it, it lasts until ended)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'At the start or the end of the turn it counts by')
            [CompletionResult]::new('--of', '--of', [CompletionResultType]::ParameterName, 'Whose turns it counts by (default: each target''s own)')
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--concentration', '--concentration', [CompletionResultType]::ParameterName, 'It hangs on the concentration of --of (else of whoever''s turn it is)')
            [CompletionResult]::new('--end', '--end', [CompletionResultType]::ParameterName, 'End the effect now instead')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;note' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--clear', '--clear', [CompletionResultType]::ParameterName, 'Clear the notes instead')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;hide' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;reveal' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;delay' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;ready' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;hold' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;set' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;undo' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;end' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Forget the fight: its file and lock are removed')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;list' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--fight', '--fight', [CompletionResultType]::ParameterName, 'The fight to work on: letters, digits, ''.'', ''_'' and ''-'' (default from FRAY_FIGHT, else default)')
            [CompletionResult]::new('--roll', '--roll', [CompletionResultType]::ParameterName, 'A roll made at the table for a rule the command sets off: the dice as they fell, not the total (death-save=14, morale=9); repeatable')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;track;help' {
            [CompletionResult]::new('start', 'start', [CompletionResultType]::ParameterValue, 'Open the fight: surprise where the flags call for it, then initiative')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, 'End the current turn and start the next; after the last, a new round')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'The round, the order with hit points, effects and notes, whose turn it is')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'The fight full-screen: one key a move (n next, d damage, e effect, : any action)')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Combatants join the fight: only they roll initiative (or give it: initiative=N)')
            [CompletionResult]::new('remove', 'remove', [CompletionResultType]::ParameterValue, 'Combatants leave the fight: a group by its name (''Orc''), a member by its own (''Orc 2'')')
            [CompletionResult]::new('split', 'split', [CompletionResultType]::ParameterValue, 'Group members take a place of their own, after their group, to act apart')
            [CompletionResult]::new('damage', 'damage', [CompletionResultType]::ParameterValue, 'Damage: AMOUNT (a number or dice, rolled once) taken by each target, temporary hit points first')
            [CompletionResult]::new('morale', 'morale', [CompletionResultType]::ParameterValue, 'A morale check by hand for a side or group (ose, bx): 2d6 against its ML')
            [CompletionResult]::new('attack', 'attack', [CompletionResultType]::ParameterValue, 'An attack on TARGET: its Defense against it, 1 less for each attack after the first this turn (wod, cofd)')
            [CompletionResult]::new('heal', 'heal', [CompletionResultType]::ParameterValue, 'Healing: AMOUNT (a number or dice) given back to each target, up to its most')
            [CompletionResult]::new('temp', 'temp', [CompletionResultType]::ParameterValue, 'Temporary hit points: they take damage first and do not add up (the higher are kept)')
            [CompletionResult]::new('effect', 'effect', [CompletionResultType]::ParameterValue, 'A named effect on each target, running out after N rounds at a turn''s start or end')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'A note on a combatant, shown beside it (not to the players)')
            [CompletionResult]::new('hide', 'hide', [CompletionResultType]::ParameterValue, 'Keep combatants out of the players'' view (show --players)')
            [CompletionResult]::new('reveal', 'reveal', [CompletionResultType]::ParameterValue, 'Show hidden combatants to the players again')
            [CompletionResult]::new('delay', 'delay', [CompletionResultType]::ParameterValue, 'NAME waits and acts right after OTHER, at OTHER''s initiative - 1, this round (wod, cofd)')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'NAME''s prepared action fires right before OTHER, at OTHER''s initiative + 1 (wod, cofd)')
            [CompletionResult]::new('hold', 'hold', [CompletionResultType]::ParameterValue, 'NAME gives up this round''s action to act at any moment of the next (wod, cofd)')
            [CompletionResult]::new('set', 'set', [CompletionResultType]::ParameterValue, 'Change a combatant: initiative=N, hp=N, temp-hp=N, down=WORD, acts-from=ROUND, its keys')
            [CompletionResult]::new('undo', 'undo', [CompletionResultType]::ParameterValue, 'Go back N commands (default 1)')
            [CompletionResult]::new('end', 'end', [CompletionResultType]::ParameterValue, 'End the fight: kept, marked ended (undo brings it back); --yes forgets it')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The saved fights, with their ruleset, round and whose turn it is')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'fray;track;help;start' {
            break
        }
        'fray;track;help;next' {
            break
        }
        'fray;track;help;show' {
            break
        }
        'fray;track;help;play' {
            break
        }
        'fray;track;help;add' {
            break
        }
        'fray;track;help;remove' {
            break
        }
        'fray;track;help;split' {
            break
        }
        'fray;track;help;damage' {
            break
        }
        'fray;track;help;morale' {
            break
        }
        'fray;track;help;attack' {
            break
        }
        'fray;track;help;heal' {
            break
        }
        'fray;track;help;temp' {
            break
        }
        'fray;track;help;effect' {
            break
        }
        'fray;track;help;note' {
            break
        }
        'fray;track;help;hide' {
            break
        }
        'fray;track;help;reveal' {
            break
        }
        'fray;track;help;delay' {
            break
        }
        'fray;track;help;ready' {
            break
        }
        'fray;track;help;hold' {
            break
        }
        'fray;track;help;set' {
            break
        }
        'fray;track;help;undo' {
            break
        }
        'fray;track;help;end' {
            break
        }
        'fray;track;help;list' {
            break
        }
        'fray;track;help;help' {
            break
        }
        'fray;completions' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;man' {
            [CompletionResult]::new('-r', '-r', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'Ruleset: ose (default), gurps, 5e, wod, bx, 5e2024, cofd; default from FRAY_RULES')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Make the run reproducible: the same seed and arguments give the same output (any number up to 2^64-1; without it fray draws one below 2^53 and shows it in YAML/JSON)')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text (default), yaml, json; default from FRAY_FORMAT')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour text output: auto (default), always, never')
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--repeat', '--repeat', [CompletionResultType]::ParameterName, 'Run the procedure N times, streamed (YAML documents, JSON Lines, text blocks)')
            [CompletionResult]::new('--width', '--width', [CompletionResultType]::ParameterName, 'Wrap text output to N columns (default: COLUMNS, else the terminal''s width, else 80)')
            [CompletionResult]::new('--odds', '--odds', [CompletionResultType]::ParameterName, 'Do not roll: print the exact probability of every outcome')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Only the headline result, one line per run, whatever the format')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--show-seed', '--show-seed', [CompletionResultType]::ParameterName, 'Print the seed in text output')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore the config file (FRAY_CONFIG_PATH, else $XDG_CONFIG_HOME/fray/config)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'fray;help' {
            [CompletionResult]::new('surprise', 'surprise', [CompletionResultType]::ParameterValue, 'Who is caught unawares')
            [CompletionResult]::new('distance', 'distance', [CompletionResultType]::ParameterValue, 'How far apart the sides are when they meet')
            [CompletionResult]::new('initiative', 'initiative', [CompletionResultType]::ParameterValue, 'Who acts first, and the acting order')
            [CompletionResult]::new('reaction', 'reaction', [CompletionResultType]::ParameterValue, 'How the other side reacts')
            [CompletionResult]::new('pursue', 'pursue', [CompletionResultType]::ParameterValue, 'A chase, round by round')
            [CompletionResult]::new('encounter', 'encounter', [CompletionResultType]::ParameterValue, 'The whole encounter sequence in one document')
            [CompletionResult]::new('wandering', 'wandering', [CompletionResultType]::ParameterValue, 'Is a wandering monster met? The check for a random encounter')
            [CompletionResult]::new('morale', 'morale', [CompletionResultType]::ParameterValue, 'Do the monsters keep fighting? The morale check')
            [CompletionResult]::new('roll', 'roll', [CompletionResultType]::ParameterValue, 'Roll dice expressions: 4d6kh3, 2d20kh1+5, 10d10>=8, 3d6!')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'Roll on an encounter table kept in YAML: what appears, and how many')
            [CompletionResult]::new('track', 'track', [CompletionResultType]::ParameterValue, 'A fight kept between commands: its rounds, turns and acting order')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write man pages into DIR')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'fray;help;surprise' {
            break
        }
        'fray;help;distance' {
            break
        }
        'fray;help;initiative' {
            break
        }
        'fray;help;reaction' {
            break
        }
        'fray;help;pursue' {
            break
        }
        'fray;help;encounter' {
            break
        }
        'fray;help;wandering' {
            break
        }
        'fray;help;morale' {
            break
        }
        'fray;help;roll' {
            break
        }
        'fray;help;table' {
            break
        }
        'fray;help;track' {
            break
        }
        'fray;help;completions' {
            break
        }
        'fray;help;man' {
            break
        }
        'fray;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
